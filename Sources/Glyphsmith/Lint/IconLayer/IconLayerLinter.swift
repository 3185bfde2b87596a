import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `lint --role icon-layer`: checks one file as a layer of an Icon Composer `.icon` bundle
/// (Xcode 26 app icons; docs/lint.md, "Icon Composer layers"), at the sizes the icon is shown
/// at (`IconLayerSizes`), with the rules that implement `LintCheck.findings(inLayer:)`.
///
/// The layer is drawn where its document puts it (its file at its own size in pt times its
/// layer's and group's scale, moved by their translations; a file alone: centred at its own
/// size) on the 1024 pt canvas at 1 px per pt, whatever the file's size: the analysis is
/// bounded at 1024 x 1024 px (4 MiB of RGBA and about 30 MiB of measures) and the contrast
/// renders at 256 x 256 px, so a layer of any size lints within the default budgets. (The
/// glyph roles measure at 12 px per pt of the artwork, which for a 1024 pt layer is 12,288 px
/// a side: 6 GB and minutes.)
public enum IconLayerLinter {
  /// Side of the analysis render in px: the 1024 pt canvas at 1 px per pt.
  public static let side = 1024
  /// Side of the renders the appearance contrast is measured on, px.
  public static let contrastSide = 256

  /// Lints the layer file `path` whose bytes are `data` (`baseDirectory`: where an SVG's
  /// references resolve) with `options` (its `config` and `iconLayer`).
  /// - Throws: `GlyphsmithError.unusable`/`.render` when the file is not an SVG or PNG or does
  ///   not render; `.unusable` naming the file when it is a symbolic link out of its bundle; `.unreadable`/`.unusable` naming the bundle's `icon.json` when it cannot
  ///   be read; a failure naming another layer file of the bundle that the contrast needs
  ///   and that does not render.
  public static func lint(
    data: Data, path: String, baseDirectory: URL?, options: LintOptions
  ) throws -> LintResult {
    let config = options.config ?? LintConfig()
    let artwork = try Artwork(data: data, path: path, baseDirectory: baseDirectory)
    let outline = try artwork.svg?.outline()
    let imageName = PathName(path).lastPathComponent
    let bundle: IconComposerBundle
    if let bundlePath = options.iconLayer?.bundle {
      bundle = try IconComposerBundle(path: bundlePath)
      // The bytes were read through the path given: a link out of the bundle is refused as
      // the preview refuses it, before any finding is drawn from the file it leads to.
      try bundle.refuseLinkOutside(imageName)
      bundle.provide(artwork, for: imageName)
    } else {
      // Alone: as `appicon FILE --format icon` would write it.
      bundle = IconComposerBundle(
        path: FileName.parent(of: path),
        document: IconBundleJob.document(
          foreground: imageName, dark: nil, layers: [], background: nil))
      bundle.provide(artwork, for: imageName)
      _ = try IconBundleJob.document(
        foreground: imageName, dark: nil, layers: [], options: IconBundleOptions(), in: bundle)
    }
    return try lint(
      artwork: artwork, imageName: imageName, path: path, outline: outline, bundle: bundle,
      config: config)
  }

  /// Lints every layer file of the bundle at `bundlePath`, in document order (the `.icon`
  /// writer's check of what it wrote); one report per file.
  /// - Throws: as `lint(data:path:baseDirectory:options:)`, for the first file that fails.
  public static func lint(bundlePath: String, config: LintConfig = LintConfig()) throws
    -> [LintFileReport]
  {
    let bundle = try IconComposerBundle(path: bundlePath)
    return try bundle.imageNames.map { name in
      let artwork = try bundle.artwork(name)
      return try lint(
        artwork: artwork, imageName: name, path: bundle.filePath(name),
        outline: try artwork.svg?.outline(), bundle: bundle, config: config
      ).report
    }
  }

