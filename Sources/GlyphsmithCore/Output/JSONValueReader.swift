import FoundationEssentials
import Glibc

/// Reads JSON text into a `JSONValue` in one pass over its bytes, for the files Glyphsmith
/// reads many of (each asset's `Contents.json` in the catalog check after every `assets` run;
/// issue 36: `JSONDecoder` into `JSONValue` was half of the check's time).
///
/// Only the plain case: `nil` for anything else, and the caller goes the long way
/// (`StrictJSON`), which gives the same value, or the precise error. Refused (`nil`): anything
/// that is not JSON; what `StrictJSONSyntax` faults (a duplicate key, a comma before `}` or
/// `]`, a NUL character, escaped or not); a byte-order mark; invalid UTF-8; a `\u` escape of
/// a surrogate; a number of more than 17 characters; a number `0e...` (JSONDecoder refuses
/// `0e2`); nesting deeper than 64. So a value this
/// reader returns is one `JSONDecoder` reads into the same `JSONValue` (strings, `true` and
/// `false`, `null`, numbers as `Double`, each correctly rounded), and in which
/// `StrictJSONSyntax.problem(in:allowNull: true)` finds nothing.
package enum JSONValueReader {
  /// The value `data` holds, or `nil` (see the type).
  package static func read(_ data: Data) -> JSONValue? {
    data.withUnsafeBytes { raw in
      var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
      guard let value = parser.value(depth: 0) else { return nil }
      parser.skipSpace()
      return parser.index == parser.bytes.count ? value : nil
    }
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    mutating func value(depth: Int) -> JSONValue? {
      guard depth <= 64 else { return nil }
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string()
          else { return nil }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
          guard let member = value(depth: depth + 1),
            members.updateValue(member, forKey: key) == nil
          else { return nil }
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          }
          guard bytes[index] == UInt8(ascii: ",") else { return nil }
          index += 1
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          guard let item = value(depth: depth + 1) else { return nil }
          items.append(item)
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
          }
          guard bytes[index] == UInt8(ascii: ",") else { return nil }
          index += 1
        }
      case UInt8(ascii: "\""):
        return string().map { .string($0) }
      case UInt8(ascii: "t"):
        return word("true") ? .bool(true) : nil
      case UInt8(ascii: "f"):
        return word("false") ? .bool(false) : nil
      case UInt8(ascii: "n"):
        return word("null") ? .null : nil
      default:
        return number().map { .number($0) }
      }
    }

    mutating func word(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count else { return false }
      for k in 0..<count where bytes[index + k] != text.utf8Start[k] { return false }
      index += count
      return true
    }

    /// A number as JSON writes it (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`), of at
    /// most 17 characters.
    mutating func number() -> Double? {
      let start = index
      func digits() -> Int {
        let first = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - first
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
        // JSONDecoder (Swift 6.3.1) refuses `0e2` and `0E2` (not `0e+2` or `0.0e2`), which
        // JSON and JSONSerialization allow: such a number goes the long way, to the
        // decoder's own verdict (found by `scripts/fuzz readers`).
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
          return nil
        }
      } else if digits() == 0 {
        return nil
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return nil }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard digits() > 0 else { return nil }
      }
      guard index - start <= 17 else { return nil }
      let value = Double(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
      return value?.isFinite == true ? value : nil
    }

    /// A string at `index` (its opening quote), escapes resolved.
    mutating func string() -> String? {
      index += 1
      let start = index
      // The plain case: no escape, every byte printable.
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let text = String(
            validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
          index += 1
          return text
        }
        if byte == UInt8(ascii: "\\") { break }
        guard byte >= 0x20 else { return nil }
        index += 1
      }
      guard index < bytes.count else { return nil }
      // With escapes: the bytes so far, then each escape resolved.
      var out = Array(bytes[start..<index])
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return String(validating: out, as: UTF8.self)
        }
        guard byte >= 0x20 else { return nil }
        guard byte == UInt8(ascii: "\\") else {
          out.append(byte)
          index += 1
          continue
        }
        guard index + 1 < bytes.count else { return nil }
        let escape = bytes[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          guard index + 4 <= bytes.count else { return nil }
          var code: UInt32 = 0
          for k in 0..<4 {
            guard let digit = Self.hex(bytes[index + k]) else { return nil }
            code = code << 4 | digit
          }
          index += 4
          // NUL (StrictJSONSyntax's fault) and surrogates go the long way.
          guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
          out.append(contentsOf: Array(String(scalar).utf8))
        default:
          return nil
        }
      }
      return nil
    }

    static func hex(_ byte: UInt8) -> UInt32? {
      switch byte {
      case 0x30...0x39: return UInt32(byte - 0x30)
      case 0x41...0x46: return UInt32(byte - 0x41 + 10)
      case 0x61...0x66: return UInt32(byte - 0x61 + 10)
      default: return nil
      }
    }
  }
}
