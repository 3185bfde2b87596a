extension LintRule {
  /// Enclosed holes; for fitted roles other than `indicator`, holes that close up at a scale.
  public static let negativeSpace = LintRule(id: "negative-space")
}

/// `negative-space`: for `indicator`, every hole (once, at the smallest scale); otherwise
/// holes that close at a scale: narrower than the limit, or no pixel of the real render inside
/// them is more than half clear.
struct NegativeSpaceRule: LintCheck {
  /// Outside `indicator`, holes narrower than this at their widest (pt, 0.5) are left alone:
  /// the wedges where a slash crosses another stroke (Lucide's `*-off` icons) or two strokes
  /// meet at an angle. Under 1 px at @2x and 1.5 px at @3x, they read as part of the join at
  /// every scale that ships, so filling them in changes nothing a designer sees. Issue 16
  /// judged 6 of 8 tab-bar findings of this kind wrong; on the Lucide corpus the widest such
  /// wedge that closed at a tab bar size was 0.47 pt (`beer-off`, `bug-off` at compact size).
  static let narrowestHolePt = 0.5
  /// For `indicator`, holes at least this wide (pt, 3: 6 px at @2x) still read at the size
  /// of a page dot and are warnings (HIG "Page controls": no negative space); narrower ones
  /// turn into grey specks and are errors. Ours, from the calibration set (docs/lint.md): a
  /// star, bell, heart or ring with a 3.4-6.4 pt opening reads at 8 pt, a camera's lens or a
  /// calendar's 1.5 pt header strip does not.
  static let readableIndicatorHolePt = 3.0

  var id: LintRule { .negativeSpace }
  var locatesPixelFindings: Bool { true }
  var summary: String { "holes that fill in at a scale; for indicators, every hole (error)" }
  var measures: String {
    "`indicator`: every enclosed hole (HIG: no negative space), reported once at the smallest "
      + "scale; an error when under 3 pt across, else a warning. Other roles: holes that close at "
      + "a scale: narrower than the limit, or no pixel "
      + "of the real render inside them is more than half clear; holes under 0.5 pt at their "
      + "widest (wedges where strokes cross) are left alone"
  }
  var valueAndLimit: String { "hole width in px / 0 (indicator) or 1 px" }
  var severityNote: String? {
    "`indicator`: error, warning for holes at least 3 pt across; `tab-bar`, `toolbar`: "
      + "error; `plain`: warning; info at @1x for the iOS roles unless `--scales` names 1"
  }

