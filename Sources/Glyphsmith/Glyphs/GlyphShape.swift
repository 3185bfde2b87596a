/// The shape class of a glyph's drawn content, which decides its HIG target size.
///
/// Source: HIG "Tab bars" (2022-24 edition), table of target sizes per glyph shape;
/// see `docs/specs.md`.
public enum GlyphShape: String, CaseIterable, Sendable, Codable {
  /// Near-square content whose bounding-box corners are empty (a circle, a face, a gear).
  case circle
  /// Near-square content with ink in the corners of its bounds (a square, a calendar).
  case square
  /// Content wider than tall by at least `wideAspectRatio`: width is the limit.
  case wide
  /// Content taller than wide by at least `wideAspectRatio`: height is the limit.
  case tall

  /// Width / height of the ink bounds at or above which content is `wide` (and height /
  /// width for `tall`): 1.15, our own choice between a square (1.0) and the HIG's wide box
  /// (31 x 28 pt, 1.107 for a glyph that fills it) so that near-square art stays circle or
  /// square.
  public static let wideAspectRatio = 1.15

  /// A corner counts as inked when a pixel of at least half coverage lies in the corner square
  /// whose side is this share of the shorter side of the ink bounds (0.12). A circle leaves
  /// 0.146 of its diameter empty along each diagonal, so its corners stay empty; a rounded
  /// square with a corner radius up to 0.4 of its side fills them.
  public static let cornerShare = 0.12

  /// `square` when at least this many of the four corners are inked (3), else `circle`.
  public static let inkedCornersForSquare = 3

  /// Classifies content from its ink bounds' size (any unit) and its count of inked corners.
  public static func classify(width: Double, height: Double, inkedCorners: Int) -> GlyphShape {
    guard width > 0, height > 0 else { return .circle }
    if width / height >= wideAspectRatio { return .wide }
    if height / width >= wideAspectRatio { return .tall }
    return inkedCorners >= inkedCornersForSquare ? .square : .circle
  }
}
