import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// The element tree of an SVG file as libxml2 reads it (`LibXMLReader.events`), with the
/// position of each start tag and the rules silenced for it. librsvg renders; this only looks at the
/// structure (librsvg reports no source positions).
///
/// Silencing: `data-glyphsmith-ignore="rule rule..."` (or `all`) on an element silences those
/// rules for it and its descendants (on the root `<svg>`: for the whole file, pixel findings
/// included); a comment `<!-- glyphsmith-ignore: rule... -->` silences them for the next
/// element and its descendants; `<!-- glyphsmith-ignore-file: rule... -->` for the whole file.
public struct SVGOutline: Sendable {
  /// One element.
  public struct Element: Sendable {
    /// Local name without namespace prefix, e.g. `path`.
    public var name: String
    /// Attributes as written (qualified names, e.g. `xlink:href`).
    public var attributes: [String: String]
    /// 1-based line of the start tag's `<`.
    public var line: Int
    /// 1-based column (in characters) of the start tag's `<`.
    public var column: Int
    /// Index of the parent element, `nil` for the root.
    public var parent: Int?
    /// Rules silenced here (inherited from ancestors included); `all` silences every rule.
    public var ignored: Set<String>

    /// Whether `rule` is silenced for this element.
    public func ignores(_ rule: LintRule) -> Bool {
      ignored.contains("all") || ignored.contains(rule.rawValue)
    }

    /// A presentation property from the attribute or the `style` attribute (style wins),
    /// trimmed; `nil` when not given.
    public func property(_ name: String) -> String? {
      if let style = attributes["style"] {
        for declaration in style.split(separator: ";") {
          let parts = declaration.split(separator: ":", maxSplits: 1)
          if parts.count == 2, parts[0].trimmingWhitespace() == name {
            return parts[1].trimmingWhitespace()
          }
        }
      }
      return attributes[name]?.trimmingWhitespace()
    }
  }

  /// Elements in document order; index 0 is the root.
  public var elements: [Element]
  /// Rules silenced for the whole file (root attribute and `glyphsmith-ignore-file` comments).
  public var fileIgnored: Set<String>

  /// Whether `rule` is silenced for the whole file.
  public func ignoresFile(_ rule: LintRule) -> Bool {
    fileIgnored.contains("all") || fileIgnored.contains(rule.rawValue)
  }

  /// The attribute naming rules to silence on an element.
  public static let ignoreAttribute = "data-glyphsmith-ignore"

  /// Parses `data` with libxml2's SAX2 reader (`LibXMLReader.events`: no network, no entity
  /// declared or expanded, no external entity or DTD loaded).
  /// - Throws: `GlyphsmithError.render(.invalidSVG)` with libxml2's line and message when the
  ///   XML is not well formed, nests deeper than 256 levels or references an external entity.
  public static func parse(_ data: Data, path: String) throws -> SVGOutline {
    try read(data, path: path).outline.get()
  }

  /// The one libxml2 pass over an SVG's structure (`LoadedSVG.structure` reads it once per
  /// input): the outline, or the error `parse` throws, and the `<text>` elements
  /// (`SVGTextCheck.TextElement`, collected whether or not the XML is well formed, as
  /// `SVGTextCheck.elements(in:)` reports them).
  static func read(_ data: Data, path: String)
    -> (outline: Result<SVGOutline, GlyphsmithError>, text: [SVGTextCheck.TextElement])
  {
    var builder = OutlineBuilder(data: data)
    var text = TextCollector()
    let failure = LibXMLReader.events(data) { event in
      builder.handle(event)
      text.handle(event)
    }
    // Files whose names are not UTF-8 are not SVG (an encoding declaration other than UTF-8 is
    // converted by libxml2 first).
    if String(validating: data, as: UTF8.self) == nil && !declaresOtherEncoding(data) {
      return (
        .failure(
          .render(
            .invalidSVG(path: path, message: "the file is not valid UTF-8 and declares no encoding")
          )
        ), text.done
      )
    }
    if let failure {
      return (
        .failure(
          .render(.invalidSVG(path: path, message: "line \(failure.line): \(failure.text)"))),
        text.done
      )
    }
    return (
      .success(SVGOutline(elements: builder.elements, fileIgnored: builder.fileIgnored)), text.done
    )
  }

  /// Whether the XML declaration names an encoding other than UTF-8.
  static func declaresOtherEncoding(_ data: Data) -> Bool {
    guard data.starts(with: Array("<?xml".utf8)) else { return false }
    let end = data.firstIndex(of: UInt8(ascii: ">")) ?? data.endIndex
    let declaration = String(decoding: data[..<end], as: UTF8.self).lowercased()
    guard let range = declaration.firstRange(of: "encoding") else { return false }
    let value = declaration[range.upperBound...].drop { " =\"'".contains($0) }
    return !value.hasPrefix("utf-8") && !value.hasPrefix("utf8")
  }

