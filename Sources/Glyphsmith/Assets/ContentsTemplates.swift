import Foundation
import Synchronization

/// Encodes each shape of imageset `Contents.json` once: the text for a set differs from the
/// template only in the set's name, which is substituted when it needs no JSON escaping (no
/// quote, backslash or control character); other names are encoded in full. JSONEncoder
/// produces every text either way.
final class ContentsTemplates: Sendable {
  /// The template text split at each placeholder, by shape.
  private let cache = Mutex<[String: [Data]]>([:])
  private static let placeholder = "GLYPHSMITH-SET-NAME-PLACEHOLDER"

  func json(_ contents: ImageSetContents, setName: String) -> Data {
    let plain = !setName.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    guard plain, !setName.contains(Self.placeholder) else {
      return (try? contents.xcodeJSON()) ?? Data()
    }
    var shape = contents
    for i in shape.images.indices where shape.images[i].filename.hasPrefix(setName) {
      shape.images[i].filename =
        Self.placeholder + shape.images[i].filename.dropFirst(setName.count)
    }
    let key =
      shape.images.map { "\($0.filename)|\($0.scale)|\($0.appearances?.count ?? 0)" }
      .joined(separator: ",") + "|\(shape.properties?.templateRenderingIntent ?? "")"
    var parts = cache.withLock { $0[key] }
    if parts == nil {
      let template = (try? shape.xcodeJSON()) ?? Data()
      let split = template.split(separator: Data(Self.placeholder.utf8))
      cache.withLock { $0[key] = split }
      parts = split
    }
    var out = Data()
    let name = Data(setName.utf8)
    for (index, part) in parts!.enumerated() {
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
    while let found = range(of: separator, in: start..<endIndex) {
      parts.append(self[start..<found.lowerBound])
      start = found.upperBound
    }
    parts.append(self[start..<endIndex])
    return parts
  }
}
