extension LintRule {
  /// Open strokes (bordering no hole) thinner than the limit (1 px) at a scale.
  public static let thinStrokes = LintRule(id: "thin-strokes")
}

/// `thin-strokes`: ink thinner than the limit (1 px at a scale: outside the opening by a disc
/// of that diameter) that borders no hole: open strokes, ticks and outlines that fade to a grey
/// thread at that scale; at least 1.5 px long. The companion of `inner-lines` (which reports
/// the thin ink that borders a hole), measured the same way on the high-resolution geometry,
/// from the same runs, with the same defaults (`ThinLineCheck`), reported at each scale it
/// fails at.
struct ThinStrokesRule: ThinLineCheck {
  var id: LintRule { .thinStrokes }
  var summary: String { "open strokes (bordering no hole) thinner than 1 px at a scale" }
  var measures: String {
    "ink thinner than the limit that borders no hole (open strokes): the ink outside the "
      + "morphological opening by a disc of the limit's diameter, at least 1.5 px long"
  }
  var valueAndLimit: String { "width in px at that scale / 1 px" }

  /// The runs that border no hole.
  var reportsRunsBorderingHoles: Bool { false }

  func message(widthPx: Double, limitPx: Double, scale: Int, sizePt: Double) -> String {
    "a stroke is \(widthPx.lintText) px wide at @\(scale)x (limit \(limitPx.lintText) px) "
      + "and fades to a grey thread; make it at least "
      + "\((limitPx / Double(scale)).lintText) pt wide at \(sizePt.lintText) pt"
  }
}