  /// HIG "Page controls": no negative space in custom indicator images, so an error there
  /// (at every scale: holes are counted once, on the high-resolution render). Elsewhere a
  /// hole that fills in at a scale that ships merges two shapes a designer meant apart: an
  /// error for `tab-bar` and `toolbar`, a warning for `plain`; `info` at a scale that does
  /// not ship (`LintDefaults.ships`).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    if role == .indicator { return .error }
    return LintDefaults.shipped(
      role == .plain ? .warning : .error, role: role, scale: scale,
      scalesExplicit: scalesExplicit)
  }

  /// 0 for indicators (every hole counts), else `LintDefaults.thinnestPx`.
  func defaultLimit(role: Role, sizePt: Double) -> Double {
    role == .indicator ? 0 : LintDefaults.thinnestPx
  }

  func findings(in context: LintContext) -> [LintFinding] {
    let g = context.geometry
    let radius = holeRadius(context)
    let limitPx = context.limit(.negativeSpace)
    if context.role == .indicator {
      let scale = context.smallestScale
      guard context.renders[scale] != nil else { return [] }
      let k = context.k(scale)
      let configured = context.config.configuredSeverity(.negativeSpace, role: context.role)
      return g.holes.map { h in
        let across = max(0, 2 * radius[h] - 0.5) / k
        let readable = across / Double(scale) >= Self.readableIndicatorHolePt
        return context.finding(
          .negativeSpace,
          "an enclosed hole (\(across.lintText) px across at @\(scale)x) in an indicator "
            + "glyph (HIG: no negative space at indicator size); fill it in",
          scale: scale, box: context.box(g.backgroundComponents[h], k: k, scale: scale),
          value: across, limit: limitPx,
          severity: configured ?? (readable ? .warning : .error))
      }
    }
    return context.scales.flatMap { scale -> [LintFinding] in
      guard let target = context.targets[scale] else { return [] }
      let k = context.k(scale)
      var open = [Bool](repeating: false, count: g.backgroundComponents.count)
      for y in 0..<target.height {
        let hy = min(g.height - 1, Int((Double(y) + 0.5) * k))
        for x in 0..<target.width where target.alpha[y * target.width + x] < 0.5 {
          let hx = min(g.width - 1, Int((Double(x) + 0.5) * k))
          let l = g.backgroundLabels[hy * g.width + hx]
          if l >= 0 { open[Int(l)] = true }
        }
      }
      let narrowest = Self.narrowestHolePt * Linter.hiResScale
      return g.holes.compactMap { h in
        guard 2 * radius[h] >= narrowest else { return nil }
        let across = max(0, 2 * radius[h] - 0.5) / k
        // The distance transform's widest estimate (2 r, exact for an even count of px)
        // decides, so rounding never closes a hole that is open.
        let narrow = 2 * radius[h] / k < limitPx
        guard narrow || !open[h] else { return nil }
        let why =
          narrow
          ? "is \(across.lintText) px across at @\(scale)x (limit \(limitPx.lintText) px)"
          : "has no pixel more than half clear at @\(scale)x"
        return context.finding(
          .negativeSpace,
          "an enclosed hole \(why) and fills in; widen it to at least "
            + "\((limitPx / Double(scale)).lintText) pt or close it in the artwork",
          scale: scale, box: context.box(g.backgroundComponents[h], k: k, scale: scale),
          value: across, limit: limitPx)
      }
    }
  }

  /// The radius (high-resolution px) of the widest disc inside each background component
  /// that is a hole (0 for the others). Indicators report every hole's width: the full
  /// distance transform. Other roles only need to know whether a hole is narrower than the
  /// limit at the smallest scale: a distance bounded by a reach (the radius of a hole with a
  /// pixel out of reach is the reach).
  private func holeRadius(_ context: LintContext) -> [Double] {
    let g = context.geometry
    var radius = [Double](repeating: 0, count: g.backgroundComponents.count)
    guard !g.holes.isEmpty else { return radius }
    let labels = g.backgroundLabels
    if context.role == .indicator {
      let distance = PixelOps.squaredDistance(to: g.ink, width: g.width, height: g.height)
      for i in 0..<labels.count where labels[i] >= 0 && g.isHole[Int(labels[i])] {
        let l = Int(labels[i])
        if distance[i] > radius[l] { radius[l] = distance[i] }
      }
    } else {
      let kMax = context.k(context.smallestScale)
      let widest = max(
        context.limit(.negativeSpace) * kMax, Self.narrowestHolePt * Linter.hiResScale)
      let reach = Int((widest / 2 + 2).rounded(.down))
      let known = Double(reach * reach)
      // The squared distance from each hole px to the nearest ink px when within `reach`
      // (`InkDistance` over the holes towards the ink: a hole's runs along a row end at ink,
      // as `InkDistance` needs, since it touches no border and its 4-neighbours outside it
      // are ink); farther px count as `known`, the reach.
      // Measured on the holes' box grown by the reach (clipped to the grid): the nearest ink
      // within reach of a hole px lies in it, and a hole's runs lie inside it whole, so each
      // hole px gets the value the whole grid gives, for the box's share of the work.
      var x0 = g.width
      var y0 = g.height
      var x1 = -1
      var y1 = -1
      for h in g.holes {
        let c = g.backgroundComponents[h]
        x0 = min(x0, c.minX)
        y0 = min(y0, c.minY)
        x1 = max(x1, c.maxX)
        y1 = max(y1, c.maxY)
      }
      x0 = max(0, x0 - reach)
      y0 = max(0, y0 - reach)
      x1 = min(g.width - 1, x1 + reach)
      y1 = min(g.height - 1, y1 + reach)
      let boxWidth = x1 - x0 + 1
      let boxHeight = y1 - y0 + 1
      var inHole = [UInt8](repeating: 0, count: boxWidth * boxHeight)
      var ink = [UInt8](repeating: 0, count: boxWidth * boxHeight)
      for by in 0..<boxHeight {
        for bx in 0..<boxWidth {
          let i = (y0 + by) * g.width + x0 + bx
          let l = labels[i]
          if l >= 0 && g.isHole[Int(l)] { inHole[by * boxWidth + bx] = 1 }
          ink[by * boxWidth + bx] = g.ink[i]
        }
      }
      let distance = PixelOps.inkSquaredDistance(
        ink: inHole, background: ink, cap: Double(reach), width: boxWidth, height: boxHeight)
      for by in 0..<boxHeight {
        for bx in 0..<boxWidth where inHole[by * boxWidth + bx] != 0 {
          let l = Int(labels[(y0 + by) * g.width + x0 + bx])
          let d = distance[by * boxWidth + bx]
          let value = d <= known ? d : known
          if value > radius[l] { radius[l] = value }
        }
      }
    }
    return radius.map { $0.squareRoot() }
  }
}
