/// Where each array (and each value) of a JSON text sits, by JSON pointer
/// (`/$defs/icon/properties/role/enum`), and the text with some of them replaced, everything
/// else byte for byte: what regenerates
/// the code's lists inside a hand-written file (`docs/glyphsmith.schema.json`).
///
/// A small scanner over UTF-8 bytes, for well-formed JSON only (the file is also parsed by
/// `JSONSerialization` and checked by `check-jsonschema`); `nil` for text it cannot scan.
struct JSONArrayText {
  /// The text's bytes.
  let bytes: [UInt8]
  /// Each array's byte range (from `[` to `]`, inclusive) by pointer.
  let arrays: [String: Range<Int>]
  /// Each value's byte range by pointer (objects from `{` to `}`, strings with their quotes).
  let values: [String: Range<Int>]

  init?(_ text: String) {
    bytes = Array(text.utf8)
    var scanner = Scanner(bytes: bytes)
    guard scanner.value(pointer: ""), scanner.skipSpace() == bytes.count else { return nil }
    arrays = scanner.arrays
    values = scanner.values
  }

  /// The text of the value at `pointer`, as written; `nil` when there is none.
  func text(at pointer: String) -> String? {
    values[pointer].map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  /// The indentation of the line the value at `range` starts on.
  private func indent(of range: Range<Int>) -> String {
    var lineStart = range.lowerBound
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    return String(
      repeating: " ", count: bytes[lineStart...].prefix { $0 == UInt8(ascii: " ") }.count)
  }

  /// The text with the value at each pointer replaced by what `text` makes for the
  /// indentation of the line it starts on; `nil` when a pointer names no value.
  func replacing(values edits: [(pointer: String, text: (String) -> String)]) -> String? {
    var changes: [(range: Range<Int>, text: [UInt8])] = []
    for (pointer, text) in edits {
      guard let range = values[pointer] else { return nil }
      changes.append((range, Array(text(indent(of: range)).utf8)))
    }
    var result = bytes
    for change in changes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(change.range, with: change.text)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Every pointer whose array is the value of an `enum` key, in text order.
  var enumPointers: [String] {
    arrays.filter { $0.key.hasSuffix("/enum") }.sorted { $0.value.lowerBound < $1.value.lowerBound }
      .map(\.key)
  }

  /// The text with the array at each pointer replaced by `values` as JSON strings, one per line,
  /// indented by two spaces more than the line the array starts on (the file's layout); `nil`
  /// when a pointer names no array.
  func replacing(_ lists: [(pointer: String, values: [String])]) -> String? {
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    for (pointer, values) in lists {
      guard let range = arrays[pointer] else { return nil }
      var lineStart = range.lowerBound
      while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
      let indent = String(
        repeating: " ", count: bytes[lineStart...].prefix { $0 == UInt8(ascii: " ") }.count)
      let items = values.map { indent + "  " + Self.quoted($0) }.joined(separator: ",\n")
      let text = values.isEmpty ? "[]" : "[\n" + items + "\n" + indent + "]"
      edits.append((range, Array(text.utf8)))
    }
    var result = bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(edit.range, with: edit.text)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `value` as a JSON string (quotes and backslashes escaped; the lists hold no control
  /// characters).
  static func quoted(_ value: String) -> String {
    "\""
      + value.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var arrays: [String: Range<Int>] = [:]
    var values: [String: Range<Int>] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Scans one value at `pointer` and records its range; false when the text is not JSON
    /// there.
    mutating func value(pointer: String) -> Bool {
      _ = skipSpace()
      let start = index
      guard scalarOrComposite(pointer: pointer) else { return false }
      values[pointer] = start..<index
      return true
    }

    mutating func skipSpace() -> Int {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
      return index
    }

    mutating func expect(_ byte: Character) -> Bool {
      _ = skipSpace()
      guard index < bytes.count, bytes[index] == byte.asciiValue else { return false }
      index += 1
      return true
    }

    /// Scans one value at `pointer` (its range is `value`'s to record).
    mutating func scalarOrComposite(pointer: String) -> Bool {
      _ = skipSpace()
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        if expect("}") { return true }
        repeat {
          _ = skipSpace()
          guard let key = string() else { return false }
          let escaped = key.replacingOccurrences(of: "~", with: "~0")
            .replacingOccurrences(of: "/", with: "~1")
          guard expect(":"), value(pointer: pointer + "/" + escaped) else { return false }
        } while expect(",")
        return expect("}")
      case UInt8(ascii: "["):
        let start = index
        index += 1
        if !expect("]") {
          var position = 0
          repeat {
            guard value(pointer: pointer + "/\(position)") else { return false }
            position += 1
          } while expect(",")
          guard expect("]") else { return false }
        }
        arrays[pointer] = start..<index
        return true
      case UInt8(ascii: "\""):
        return string() != nil
      default:
        let start = index
        while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        return index > start
      }
    }

    /// Scans a string at `index` (its opening quote) and returns its raw text between the
    /// quotes (escapes left as written; keys here have none).
    mutating func string() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }
}
