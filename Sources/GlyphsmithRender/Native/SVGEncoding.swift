import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The character encodings the canonical read (`CanonicalSVG`) accepts, decided from the byte
/// order mark, the first four bytes (XML 1.0 Appendix F) and the XML declaration's
/// `encoding`, before libxml2 decodes anything: UTF-8 (and US-ASCII), UTF-16 (either byte
/// order), ISO-8859-1 to -16 and the Windows single-byte code pages 1250 to 1258. Every other
/// encoding (UTF-7, UTF-32, EBCDIC, Shift_JIS, ...) is refused by name: libxml2 would decode
/// it through iconv into a document the byte-level readers of earlier versions never saw.
enum SVGEncoding {
  /// The encoding `data` is in (as declared, or as its first bytes say), or why it is refused.
  enum Verdict: Equatable {
    case accepted(String)
    case refused(String)
  }

  /// Reads the encoding of `data`.
  static func verdict(_ data: Data) -> Verdict {
    let head = [UInt8](data.prefix(4))
    func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
    if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00])
      || starts([0x00, 0x00, 0x00, 0x3C]) || starts([0x3C, 0x00, 0x00, 0x00])
    {
      return .refused("UTF-32")
    }
    if starts([0x4C, 0x6F, 0xA7, 0x94]) { return .refused("EBCDIC") }
    if starts([0xDD, 0x73, 0x66, 0x73]) { return .refused("UTF-EBCDIC") }
    if starts([0x2B, 0x2F, 0x76]) { return .refused("UTF-7") }
    let family: String
    let declaration: String
    if starts([0xFE, 0xFF]) || starts([0x00, 0x3C, 0x00, 0x3F]) {
      family = "UTF-16"
      declaration = decodeUTF16(data, bigEndian: true)
    } else if starts([0xFF, 0xFE]) || starts([0x3C, 0x00, 0x3F, 0x00]) {
      family = "UTF-16"
      declaration = decodeUTF16(data, bigEndian: false)
    } else {
      family = "UTF-8"
      let skip = starts([0xEF, 0xBB, 0xBF]) ? 3 : 0
      declaration = String(decoding: data.dropFirst(skip).prefix(256), as: Unicode.ASCII.self)
    }
    guard let declared = declaredEncoding(declaration) else { return .accepted(family) }
    let upper = declared.uppercased()
    if family == "UTF-16" {
      // libxml2 decodes by the byte order mark; a single-byte name there is not what is read.
      return upper.hasPrefix("UTF-16") || upper == "UTF16" || upper == "UCS-2"
        ? .accepted(family) : .refused(declared + " (declared in a UTF-16 document)")
    }
    return isAccepted(upper) ? .accepted(declared) : .refused(declared)
  }

  /// Whether `name` (upper case) is one of the single-byte or UTF-8 encodings accepted in a
  /// document whose bytes are ASCII-compatible.
  static func isAccepted(_ name: String) -> Bool {
    if ["UTF-8", "UTF8", "US-ASCII", "ASCII", "LATIN1", "LATIN-1", "L1"].contains(name) {
      return true
    }
    for prefix in ["ISO-8859-", "ISO_8859-", "ISO8859-", "ISO-8859_", "ISO8859"] {
      if name.hasPrefix(prefix), let part = Int(name.dropFirst(prefix.count)),
        (1...16).contains(part), part != 12
      {
        return true
      }
    }
    for prefix in ["WINDOWS-", "CP", "CP-"] {
      if name.hasPrefix(prefix), let page = Int(name.dropFirst(prefix.count)),
        (1250...1258).contains(page)
      {
        return true
      }
    }
    return false
  }

  /// The first 128 code units of UTF-16 `data` (its byte order mark skipped) as text.
  private static func decodeUTF16(_ data: Data, bigEndian: Bool) -> String {
    var bytes = [UInt8](data.prefix(258))
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      bytes.removeFirst(2)
    }
    var units: [UInt16] = []
    var k = 0
    while k + 1 < bytes.count {
      let unit =
        bigEndian
        ? UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1])
        : UInt16(bytes[k + 1]) << 8 | UInt16(bytes[k])
      units.append(unit)
      k += 2
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The `encoding` pseudo-attribute of an XML declaration at the start of `text`.
  static func declaredEncoding(_ text: String) -> String? {
    guard text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") else { return nil }
    let declaration = text[..<end.lowerBound]
    guard let key = declaration.firstRange(of: "encoding") else { return nil }
    var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard rest.first == "=" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let name = rest.dropFirst().prefix { $0 != quote }
    return String(name)
  }
}
