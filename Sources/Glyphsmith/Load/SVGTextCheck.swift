import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What an SVG's `<text>` elements ask of the fonts: each element's characters (its own and
/// its `<tspan>`s') and the `font-family` lists that apply to it (on it, its ancestors or its
/// tspans, as attribute or `style` property). librsvg draws text with the pinned fonts only
/// (`FontEnvironment`): a character none of them covers becomes a box, and a family that is
/// not pinned is silently replaced. `problems` says so, naming the element.
public enum SVGTextCheck {
  /// One `<text>` element.
  public struct TextElement: Equatable, Sendable {
    /// 1-based line and column of its start tag as libxml2 reports it (`XMLStartTag`: the
    /// line and byte column just past the tag's `>`).
    public var line: Int
    /// See `line`.
    public var column: Int
    /// Its `id`, if any.
    public var id: String?
    /// Its character content, tspans included.
    public var text: String
    /// Every `font-family` list that applies to it, outermost first.
    public var fontFamilies: [String]

    /// `<text id="ID">` or `<text>` (line L), for messages.
    public var label: String {
      id.map { "<text id=\"\($0)\">" } ?? "<text> (line \(line))"
    }
  }

  /// A problem with one element's text.
  public enum Problem: Equatable, Sendable {
    /// Characters no pinned font has a glyph for (drawn as boxes).
    case missingGlyph(TextElement, [Unicode.Scalar])
    /// A `font-family` list none of whose names is pinned (or `sans-serif`).
    case unpinnedFont(TextElement, family: String)

    /// The element concerned.
    public var element: TextElement {
      switch self {
      case .missingGlyph(let element, _), .unpinnedFont(let element, _): return element
      }
    }

    /// What is wrong and the fix, lower case, naming the element.
    public var message: String {
      let pinned = FontCoverage.pinned.families.joined(separator: ", ")
      switch self {
      case .missingGlyph(let element, let scalars):
        let list = scalars.map { String(cFormat: "U+%04X", $0.value) + " '\(Character($0))'" }
          .joined(separator: ", ")
        return
          "\(element.label): no pinned font has a glyph for \(list); it draws as a box; use characters \(pinned) cover, or outline the text"
      case .unpinnedFont(let element, let family):
        return
          "\(element.label): font-family '\(family)' is not a pinned font; \(pinned.isEmpty ? "nothing" : "a pinned font") is drawn instead; name one of \(pinned), or outline the text"
      }
    }
  }

  /// The `<text>` elements of `data`, in document order; empty when there are none or the
  /// XML is not well formed (librsvg reports that).
  /// Reads the structure as `LoadedSVG` does (`SVGOutline.read`); a loaded input keeps it.
  public static func elements(in data: Data) -> [TextElement] {
    guard mayHoldText(data) else { return [] }
    return SVGOutline.read(data, path: "-").text
  }

  /// Whether `data` may hold a `<text>` element (any namespace prefix): most icons have none,
  /// and a file without one needs no structure pass to know it.
  static func mayHoldText(_ data: Data) -> Bool {
    data.containsBytes("<text".utf8) || data.containsBytes(":text".utf8)
  }

  /// The missing glyphs and unpinned families of every `<text>` in `data`.
  public static func problems(in data: Data) -> [Problem] {
    elements(in: data).flatMap(problems(for:))
  }

  /// The unpinned families, then the missing glyphs, of one element.
  public static func problems(for element: TextElement) -> [Problem] {
    var problems: [Problem] = []
    do {
      for list in element.fontFamilies {
        let names = list.split(separator: ",").map {
          $0.trimming(scalarsIn: " \t\n'\"")
        }
        let fine = names.contains {
          FontCoverage.pinned.isPinned($0) || $0.lowercased() == "sans-serif"
        }
        if !fine { problems.append(.unpinnedFont(element, family: list)) }
      }
      let missing = FontCoverage.pinned.uncovered(element.text)
      if !missing.isEmpty { problems.append(.missingGlyph(element, missing)) }
    }
    return problems
  }

  /// The `font-family` an element declares (the `style` property wins over the attribute).
  static func declaredFamily(_ attributes: [String: String]) -> String? {
    if let style = attributes["style"] {
      for declaration in style.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingWhitespace() == "font-family" {
          return parts[1].trimmingWhitespace()
        }
      }
    }
    return attributes["font-family"]?.trimmingWhitespace()
  }
}

/// Collects `<text>` elements for `SVGTextCheck`.
struct TextCollector {
  var done: [SVGTextCheck.TextElement] = []
  /// Each open element's declared font-family (nil when none).
  private var families: [String?] = []
  /// The `<text>` being read and the depth it opened at.
  private var open: (element: SVGTextCheck.TextElement, depth: Int)?

  mutating func handle(_ event: XMLEvent) {
    switch event {
    case .start(let tag): start(tag)
    case .end: end()
    case .characters(let string): open?.element.text += string
    case .comment, .cdata: break
    }
  }

  private mutating func start(_ tag: XMLStartTag) {
    let local = tag.name.split(separator: ":").last.map(String.init) ?? tag.name
    let family = SVGTextCheck.declaredFamily(tag.attributes)
    families.append(family)
    if local == "text", open == nil {
      open = (
        SVGTextCheck.TextElement(
          line: tag.line, column: tag.column, id: tag.attributes["id"], text: "",
          fontFamilies: families.compactMap { $0 }),
        families.count
      )
    } else if open != nil, let family {
      open!.element.fontFamilies.append(family)
    }
  }

  private mutating func end() {
    if let current = open, current.depth == families.count {
      done.append(current.element)
      open = nil
    }
    _ = families.popLast()
  }
}
