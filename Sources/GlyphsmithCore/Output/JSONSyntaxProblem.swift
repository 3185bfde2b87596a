import FoundationEssentials
import Glibc

/// Says where a JSON file stops being JSON, for messages naming a spec, config or manifest.
///
/// Foundation's parsers report "The data is not in the correct format." with the byte offset
/// only in the underlying `NSError`'s debug description ("Invalid value around character
/// 12."); this turns that offset into a 1-based line and column (columns count characters).
package enum JSONSyntaxProblem {
  /// What is wrong with `data` as JSON text: "the file is empty" for empty or blank data,
  /// "not valid JSON at line L, column C (what Foundation says)", or "not valid JSON: it stops
  /// at line L, column C before the JSON is complete" (the last non-blank character); `nil` when `data` parses (so a
  /// decoding error is about keys or types, not syntax). `JSONDecoder`'s errors carry no
  /// position, so the data is checked again here by `JSONSyntaxCheck` (Foundation's words).
  /// Lines and columns are those of the text: a UTF-16 or UTF-32 document's offsets are
  /// placed in it as UTF-8 (as `JSONSyntaxCheck` counts them), and a byte order mark is no
  /// column.
  package static func describe(_ original: Data) -> String? {
    if original.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "the file is empty" }
    guard let debug = JSONSyntaxCheck.firstError(in: original) else { return nil }
    let data = JSONSyntaxCheck.transcoded([UInt8](original)).map { Data($0) } ?? original
    if debug.hasPrefix("Unexpected end of file") {
      // Where the last non-blank character is: trailing newlines would put the end on a
      // line of its own.
      let last = data.lastIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? data.startIndex
      let (line, column) = position(ofByte: last - data.startIndex, in: data)
      return
        "not valid JSON: it stops at line \(line), column \(column) before the JSON is complete"
    }
    // A number no double holds (`1e999`): Foundation names it without a place (issue 35's
    // third trial, finding 12).
    if let (token, offset) = unrepresentableNumber(in: data) {
      let (line, column) = position(ofByte: offset, in: data)
      return "not valid JSON at line \(line), column \(column): the number \(token) is beyond "
        + "what a double holds (about 1.8e308 either way); write a number in range"
    }
    // A file in another encoding (Latin-1, Windows-1252): where, and what to do, instead of
    // Foundation's "Invalid UTF-8 sequence 1 bytes starting from character 24." (t37c).
    if debug.hasPrefix("Invalid UTF-8 sequence"), let range = debug.firstRange(of: "from character "),
      let offset = Int(debug[range.upperBound...].prefix { $0.isNumber })
    {
      // Foundation names the string the sequence is in: the first byte that is not UTF-8.
      var at = min(offset, data.count)
      var bytes = data[(data.startIndex + at)...].makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      scan: while true {
        switch parser.parseScalar(from: &bytes) {
        case .valid(let scalar): at += scalar.count
        case .error, .emptyInput: break scan
        }
      }
      let (line, column) = position(ofByte: at, in: data)
      return "not valid JSON at line \(line), column \(column): the file is not UTF-8 text; "
        + "save it as UTF-8"
    }
    if debug.hasPrefix("Cannot convert input string") {
      return "not valid JSON: the file is neither UTF-8, UTF-16 nor UTF-32 text; save it as UTF-8"
    }
    guard let range = debug.firstRange(of: "around character "),
      let offset = Int(debug[range.upperBound...].prefix { $0.isNumber })
    else { return "not valid JSON (\(debug))" }
    let (line, column) = position(ofByte: min(offset, data.count), in: data)
    let what = debug[..<range.lowerBound].trimmingWhitespace()
    return "not valid JSON at line \(line), column \(column) (\(what.lowercased()))"
  }

  /// The first number of `data` (outside strings) that no finite double holds, and its byte
  /// offset; `nil` when there is none.
  package static func unrepresentableNumber(in data: Data) -> (token: String, offset: Int)? {
    let bytes = [UInt8](data)
    var i = 0
    var inString = false
    while i < bytes.count {
      let byte = bytes[i]
      if inString {
        if byte == UInt8(ascii: "\\") { i += 2; continue }
        if byte == UInt8(ascii: "\"") { inString = false }
        i += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        i += 1
        continue
      }
      if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let start = i
        while i < bytes.count, "-+.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
        let token = String(decoding: bytes[start..<i], as: UTF8.self)
        if let value = Double(token), !value.isFinite { return (token, start) }
        continue
      }
      i += 1
    }
    return nil
  }

  /// The 1-based line and column of byte `offset` of `data` (UTF-8); a byte order mark
  /// at the start is no column.
  package static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
    let before = data.prefix(offset)
    let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    var lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
    if lineStart == data.startIndex, before.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart += 3 }
    let text = String(decoding: before[lineStart...], as: UTF8.self)
    return (line, text.count + 1)
  }
}
