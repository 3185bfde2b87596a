import FoundationEssentials
import Glibc

/// File names whose bytes are not UTF-8, carried losslessly in Swift strings.
///
/// POSIX file names are bytes; Swift strings are Unicode. A byte that is not part of valid
/// UTF-8 is kept as the private-use scalar U+10FF00 + byte (U+10FF80 to U+10FFFF, plane 16),
/// in the spirit of Python's "surrogateescape" (PEP 383), which Swift strings cannot hold.
/// `Platform` turns such strings back into the original bytes for every system call, so a
/// file given as `caf\xE9.svg` (Latin-1) is opened as it is; messages show the byte as `\xE9`.
package enum FileName {
  /// The folder holding `path`, as `NSString.deletingLastPathComponent` gives it (`a/b.png`:
  /// `a`; `/a`: `/`; `b.png`: empty; trailing slashes ignored), without calling it: corelibs
  /// Foundation (Swift 6.3.1) traps on a one-character path such as `x` or `x//` (SIGILL: the
  /// whole process dies; issue 32's CI run).
  package static func parent(of path: String) -> String {
    var scalars = Array(path.unicodeScalars)
    while scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
    guard let slash = scalars.lastIndex(of: "/") else { return "" }
    var end = slash
    while end > 0, scalars[end - 1] == "/" { end -= 1 }
    if end == 0 { return "/" }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars[..<end])
    return String(result)
  }

  /// The first escape scalar: U+10FF00 + byte.
  package static let escapeBase: UInt32 = 0x10_FF00

  /// `bytes` as a string: valid UTF-8 as it is, every other byte escaped.
  package static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let bytes = Array(bytes)
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        lead < 0x80
        ? 1
        : lead >> 5 == 0b110
          ? 2
          : lead >> 4 == 0b1110
            ? 3
            : lead >> 3 == 0b11110
              ? 4 : 0
      if length > 0, index + length <= bytes.count,
        let piece = String(validating: bytes[index..<index + length], as: UTF8.self)
      {
        scalars.append(contentsOf: piece.unicodeScalars)
        index += length
      } else {
        scalars.append(Unicode.Scalar(escapeBase + UInt32(lead))!)
        index += 1
      }
    }
    return String(scalars)
  }

  /// The bytes `text` stands for: UTF-8, escaped bytes restored, no terminating NUL.
  package static func bytes(_ text: String) -> [UInt8] {
    guard hasEscapes(text) else { return Array(text.utf8) }
    var out: [UInt8] = []
    for scalar in text.unicodeScalars {
      if let byte = escapedByte(scalar) {
        out.append(byte)
      } else {
        out += Array(String(scalar).utf8)
      }
    }
    return out
  }

  /// Whether `text` holds bytes that are not UTF-8 (escaped).
  package static func hasEscapes(_ text: String) -> Bool {
    text.unicodeScalars.contains { escapedByte($0) != nil }
  }

  /// `text` for a message: each escaped byte as `\xNN` (upper-case hex).
  package static func display(_ text: String) -> String {
    guard hasEscapes(text) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if let byte = escapedByte(scalar) {
        out += String(cFormat: "\\x%02X", byte)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Calls `body` with `path` as a NUL-terminated C string of its original bytes.
  package static func withCPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    guard hasEscapes(path) else { return path.withCString(body) }
    let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
    return raw.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  private static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    guard value >= escapeBase + 0x80, value <= escapeBase + 0xFF else { return nil }
    return UInt8(value - escapeBase)
  }
}
