import FoundationEssentials

/// The first syntax error of a JSON document, worded and placed as corelibs Foundation's
/// `JSONSerialization` (Swift 6.3.1, `.fragmentsAllowed`) words it in its error's debug
/// description ("Invalid value around character 12.", "Unexpected end of file during JSON
/// parse."): `JSONSyntaxProblem` and `StrictJSON` turn those words into their messages, and
/// `JSONSerialization` is Foundation's (importing it links ICU, issue 37).
///
/// A recognizer of JSON's grammar on the bytes: it builds no values (`JSONDecoder` reads the
/// document) and walks the same steps as Foundation's parser, so that the byte offsets it
/// names are Foundation's: trailing commas are accepted as Foundation accepts them
/// (`StrictJSONSyntax` rejects them), a UTF-8 byte order mark is skipped, nesting deeper than
/// 512 arrays or objects is an error. One difference, on purpose: after a UTF-8 byte order
/// mark the offsets count from the file's first byte, where Foundation's count from the
/// byte after the mark (3 less), so that `JSONSyntaxProblem` places the error in the file.
/// Offsets count bytes of the document as UTF-8 (a UTF-16 or UTF-32 document transcoded,
/// as Foundation does: `transcoded`). Iterative: no recursion, whatever the nesting.
/// `JSONSyntaxCheckTests` compares it with `JSONSerialization` on many broken documents.
package enum JSONSyntaxCheck {
  /// Foundation's debug description of the first error in `data`, or `nil` when `data` is
  /// JSON (numbers beyond a double included: "Number 1e999 is not representable in Swift.").
  package static func firstError(in data: Data) -> String? {
    let original = [UInt8](data)
    guard let bytes = transcoded(original) else {
      return "Cannot convert input string to valid utf8 input."
    }
    // A UTF-16 or UTF-32 document's mark is gone with its encoding: a U+FEFF after it is a
    // character Foundation does not skip (found by `scripts/fuzz readers`).
    var reader = Reader(bytes: bytes, skippingMark: bytes == original)
    do {
      try reader.document()
      return nil
    } catch {
      return error.text
    }
  }

  /// `bytes` as UTF-8: as they are unless Foundation's encoding detection (a UTF-16 or UTF-32
  /// byte order mark, or NUL bytes among the first four) finds UTF-16 or UTF-32, which are
  /// decoded (the mark and an incomplete last unit dropped); `nil` when they do not decode.
  static func transcoded(_ bytes: [UInt8]) -> [UInt8]? {
    enum Form { case utf16(big: Bool), utf32(big: Bool) }
    var form: Form?
    var skip = 0
    if bytes.count >= 4 {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return bytes }
      if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
        (form, skip) = (.utf32(big: true), 4)
      } else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
        (form, skip) = (.utf32(big: false), 4)
      } else if bytes.starts(with: [0xFF, 0xFE]) {
        (form, skip) = (.utf16(big: false), 2)
      } else if bytes.starts(with: [0xFE, 0xFF]) {
        (form, skip) = (.utf16(big: true), 2)
      } else {
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0, 0, 0, _): form = .utf32(big: true)
        case (_, 0, 0, 0): form = .utf32(big: false)
        case (0, _, 0, _): form = .utf16(big: true)
        case (_, 0, _, 0): form = .utf16(big: false)
        default: break
        }
      }
    } else if bytes.count >= 2 {
      // Fewer than four bytes are never UTF-32 (`00 00` is UTF-16's U+0000: "Invalid value
      // around character 0.", found by `scripts/fuzz readers`).
      switch (bytes[0], bytes[1]) {
      case (0, _): form = .utf16(big: true)
      case (_, 0): form = .utf16(big: false)
      default: break
      }
    }
    guard let form else { return bytes }
    let body = Array(bytes[skip...])
    switch form {
    case .utf16(let big):
      var units: [UInt16] = []
      for start in stride(from: 0, to: body.count - 1, by: 2) {
        let (high, low) = big ? (body[start], body[start + 1]) : (body[start + 1], body[start])
        units.append(UInt16(high) << 8 | UInt16(low))
      }
      return String(validating: units, as: UTF16.self).map { Array($0.utf8) }
    case .utf32(let big):
      var scalars = String.UnicodeScalarView()
      for start in stride(from: 0, to: body.count - 3, by: 4) {
        let word = big ? Array(body[start..<start + 4]) : body[start..<start + 4].reversed()
        let value = word.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        scalars.append(scalar)
      }
      return Array(String(scalars).utf8)
    }
  }

  fileprivate enum Failure: Error {
    case endOfFile
    case unexpected(Int)
    case escape(Int)
    case control(Int)
    case leadingZero(Int)
    case hex(String, Int)
    case lowSurrogate
    case scalar
    case tooDeep(Int)
    case notRepresentable(String)
    case utf8(count: Int, start: Int)

    var text: String {
      switch self {
      case .endOfFile: return "Unexpected end of file during JSON parse."
      case .unexpected(let i): return "Invalid value around character \(i)."
      case .escape(let i): return "Invalid escape sequence around character \(i)."
      case .control(let i): return "Unescaped control character around character \(i)."
      case .leadingZero(let i): return "Number with leading zero around character \(i)."
      case .hex(let digits, let i): return "Invalid hex encoded sequence in \"\(digits)\" at \(i)."
      case .lowSurrogate:
        return "Unexpected end of file during string parse (expected low-surrogate code point "
          + "but did not find one)."
      case .scalar:
        return "Unable to convert hex escape sequence (no high character) to UTF8-encoded "
          + "character."
      case .tooDeep(let i): return "Too many nested arrays or dictionaries around character \(i)."
      case .notRepresentable(let number): return "Number \(number) is not representable in Swift."
      case .utf8(let count, let start):
        return "Invalid UTF-8 sequence \(count) bytes starting from character \(start)."
      }
    }
  }

  private enum Frame {
    case array
    case object
  }

  private struct Reader {
    let bytes: [UInt8]
    var i = 0
    /// The numbers read, checked once the whole document is JSON (as Foundation converts
    /// them after parsing).
    var numbers: [String] = []

    init(bytes: [UInt8], skippingMark: Bool) {
      self.bytes = bytes
      // Foundation looks for a byte order mark only in four bytes or more.
      if skippingMark, bytes.count >= 4, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// Throws `.utf8` when `bytes[range]` is not UTF-8, naming `count` bytes from its start.
    func validate(_ range: Range<Int>, count: Int) throws(Failure) {
      guard String(validating: bytes[range], as: UTF8.self) == nil else { return }
      throw .utf8(count: count, start: range.lowerBound)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips blanks; the next byte (not consumed).
    /// - Throws: `.endOfFile` when there is none.
    mutating func skipBlanks() throws(Failure) -> UInt8 {
      while i < bytes.count, Self.isBlank(bytes[i]) { i += 1 }
      guard i < bytes.count else { throw .endOfFile }
      return bytes[i]
    }

    mutating func document() throws(Failure) {
      _ = try skipBlanks()
      var stack: [Frame] = []
      // Whether the next step reads a value (true) or what follows one (false).
      var wantValue = true
      while true {
        if wantValue {
          // A value; containers push a frame and read their first member here.
          var opened: Frame?
          try value(opened: &opened, depth: stack.count)
          if let frame = opened {
            stack.append(frame)
            let next = try skipBlanks()
            if next == (frame == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
              i += 1
              stack.removeLast()
              wantValue = false
              if stack.isEmpty { break }
              continue
            }
            if frame == .object { try key() }
            continue
          }
          wantValue = false
          if stack.isEmpty { break }
          continue
        }
        // After a member of the innermost container.
        let frame = stack.last!
        let close = frame == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
        let next = try skipBlanks()
        if next == close {
          i += 1
          stack.removeLast()
          if stack.isEmpty { break }
          continue
        }
        guard next == UInt8(ascii: ",") else { throw .unexpected(i) }
        i += 1
        if try skipBlanks() == close {
          i += 1
          stack.removeLast()
          if stack.isEmpty { break }
          continue
        }
        if frame == .object { try key() }
        wantValue = true
      }
      var trailing = i
      while trailing < bytes.count {
        guard Self.isBlank(bytes[trailing]) else { throw .unexpected(trailing) }
        trailing += 1
      }
      for number in numbers where !Self.representable(number) {
        throw .notRepresentable(number)
      }
    }

    /// A key, blanks and the colon, and the blanks before the value.
    mutating func key() throws(Failure) {
      try string()
      guard try skipBlanks() == UInt8(ascii: ":") else { throw .unexpected(i) }
      i += 1
      _ = try skipBlanks()
    }

    static func representable(_ number: String) -> Bool {
      if Int64(number) != nil { return true }
      if let value = Double(number), value.isFinite { return true }
      return false
    }

    /// One value after blanks; a container's opening bracket is consumed and named in
    /// `opened`.
    mutating func value(opened: inout Frame?, depth: Int) throws(Failure) {
      let byte = try skipBlanks()
      switch byte {
      case UInt8(ascii: "\""):
        try string()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        i += 1
        guard depth < 512 else { throw .tooDeep(i) }
        opened = byte == UInt8(ascii: "{") ? .object : .array
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try number()
      default:
        throw .unexpected(i)
      }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
      let text = word.withUTF8Buffer { Array($0) }
      for expected in text {
        guard i < bytes.count else { throw .endOfFile }
        let byte = bytes[i]
        i += 1
        if byte != expected {
          if i >= bytes.count { throw .endOfFile }
          throw .unexpected(i - 1)
        }
      }
    }

    mutating func string() throws(Failure) {
      guard i < bytes.count else { throw .endOfFile }
      guard bytes[i] == UInt8(ascii: "\"") else { throw .unexpected(i) }
      i += 1
      var start = i
      while i < bytes.count {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "\""):
          try validate(start..<i, count: i - start)
          i += 1
          return
        case 0...31:
          // Foundation names the bytes up to the control character when they are not UTF-8.
          try validate(start..<i, count: i + 1 - start)
          throw .control(i)
        case UInt8(ascii: "\\"):
          try validate(start..<i, count: i - start)
          try escape()
          start = i
        default:
          i += 1
        }
      }
      throw .endOfFile
    }

    mutating func escape() throws(Failure) {
      let backslash = i
      i += 1
      guard i < bytes.count else { throw .endOfFile }
      let byte = bytes[i]
      i += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        return
      case UInt8(ascii: "u"):
        let unit = try hex()
        if unit & 0xFC00 == 0xD800 {
          guard i + 1 < bytes.count else { throw .endOfFile }
          let (slash, u) = (bytes[i], bytes[i + 1])
          i += 2
          guard slash == UInt8(ascii: "\\"), u == UInt8(ascii: "u") else {
            try validate(backslash..<i, count: i - backslash)
            throw .lowSurrogate
          }
          let low = try hex()
          guard low & 0xFC00 == 0xDC00 else { throw .lowSurrogate }
          return
        }
        guard Unicode.Scalar(UInt32(unit)) != nil else { throw .scalar }
      default:
        try validate(backslash..<backslash + 2, count: 2)
        throw .escape(backslash)
      }
    }

    mutating func hex() throws(Failure) -> UInt16 {
      let start = i
      guard i + 4 <= bytes.count else {
        i = bytes.count
        throw .endOfFile
      }
      let digits = bytes[i..<i + 4]
      i += 4
      var value: UInt16 = 0
      for digit in digits {
        let nibble: UInt8
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
        default: throw .hex(String(decoding: digits, as: UTF8.self), start)
        }
        value = value << 4 | UInt16(nibble)
      }
      return value
    }

    mutating func number() throws(Failure) {
      enum Past { case operand, point, exponent, sign }
      let start = i
      var past = Past.operand
      var digits = bytes[i] == UInt8(ascii: "-") ? 0 : 1
      var leadingZero = bytes[i] == UInt8(ascii: "0")
      var count = 1
      while i + count < bytes.count {
        let byte = bytes[i + count]
        switch byte {
        case UInt8(ascii: "0"):
          if leadingZero { throw .leadingZero(i + count) }
          if digits == 0, past == .operand { leadingZero = true }
          count += 1
          digits += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
          if leadingZero { throw .leadingZero(i + count) }
          count += 1
          digits += 1
        case UInt8(ascii: "."):
          guard digits > 0, past == .operand else { throw .unexpected(i + count) }
          count += 1
          leadingZero = false
          past = .point
          digits = 0
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
          guard digits > 0, past == .operand || past == .point else {
            throw .unexpected(i + count)
          }
          count += 1
          leadingZero = false
          past = .exponent
          digits = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
          guard digits == 0, past == .exponent else { throw .unexpected(i + count) }
          count += 1
          past = .sign
          digits = 0
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
          guard digits > 0 else { throw .unexpected(i + count) }
          i += count
          numbers.append(String(decoding: bytes[start..<i], as: UTF8.self))
          return
        default:
          throw .unexpected(i + count)
        }
      }
      guard digits > 0 else { throw .endOfFile }
      i = bytes.count
      numbers.append(String(decoding: bytes[start..<i], as: UTF8.self))
    }
  }
}
