import FoundationEssentials
import GlyphsmithCore

/// What `AssetsJob.plan(collected:)` looks up in the records of outputs of its output roots
/// (every root's recorded outputs, kept sets, hashes and `appicon` launcher files, by
/// normalised path starting with the root), made once per record version and brought up to
/// date from what changed in the records since (`OutputManifest.lookups(roots:)`), instead of
/// from every entry of every record on every plan (issue 36: a watched save of one icon of
/// 1,776 indexed 10,656 hashes, 16 % of its time).
package struct RecordLookups: Sendable, Equatable {
  /// Each root's recorded outputs (`OutputManifest.recordedOutputs`), by root.
  package var records: [String: Set<String>] = [:]
  /// Every root's recorded outputs as one set.
  package var recorded: Set<String> = []
  /// Every root's kept set folders (`OutputManifest.keptOutputs`).
  package var kept: Set<String> = []
  /// Every root's hashes (`OutputManifest.recordedHashes(root:)`), a later root's winning.
  package var hashes: [String: String] = [:]
  /// `hashes` by folder (the path up to its last `/`), then file name.
  package var hashesByFolder: [String: [String: String]] = [:]
  /// The folders of `hashes`' paths (`hashesByFolder`'s keys).
  package var hashedFolders: Set<String> = []
  /// Every root's `appicon` launcher files (`OutputManifest.launcherOutputs`), an earlier
  /// root's winning.
  package var launchers: [String: String] = [:]

  /// The lookups of `roots` made from every entry of their records, as `plan(collected:)`
  /// made them before issue 36.
  package static func full(roots: [String]) -> RecordLookups {
    var lookups = RecordLookups()
    lookups.records = Dictionary(
      uniqueKeysWithValues: roots.map { ($0, OutputManifest.recordedOutputs(root: $0)) })
    lookups.recorded = lookups.records.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    lookups.kept = roots.reduce(into: Set<String>()) {
      $0.formUnion(OutputManifest.keptOutputs(root: $1))
    }
    lookups.hashes = roots.reduce(into: [String: String]()) {
      $0.merge(OutputManifest.recordedHashes(root: $1)) { $1 }
    }
    lookups.launchers = roots.reduce(into: [String: String]()) {
      $0.merge(OutputManifest.launcherOutputs(root: $1)) { first, _ in first }
    }
    for (key, hash) in lookups.hashes { lookups.addHash(key, hash) }
    return lookups
  }

  /// Puts the hash of the normalised path `key` in `hashesByFolder` and `hashedFolders`.
  mutating func addHash(_ key: String, _ hash: String) {
    guard let slash = key.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
    let folder = String(key[..<slash])
    hashesByFolder[folder, default: [:]][String(key[key.index(after: slash)...])] = hash
    hashedFolders.insert(folder)
  }

  /// Takes the hash of the normalised path `key` out of `hashesByFolder` and `hashedFolders`.
  mutating func removeHash(_ key: String) {
    guard let slash = key.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
    let folder = String(key[..<slash])
    guard var files = hashesByFolder[folder] else { return }
    files[String(key[key.index(after: slash)...])] = nil
    if files.isEmpty {
      hashesByFolder[folder] = nil
      hashedFolders.remove(folder)
    } else {
      hashesByFolder[folder] = files
    }
  }
}
