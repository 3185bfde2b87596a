import FoundationEssentials
import Glibc

/// The one fact about the record of outputs (`.glyphsmith-outputs.json`, written by
/// `build` and `assets --prune` in each output folder; `OutputManifest` in the engine) that
/// `validate` needs without the engine: the set folders Glyphsmith pruned and keeps for
/// files the user put in them (its `"kept"` key, issue 32).
package enum OutputRecordFile {
  /// The record's file name inside each output folder (hidden: Xcode, aapt and the catalog
  /// validator skip dot files).
  package static let fileName = ".glyphsmith-outputs.json"

  /// The record's `"kept"` key alone; every other key is ignored.
  private struct Kept: Decodable {
    var kept: [String]?
  }

  /// The set folders the record of the output folder `root` lists as kept for the user's
  /// files (paths relative to `root`, such as `bell.imageset`); empty when there is no
  /// record, it cannot be read, or it keeps none.
  package static func keptSets(root: String) -> Set<String> {
    guard let data = FileManager.default.contents(atPath: root + "/" + fileName),
      let record = try? JSONDecoder().decode(Kept.self, from: data)
    else { return [] }
    return Set(
      (record.kept ?? []).filter { !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }
    )
  }
}
