import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The element tree facts `SymbolSetCheck` needs from a symbol template, read with libxml2
/// (`LibXMLReader.events`: ids, element names and paint attributes; path geometry is
/// read through librsvg by `SVGPathRecorder`, never here).
struct SymbolTemplateScan {
  /// One element inside a variant group.
  struct Item {
    var name: String
    var line: Int
    var attributes: [String: String]
  }

  /// Every `id` in the file.
  var ids: Set<String> = []
  /// The `x1` of each margin guide (`left-margin-Regular-S`: 1410.15), by id.
  var marginX: [String: Double] = [:]
  /// The text of the element with id `template-version`, trimmed.
  var versionText: String?
  /// Whether a `Notes`, `Guides` and `Symbols` group exist (by id).
  var groups: Set<String> = []
  /// Variant groups (direct children of `Symbols` with an id) in document order.
  var variants: [String] = []
  /// Elements inside each variant, with the variant group's and `Symbols`' own attributes
  /// first (inherited paint).
  var items: [String: [Item]] = [:]
  /// Attributes of each variant group and its ancestors inside the file (for inheritance).
  var inherited: [String: [[String: String]]] = [:]

  /// Scans `data`; `nil` with libxml2's message when it is not well-formed XML.
  static func scan(_ data: Data) -> (SymbolTemplateScan?, String?) {
    var reader = Reader()
    if let failure = LibXMLReader.events(data, { reader.handle($0) }) {
      return (nil, failure.text)
    }
    return (reader.scan, nil)
  }

  /// Collects the scan from libxml2's events.
  private struct Reader {
    var scan = SymbolTemplateScan()
    var stack: [(name: String, id: String?, attributes: [String: String])] = []
    var versionDepth: Int? = nil
    var text = ""

    mutating func handle(_ event: XMLEvent) {
      switch event {
      case .start(let tag): start(tag)
      case .characters(let string): if versionDepth != nil { text += string }
      case .end: end()
      case .comment, .cdata: break
      }
    }

    mutating func start(_ tag: XMLStartTag) {
      let name = tag.name
      let attributes = tag.attributes
      let id = attributes["id"]
      if let id {
        scan.ids.insert(id)
        if ["Notes", "Guides", "Symbols"].contains(id) { scan.groups.insert(id) }
        if id.hasPrefix("left-margin") || id.hasPrefix("right-margin"),
          let x = attributes["x1"].flatMap(Double.init)
        {
          scan.marginX[id] = x
        }
        if id == "template-version" {
          versionDepth = stack.count
          text = ""
        }
      }
      if let symbols = stack.firstIndex(where: { $0.id == "Symbols" }) {
        if stack.count == symbols + 1, let id {
          scan.variants.append(id)
          scan.inherited[id] = stack.map(\.attributes) + [attributes]
        } else if stack.count > symbols + 1, let variant = stack[symbols + 1].id {
          scan.items[variant, default: []].append(
            Item(name: name, line: tag.line, attributes: attributes))
        }
      }
      stack.append((name, id, attributes))
    }

    mutating func end() {
      stack.removeLast()
      if let depth = versionDepth, stack.count == depth {
        scan.versionText = text.trimmingWhitespaceAndNewlines()
        versionDepth = nil
      }
    }
  }
}
