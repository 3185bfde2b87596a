/// One HTTP/1.1 request as `golden review`'s server reads it: the method, the path
/// (percent-decoded), the query parameters, the headers and the body. The parser is pure Swift
/// with no Foundation, so `scripts/fuzz http` can build it alone; it never traps on any input.
///
/// Refused (RFC 9112): a request line that is not `METHOD SP TARGET SP HTTP/1.x`, a target
/// that is not an absolute path (`/...`), a header line without `:` or with a name that is not
/// a token, obsolete line folding, `Transfer-Encoding` (the page never sends chunked bodies),
/// a `Content-Length` that is not digits or is given twice with different values, a path with
/// a bad `%` escape, `%00` or bytes that are not UTF-8, headers past `maximumHeaderBytes` and
/// a body past `maximumBodyBytes`.
public struct GoldenHTTPRequest: Sendable, Equatable {
  /// `GET`, `POST`, ... (case kept; methods are case-sensitive).
  public var method: String
  /// The path, percent-decoded, e.g. `/api/accept`.
  public var path: String
  /// Query parameters in order, percent-decoded (`+` as a space).
  public var query: [(name: String, value: String)]
  /// Header names in lower case with their values (surrounding blanks removed), in order.
  public var headers: [(name: String, value: String)]
  /// The body (`Content-Length` bytes).
  public var body: [UInt8]

  /// Largest request line plus headers: 16 KiB.
  public static let maximumHeaderBytes = 16 * 1024
  /// Largest body: 4 MiB (an accept of every path of a 10,000-image set fits).
  public static let maximumBodyBytes = 4 * 1024 * 1024

  /// The first value of header `name` (lower case), if any.
  public func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// The first value of query parameter `name`, if any.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// What `parse` found.
  public enum Parsed: Sendable, Equatable {
    /// More bytes are needed.
    case incomplete
    /// A request, and how many bytes of the input it used.
    case request(GoldenHTTPRequest, consumed: Int)
    /// The bytes are not a request the server takes: the status to answer (400, 413, 431,
    /// 501, 505) and why.
    case invalid(status: Int, reason: String)
  }

  /// Parses the start of `bytes`.
  public static func parse(_ bytes: [UInt8]) -> Parsed {
    guard let end = headerEnd(bytes) else {
      return bytes.count > maximumHeaderBytes
        ? .invalid(status: 431, reason: "request headers are too large") : .incomplete
    }
    guard end <= maximumHeaderBytes else {
      return .invalid(status: 431, reason: "request headers are too large")
    }
    var lines = split(bytes[0..<end])
    guard !lines.isEmpty else { return .invalid(status: 400, reason: "empty request") }
    let requestLine = lines.removeFirst()
    let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
      return .invalid(status: 400, reason: "malformed request line")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .invalid(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are served")
    }
    let target = parts[1]
    guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .invalid(status: 400, reason: "the target must be a path starting with /")
    }
    let question = target.firstIndex(of: UInt8(ascii: "?"))
    let rawPath = target[target.startIndex..<(question ?? target.endIndex)]
    guard let path = percentDecode(rawPath, plusIsSpace: false) else {
      return .invalid(status: 400, reason: "bad percent escape in the path")
    }
    var query: [(name: String, value: String)] = []
    if let question {
      for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
        let equals = pair.firstIndex(of: UInt8(ascii: "="))
        guard
          let name = percentDecode(
            pair[pair.startIndex..<(equals ?? pair.endIndex)], plusIsSpace: true),
          let value = percentDecode(equals.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true)
        else { return .invalid(status: 400, reason: "bad percent escape in the query") }
        query.append((name, value))
      }
    }
    var headers: [(name: String, value: String)] = []
    for line in lines {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        return .invalid(status: 400, reason: "header line without ':'")
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
        return .invalid(status: 400, reason: "bad header name (or obsolete line folding)")
      }
      var value = line[(colon + 1)...]
      while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
      while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
      guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
        return .invalid(status: 400, reason: "control character in a header value")
      }
      headers.append(
        (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
      )
    }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      return .invalid(
        status: 501, reason: "Transfer-Encoding is not supported; send Content-Length")
    }
    let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
    var length = 0
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 12,
        first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(first)
      else { return .invalid(status: 400, reason: "bad Content-Length") }
      length = number
    }
    guard length <= maximumBodyBytes else {
      return .invalid(status: 413, reason: "the body is larger than 4 MiB")
    }
    let bodyStart = end + 4
    guard bytes.count - bodyStart >= length else { return .incomplete }
    let request = GoldenHTTPRequest(
      method: String(decoding: parts[0], as: UTF8.self), path: path, query: query,
      headers: headers, body: Array(bytes[bodyStart..<(bodyStart + length)]))
    return .request(request, consumed: bodyStart + length)
  }

  /// The index of the `\r\n\r\n` that ends the headers, if present.
  static func headerEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var index = 0
    while index + 3 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
        && bytes[index + 3] == 10
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Lines split at `\r\n`; a bare `\n` or `\r` inside a line makes it invalid later (it is
  /// neither a token byte nor allowed in a value).
  static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
        lines.append(bytes[start..<index])
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    lines.append(bytes[start..<bytes.endIndex])
    return lines
  }

  /// RFC 9110 `tchar`.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// `%XX` decoded (and `+` as a space when asked); `nil` for a bad escape, `%00` or bytes that
  /// are not UTF-8.
  static func percentDecode<C: Collection>(_ bytes: C, plusIsSpace: Bool) -> String?
  where C.Element == UInt8 {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue),
          let low = iterator.next().flatMap(hexValue)
        else { return nil }
        let value = high << 4 | low
        guard value != 0 else { return nil }
        out.append(value)
      } else if byte == UInt8(ascii: "+") && plusIsSpace {
        out.append(0x20)
      } else {
        out.append(byte)
      }
    }
    return String(validating: out, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// Two requests are equal when every part is (tuples have no `==` of their own).
  public static func == (a: GoldenHTTPRequest, b: GoldenHTTPRequest) -> Bool {
    a.method == b.method && a.path == b.path && a.body == b.body
      && a.query.map { [$0.name, $0.value] } == b.query.map { [$0.name, $0.value] }
      && a.headers.map { [$0.name, $0.value] } == b.headers.map { [$0.name, $0.value] }
  }
}
