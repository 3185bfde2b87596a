extension LintRule {
  /// Letters drawn as paths: a row of small separate parts shorter than small text.
  public static let lettering = LintRule(id: "lettering")
}

/// `lettering`: glyph-like lettering drawn as paths (the `text` rule sees only `<text>`): a row
/// of at least `rowLength` separate ink parts (8-connected, on the high-resolution render)
/// that look like letters: each at most half the glyph's height, no wider than 1.5 times its
/// height, the parts of similar height (within 2x) overlapping vertically by at least half,
/// with gaps under their height, and at least two of them open shapes (ink filling under
/// 80 % of the ellipse of the same second moments: not dots, dashes or bars at any angle)
/// that differ from each other (a repeated shape is a pattern), not all of them rectilinear
/// (grid cells such as QR modules: `LintGeometry.partRectilinear`).
/// Reported once, at the smallest scale, when the letters' median height is under the limit.
struct LetteringRule: LintCheck {
  /// Fewest letter-like parts in a row that count as lettering: 3 (two could be any pair of
  /// marks).
  static let rowLength = 3
  /// The x-height, in pt, of the smallest text iOS sets: 11 pt Caption 2 (HIG
  /// "Typography", iOS text styles) in SF Pro, whose x-height is about 0.53 em, so 5.8 pt,
  /// rounded to 6. Letters drawn shorter than that are smaller than any text the user is
  /// asked to read.
  static let smallestLetterPt = 6.0
  /// Share of the ellipse with its second moments (`LintGeometry.partEllipseFill`) a part's
  /// ink fills under which it counts as an open shape (0.8). Ours, measured on Lucide: dots
  /// (`ellipsis`), dashes and rays at any angle (`loader`, `alarm-smoke`) fill 0.93 to 1.0,
  /// bracket arcs (`combine`) 0.82, thick rings (`circle-pile`) 0.80; stroked letters
  /// (`case-upper`, `a-large-small`, `whole-word`, `binary`) 0.54 to 0.70; the calibration
  /// set's `abc-label` letters 0.63 to 0.78.
  static let openShapeFill = 0.8
  /// Two open shapes differing by more than this in ellipse fill (0.05), or by more than
  /// `aspectDifference` in width / height, are different shapes. A row of lettering holds at
  /// least two different ones; a row of one repeated shape (rings, mirrored corners) is a
  /// pattern, not lettering.
  static let fillDifference = 0.05
  /// See `fillDifference`: 15 %.
  static let aspectDifference = 0.15

  var id: LintRule { .lettering }
  var summary: String { "letters drawn as paths, shorter than the smallest text (6 pt)" }
  var measures: String {
    "a row of 3 or more separate parts shaped like letters (each at most half the glyph's "
      + "height and 1.5 times as wide as tall, of similar heights, overlapping vertically, gaps "
      + "under their height, two or more different ones filling under 80 % of the ellipse of "
      + "their second moments: not dots, dashes, bars or a repeated shape; not all made of "
      + "horizontal and vertical edges only, as grid cells are), whose median height "
      + "is under the limit; once, at "
      + "the smallest scale"
  }
  var valueAndLimit: String {
    "median letter height in pt / 6 pt (x-height of 11 pt Caption 2, the smallest iOS text)"
  }

  /// Letters smaller than the smallest text iOS sets cannot be read in any glyph of an iOS
  /// role (HIG "Page controls": no text; "Tab bars": simple glyphs): an error; a warning for
  /// `plain`. Measured once on the high-resolution render, so the same at every scale.
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    role == .plain ? .warning : .error
  }

  /// `smallestLetterPt` for every role and size.
  func defaultLimit(role: Role, sizePt: Double) -> Double { Self.smallestLetterPt }

  func findings(in context: LintContext) -> [LintFinding] {
    let scale = context.smallestScale
    guard context.renders[scale] != nil else { return [] }
    let g = context.geometry
    let ink = g.inkBox()
    guard ink.maxX >= 0 else { return [] }
    let row = Self.longestRow(
      g.partComponents, fill: g.partEllipseFill, rectilinear: g.partRectilinear,
      inkHeight: ink.maxY - ink.minY + 1)
    guard row.count >= Self.rowLength else { return [] }
    let heights = row.map { Double($0.boxHeight) / Linter.hiResScale }.sorted()
    let heightPt = heights[heights.count / 2]
    let limitPt = context.limit(.lettering)
    guard heightPt < limitPt else { return [] }
    var box = row[0]
    for c in row.dropFirst() {
      box.minX = min(box.minX, c.minX)
      box.minY = min(box.minY, c.minY)
      box.maxX = max(box.maxX, c.maxX)
      box.maxY = max(box.maxY, c.maxY)
    }
    return [
      context.finding(
        .lettering,
        "\(row.count) small separate shapes in a row look like letters drawn as paths, "
          + "\(heightPt.lintText) pt tall (limit \(limitPt.lintText) pt, the x-height of the "
          + "smallest iOS text); drop the lettering or use a symbol",
        scale: scale, box: context.box(box, k: context.k(scale), scale: scale), value: heightPt,
        limit: limitPt)
    ]
  }

  /// The longest left-to-right chain of letter-like parts (see the type's description) among
  /// `parts`, with at least two open shapes; empty when there is none.
  /// Whether two parts have the same shape: ellipse fills within `fillDifference` and width /
  /// height within `aspectDifference` of each other.
  static func alike(
    _ a: PixelComponent, _ fillA: Double, _ b: PixelComponent, _ fillB: Double
  ) -> Bool {
    let aspectA = Double(a.boxWidth) / Double(a.boxHeight)
    let aspectB = Double(b.boxWidth) / Double(b.boxHeight)
    return abs(fillA - fillB) <= fillDifference
      && abs(aspectA - aspectB) <= aspectDifference * max(aspectA, aspectB)
  }

  /// `fill`: each part's `LintGeometry.partEllipseFill`; `rectilinear`: each part's
  /// `LintGeometry.partRectilinear`. A row whose parts are all rectilinear is grid cells
  /// (the modules of a QR code), not lettering: text has curves or slants somewhere.
  static func longestRow(
    _ parts: [PixelComponent], fill: [Double], rectilinear: [Bool], inkHeight: Int
  ) -> [PixelComponent] {
    let letters = parts.indices.filter { i in
      let c = parts[i]
      return 2 * c.boxHeight <= inkHeight && Double(c.boxWidth) <= 1.5 * Double(c.boxHeight)
        && c.boxHeight >= 2
    }.sorted { parts[$0].minX < parts[$1].minX }
    var best: [Int] = []
    for start in letters.indices {
      var row = [letters[start]]
      var last = parts[letters[start]]
      for index in letters[(start + 1)...] {
        let next = parts[index]
        let gap = next.minX - last.maxX - 1
        let high = max(next.boxHeight, last.boxHeight)
        let low = min(next.boxHeight, last.boxHeight)
        let overlap = min(next.maxY, last.maxY) - max(next.minY, last.minY) + 1
        guard gap >= 0, gap < high, 2 * low >= high, 2 * overlap >= low else { continue }
        row.append(index)
        last = next
      }
      let open = row.filter { fill[$0] < openShapeFill }
      let varied = open.indices.contains { i in
        open[(i + 1)...].contains { !alike(parts[open[i]], fill[open[i]], parts[$0], fill[$0]) }
      }
      let cells = row.allSatisfy { rectilinear[$0] }
      if varied && !cells && row.count > best.count { best = row }
    }
    return best.map { parts[$0] }
  }
}