  /// Lints `artwork`, the file `imageName` of `bundle` (read from `path`).
  static func lint(
    artwork: Artwork, imageName: String, path: String, outline: SVGOutline?,
    bundle: IconComposerBundle, config: LintConfig
  ) throws -> LintResult {
    // Where the document draws the file: each appearance's layers that draw it.
    var uses: [(appearance: IconAppearance, scene: IconScene, group: Int, layer: IconScene.Layer)] =
      []
    for appearance in [IconAppearance.light, .dark, .tinted] {
      let scene = IconScene(bundle.document, appearance: appearance)
      for group in scene.groups {
        for layer in group.layers where layer.imageName == imageName {
          uses.append((appearance, scene, group.index, layer))
        }
      }
    }
    let placing =
      uses.first?.layer
      ?? IconScene.Layer(
        keyPath: "", index: 0, name: imageName, imageName: imageName, fill: nil, opacity: 1,
        blendMode: .normal, glass: true, scale: 1,
        centre: (IconScene.canvas / 2, IconScene.canvas / 2))
    var placed = placing
    placed.fill = nil
    let render = try IconComposerRenderer.layerImage(
      placed, in: bundle, appearance: .light, side: side)
    let coverage = stride(from: 3, to: render.pixels.count, by: 4).map { render.pixels[$0] }
    let mask = try AppIconMask.coverage(side: side)
    var inside = 0
    var covered = 0
    for i in 0..<mask.count where mask[i] >= 128 {
      inside += 1
      if coverage[i] >= 128 { covered += 1 }
    }
    let maskShare = inside > 0 ? Double(covered) / Double(inside) : 0
    var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
    for y in 0..<side {
      for x in 0..<side where coverage[y * side + x] >= 128 {
        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
      }
    }
    let margin = Int((Double(side) * IconLayerContext.edgeMargin).rounded())
    let spansWidth = box.maxX >= 0 && box.minX <= margin && box.maxX >= side - 1 - margin
    let spansHeight = box.maxX >= 0 && box.minY <= margin && box.maxY >= side - 1 - margin
    let reachesEdges = spansWidth && spansHeight
    let background = maskShare >= IconLayerContext.fullBleedShare || reachesEdges

    var contrasts: [IconLayerContext.Contrast] = []
    let contrastWanted = config.rules[LintRule.appearanceContrast.rawValue]?.severity != .off
    if contrastWanted && !background && !(outline?.ignoresFile(.appearanceContrast) ?? false) {
      for use in uses {
        let ratio: Double?
        if use.appearance == .light {
          // The designer composed the light appearance layer on layer (a white fill-in
          // behind a black outline): the icon's art as a whole against its background,
          // reported once, on the front layer.
          guard let front = use.scene.groups.first, front.index == use.group,
            front.layers.first?.index == use.layer.index
          else { continue }
          ratio = try artContrast(use.scene, bundle: bundle)
        } else {
          ratio = try contrast(of: use.layer, group: use.group, scene: use.scene, bundle: bundle)
        }
        if let ratio {
          contrasts.append(
            .init(
              appearance: use.appearance, keyPath: use.layer.keyPath, ratio: ratio,
              ownFile: use.appearance != .light
                && !uses.contains {
                  $0.appearance == .light && $0.layer.keyPath == use.layer.keyPath
                },
              intended: use.appearance == .light
                ? nil
                : Self.specialized(
                  bundle.document, group: use.group, layer: use.layer.index, use.appearance)))
        }
      }
    }
    let circles =
      bundle.document.supportedPlatforms.map { ($0.circles ?? []).contains("watchOS") } ?? true
    let context = IconLayerContext(
      path: path, config: config, outline: outline, artworkSize: artwork.canvasSize, side: side,
      coverage: coverage, mask: mask, maskShare: maskShare, circles: circles,
      keyPath: uses.first?.layer.keyPath, contrasts: contrasts, reachesEdges: reachesEdges,
      spansCanvas: spansWidth || spansHeight,
      placedByDocument: uses.contains {
        abs($0.layer.centre.x - IconScene.canvas / 2) > 0.5
          || abs($0.layer.centre.y - IconScene.canvas / 2) > 0.5
      })
    var findings: [LintFinding] = []
    for rule in LintRegistry.rules
    where !(outline?.ignoresFile(rule.id) ?? false)
      && config.rules[rule.id.rawValue]?.severity != .off
    {
      findings += rule.findings(inLayer: context)
    }
    findings = Linter.merged(findings.sorted(by: Linter.order))
    let report = LintFileReport(
      path: path, role: IconLayerLinter.role, sizePt: IconScene.canvas, findings: findings)
    return LintResult(report: report, renders: [:])
  }

  /// What `document` sets for layer `layer` of group `group` in `appearance` by a
  /// specialization for it (the layer's `fill`, `opacity`, `blend-mode`; the group's
  /// `opacity`, `blend-mode`), as a phrase (`its fill and opacity`); `nil` when nothing.
  static func specialized(
    _ document: IconComposerDocument, group: Int, layer: Int, _ appearance: IconAppearance
  ) -> String? {
    guard document.groups.indices.contains(group),
      document.groups[group].layers.indices.contains(layer)
    else { return nil }
    let a = appearance.documentAppearance
    func has<V>(_ property: IconComposerDocument.Property<V>) -> Bool {
      property.specializations?.contains { $0.appearance == a } ?? false
    }
    let g = document.groups[group]
    let l = g.layers[layer]
    var set: [String] = []
    if has(l.fill) { set.append("the layer's fill") }
    if has(l.opacity) { set.append("the layer's opacity") }
    if has(l.blendMode) { set.append("the layer's blend mode") }
    if has(g.opacity) { set.append("its group's opacity") }
    if has(g.blendMode) { set.append("its group's blend mode") }
    guard !set.isEmpty else { return nil }
    return set.count == 1
      ? set[0] : set.dropLast().joined(separator: ", ") + " and " + set[set.count - 1]
  }

