import Foundation
import Glyphsmith
import Testing

/// Issue 37: `build --changed-since REV` and `golden check --changed-since REV` on a scripted
/// git history: exactly the changed icons are built and compared; a change to the project
/// file or `golden.json` takes every icon; a revision git does not know is an error (exit 2).
@Suite("--changed-since on a scripted git history")
struct ChangedSinceCLITests {
  static let names = ["bell", "camera", "heart", "house", "music", "star"]

  /// Runs git in `folder`; returns its standard output, trimmed.
  @discardableResult
  static func git(_ arguments: [String], in folder: URL) throws -> String {
    let result = try CLIRunner.run(
      ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI"] + arguments, in: folder,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A git repository holding a project of `names` (iOS catalog at 1x-3x, outputs ignored),
  /// built, its catalog recorded as goldens in `golden/`, all committed: the project and the
  /// revision of that commit.
  static func history() throws -> (folder: URL, base: String) {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#, icons: names)
    try Data("App/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
    try git(["init", "-q", "-b", "main"], in: folder)
    let build = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    let record = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "golden"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    try git(["add", "-A"], in: folder)
    try git(["commit", "-q", "-m", "icons and goldens"], in: folder)
    return (folder, try git(["rev-parse", "HEAD"], in: folder))
  }

  /// The image paths (relative to the catalog) a `golden check --json` compared, sorted.
  static func compared(_ result: CLIResult) throws -> [String] {
    let report = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return ((report?["results"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }
      .sorted()
  }

  static func images(_ name: String) -> [String] {
    ["", "@2x", "@3x"].map { "\(name).imageset/\(name)\($0).png" }
  }

  @Test func exactlyTheChangedIconsAreBuiltAndCompared() throws {
    let (folder, base) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    // Committed: bell's art changes, star is deleted. Uncommitted: music's art changes.
    // Untracked: a new icon, wave.
    try Data(contentsOf: icons.appendingPathComponent("house.svg"))
      .write(to: icons.appendingPathComponent("bell.svg"))
    try Self.git(["rm", "-q", "icons/star.svg"], in: folder)
    try Self.git(["commit", "-q", "-am", "bell redrawn, star gone"], in: folder)
    try Data(contentsOf: icons.appendingPathComponent("camera.svg"))
      .write(to: icons.appendingPathComponent("music.svg"))
    try FileManager.default.copyItem(
      at: icons.appendingPathComponent("heart.svg"), to: icons.appendingPathComponent("wave.svg"))
    let before = JournalCLITests.tree(catalog)

    let build = try CLIRunner.run(["build", "--changed-since", base], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    let lines = build.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "changed since \(base): 3 of 6 icon files (only their icons are built; the others' outputs stay as they are, a deleted icon's are pruned)",
      "\(build.stderr)")
    #expect(lines.contains("App/Icons.xcassets/star.imageset: removed (its source icons/star.svg is gone)"))
    #expect(lines.last?.hasPrefix("built 3 icons (9 PNG files) to App/Icons.xcassets in ") == true)
    let after = JournalCLITests.tree(catalog)
    let differing = JournalCLITests.differences(before, after)
      .filter { !$0.hasPrefix(".glyphsmith") && $0 != "Contents.json" }
    let touched = ["bell", "music", "star", "wave"].flatMap { Self.images($0) }
      + ["star.imageset/Contents.json", "wave.imageset/Contents.json"]
    #expect(differing == touched.sorted(), "\(differing)")

    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base, "--json"],
      in: folder)
    #expect(check.status == 1, "\(check.stderr)")
    #expect(
      try Self.compared(check)
        == ["bell", "music", "star", "wave"].flatMap { Self.images($0) }.sorted())
    let report = try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any]
    let record = report?["changedSince"] as? [String: Any]
    #expect(record?["revision"] as? String == base)
    #expect(record?["icons"] as? Int == 4)
    #expect(record?["skipped"] as? Int == 9)
    #expect(record?["everything"] is NSNull, "\(String(describing: record))")
    // The same entries as a whole check gives for those images.
    let whole = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--json"], in: folder)
    let all = (try JSONSerialization.jsonObject(with: whole.stdout) as? [String: Any])?["results"]
      as? [[String: Any]] ?? []
    let picked = (report?["results"] as? [[String: Any]]) ?? []
    #expect(
      all.filter { entry in picked.contains { $0["path"] as? String == entry["path"] as? String } }
        .map { $0["status"] as? String } == picked.map { $0["status"] as? String })
    #expect(all.count == 21)

    // The summary line says what was left out.
    let line = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base], in: folder)
    #expect(
      line.stdoutText.hasPrefix(
        "changed since \(base): 4 icons compared, 9 images of unchanged icons left out; 12 images: 0 passed, 12 failed"
      ), "\(line.stdoutText)")
  }

  @Test func aGoldenChangedOrAnImageWithoutItsGoldensFingerprintIsCompared() throws {
    let (folder, base) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("golden")
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let unchanged = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base, "--json"],
      in: folder)
    #expect(unchanged.status == 0, "\(unchanged.stderr)")
    #expect(try Self.compared(unchanged) == [])
    // heart's golden is re-recorded from camera's image; house's actual image is replaced by
    // one with the same pixels and no fingerprint (another tool's encoding).
    try Data(contentsOf: golden.appendingPathComponent("camera.imageset/camera@2x.png"))
      .write(to: golden.appendingPathComponent("heart.imageset/heart@2x.png"))
    let house = catalog.appendingPathComponent("house.imageset/house.png")
    let image = try PNGCodec.decode(Data(contentsOf: house), path: house.path)
    try PNGCodec.encode(image).write(to: house)
    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base, "--json"],
      in: folder)
    #expect(check.status == 1, "\(check.stderr)")
    #expect(try Self.compared(check) == (Self.images("heart") + Self.images("house")).sorted())
    let statuses = ((try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])?[
      "results"] as? [[String: Any]] ?? []).filter { $0["status"] as? String != "passed" }
    #expect(statuses.map { $0["path"] as? String } == ["heart.imageset/heart@2x.png"])
  }

  @Test(arguments: ["glyphsmith.json", "golden/golden.json"])
  func theProjectFileOrGoldenJSONChangedTakesEverything(file: String) throws {
    let (folder, base) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(file)
    try (try Data(contentsOf: url) + Data("\n".utf8)).write(to: url)
    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base], in: folder)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdoutText.hasPrefix(
        "changed since \(base): every image compared (\(file) changed); 18 images: 18 passed"),
      "\(check.stdoutText)")
    let build = try CLIRunner.run(["build", "--changed-since", base], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    let first = build.stderr.split(separator: "\n").first.map(String.init)
    #expect(
      first
        == (file == "glyphsmith.json"
          ? "changed since \(base): the project file, so every icon is built"
          : "changed since \(base): golden/golden.json, so every icon is built"),
      "\(build.stderr)")
  }

  @Test func aRevisionGitDoesNotKnowOrNoRepositoryIsAnError() throws {
    let (folder, _) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = JournalCLITests.tree(folder.appendingPathComponent("App"))
    let build = try CLIRunner.run(["build", "--changed-since", "no-such-branch"], in: folder)
    #expect(build.status == 2)
    #expect(
      build.stderr.hasPrefix(
        "glyphsmith.json: error: --changed-since no-such-branch: git knows no commit of that name in this repository (fetch it first, e.g. git fetch origin main, with a deep enough history)\n"
      ), "\(build.stderr)")
    #expect(JournalCLITests.tree(folder.appendingPathComponent("App")) == before)
    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", "-x"], in: folder)
    #expect(check.status == 2)
    #expect(
      check.stderr == "golden: error: --changed-since takes a git revision, got '-x'\n",
      "\(check.stderr)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent(".git"))
    let outside = try CLIRunner.run(
      ["build", "--changed-since", "HEAD"], in: folder,
      environment: ["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path])
    #expect(outside.status == 2)
    #expect(
      outside.stderr.hasPrefix(
        "glyphsmith.json: error: --changed-since: could not find the git work tree (is the project in a git repository?): git says: fatal: not a git repository"
      ), "\(outside.stderr)")
  }

  /// Issue 37's trial F1: a deleted or renamed icon's Android and web goldens were never
  /// compared (their names are not the icon file's: `book_image.png`, `book-image/...`),
  /// where a full check fails them. Which icon makes which image comes from the project's
  /// plan; every folder's check with `--changed-since` fails exactly as the full check does.
  @Test func deletedAndRenamedIconsFailOnEveryPlatformAsAFullCheckFails() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}, "web": {"folder": "public"}}"#,
      icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try TrialEightLeftCLITests.move("icons/star.svg", "icons/book-image.svg", in: folder)
    try Data("App/\nandroid/\npublic/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
    try Self.git(["init", "-q", "-b", "main"], in: folder)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let pairs = [("App/Icons.xcassets", "golden/ios"), ("android", "golden/android"), ("public", "golden/web")]
    for (actual, golden) in pairs {
      let record = try CLIRunner.run(["golden", "record", actual, golden], in: folder)
      #expect(record.status == 0, "\(record.stderr)")
    }
    try Self.git(["add", "-A"], in: folder)
    try Self.git(["commit", "-q", "-m", "goldens"], in: folder)
    let base = try Self.git(["rev-parse", "HEAD"], in: folder)
    // A fresh checkout's CI: no outputs; book-image deleted, heart renamed to love.
    for output in ["App", "android", "public"] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(output))
    }
    try Self.git(["rm", "-q", "icons/book-image.svg"], in: folder)
    try Self.git(["mv", "icons/heart.svg", "icons/love.svg"], in: folder)
    try Self.git(["commit", "-q", "-m", "book-image gone, heart is love"], in: folder)
    let build = try CLIRunner.run(["build", "--changed-since", base], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.hasPrefix("changed since \(base): 1 of 2 icon files"), "\(build.stderr)")
    for (actual, golden) in pairs {
      let changed = try CLIRunner.run(
        ["golden", "check", actual, golden, "--changed-since", base, "--json"], in: folder)
      #expect(changed.status == 1, "\(actual): \(changed.stderr)")
      // The full check of a full build fails exactly these images too.
      let failing = try Self.compared(changed)
      let report = try JSONSerialization.jsonObject(with: changed.stdout) as? [String: Any]
      let statuses = Dictionary(
        uniqueKeysWithValues: ((report?["results"] as? [[String: Any]]) ?? []).map {
          ($0["path"] as! String, $0["status"] as! String)
        })
      #expect(statuses.values.allSatisfy { $0 != "passed" }, "\(actual): \(statuses)")
      let names = Set(failing.map { GoldenCheck.Shard.icon(of: $0).split(separator: "/").last.map(String.init) ?? "" })
      switch actual {
      case "android":
        #expect(names == ["book_image", "heart", "love"], "\(failing)")
      case "public":
        #expect(Set(failing.map { String($0.split(separator: "/")[0]) }) == ["book_image", "heart", "love"], "\(failing)")
      default:
        #expect(names == ["book-image", "heart", "love"], "\(failing)")
      }
    }
  }

  /// Issue 37 trial F7: shards of a `--changed-since` check merge into what the unsharded
  /// check writes, byte for byte (the merged results lacked `changedSince`).
  @Test func shardsOfAChangedSinceCheckMergeIntoTheUnshardedOne() throws {
    let (folder, base) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    for (from, to) in [("house", "bell"), ("camera", "music"), ("bell", "star")] {
      try Data(contentsOf: icons.appendingPathComponent(from + ".svg"))
        .write(to: icons.appendingPathComponent(to + ".svg"))
    }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let check = ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base, "--json"]
    let whole = try CLIRunner.run(check, in: folder)
    #expect(whole.status == 1, "\(whole.stderr)")
    var results: [String] = []
    for index in 1...2 {
      let shard = try CLIRunner.run(check + ["--shard", "\(index)/2"], in: folder)
      let file = folder.appendingPathComponent("shard-\(index).json")
      try shard.stdout.write(to: file)
      results.append(file.lastPathComponent)
    }
    let merge = try CLIRunner.run(["golden", "merge"] + results + ["-o", "merged"], in: folder)
    #expect(merge.status == 1, "\(merge.stderr)")
    let merged = try Data(contentsOf: folder.appendingPathComponent("merged/results.json"))
    #expect(merged == whole.stdout)
    let record = (try JSONSerialization.jsonObject(with: merged) as? [String: Any])?["changedSince"]
      as? [String: Any]
    #expect(record?["icons"] as? Int == 3)
    #expect(record?["skipped"] as? Int == 9)
  }

  /// Issue 37 trial F2: a `-dark` file deleted since the revision rebuilds its icon (it was
  /// ignored, "0 of N", and the old dark PNGs stayed).
  @Test func aDeletedDarkFileRebuildsItsIcon() throws {
    let (folder, _) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("icons/star.svg"),
      to: folder.appendingPathComponent("icons/bell-dark.svg"))
    // Original images (a template image takes no dark variant).
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "defaults": {"original": true}}"#
        .utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    try Self.git(["add", "-A"], in: folder)
    try Self.git(["commit", "-q", "-m", "bell in dark"], in: folder)
    let base = try Self.git(["rev-parse", "HEAD"], in: folder)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset")
    #expect(OwnershipCLITests.names(set).filter { $0.contains("dark") }.count == 3)
    try Self.git(["rm", "-q", "icons/bell-dark.svg"], in: folder)
    let build = try CLIRunner.run(["build", "--changed-since", base], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.hasPrefix("changed since \(base): 1 of 6 icon files"), "\(build.stderr)")
    #expect(
      OwnershipCLITests.names(set)
        == ["Contents.json", "bell.png", "bell@2x.png", "bell@3x.png"])
  }

  /// A clone of `folder` at `branch` beside it, as a CI checkout is (no outputs: they are
  /// ignored); the caller removes it.
  static func clone(_ folder: URL, branch: String) throws -> URL {
    // Beside the project, not in it (a project file above would be found).
    let ci = folder.deletingLastPathComponent().appendingPathComponent(
      folder.lastPathComponent + "-ci")
    try? FileManager.default.removeItem(at: ci)
    try git(["clone", "-q", folder.path, ci.path], in: folder)
    try git(["checkout", "-q", branch], in: ci)
    return ci
  }

  /// Issue 37 trial HIGH-1: in a fresh clone (outputs not committed) a pull request that only
  /// loosens `golden.json`, only fixes a golden PNG, or runs where `golden.json` records
  /// another renderer failed every image `build --changed-since` had not rendered ("golden has
  /// no actual image", accept with `--prune`). The build now renders what the check compares:
  /// the same answer as a full build and a full check.
  @Test func aFreshCloneRendersWhatTheCheckCompares() throws {
    let (folder, base) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("golden")
    func edit(_ file: String, _ change: (inout [String: Any]) -> Void) throws {
      let url = golden.appendingPathComponent(file)
      var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
      change(&json)
      try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        .write(to: url)
    }
    // pr-json: only the threshold changes.
    try Self.git(["checkout", "-q", "-b", "pr-json"], in: folder)
    try edit("golden.json") { json in
      var options = json["options"] as! [String: Any]
      options["threshold"] = 0.2
      json["options"] = options
    }
    try Self.git(["commit", "-q", "-am", "looser"], in: folder)
    // main2: a wrong golden for heart@2x; pr-png fixes it back.
    try Self.git(["checkout", "-q", "main"], in: folder)
    let heart = golden.appendingPathComponent("heart.imageset/heart@2x.png")
    let right = try Data(contentsOf: heart)
    try Data(contentsOf: golden.appendingPathComponent("camera.imageset/camera@2x.png"))
      .write(to: heart)
    try Self.git(["commit", "-q", "-am", "a wrong golden"], in: folder)
    let wrong = try Self.git(["rev-parse", "HEAD"], in: folder)
    try Self.git(["checkout", "-q", "-b", "pr-png"], in: folder)
    try right.write(to: heart)
    try Self.git(["commit", "-q", "-am", "the golden fixed"], in: folder)
    // pr-renderer: golden.json records cairo 1.14.0 on its base; the pull request edits bell.
    try Self.git(["checkout", "-q", "-b", "old-renderer", base], in: folder)
    try edit("golden.json") { json in
      var renderer = json["renderer"] as! [String: Any]
      var libraries = renderer["libraries"] as! [String: Any]
      libraries["cairo"] = "1.14.0"
      renderer["libraries"] = libraries
      json["renderer"] = renderer
    }
    try Self.git(["commit", "-q", "-am", "another renderer"], in: folder)
    let oldRenderer = try Self.git(["rev-parse", "HEAD"], in: folder)
    try Self.git(["checkout", "-q", "-b", "pr-renderer"], in: folder)
    try Data(contentsOf: folder.appendingPathComponent("icons/house.svg"))
      .write(to: folder.appendingPathComponent("icons/bell.svg"))
    try Self.git(["commit", "-q", "-am", "bell redrawn"], in: folder)
    try Self.git(["checkout", "-q", "main"], in: folder)

    let cases: [(branch: String, base: String, line: String, summary: String, status: Int32)] = [
      (
        "pr-json", base, "golden/golden.json, so every icon is built",
        "every image compared (golden/golden.json changed); 18 images: 18 passed, 0 failed", 0
      ),
      (
        "pr-png", wrong, "1 of 6 icon files",
        "1 icon compared, 15 images of unchanged icons left out; 3 images: 3 passed, 0 failed", 0
      ),
      (
        "pr-renderer", oldRenderer,
        "the renderer is not the one golden/golden.json records, so every icon is built",
        "every image compared (the renderer changed); 18 images: 15 passed, 3 failed", 1
      ),
    ]
    for (branch, since, line, summary, status) in cases {
      let ci = try Self.clone(folder, branch: branch)
      defer { try? FileManager.default.removeItem(at: ci) }
      let build = try CLIRunner.run(["build", "--changed-since", since], in: ci)
      #expect(build.status == 0, "\(branch): \(build.stderr)")
      #expect(
        build.stderr.hasPrefix("changed since \(since): \(line)"), "\(branch): \(build.stderr)")
      let check = try CLIRunner.run(
        ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", since], in: ci)
      #expect(check.status == status, "\(branch): \(check.stderr)")
      #expect(
        check.stdoutText.hasPrefix("changed since \(since): \(summary)"),
        "\(branch): \(check.stdoutText)")
      #expect(!check.stderr.contains("no actual image"), "\(branch): \(check.stderr)")
      // A full build and a full check give the same verdict.
      #expect(try CLIRunner.run(["build", "--quiet"], in: ci).status == 0)
      let full = try CLIRunner.run(["golden", "check", "App/Icons.xcassets", "golden"], in: ci)
      #expect(full.status == status, "\(branch): \(full.stdoutText)")
    }
  }

  /// Issue 37 trial HIGH-2: an icon drawing a PNG of its folder (`<image href="parts/tex.png">`)
  /// was never re-rendered when that PNG changed (its fingerprint was the SVG's bytes only):
  /// the referenced file's bytes are in the fingerprint, and a changed one makes the icon
  /// changed for `--changed-since`. An icon that draws no file keeps its fingerprint.
  @Test func aChangedReferencedImageMakesItsIconChanged() throws {
    let (folder, _) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let parts = folder.appendingPathComponent("icons/parts")
    try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
    // A square of `side` px (template images keep only the alpha: the shape changes).
    func texture(_ side: Int) throws {
      let svg = folder.appendingPathComponent("t.svg")
      try Data(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect x="2" y="2" width="\#(side)" height="\#(side)"/></svg>"#
          .utf8
      ).write(to: svg)
      let render = try CLIRunner.run(
        ["render", "t.svg", "-o", "icons/parts/tex.png", "--size", "24"], in: folder)
      #expect(render.status == 0, "\(render.stderr)")
      try FileManager.default.removeItem(at: svg)
    }
    try texture(20)
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><image href="parts/tex.png" x="0" y="0" width="24" height="24"/></svg>"#
        .utf8
    ).write(to: folder.appendingPathComponent("icons/combo.svg"))
    let bell = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset/bell@2x.png")
    let bellBefore = try Data(contentsOf: bell)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    // bell draws no file: its outputs, fingerprint and all, are as they were.
    #expect(try Data(contentsOf: bell) == bellBefore)
    let record = try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "golden"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    try Self.git(["add", "-A"], in: folder)
    try Self.git(["commit", "-q", "-m", "combo"], in: folder)
    let base = try Self.git(["rev-parse", "HEAD"], in: folder)
    try texture(8)

    let build = try CLIRunner.run(["build", "--changed-since", base], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
      build.stderr.hasPrefix("changed since \(base): 2 of 8 icon files"), "\(build.stderr)")
    #expect(build.stderr.contains("built 2 icons (6 PNG files)"), "\(build.stderr)")
    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", base, "--json"],
      in: folder)
    #expect(check.status == 1, "\(check.stderr)")
    let report = try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any]
    let failed = ((report?["results"] as? [[String: Any]]) ?? [])
      .filter { $0["status"] as? String != "passed" }.compactMap { $0["path"] as? String }.sorted()
    #expect(
      failed == (Self.images("combo") + Self.images("tex").map { "parts/" + $0 }).sorted(),
      "\(failed)")
    // An incremental build sees it too: the texture changed back, combo is rendered again.
    try texture(20)
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.stderr.contains("built 2 icons (6 PNG files)"), "\(again.stderr)")
    #expect(again.stderr.contains("; 6 unchanged;"), "\(again.stderr)")
  }

  /// Issue 37 trial HIGH-3: an icon file git ignores (generated into `icons/gen/`) was
  /// invisible to `--changed-since` (`built 0 icons`, `0 icons compared`, exit 0, where a full
  /// check fails it): it has no history to compare, so it always counts as changed.
  @Test func anIgnoredIconFileCountsAsChanged() throws {
    let (folder, _) = try Self.history()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gen = folder.appendingPathComponent("icons/gen")
    try FileManager.default.createDirectory(at: gen, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("icons/star.svg"), to: gen.appendingPathComponent("zap.svg"))
    try Data("App/\nicons/gen/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let record = try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "golden"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    try Self.git(["add", "-A"], in: folder)
    try Self.git(["commit", "-q", "-m", "generated icons"], in: folder)
    try Data(contentsOf: folder.appendingPathComponent("icons/heart.svg"))
      .write(to: gen.appendingPathComponent("zap.svg"))
    let build = try CLIRunner.run(["build", "--changed-since", "HEAD"], in: folder)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.hasPrefix("changed since HEAD: 1 of 7 icon files"), "\(build.stderr)")
    let check = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden", "--changed-since", "HEAD"], in: folder)
    #expect(check.status == 1, "\(check.stderr)")
    #expect(
      check.stdoutText.hasPrefix(
        "changed since HEAD: 1 icon compared, 18 images of unchanged icons left out; 3 images: 0 passed, 3 failed"
      ), "\(check.stdoutText)")
  }

  /// Issue 37 trial MEDIUM-1, -2, -3, LOW-2, -4, -7, -8: a fresh clone whose build rendered no
  /// Android icon has no `res` folder (0 compared, exit 0, not exit 2); a missing golden folder
  /// is named as such (not blamed on git), paths as typed; no project found says so with a
  /// note; `build --json` records the selection; the comment says the check was limited; a
  /// range is refused as a range.
  @Test func freshCloneFoldersNotesAndRecords() throws {
    let folder = try OwnershipCLITests.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("/App/\n/android/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
    try Self.git(["init", "-q", "-b", "main"], in: folder)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    for (actual, golden) in [("App/Icons.xcassets", "golden/ios"), ("android/res", "golden/android")] {
      #expect(try CLIRunner.run(["golden", "record", actual, golden], in: folder).status == 0)
    }
    try Self.git(["add", "-A"], in: folder)
    try Self.git(["commit", "-q", "-m", "goldens"], in: folder)
    let base = try Self.git(["rev-parse", "HEAD"], in: folder)
    try Self.git(["checkout", "-q", "-b", "readme"], in: folder)
    try Data("icons\n".utf8).write(to: folder.appendingPathComponent("README"))
    try Self.git(["add", "README"], in: folder)
    try Self.git(["commit", "-q", "-m", "readme"], in: folder)
    let ci = try Self.clone(folder, branch: "readme")
    defer { try? FileManager.default.removeItem(at: ci) }
    let build = try CLIRunner.run(["build", "--changed-since", base, "--json"], in: ci)
    #expect(build.status == 0, "\(build.stderr)")
    let record = (try JSONSerialization.jsonObject(with: build.stdout) as? [String: Any])?[
      "changedSince"] as? [String: Any]
    #expect(record?["revision"] as? String == base)
    #expect(record?["everything"] is NSNull)
    #expect(record?["icons"] as? Int == 0)
    #expect(record?["total"] as? Int == 2)
    #expect(!FileManager.default.fileExists(atPath: ci.appendingPathComponent("android/res").path))
    let android = try CLIRunner.run(
      ["golden", "check", "android/res", "golden/android", "--changed-since", base,
       "--markdown", "comment.md", "--junit", "junit.xml"], in: ci)
    #expect(android.status == 0, "\(android.stderr)")
    #expect(
      android.stdoutText.hasPrefix(
        "changed since \(base): 0 icons compared, 10 images of unchanged icons left out; 0 images: 0 passed"),
      "\(android.stdoutText)")
    let comment = try String(contentsOf: ci.appendingPathComponent("comment.md"), encoding: .utf8)
    #expect(
      comment.contains(
        "\nchanged since \(base): 0 icons compared, 10 images of unchanged icons left out.\n"),
      "\(comment)")
    let junit = try String(contentsOf: ci.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(
      junit.contains(
        "<property name=\"glyphsmith.changedSince\" value=\"changed since \(base): 0 icons compared, 10 images of unchanged icons left out\"/>"),
      "\(junit)")
    let nope = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden/nope", "--changed-since", base], in: ci)
    #expect(nope.status == 2)
    #expect(nope.stderr == "golden/nope: error: golden folder not found; check the path\n", "\(nope.stderr)")
    let typed = try CLIRunner.run(["golden", "check", "App/Nope.xcassets", "golden/ios"], in: ci)
    #expect(typed.status == 2)
    #expect(typed.stderr == "App/Nope.xcassets: error: actual folder not found; check the path\n", "\(typed.stderr)")
    let range = try CLIRunner.run(["build", "--changed-since", base + "...HEAD"], in: ci)
    #expect(range.status == 2)
    #expect(
      range.stderr.hasPrefix(
        "glyphsmith.json: error: --changed-since takes one revision, the base, not a range: got '\(base)...HEAD'; give the base"),
      "\(range.stderr)")
    // The project file elsewhere, not named: a note says every golden without an actual is
    // compared.
    try FileManager.default.createDirectory(
      at: ci.appendingPathComponent("config"), withIntermediateDirectories: true)
    try Self.git(["mv", "glyphsmith.json", "config/glyphsmith.json"], in: ci)
    let unnamed = try CLIRunner.run(
      ["golden", "check", "App/Icons.xcassets", "golden/ios", "--changed-since", "HEAD"], in: ci)
    #expect(
      unnamed.stderr.contains(
        "golden/ios: note: no glyphsmith.json in or above App/Icons.xcassets, golden/ios or the current folder: every golden without an actual image is compared (as a deleted icon's); pass --config FILE to name the project\n"),
      "\(unnamed.stderr)")
  }
}
