import Foundation

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
  /// position, so the data is parsed again here by `JSONSerialization`.
  package static func describe(_ data: Data) -> String? {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "the file is empty" }
    let debug: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
    if debug.hasPrefix("Unexpected end of file") {
      // Where the last non-blank character is: trailing newlines would put the end on a
      // line of its own.
      let last = data.lastIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? data.startIndex
      let (line, column) = position(ofByte: last - data.startIndex, in: data)
      return
        "not valid JSON: it stops at line \(line), column \(column) before the JSON is complete"
    }
    guard let range = debug.range(of: "around character "),
      let offset = Int(debug[range.upperBound...].prefix { $0.isNumber })
    else { return "not valid JSON (\(debug))" }
    let (line, column) = position(ofByte: min(offset, data.count), in: data)
    let what = debug[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    return "not valid JSON at line \(line), column \(column) (\(what.lowercased()))"
  }

  /// The 1-based line and column of byte `offset` of `data` (UTF-8).
  package static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
    let before = data.prefix(offset)
    let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
    let text = String(decoding: before[lineStart...], as: UTF8.self)
    return (line, text.count + 1)
  }
}
