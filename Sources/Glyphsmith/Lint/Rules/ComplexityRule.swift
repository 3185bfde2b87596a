extension LintRule {
  /// More separate parts and holes than a glyph of this size can show.
  public static let complexity = LintRule(id: "complexity")
}

/// `complexity`: separate parts (8-connected) plus holes (4-connected), each at least
/// `LintDefaults.minimumFeatureArea`, against one per 2.5 pt of the target's long side;
/// reported once, at the smallest scale.
struct ComplexityRule: LintCheck {
  /// Most separate parts plus holes per pt of the target's long side: one per 2.5 pt (each
  /// needs about 1 pt of ink and 1 pt of space, specs.md's 1 pt guidance, plus a margin);
  /// so 10 for a 25 pt tab bar glyph, 7 at 18 pt, 3 for an 8 pt indicator. Checked on the
  /// Lucide corpus: 97 % of its 1776 icons stay within 10 (see docs/lint.md).
  static let ptPerFeature = 2.5

  var id: LintRule { .complexity }
  var summary: String { "more parts + holes than one per 2.5 pt of the target size" }
  var measures: String {
    "separate parts (8-connected) plus holes (4-connected), each at least 0.05 pt²"
  }
  var valueAndLimit: String {
    "count / one per 2.5 pt of the target's long side (10 at 25 pt, 7 at 18 pt, 3 at 8 pt)"
  }

  /// HIG "Page controls": no needless complexity in custom indicator images, so an error
  /// there; elsewhere a warning.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .indicator ? .error : .warning
  }

  /// One part or hole per `ptPerFeature` pt of `sizePt`, at least 1.
  func defaultLimit(role: Role, sizePt: Double) -> Double {
    max(1, (sizePt / Self.ptPerFeature).rounded(.down))
  }

  func findings(in context: LintContext) -> [LintFinding] {
    let scale = context.smallestScale
    guard context.renders[scale] != nil else { return [] }
    let g = context.geometry
    let count = Double(g.parts + g.holes.count)
    let limitCount = context.limit(.complexity)
    guard count > limitCount else { return [] }
    let ink = g.inkBox()
    return [
      context.finding(
        .complexity,
        "\(g.parts) separate \(g.parts == 1 ? "part" : "parts") and \(g.holes.count) "
          + "\(g.holes.count == 1 ? "hole" : "holes"): \(Int(count)) shapes, more than "
          + "the \(Int(limitCount)) a glyph of \(context.sizePt.lintText) pt can show; merge or "
          + "drop details",
        scale: scale,
        box: ink.maxX >= 0 ? context.box(ink, k: context.k(scale), scale: scale) : nil,
        value: count, limit: limitCount)
    ]
  }
}
