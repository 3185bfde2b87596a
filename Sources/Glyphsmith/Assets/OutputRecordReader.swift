import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A fast reader of the common case of a record of outputs (`OutputManifest.Document`), as
/// Glyphsmith writes it (issue 36: decoding a record of 1,776 icons' 10,656 hashes through
/// `JSONDecoder` was 12 % of the CPU of a build with nothing to do). It reads only a strict
/// subset of JSON: ASCII text, strings without escapes, integers, and the record's own keys
/// with the types `Document` gives them. Anything else (an escape, a non-ASCII byte, a
/// duplicate key, an unknown key, `null`, a fraction, a syntax error) returns `nil`, and the
/// caller decodes with `JSONDecoder` as before, so a record this reader accepts decodes to
/// exactly the `Document` `JSONDecoder` makes of it, and every other one is judged by
/// `JSONDecoder` alone.
enum OutputRecordReader {
  /// The record `data` holds, when it is in the subset this reader reads; `nil` otherwise
  /// (not necessarily an unreadable record: `JSONDecoder` decides then).
  static func document(_ data: Data) -> OutputManifest.Document? {
    data.withUnsafeBytes { raw -> OutputManifest.Document? in
      var reader = Cursor(bytes: raw.bindMemory(to: UInt8.self))
      return reader.record()
    }
  }

  /// A position in the record's bytes.
  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The whole record: one object, then only white space.
    mutating func record() -> OutputManifest.Document? {
      var version: Int? = nil
      var outputs: [String: String]? = nil
      var pending: [String: String]? = nil
      var kept: [String]? = nil
      var folders: [String: String]? = nil
      var hashes: [String: String]? = nil
      var appicon: [String: String]? = nil
      var project: String? = nil
      var created: [String]? = nil
      var symbol: [String: String]? = nil
      var seen: Set<String> = []
      skipSpace()
      guard take(UInt8(ascii: "{")) else { return nil }
      skipSpace()
      if !take(UInt8(ascii: "}")) {
        while true {
          skipSpace()
          guard let key = string(), seen.insert(key).inserted else { return nil }
          skipSpace()
          guard take(UInt8(ascii: ":")) else { return nil }
          skipSpace()
          switch key {
          case "version":
            guard let value = integer() else { return nil }
            version = value
          case "outputs":
            guard let value = stringMap() else { return nil }
            outputs = value
          case "pending":
            guard let value = stringMap() else { return nil }
            pending = value
          case "folders":
            guard let value = stringMap() else { return nil }
            folders = value
          case "hashes":
            guard let value = stringMap() else { return nil }
            hashes = value
          case "appicon":
            guard let value = stringMap() else { return nil }
            appicon = value
          case "symbol":
            guard let value = stringMap() else { return nil }
            symbol = value
          case "kept":
            guard let value = stringList() else { return nil }
            kept = value
          case "created":
            guard let value = stringList() else { return nil }
            created = value
          case "project":
            guard let value = string() else { return nil }
            project = value
          default: return nil
          }
          skipSpace()
          if take(UInt8(ascii: ",")) { continue }
          guard take(UInt8(ascii: "}")) else { return nil }
          break
        }
      }
      skipSpace()
      guard index == bytes.count, let version, let outputs else { return nil }
      return OutputManifest.Document(
        version: version, outputs: outputs, pending: pending, kept: kept, folders: folders,
        hashes: hashes, appicon: appicon, project: project, created: created, symbol: symbol)
    }

    /// Skips JSON white space (space, tab, line feed, carriage return).
    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// Takes `byte` when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// A string of printable ASCII without escapes; `nil` for anything else.
    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
          index += 1
          return text
        }
        // An escape, a control character or a non-ASCII byte: `JSONDecoder` reads it.
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      return nil
    }

    /// A JSON integer (`-?(0|[1-9][0-9]*)`) of at most 18 digits, not followed by a fraction
    /// or an exponent.
    mutating func integer() -> Int? {
      var negative = false
      if take(UInt8(ascii: "-")) { negative = true }
      let start = index
      var value = 0
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        // Only the first 18 digits are added up (more overflow `Int` and trap; such a number
        // is left to `JSONDecoder` below).
        if index - start < 18 { value = value * 10 + Int(bytes[index] - 0x30) }
        index += 1
      }
      let digits = index - start
      guard digits > 0, digits <= 18, !(digits > 1 && bytes[start] == 0x30) else { return nil }
      if index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
        default: break
        }
      }
      return negative ? -value : value
    }

    /// An object whose values are all strings, without duplicate keys.
    mutating func stringMap() -> [String: String]? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var map: [String: String] = [:]
      skipSpace()
      if take(UInt8(ascii: "}")) { return map }
      while true {
        skipSpace()
        guard let key = string() else { return nil }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        guard let value = string(), map.updateValue(value, forKey: key) == nil else { return nil }
        skipSpace()
        if take(UInt8(ascii: ",")) { continue }
        return take(UInt8(ascii: "}")) ? map : nil
      }
    }

    /// An array of strings.
    mutating func stringList() -> [String]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var list: [String] = []
      skipSpace()
      if take(UInt8(ascii: "]")) { return list }
      while true {
        skipSpace()
        guard let value = string() else { return nil }
        list.append(value)
        skipSpace()
        if take(UInt8(ascii: ",")) { continue }
        return take(UInt8(ascii: "]")) ? list : nil
      }
    }
  }
}
