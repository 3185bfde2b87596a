import Foundation
import Glyphsmith
import Testing

/// Issue 32, found by the new-user trial: removing the `web` block re-rendered and
/// byte-changed every iOS and Android PNG, since the platforms were in every fingerprint. An
/// output's fingerprint now depends only on what changes its bytes: its own platform's options.
@Suite("A platform's outputs do not depend on the other platforms")
struct PlatformFingerprintCLITests {
  typealias O = OwnershipCLITests

  /// Every file below `folders` of `project` but the records: its bytes and modification date.
  static func files(_ project: URL, _ folders: [String]) throws -> [String: (Data, Date)] {
    var found: [String: (Data, Date)] = [:]
    for folder in folders {
      let root = project.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: root.path)
      while let path = walker?.nextObject() as? String {
        guard !path.hasSuffix(OutputManifest.fileName) else { continue }
        let url = root.appendingPathComponent(path)
        let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
        guard values.isRegularFile == true else { continue }
        found[folder + "/" + path] = (try Data(contentsOf: url), values.contentModificationDate!)
      }
    }
    return found
  }

  @Test(arguments: ["web", "android", "ios"])
  func removingAPlatformBlockLeavesTheOthersFilesAsTheyWere(_ dropped: String) throws {
    let blocks = [
      "ios": #""ios": {"catalog": "App/Icons.xcassets"}"#,
      "android": #""android": {"res": "android/res"}"#, "web": #""web": {"folder": "public"}"#,
    ]
    let folders = ["ios": "App", "android": "android", "web": "public"]
    func config(_ platforms: [String]) -> String {
      #"{"version": 1, "icons": "icons", "# + platforms.map { blocks[$0]! }.joined(separator: ", ")
        + "}"
    }
    let all = ["ios", "android", "web"]
    let folder = try O.project(config(all))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let kept = all.filter { $0 != dropped }
    let before = try Self.files(folder, kept.map { folders[$0]! })
    // Per icon: an image set of 3 PNGs and Contents.json, 5 drawables, a web folder of 6.
    let perIcon: [String: Int] = ["ios": 4, "android": 5, "web": 6]
    // And the catalog's own Contents.json.
    let expected = kept.reduce(0) { $0 + 3 * perIcon[$1]! } + (kept.contains("ios") ? 1 : 0)
    #expect(before.count == expected)
    try O.write(config(kept), to: folder.appendingPathComponent("glyphsmith.json"))
    Thread.sleep(forTimeInterval: 0.05)

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    #expect(run.stderr.contains("built 0 icons (0 PNG files) to "))
    #expect(run.stderr.contains("; 3 unchanged; 0 skipped; 0 failed; "))
    let after = try Self.files(folder, kept.map { folders[$0]! })
    #expect(after.keys.sorted() == before.keys.sorted())
    for (path, (data, date)) in before {
      #expect(after[path]?.0 == data, "\(path) changed")
      #expect(after[path]?.1 == date, "\(path) was rewritten")
    }
  }
}