  /// The element with `id`, if any (first in document order).
  public func element(id: String) -> Int? {
    elements.firstIndex { $0.attributes["id"] == id }
  }

  /// The id a `href`/`xlink:href` or `url(#id)` value points to inside the file.
  static func referencedID(_ value: String?) -> String? {
    guard var text = value?.trimmingWhitespace() else { return nil }
    if text.hasPrefix("url(") {
      text = String(text.dropFirst(4).prefix { $0 != ")" })
        .trimming(scalarsIn: " '\"")
    }
    guard text.hasPrefix("#") else { return nil }
    return String(text.dropFirst())
  }
}

/// Builds an `SVGOutline` from libxml2's events.
private struct OutlineBuilder {
  var elements: [SVGOutline.Element] = []
  var fileIgnored: Set<String> = []
  private var stack: [Int] = []
  private var pendingIgnore: Set<String> = []
  private let lineStarts: [Int]
  private let bytes: [UInt8]

  init(data: Data) {
    bytes = [UInt8](data)
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    lineStarts = starts
  }

  /// The last column computed: (line index, byte offset, 1-based column in characters).
  /// Start tags arrive in document order, so each column is counted on from the one before:
  /// linear in the length of a line however many elements it holds.
  private var lastColumn: (line: Int, offset: Int, column: Int) = (-1, 0, 1)
  /// The last line found for an offset (lines are searched forward from it).
  private var lastLine = 0

  /// libxml2 reports the position after the start tag; walk back to its `<`.
  private mutating func startOfTag(line: Int, column: Int, name: String) -> (Int, Int) {
    guard line >= 1, line <= lineStarts.count else { return (max(line, 1), max(column, 1)) }
    var offset = min(bytes.count, lineStarts[line - 1] + max(column - 1, 0))
    let pattern = Array(("<" + name).utf8)
    // Not before the previous tag's `<` (tags do not overlap), so the walk stays linear.
    let floor = lastColumn.line >= 0 ? lastColumn.offset : 0
    while offset >= floor {
      if offset + pattern.count <= bytes.count, matches(pattern, at: offset) {
        if lastLine >= lineStarts.count || lineStarts[lastLine] > offset { lastLine = 0 }
        while lastLine + 1 < lineStarts.count && lineStarts[lastLine + 1] <= offset {
          lastLine += 1
        }
        let lineStart = lineStarts[lastLine]
        var from = lineStart
        var characters = 0
        if lastColumn.line == lastLine && lastColumn.offset <= offset {
          from = lastColumn.offset
          characters = lastColumn.column - 1
        }
        for i in from..<offset where bytes[i] & 0xC0 != 0x80 { characters += 1 }
        lastColumn = (lastLine, offset, characters + 1)
        return (lastLine + 1, characters + 1)
      }
      offset -= 1
    }
    return (line, column)
  }

  private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
    for k in 0..<pattern.count where bytes[offset + k] != pattern[k] { return false }
    return true
  }

  mutating func handle(_ event: XMLEvent) {
    switch event {
    case .start(let tag): start(tag)
    case .end: _ = stack.popLast()
    case .comment(let comment): self.comment(comment)
    case .characters, .cdata: break
    }
  }

  private mutating func start(_ tag: XMLStartTag) {
    let elementName = tag.name
    let attributeDict = tag.attributes
    let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
    let (line, column) = startOfTag(line: tag.line, column: tag.column, name: elementName)
    var ignored = stack.last.map { elements[$0].ignored } ?? []
    ignored.formUnion(pendingIgnore)
    pendingIgnore = []
    if let own = attributeDict[SVGOutline.ignoreAttribute] {
      let rules = Set(own.split { $0 == " " || $0 == "," }.map(String.init))
      ignored.formUnion(rules)
      if stack.isEmpty { fileIgnored.formUnion(rules) }
    }
    elements.append(
      SVGOutline.Element(
        name: local, attributes: attributeDict, line: line, column: column, parent: stack.last,
        ignored: ignored))
    stack.append(elements.count - 1)
  }

  private mutating func comment(_ comment: String) {
    let text = comment.trimmingWhitespaceAndNewlines()
    for (prefix, fileWide) in [("glyphsmith-ignore-file:", true), ("glyphsmith-ignore:", false)]
    where text.hasPrefix(prefix) {
      let rules = Set(
        text.dropFirst(prefix.count).split { $0 == " " || $0 == "," }.map(String.init))
      if fileWide { fileIgnored.formUnion(rules) } else { pendingIgnore.formUnion(rules) }
      return
    }
  }
}
