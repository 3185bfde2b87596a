import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// Encodes each shape of imageset `Contents.json` once: the text for a set differs from the
/// template only in the set's name, which is substituted when it needs no JSON escaping (no
/// quote, backslash or control character); other names are encoded in full. JSONEncoder
/// produces every text either way.
final class ContentsTemplates: Sendable {
  /// The template text split at each placeholder, by the callers' shape keys.
  private let keyed = Mutex<[String: [Data]]>([:])
  private static let placeholder = "GLYPHSMITH-SET-NAME-PLACEHOLDER"

  /// Whether `setName` is substituted into a template (else the text is encoded in full).
  private static func substitutable(_ setName: String) -> Bool {
    !setName.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
      && (setName.utf8.count < placeholder.utf8.count || !setName.contains(placeholder))
  }

  /// The text of a set named `setName` whose shape (everything but the name) the caller
  /// names `key`; `contents(name)` builds the contents of the set named `name`, called only
  /// the first time a key is seen (with a placeholder name) or when the name needs escaping.
  /// Equal to `contents(setName).xcodeJSON()` as long as `contents` puts the name it is given
  /// wherever the set name goes and nothing else depends on it.
  func json(key: String, setName: String, contents: (String) -> AssetContents) -> Data {
    guard Self.substitutable(setName) else {
      return (try? contents(setName).xcodeJSON()) ?? Data()
    }
    var parts = keyed.withLock { $0[key] }
    if parts == nil {
      let template = (try? contents(Self.placeholder).xcodeJSON()) ?? Data()
      let split = template.split(separator: Data(Self.placeholder.utf8))
      keyed.withLock { $0[key] = split }
      parts = split
    }
    return Self.join(parts!, name: setName)
  }

  /// `parts` joined with `name` between each two.
  private static func join(_ parts: [Data], name setName: String) -> Data {
    var out = Data()
    let name = Data(setName.utf8)
    for (index, part) in parts.enumerated() {
      if index > 0 { out.append(name) }
      out.append(part)
    }
    return out
  }
}

extension Data {
  /// The bytes between occurrences of `separator` (empty pieces kept).
  fileprivate func split(separator: Data) -> [Data] {
    var parts: [Data] = []
    var start = startIndex
    while let found = self[start...].firstRange(of: separator) {
      parts.append(self[start..<found.lowerBound])
      start = found.upperBound
    }
    parts.append(self[start..<endIndex])
    return parts
  }
}
