extension LintRule {
  /// More separate parts and holes than a glyph of this size can show.
  public static let complexity = LintRule(id: "complexity")
}

/// `complexity`: distinct separate parts (8-connected; parts of one repeated shape, such as
/// the dots of a grid or the dashes of a dashed outline, count once) plus holes (4-connected),
/// each at least `LintDefaults.minimumFeatureArea`, against one per `ptPerFeature(role:)` pt
/// of the target's long side; reported once, at the smallest scale.
struct ComplexityRule: LintCheck {
  /// Pt of the target's long side per part or hole an indicator can hold: 2.5 (each needs
  /// about 1 pt of ink and 1 pt of space, specs.md's 1 pt guidance, plus a margin for the
  /// @2x pixel grid); 3 at 8 pt. HIG "Page controls" asks for simple indicator images.
  static let indicatorPtPerFeature = 2.5
  /// Pt per part or hole for every other role: 1.5, so 15 at 23 pt, 16 at 25 pt, 11 at a
  /// 17 pt compact glyph. At tab bar sizes parts sit side by side in two dimensions, so a
  /// glyph holds more than a row of them: Lucide's most complex icons (`qr-code`,
  /// `square-dashed-kanban`, 15 parts + holes at 23 pt) stay readable at 23 pt, and 6 of 8
  /// findings at one per 2.5 pt were judged wrong (issue 16).
  static let otherPtPerFeature = 1.5

  /// Two parts are the same shape when their box sides and areas are within this share of
  /// each other (15 %) and their `LintGeometry.partEllipseFill` within 0.05: the repeated
  /// dots and dashes of one pattern, which the eye reads as one texture. Ours: on the
  /// calibration set dot grids (`grip`) and dashed outlines (`square-dashed`) stay legible at
  /// 8 pt while their parts alone exceed the limit (docs/lint.md).
  static let sameShape = 0.15

  /// The number of distinct shapes among `parts` (`sameShape`), each part compared with the
  /// first part of every class found so far.
  static func distinctShapes(_ parts: [PixelComponent], fill: [Double]) -> Int {
    func near(_ a: Int, _ b: Int) -> Bool {
      abs(Double(a - b)) <= sameShape * Double(max(a, b))
    }
    var classes: [Int] = []
    for i in parts.indices {
      let found = classes.contains { j in
        near(parts[i].boxWidth, parts[j].boxWidth) && near(parts[i].boxHeight, parts[j].boxHeight)
          && near(parts[i].area, parts[j].area) && abs(fill[i] - fill[j]) <= 0.05
      }
      if !found { classes.append(i) }
    }
    return classes.count
  }

  /// `indicatorPtPerFeature` for `indicator`, else `otherPtPerFeature`.
  static func ptPerFeature(role: Role) -> Double {
    role == .indicator ? indicatorPtPerFeature : otherPtPerFeature
  }

  var id: LintRule { .complexity }
  var summary: String {
    "more parts + holes than one per 1.5 pt of the target size\n"
      + "(indicator: per 2.5 pt)"
  }
  var measures: String {
    "distinct separate parts (8-connected; a repeated shape, such as the dots of a grid or the "
      + "dashes of a dashed outline, counts once) plus holes (4-connected), each at least "
      + "0.05 pt²"
  }
  var valueAndLimit: String {
    "count / one per 1.5 pt of the target's long side (16 at 25 pt, 15 at 23 pt, 11 at 17 pt); "
      + "`indicator`: one per 2.5 pt (3 at 8 pt)"
  }

  /// HIG "Page controls": no needless complexity in custom indicator images, so an error
  /// there; elsewhere a warning.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .indicator ? .error : .warning
  }

  /// One part or hole per `ptPerFeature(role:)` pt of `sizePt`, at least 1.
  func defaultLimit(role: Role, sizePt: Double) -> Double {
    max(1, (sizePt / Self.ptPerFeature(role: role)).rounded(.down))
  }

  func findings(in context: LintContext) -> [LintFinding] {
    let scale = context.smallestScale
    guard context.renders[scale] != nil else { return [] }
    let g = context.geometry
    let distinct = Self.distinctShapes(g.partComponents, fill: g.partEllipseFill)
    let count = Double(distinct + g.holes.count)
    let limitCount = context.limit(.complexity)
    guard count > limitCount else { return [] }
    let ink = g.inkBox()
    return [
      context.finding(
        .complexity,
        "\(g.parts) separate \(g.parts == 1 ? "part" : "parts") (\(distinct) distinct "
          + "\(distinct == 1 ? "shape" : "shapes")) and \(g.holes.count) "
          + "\(g.holes.count == 1 ? "hole" : "holes"): \(Int(count)) shapes, more than "
          + "the \(Int(limitCount)) a glyph of \(context.sizePt.lintText) pt can show; merge or "
          + "drop details",
        scale: scale,
        box: ink.maxX >= 0 ? context.box(ink, k: context.k(scale), scale: scale) : nil,
        value: count, limit: limitCount)
    ]
  }
}
