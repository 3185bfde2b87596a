import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Asset names as Xcode sees them: the file name without its extension, Unicode-normalised
/// to NFC, spaces and non-ASCII kept. Two names that differ only in case collide (they share a
/// folder on macOS's default case-insensitive file system).
package enum AssetName {
  /// The asset name for an input path: last component, extension dropped, NFC.
  package static func from(path: String) -> String {
    var file = Substring(path)
    if let slash = file.lastIndex(of: "/") { file = file[file.index(after: slash)...] }
    if let dot = file.lastIndex(of: "."), dot != file.startIndex { file = file[..<dot] }
    // ASCII is already in NFC; only other names go through Foundation's normalisation.
    return file.utf8.allSatisfy { $0 < 0x80 }
      ? String(file) : String(file).canonicalComposition
  }

  /// The key two names collide on: NFC, then case-folded.
  package static func collisionKey(_ name: String) -> String {
    name.utf8.allSatisfy { $0 < 0x80 }
      ? name.lowercased() : name.canonicalComposition.lowercased()
  }

  /// Finds the first collision among `(name, path)` pairs, in order: the error names the
  /// earlier input and the later one.
  package static func firstCollision(_ entries: [(name: String, path: String)]) -> GlyphsmithError? {
    collisions(entries).first
  }

  /// Every collision among `(name, path)` pairs, in order: each later input whose name an
  /// earlier one has, named with the first of them.
  package static func collisions(_ entries: [(name: String, path: String)]) -> [GlyphsmithError] {
    var seen: [String: (name: String, path: String)] = [:]
    var found: [GlyphsmithError] = []
    for entry in entries {
      let key = collisionKey(entry.name)
      if let earlier = seen[key] {
        found.append(.nameCollision(name: entry.name, first: earlier.path, second: entry.path))
      } else {
        seen[key] = entry
      }
    }
    return found
  }
}
