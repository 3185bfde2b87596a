extension LintRule {
  /// An Icon Composer layer that vanishes in the light, dark or tinted appearance.
  public static let appearanceContrast = LintRule(id: "appearance-contrast")
}

/// `appearance-contrast` (`--role icon-layer`): a layer that vanishes in the light, dark or
/// tinted appearance. Light (issue 35's trial, finding 1: black art on a black background):
/// the icon's art as a whole (the groups in front of the back group) against its background
/// (the fill and the back group), reported on the front layer, since the designer composes
/// the light appearance layer on layer (criticalmaps' white fill-in behind a black outline).
/// Dark and tinted: each layer drawn as its document draws it there (its fill, opacity and blend mode in
/// that appearance; tinted by luminance, `IconComposerRenderer`) over what is behind it
/// (the background fill, the groups behind and the layers behind it in its group), the
/// contrast that the best-contrasted tenth of its ink reaches is under 3:1 (WCAG 2.1 SC
/// 1.4.11, non-text contrast, the bound `appicon`'s `--foreground` check uses). Backgrounds
/// (`IconLayerContext.isBackground`) have nothing of their own behind them and are not
/// checked, nor layers drawn at under 50 % opacity (faint by design) or not drawn in the
/// appearance. A layer whose fill, opacity or blend mode (or its group's) the bundle sets for
/// that appearance is the designer's choice: an info, not a warning (issue 35's second trial,
/// finding 12: Apple's own bundles).
struct AppearanceContrastRule: IconLayerOnlyCheck {
  var id: LintRule { .appearanceContrast }
  var layerSeverity: LintSeverity { .warning }
  var summary: String {
    "icon-layer: a layer under 3:1 contrast with what is behind it\nin dark or tinted, "
      + "or the art on its background in light"
  }
  var measures: String {
    "`icon-layer`: a layer (not a background: full bleed or edge to edge; drawn at 50 % "
      + "opacity or more) in "
      + "the dark and tinted appearances, drawn over what is behind it there (light: the "
      + "icon's art, every group in front of the back group, over the fill and the back "
      + "group, on the front layer): the contrast ratio that the best-contrasted tenth of its ink reaches (90th percentile over px at "
      + "least half covered)"
  }
  var valueAndLimit: String { "contrast ratio / 3 (WCAG 2.1 non-text contrast)" }
  func defaultLimit(role: Role, sizePt: Double) -> Double { AppIconAppearanceCheck.minimumContrast }

  func findings(inLayer context: IconLayerContext) -> [LintFinding] {
    let limit = context.limit(.appearanceContrast, default: AppIconAppearanceCheck.minimumContrast)
    return context.contrasts.filter { $0.ratio < limit }.compactMap { contrast in
      let fix =
        contrast.appearance == .light
        ? "draw it in a colour that stands out from the background, or give the layer a fill "
          + "in such a colour (or give the icon another background: appicon --background)"
        : contrast.appearance == .dark && contrast.ownFile
          ? "the file is the layer's dark art: draw it in a light colour, or give the layer a "
            + "dark fill-specialization in a light colour"
          : contrast.appearance == .dark && contrast.isForeground
            ? "give the layer a dark fill-specialization in a light colour, or another file for "
              + "dark (appicon --dark)"
            : contrast.appearance == .dark
              ? "give the layer a dark fill-specialization in a light colour, or draw it in a "
                + "colour that stands out on the dark background too (appicon --dark replaces the "
                + "foreground only)"
              : "give the layer a tinted fill-specialization in a light colour (tinted icons are "
                + "made from luminance)"
      let what =
        contrast.appearance == .light
        ? "the icon's art (this front layer and the others in front of the background) "
          + "stands out from the background"
        : "the layer stands out from what is behind it"
      let measured =
        "in the \(contrast.appearance.rawValue) appearance (\(contrast.keyPath)) \(what) "
        + "by at most \(contrast.ratio.lintText):1 over 90 % of its ink (limit "
        + "\(limit.lintText):1)"
      // The bundle sets how the layer looks there: the designer's choice, told as an info.
      if let intended = contrast.intended {
        return context.finding(
          .appearanceContrast,
          measured + "; the bundle sets \(intended) for the \(contrast.appearance.rawValue) "
            + "appearance, so this is taken as intended",
          severity: .info, box: context.box { context.coverage[$0] >= 128 },
          value: contrast.ratio, limit: limit)
      }
      return context.finding(
        .appearanceContrast, measured + ": it vanishes; \(fix)",
        severity: .warning, box: context.box { context.coverage[$0] >= 128 },
        value: contrast.ratio, limit: limit)
    }
  }
}
