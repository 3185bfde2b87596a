import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The system glyphs Glyphsmith draws inside the controls it previews, as Lucide icons (ISC
/// licence, `assets/system-glyphs/LICENSE-lucide.txt`). The SVG text is carried here verbatim so
/// a built `glyphsmith` needs no asset folder; `assets/system-glyphs/` holds the same files (a
/// test checks they are identical). Each goes through the glyph pipeline (template, ink
/// fitted to a box, tinted) like a user's icon.
public enum SystemGlyph: String, Sendable, CaseIterable {
  /// The search field's leading magnifying glass (`search.svg`).
  case magnifyingGlass = "search"
  /// The search field's bookmarks button (`book-open.svg`).
  case bookmarks = "book-open"
  /// The x of the search field's clear button (`x.svg`); the circle is drawn by Canvas.
  case clearCross = "x"
  /// A table row's disclosure chevron (`chevron-right.svg`).
  case disclosure = "chevron-right"
  /// A table row's checkmark (`check.svg`).
  case checkmark = "check"

  /// The file name in `assets/system-glyphs/`.
  public var fileName: String { rawValue + ".svg" }

  /// The SVG text, exactly as shipped: Lucide's common `svg` start tag (24 x 24, stroked in
  /// `currentColor`, 2 units wide, round caps and joins), the glyph's elements, the end tag.
  public var svg: String {
    let header = """
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
      >
      """
    return header + "\n" + elements.map { "  " + $0 + "\n" }.joined() + "</svg>"
  }

  /// The glyph's own elements in `svg`, one a line.
  private var elements: [String] {
    switch self {
    case .magnifyingGlass:
      return [
        #"<path d="m21 21-4.34-4.34" />"#,
        #"<circle cx="11" cy="11" r="8" />"#,
      ]
    case .bookmarks:
      return [
        #"<path d="M12 5v16" />"#,
        #"<path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z" />"#,
      ]
    case .clearCross:
      return [
        #"<path d="M18 6 6 18" />"#,
        #"<path d="m6 6 12 12" />"#,
      ]
    case .disclosure: return [#"<path d="m9 18 6-6-6-6" />"#]
    case .checkmark: return [#"<path d="M20 6 9 17l-5-5" />"#]
    }
  }

  /// The glyph as artwork (path `system:<name>.svg` in messages).
  /// - Throws: `GlyphsmithError.render` only if the embedded text were invalid (a test pins it).
  public func artwork() throws -> Artwork {
    try Artwork(data: Data((svg + "\n").utf8), path: "system:\(fileName)", baseDirectory: nil)
  }
}