  /// The role name reports carry: `icon-layer`.
  public static let role = "icon-layer"

  /// The contrast ratio the best-contrasted tenth of `layer`'s ink reaches against what is
  /// drawn behind it in `scene` (flat, `contrastSide` px): over each px the layer covers at
  /// least half (coverage times opacity), the WCAG ratio of the layer drawn over what is
  /// behind against what is behind; the 90th percentile. `nil` when no px is covered half
  /// (a layer at under 50 % opacity is faint by design). A layer that draws the very same (its
  /// file the same one or of the same bytes, placed, filled and blended alike, of the same
  /// opacity: a copy stacked, as three identical moon layers) is not what it stands out
  /// against and is left out of what is behind, so that identical layers get identical
  /// findings (issue 35's third trial, finding 9: the front moon was measured against the
  /// moon behind it).
  static func contrast(
    of layer: IconScene.Layer, group: Int, scene: IconScene, bundle: IconComposerBundle
  ) throws -> Double? {
    let n = contrastSide
    let image = try IconComposerRenderer.layerImage(
      layer, in: bundle, appearance: scene.appearance, side: n)
    let source = try bundle.artwork(layer.imageName).svg?.data
    var others = scene
    for g in others.groups.indices {
      let groupIndex = others.groups[g].index
      var kept: [IconScene.Layer] = []
      for other in others.groups[g].layers {
        let isItself = groupIndex == group && other.index == layer.index
        let placedAlike =
          other.opacity == layer.opacity && other.blendMode == layer.blendMode
          && other.fill == layer.fill && other.scale == layer.scale
          && other.centre.x == layer.centre.x && other.centre.y == layer.centre.y
        if !isItself && placedAlike,
          try other.imageName == layer.imageName
            || (source != nil && bundle.artwork(other.imageName).svg?.data == source)
        {
          continue
        }
        kept.append(other)
      }
      others.groups[g].layers = kept
    }
    let behind = try IconComposerRenderer.flat(
      others, bundle: bundle, side: n, behind: (group, layer.index))
    return contrast(of: image, opacity: layer.opacity, over: behind)
  }

  /// The contrast ratio the best-contrasted tenth of the icon's art reaches against its
  /// background in `scene` (flat, `contrastSide` px): the art is every group in front of the
  /// back group (all groups when there is one), drawn on transparent px; the background is
  /// the document's fill with the back group drawn on it when there are two groups or more
  /// (Icon Composer's and `appicon --format icon`'s background art). As `contrast(of:group:
  /// scene:bundle:)` over the art's px; `nil` when none is covered half.
  static func artContrast(_ scene: IconScene, bundle: IconComposerBundle) throws -> Double? {
    let n = contrastSide
    var art = scene
    var back = scene
    if scene.groups.count > 1 {
      art.groups.removeLast()
      back.groups = [scene.groups[scene.groups.count - 1]]
    } else {
      back.groups = []
    }
    let image = try IconComposerRenderer.flat(art, bundle: bundle, side: n, withBackground: false)
    let behind = try IconComposerRenderer.flat(back, bundle: bundle, side: n)
    return contrast(of: image, opacity: 1, over: behind)
  }

  /// The 90th percentile, over the px `image` covers at least half (its alpha times
  /// `opacity`), of the WCAG contrast ratio of `image` drawn over `behind` against `behind`
  /// (both `contrastSide` px a side); `nil` when no px is covered half.
  static func contrast(of image: RGBAImage, opacity: Double, over behind: RGBAImage) -> Double? {
    let n = contrastSide
    var ratios: [Double] = []
    var memo: [UInt64: Double] = [:]
    for i in 0..<(n * n) {
      let alpha = Double(image.pixels[i * 4 + 3]) / 255 * opacity
      guard alpha >= 0.5 else { continue }
      let b = RGBA8(
        r: behind.pixels[i * 4], g: behind.pixels[i * 4 + 1], b: behind.pixels[i * 4 + 2])
      func over(_ c: UInt8, _ under: UInt8) -> UInt8 {
        UInt8((Double(c) * alpha + Double(under) * (1 - alpha)).rounded())
      }
      let top = RGBA8(
        r: over(image.pixels[i * 4], b.r), g: over(image.pixels[i * 4 + 1], b.g),
        b: over(image.pixels[i * 4 + 2], b.b))
      let key =
        UInt64(top.r) << 40 | UInt64(top.g) << 32 | UInt64(top.b) << 24 | UInt64(b.r) << 16
        | UInt64(b.g) << 8 | UInt64(b.b)
      let ratio =
        memo[key]
        ?? {
          let r = AppIconAppearanceCheck.contrast(top, b)
          memo[key] = r
          return r
        }()
      ratios.append(ratio)
    }
    guard !ratios.isEmpty else { return nil }
    ratios.sort()
    return ratios[Int(Double(ratios.count - 1) * 0.9)]
  }
}
