import Foundation
import Glyphsmith
import Testing

/// Issue 32, trial finding 6: outputs carrying Glyphsmith's mark that a folder without a
/// record of outputs holds (an older version's, or a set the user copied in from another
/// catalog: the two look alike) are never removed unasked. No icon making them, they are kept
/// byte for byte and named in one warning; `build --adopt-marked`, `"adoptMarked": true` or
/// `assets --prune --adopt-marked` adopts and removes them. And a run that fails in planning
/// ends with its summary line.
@Suite("Marked outputs of folders without a record")
struct AdoptMarkedCLITests {
  /// Every file below `folder` (records of outputs left out), by path relative to it, with
  /// its bytes.
  static func tree(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let root = folder.resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
    for case let path as String in walker {
      guard !path.hasSuffix(OutputManifest.fileName) else { continue }
      var isFolder: ObjCBool = false
      let full = root + "/" + path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue
      {
        files[path] = FileManager.default.contents(atPath: full)
      }
    }
    return files
  }

  /// Removes the record of outputs of each folder of `folders` (below `project`): the
  /// folders as a version before records left them.
  static func dropRecords(_ folders: [String], in project: URL) throws {
    for folder in folders {
      try FileManager.default.removeItem(
        at: project.appendingPathComponent(folder + "/" + OutputManifest.fileName))
    }
  }

  static let camera = [
    "App/Icons.xcassets/camera.imageset", "android/res/drawable-hdpi/camera.png",
    "android/res/drawable-mdpi/camera.png", "android/res/drawable-xhdpi/camera.png",
    "android/res/drawable-xxhdpi/camera.png", "android/res/drawable-xxxhdpi/camera.png",
    "public/camera",
  ]

  static func keptWarning(_ paths: [String], hint: String) -> String {
    let one = paths.count == 1
    return
      "warning: kept \(paths.count) output\(one ? "" : "s") that no icon makes now and that \(one ? "carries" : "carry") glyphsmith's mark, found when \(one ? "its" : "their") folder had no record of outputs: \(paths.joined(separator: ", ")); an older version made \(one ? "it" : "them") or \(one ? "it was" : "they were") copied in by hand (glyphsmith cannot tell which), so \(one ? "it is" : "they are") never removed unasked; to remove \(one ? "it" : "them"), \(hint)"
  }

  static let buildHint = #"build with --adopt-marked (or "adoptMarked": true in glyphsmith.json)"#

