extension LintRule {
  /// Ink touching the canvas edge (plain role), or its centre of mass off centre.
  public static let offCentre = LintRule(id: "off-centre")
}

/// `off-centre`: ink in the outermost pixels of a plain canvas (it may be clipped; a warning
/// unless the config sets the rule's severity), and the centre of mass of the ink off the
/// canvas centre by more than the limit (a share of the side); both at the smallest scale.
struct OffCentreRule: LintCheck {
  /// Largest offset of the ink's centre of mass from the canvas centre, as a share of the
  /// canvas side: 0.12. Our own measurement on the Lucide corpus (docs/lint.md): about the
  /// worst 5 %; HIG "Icons" asks to pad asymmetric glyphs so they look centred.
  static let centreOffset = 0.12

  var id: LintRule { .offCentre }
  var summary: String { "ink touching a plain canvas's edge; centre of mass over 12 % off" }
  var measures: String {
    "`plain`: ink within 1/12 pt of the canvas edge (may be clipped); every role: the ink's "
      + "centre of mass off the canvas centre, as a share of the side (`icon-layer`: of a "
      + "layer as placed on the 1024 pt canvas; a background (full bleed or edge to edge), a band "
      + "from one canvas edge to the opposite one, or a layer its document moves "
      + "(translation-in-points) is never off-centre)"
  }
  var valueAndLimit: String { "px touching / 0 (warning); share / 0.12 (info)" }
  var severityNote: String? { "see left" }

  /// A measure without a HIG rule behind it: info. (Ink on a plain canvas's edge is a
  /// warning; see `findings(in:)`.)
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    .info
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { Self.centreOffset }

  func findings(in context: LintContext) -> [LintFinding] {
    let scale = context.smallestScale
    guard let target = context.targets[scale] else { return [] }
    let g = context.geometry
    let k = context.k(scale)
    var findings: [LintFinding] = []
    if context.role == .plain {
      // Ink in the outermost high-resolution px (within 1/12 pt of the edge), counted in
      // target px.
      var edgePixels = Set<Int>()
      for y in 0..<g.height {
        for x in 0..<g.width
        where (x == 0 || y == 0 || x == g.width - 1 || y == g.height - 1)
          && g.grid.alpha[y * g.width + x] > 0
        {
          let tx = min(target.width - 1, Int(Double(x) / k))
          let ty = min(target.height - 1, Int(Double(y) / k))
          edgePixels.insert(ty * target.width + tx)
        }
      }
      let edge = edgePixels.count
      if edge > 0 {
        let configured = context.config.configuredSeverity(.offCentre, role: context.role)
        findings.append(
          context.finding(
            .offCentre,
            "ink touches the edge of the canvas in \(edge) px at @\(scale)x and may be "
              + "clipped; add padding (--padding) or shrink the artwork inside its viewBox",
            scale: scale, box: PixelBox(x: 0, y: 0, width: target.width, height: target.height),
            value: Double(edge), limit: 0, severity: configured ?? .warning))
      }
    }
    var total = 0.0
    var sx = 0.0
    var sy = 0.0
    // In bounds: y * width + x < width * height, the alpha's count.
    g.grid.alpha.withUnsafeBufferPointer { alpha in
      for y in 0..<g.height {
        let row = y &* g.width
        let cy = Double(y) + 0.5
        for x in 0..<g.width {
          let a = Double(alpha[row &+ x])
          // Adding a clear px's zeros changes no sum: skipped.
          if a == 0 { continue }
          total += a
          sx += a * (Double(x) + 0.5)
          sy += a * cy
        }
      }
    }
    guard total > 0 else { return findings }
    let dx = (sx / total - Double(g.width) / 2) / Double(g.width)
    let dy = (sy / total - Double(g.height) / 2) / Double(g.height)
    let offset = max(abs(dx), abs(dy))
    let limitShare = context.limit(.offCentre)
    if offset > limitShare {
      let ink = g.inkBox()
      let (direction, opposite) =
        abs(dx) >= abs(dy)
        ? (dx > 0 ? ("right", "left") : ("left", "right"))
        : (dy > 0 ? ("down", "top") : ("up", "bottom"))
      findings.append(
        context.finding(
          .offCentre,
          "the ink's centre of mass sits \(Int((offset * 100).rounded())) % of the canvas "
            + "\(direction) of centre (limit \(Int((limitShare * 100).rounded())) %), so the "
            + "glyph looks off-centre; add space on the \(opposite) side of the artwork to "
            + "centre it optically (HIG)",
          scale: scale, box: ink.maxX >= 0 ? context.box(ink, k: k, scale: scale) : nil,
          value: offset, limit: limitShare))
    }
    return findings
  }

  /// `icon-layer`: the centre of mass of a layer as placed on the canvas, off the canvas
  /// centre by more than the limit (info). Not for a layer meant to run off the icon's edge
  /// (`IconLayerContext.isFullBleed`: a background or a band) nor one its document moves
  /// (`placedByDocument`: the designer put it there); ink at the canvas's edge is the
  /// background's business, not a finding.
  func findings(inLayer context: IconLayerContext) -> [LintFinding] {
    guard !context.isFullBleed, !context.placedByDocument else { return [] }
    let side = context.side
    var total = 0.0
    var sx = 0.0
    var sy = 0.0
    for y in 0..<side {
      for x in 0..<side {
        let a = Double(context.coverage[y * side + x])
        if a == 0 { continue }
        total += a
        sx += a * (Double(x) + 0.5)
        sy += a * (Double(y) + 0.5)
      }
    }
    guard total > 0 else { return [] }
    let dx = (sx / total - Double(side) / 2) / Double(side)
    let dy = (sy / total - Double(side) / 2) / Double(side)
    let offset = max(abs(dx), abs(dy))
    let limit = context.limit(.offCentre, default: Self.centreOffset)
    guard offset > limit else { return [] }
    let direction =
      abs(dx) >= abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up")
    return [
      context.finding(
        .offCentre,
        "the layer's centre of mass sits \(Int((offset * 100).rounded())) % of the canvas "
          + "\(direction) of centre (limit \(Int((limit * 100).rounded())) %); check its "
          + "position (translation-in-points) or its art",
        severity: .info, box: context.box { context.coverage[$0] >= 128 }, value: offset,
        limit: limit)
    ].compactMap { $0 }
  }
}
