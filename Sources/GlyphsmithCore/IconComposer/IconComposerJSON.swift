import FoundationEssentials
import Glibc

/// The bytes of an Icon Composer `icon.json` exactly as Apple's Icon Composer (Xcode 26) writes
/// them, measured on the 11 vendored documents (docs/formats.md, "Icon Composer"):
///
/// - every object's keys sorted by their UTF-8 bytes (`blend-mode` before
///   `blend-mode-specializations`);
/// - `"key" : value` (space, colon, space), 2-space indent, every array and object element on
///   its own line, `,` ending a line; `[]` and `{}` for empty ones (no Apple file holds one);
/// - whole numbers without a fraction (`1`, `0`, `-1`), other numbers in the shortest form that
///   reads back as the same double (`0.5`, `0.8361431181581168`); `null`, `true`, `false`;
/// - strings with `"`, `\` and control characters escaped, everything else (`/` and non-ASCII
///   included) as its UTF-8 bytes;
/// - no final newline unless asked for (Icon Composer writes none).
package enum IconComposerJSON {
  /// Largest `icon.json` read, in bytes (1 MiB): Apple's documents are 1 to 12 KB (the 11
  /// vendored ones), four groups of eight layers with every specialization stay under 200 KB.
  /// A limit of the kind SVG inputs have (10 MiB), so that a hostile file (60 MB took 41 s to
  /// read) is refused before it is read (issue 35's third trial, finding 5).
  package static let maximumFileBytes = 1024 * 1024

  /// Why an `icon.json` that is a symbolic link to `target`, outside its bundle, is not read:
  /// Icon Composer and Xcode read the bundle alone (issue 35's third trial, finding 10).
  package static func linkProblem(_ target: String) -> String {
    "is a symbolic link to \(target), outside the bundle: not read; icon.json must be in the "
      + "bundle itself (copy the file in)"
  }

  /// Why a file of `size` bytes is not read as an `icon.json`, or `nil` when it is within
  /// `maximumFileBytes`: `62914560 bytes; icon.json files are limited to 1 MiB (...)`.
  package static func sizeProblem(_ size: Int) -> String? {
    guard size > maximumFileBytes else { return nil }
    return "\(size) bytes; icon.json files are limited to 1 MiB (Icon Composer's are a few KB): "
      + "not read; save the bundle again in Icon Composer"
  }

  /// `value` in Apple's layout; a final `\n` when `finalNewline`.
  package static func encode(_ value: JSONValue, finalNewline: Bool = false) -> Data {
    var writer = Writer()
    writer.out.reserveCapacity(8192)
    writer.write(value, indent: 0)
    if finalNewline { writer.out.append(0x0A) }
    return Data(writer.out)
  }

  /// Reads `data` as JSON with the project's strict reader (`StrictJSON`: syntax with line and
  /// column, duplicate keys, trailing commas, NUL characters; `null` is allowed, Apple writes
  /// it for `blur-material`), and whether the bytes end with a newline.
  /// - Throws: `StrictJSON.Problem` (`.syntax` or `.shape`).
  package static func read(_ data: Data) throws(StrictJSON.Problem) -> (
    value: JSONValue, finalNewline: Bool
  ) {
    let value = try StrictJSON.decode(JSONValue.self, from: data)
    return (value, data.last == 0x0A)
  }

  /// A number as Apple writes it: an integral value below 2^53 in magnitude without a
  /// fraction, any other finite value as Swift's shortest round-trip description (`0.5`,
  /// `1.0290721460450276`, `1e-05`). Not finite values cannot occur in JSON; they give `0`.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return value.description
  }

  /// Keys in Apple's order: by their UTF-8 bytes.
  package static func sortedKeys(_ keys: some Sequence<String>) -> [String] {
    keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  // MARK: - Writing

  /// The bytes written so far.
  private struct Writer {
    var out: [UInt8] = []

    mutating func newline() { out.append(0x0A) }

    mutating func write(_ value: JSONValue, indent: Int) {
      switch value {
      case .null: out += Array("null".utf8)
      case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
      case .number(let number): out += Array(IconComposerJSON.number(number).utf8)
      case .string(let text): writeString(text)
      case .array(let items):
        guard !items.isEmpty else {
          out += Array("[]".utf8)
          return
        }
        out.append(UInt8(ascii: "["))
        newline()
        for (index, item) in items.enumerated() {
          pad(indent + 1)
          write(item, indent: indent + 1)
          if index < items.count - 1 { out.append(UInt8(ascii: ",")) }
          newline()
        }
        pad(indent)
        out.append(UInt8(ascii: "]"))
      case .object(let members):
        guard !members.isEmpty else {
          out += Array("{}".utf8)
          return
        }
        out.append(UInt8(ascii: "{"))
        newline()
        let keys = IconComposerJSON.sortedKeys(members.keys)
        for (index, key) in keys.enumerated() {
          pad(indent + 1)
          writeString(key)
          out += Array(" : ".utf8)
          write(members[key]!, indent: indent + 1)
          if index < keys.count - 1 { out.append(UInt8(ascii: ",")) }
          newline()
        }
        pad(indent)
        out.append(UInt8(ascii: "}"))
      }
    }

    mutating func pad(_ level: Int) {
      out += [UInt8](repeating: 0x20, count: level * 2)
    }

    mutating func writeString(_ text: String) {
      out.append(UInt8(ascii: "\""))
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""): out += Array("\\\"".utf8)
        case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
        case 0x0A: out += Array("\\n".utf8)
        case 0x0D: out += Array("\\r".utf8)
        case 0x09: out += Array("\\t".utf8)
        case 0x08: out += Array("\\b".utf8)
        case 0x0C: out += Array("\\f".utf8)
        case 0..<0x20: out += Array(String(cFormat: "\\u%04x", byte).utf8)
        default: out.append(byte)
        }
      }
      out.append(UInt8(ascii: "\""))
    }
  }
}