  @Test func anOldCatalogKeepsTheMarkedOutputsOfDeletedIconsUntilAdoptMarked() throws {
    let folder = try OwnershipCLITests.project(OwnershipCLITests.allPlatforms)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.dropRecords(["App/Icons.xcassets", "android", "public"], in: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/camera.svg"))
    let before = Self.tree(folder)
    // Default: every marked output of camera is kept byte for byte, named in one warning.
    for _ in 0..<2 {
      let kept = try CLIRunner.run(["build", "--jobs", "1"], in: folder)
      #expect(kept.status == 0, "\(kept.stderr)")
      let lines = kept.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count == 2, "\(kept.stderr)")
      #expect(lines.first == Self.keptWarning(Self.camera, hint: Self.buildHint))
      #expect(
        lines.last?.hasPrefix("built 0 icons (0 PNG files) to App/Icons.xcassets, android/res, public in ") == true)
      #expect(lines.last?.hasSuffix(" s; 2 unchanged; 0 skipped; 0 failed; 0 removed") == true)
      #expect(Self.tree(folder) == before)
    }
    // `--plan --json` lists none of them under `remove`.
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    let planned = try #require(try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any])
    #expect(planned["remove"] as? [String] == [])
    // --adopt-marked removes them, one line each.
    let adopt = try CLIRunner.run(["build", "--adopt-marked"], in: folder)
    #expect(adopt.status == 0)
    let lines = adopt.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == Self.camera.map {
        "\($0): removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)"
      })
    #expect(lines.last?.hasSuffix(" s; 2 unchanged; 0 skipped; 0 failed; 7 removed") == true)
    for path in Self.camera {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path))
    }
    // Later runs are clean: the summary line alone, nothing changed.
    let after = Self.tree(folder)
    let clean = try CLIRunner.run(["build"], in: folder)
    #expect(clean.status == 0)
    #expect(clean.stderr.split(separator: "\n").count == 1, "\(clean.stderr)")
    #expect(clean.stderr.hasSuffix(" s; 2 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(Self.tree(folder) == after)
  }

  @Test func aSetCopiedFromAnotherCatalogIsKeptAndAdoptMarkedInTheFileRemovesIt() throws {
    let other = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "camera"])
    defer { try? FileManager.default.removeItem(at: other) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: other).status == 0)
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.dropRecords(["App/Icons.xcassets"], in: folder)
    // The user copies camera's set from the other project's catalog by hand.
    try FileManager.default.copyItem(
      at: other.appendingPathComponent("App/Icons.xcassets/camera.imageset"),
      to: folder.appendingPathComponent("App/Icons.xcassets/camera.imageset"))
    let before = Self.tree(folder)
    let kept = try CLIRunner.run(["build"], in: folder)
    #expect(kept.status == 0)
    #expect(
      kept.stderr.split(separator: "\n").first.map(String.init)
        == Self.keptWarning(["App/Icons.xcassets/camera.imageset"], hint: Self.buildHint))
    #expect(Self.tree(folder) == before)
    // "adoptMarked": true in the file does what --adopt-marked does.
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "adoptMarked": true}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    let adopt = try CLIRunner.run(["build"], in: folder)
    #expect(adopt.status == 0)
    #expect(
      adopt.stderr.split(separator: "\n").first.map(String.init)
        == "App/Icons.xcassets/camera.imageset: removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)")
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("App/Icons.xcassets")) == [
        ".glyphsmith-outputs.json", "Contents.json", "heart.imageset",
      ])
  }

  @Test func aMarkedSetCopiedIntoACatalogWithARecordIsNeverRemoved() throws {
    let other = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["camera"])
    defer { try? FileManager.default.removeItem(at: other) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: other).status == 0)
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try FileManager.default.copyItem(
      at: other.appendingPathComponent("App/Icons.xcassets/camera.imageset"),
      to: folder.appendingPathComponent("App/Icons.xcassets/camera.imageset"))
    let before = Self.tree(folder)
    for arguments in [["build"], ["build"], ["build", "--adopt-marked"]] {
      let run = try CLIRunner.run(arguments, in: folder)
      #expect(run.status == 0)
      #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(run.stderr.hasSuffix(" s; 1 unchanged; 0 skipped; 0 failed; 0 removed\n"))
      #expect(Self.tree(folder) == before)
    }
  }

  @Test func markedSymbolSetsOfAnOldCatalogAreKeptUntilAdopted() throws {
    let config =
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#
    let folder = try OwnershipCLITests.project(config)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.dropRecords(["App/Icons.xcassets"], in: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/camera.svg"))
    let before = Self.tree(folder)
    let kept = try CLIRunner.run(["build"], in: folder)
    #expect(kept.status == 0)
    #expect(
      kept.stderr.split(separator: "\n").first.map(String.init)
        == Self.keptWarning(["App/Icons.xcassets/camera.symbolset"], hint: Self.buildHint))
    #expect(Self.tree(folder) == before)
    let adopt = try CLIRunner.run(["build", "--adopt-marked"], in: folder)
    #expect(adopt.status == 0)
    #expect(
      adopt.stderr.split(separator: "\n").first.map(String.init)
        == "App/Icons.xcassets/camera.symbolset: removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)")
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("App/Icons.xcassets")) == [
        ".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "heart.symbolset",
      ])
  }

  @Test func theImageSetsOfAnOldCatalogGoWhenTheirIconsBecomeSymbolSets() throws {
    // An adopted set whose name an icon of the run makes is that icon's: replaced.
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Self.dropRecords(["App/Icons.xcassets"], in: folder)
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    let build = try CLIRunner.run(["build"], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning"))
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("App/Icons.xcassets")) == [
        ".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "camera.symbolset",
        "heart.symbolset",
      ])
  }

  @Test func assetsPruneKeepsThemUnlessAdoptMarked() throws {
    let folder = try OwnershipCLITests.project("{}")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--quiet"], in: folder).status == 0)
    try Self.dropRecords(["I.xcassets"], in: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/camera.svg"))
    let before = Self.tree(folder)
    let kept = try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--prune"], in: folder)
    #expect(kept.status == 0)
    let lines = kept.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == Self.keptWarning(
          ["I.xcassets/camera.imageset"], hint: "run assets --prune with --adopt-marked"))
    #expect(lines.last?.hasSuffix(" s; 2 unchanged; 0 failed; 0 removed") == true)
    #expect(Self.tree(folder) == before)
    let usage = try CLIRunner.run(
      ["assets", "icons", "-o", "I.xcassets", "--adopt-marked"], in: folder)
    #expect(usage.status == 2)
    #expect(
      usage.stderr.hasPrefix(
        "glyphsmith assets: error: --adopt-marked applies with --prune (only a pruning run removes what it adopts)\n"))
    let adopt = try CLIRunner.run(
      ["assets", "icons", "-o", "I.xcassets", "--prune", "--adopt-marked"], in: folder)
    #expect(adopt.status == 0)
    #expect(
      adopt.stderr.split(separator: "\n").first.map(String.init)
        == "I.xcassets/camera.imageset: removed (it carries glyphsmith's mark in a folder that had no record of outputs, as older versions left them; no icon makes it now)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("I.xcassets/camera.imageset").path))
  }

  // MARK: - A summary line after a planning failure

  /// The summary line of `stderr` (its last line) with its seconds taken out.
  static func summary(_ stderr: String) -> String {
    let last = String(stderr.split(separator: "\n").last ?? "")
    return last.replacingOccurrences(
      of: #" in [0-9]+\.[0-9]+ s;"#, with: " in S s;", options: .regularExpression)
  }

  /// `stderr` without its last line when that is the summary line of a run that failed in
  /// planning (`... (planning failed: nothing was written or removed)`), else `nil`.
  static func planningFailed(_ stderr: String) -> String? {
    var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.last == "", lines.count >= 3 else { return nil }
    lines.removeLast()
    let last = lines.removeLast()
    guard last.hasPrefix("built 0 icons (") || last.hasPrefix("wrote 0 icons ("),
      last.hasSuffix(" (planning failed: nothing was written or removed)")
    else { return nil }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aSymbolCollisionEndsWithTheSummaryLine() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // A hand-made set of bell's name in a group: the symbol set would collide with it.
    try OwnershipCLITests.write(
      #"{"info":{"author":"xcode","version":1}}"#,
      to: folder.appendingPathComponent("App/Icons.xcassets/Contents.json"))
    try OwnershipCLITests.write(
      #"{"info":{"author":"xcode","version":1}}"#,
      to: folder.appendingPathComponent("App/Icons.xcassets/Group/Contents.json"))
    try OwnershipCLITests.write(
      #"{"images":[],"info":{"author":"xcode","version":1}}"#,
      to: folder.appendingPathComponent("App/Icons.xcassets/Group/bell.imageset/Contents.json"))
    let before = Self.tree(folder)
    let build = try CLIRunner.run(["build"], in: folder)
    #expect(build.status == 2)
    let lines = build.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "icons/bell.svg: error: symbol 'bell' would collide with App/Icons.xcassets/Group/bell.imageset (an asset of the same name; one of them cannot be loaded); rename one",
        lines.last ?? "",
      ])
    #expect(
      Self.summary(build.stderr)
        == "built 0 icons (0 files) to App/Icons.xcassets in S s; 0 unchanged; 0 skipped; 1 failed; 0 removed (planning failed: nothing was written or removed)")
    #expect(Self.tree(folder) == before)
    // --quiet and --json print no summary; the exit code is the same.
    let quiet = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(quiet.status == 2)
    #expect(quiet.stderr.split(separator: "\n").count == 1)
  }

  @Test func aRuleThatMatchesNoIconEndsWithTheSummaryLine() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res"}, "rules": [{"match": "nope.svg", "skip": true}, {"match": "heart.svg", "skip": true}]}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let build = try CLIRunner.run(["build"], in: folder)
    #expect(build.status == 2)
    let lines = build.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "glyphsmith.json: error: rules[0] ('nope.svg') matches no icon in the icons folder 'icons' (a match is relative to it); fix the pattern or remove the rule")
    #expect(lines.count == 2)
    #expect(
      Self.summary(build.stderr)
        == "built 0 icons (0 PNG files) to App/Icons.xcassets, android/res in S s; 0 unchanged; 1 skipped; 0 failed; 0 removed (planning failed: nothing was written or removed)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("App").path))
  }

  @Test func anAssetsNameCollisionEndsWithTheSummaryLine() throws {
    let folder = try OwnershipCLITests.project("{}", icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons/b"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("icons/bell.svg"),
      to: folder.appendingPathComponent("icons/b/bell.svg"))
    let run = try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--prune"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(run.stderr)")
    #expect(
      lines.first
        == "icons/bell.svg: error: asset name 'bell' collides with icons/b/bell.svg (asset names must differ, and in more than letter case); rename one of them")
    #expect(
      Self.summary(run.stderr)
        == "wrote 0 icons (0 PNG files) to I.xcassets in S s; 0 unchanged; 1 failed; 0 removed (planning failed: nothing was written or removed)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("I.xcassets").path))
  }
}
