import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 32, what a new-user trial found after the rest landed: a pruned set holding a user's
/// file stays Glyphsmith's (the icon coming back writes into it; `--force` keeps the file), a
/// platform dropped from `glyphsmith.json` has its outputs pruned, a switch of `android.format`
/// counts what it removes and leaves no empty `drawable-*` folder, and the other gaps of the
/// record and of the ownership check.
@Suite("Prune and ownership after the trial")
struct PruneOwnershipCLITests {
  typealias Owned = OwnershipCLITests

  static let userFileWarning =
    ": warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)"

  /// The warning of a set folder at `path` kept for the user's file `name` (kind `kept-set`).
  static func keptWarning(_ path: String, _ name: String) -> String {
    "\(path): warning: kept for \(name), which glyphsmith did not make; its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set); move it out and the next run removes the folder"
  }

  /// `validate`'s finding about the set at `path` kept for the user's file `name` (rule
  /// `kept-set`, a warning: exit 1 as for every finding), then its count line.
  static func keptFinding(_ path: String, _ name: String) -> String {
    "\(path): warning: [kept-set] kept by glyphsmith for \(name), which it did not make, after its icon was removed; the set has no Contents.json, so it is no asset; move it out and the next build removes the folder\n1 finding (0 errors)\n"
  }

  // Found by the new-user trial: after an icon whose set held the user's file was deleted,
  // `build` exited 0 warning about the kept set while `validate` failed the catalog
  // (missing-contents, exit 1), and the warning repeated on every build with no "kept" in
  // the summary. Both warn now (validate exits 1 as for every finding, build 0 as for a
  // user's file in one of its sets), and every run counts the kept set.
  @Test func aKeptSetIsAWarningOfBuildAndValidateAlikeCountedOnEveryRun() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = "App/Icons.xcassets/bell.imageset"
    try Owned.write("mine", to: folder.appendingPathComponent(set + "/notes.txt"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let warning = Self.keptWarning(set, "notes.txt")
    let first = try CLIRunner.run(["build"], in: folder)
    #expect(first.status == 0)
    let firstLines = first.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(firstLines.dropLast()) == [
        "\(set): kept, not removed (its source icons/bell.svg is gone; glyphsmith removed its own files, and notes.txt in it is not glyphsmith's)",
        warning,
      ])
    let summaryEnd = "; 2 unchanged; 0 skipped; 0 failed; 0 removed; 1 kept"
    #expect(firstLines.last?.hasSuffix(summaryEnd) == true)
    for _ in 0..<2 {
      let again = try CLIRunner.run(["build"], in: folder)
      #expect(again.status == 0)
      let lines = again.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count == 2)
      #expect(lines.first == warning)
      #expect(lines.last?.hasSuffix(summaryEnd) == true)
      let json = try CLIRunner.run(["build", "--json"], in: folder)
      #expect(json.status == 0)
      let report = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
      #expect(report?["kept"] as? [String] == [set])
      #expect(report?["removed"] as? [String] == [])
      let validate = try CLIRunner.run(["validate", "App/Icons.xcassets"], in: folder)
      #expect(validate.status == 1)
      #expect(validate.stderr == Self.keptFinding(set, "notes.txt"))
    }
    let validateJSON = try CLIRunner.run(["validate", "App/Icons.xcassets", "--json"], in: folder)
    #expect(validateJSON.status == 1)
    let findings =
      (try JSONSerialization.jsonObject(with: validateJSON.stdout) as? [String: Any])?[
        "findings"] as? [[String: Any]]
    #expect(findings?.count == 1)
    #expect(findings?.first?["rule"] as? String == "kept-set")
    #expect(findings?.first?["severity"] as? String == "warning")
    #expect(findings?.first?["path"] as? String == set)
    // A set without Contents.json that no record keeps is still an error.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("App/Icons.xcassets/hand.imageset"),
      withIntermediateDirectories: true)
    try Owned.write(
      "x", to: folder.appendingPathComponent("App/Icons.xcassets/hand.imageset/x.png"))
    let both = try CLIRunner.run(["validate", "App/Icons.xcassets"], in: folder)
    #expect(both.status == 1)
    #expect(
      both.stderr
        == "App/Icons.xcassets/bell.imageset: warning: [kept-set] kept by glyphsmith for notes.txt, which it did not make, after its icon was removed; the set has no Contents.json, so it is no asset; move it out and the next build removes the folder\n"
        + "App/Icons.xcassets/hand.imageset/Contents.json: error: [missing-contents] the imageset folder has no Contents.json; add one or remove the folder\n"
        + "2 findings (1 error)\n")
  }

  // Found by the new-user trial: a kept set was never removed once the user's file went.
  @Test func aKeptSetGoesOnceTheUsersFileIsGoneAndBuildAndPruneSayKept() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let set = catalog.appendingPathComponent("bell.imageset")
    try Owned.write("a", to: set.appendingPathComponent("a.txt"))
    try Owned.write("b", to: set.appendingPathComponent("b.png"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let pruned = try CLIRunner.run(["build", "--json"], in: folder)
    #expect(pruned.status == 0)
    // The removal line as the prune keeps the set, then the warning (told once the run ends).
    #expect(
      pruned.stderr.split(separator: "\n").map(String.init) == [
        "App/Icons.xcassets/bell.imageset: kept, not removed (its source icons/bell.svg is gone; glyphsmith removed its own files, and a.txt, b.png in it are not glyphsmith's)",
        "App/Icons.xcassets/bell.imageset: warning: kept for a.txt, b.png, which glyphsmith did not make; its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set); move them out and the next run removes the folder",
      ])
    let json = try JSONSerialization.jsonObject(with: pruned.stdout) as? [String: Any]
    #expect(json?["removed"] as? [String] == [])
    #expect(json?["kept"] as? [String] == ["App/Icons.xcassets/bell.imageset"])
    #expect(Owned.names(set) == ["a.txt", "b.png"])

    // The user moves one file: still kept, the other named.
    try FileManager.default.removeItem(at: set.appendingPathComponent("a.txt"))
    let one = try CLIRunner.run(
      ["assets", "icons", "-o", "App/Icons.xcassets", "--prune", "--quiet"], in: folder)
    #expect(one.status == 0)
    #expect(one.stderr == Self.keptWarning("App/Icons.xcassets/bell.imageset", "b.png") + "\n")
    // And the other: the next run removes the empty folder, and the record forgets it.
    try FileManager.default.removeItem(at: set.appendingPathComponent("b.png"))
    let gone = try CLIRunner.run(["build"], in: folder)
    #expect(gone.status == 0)
    #expect(
      gone.stderr.hasPrefix(
        "App/Icons.xcassets/bell.imageset: removed (kept for files glyphsmith did not make, which are gone now)\n"
      ))
    #expect(gone.stderr.hasSuffix("; 0 failed; 1 removed\n"))
    #expect(!FileManager.default.fileExists(atPath: set.path))
    #expect(try Self.record(catalog)["kept"] == nil)
    let quiet = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
  }

  // Found by the new-user trial: pruning thousands of outputs listed and looked up the same
  // folders for every output (prune speed, bench/prune). The faster prune keeps every rule:
  // the plan previews exactly what goes, a user's file in a set or a web folder keeps it,
  // named, the lines come in the record's order, and nothing else is touched.
  @Test func aPlanPreviewsThePruneAndThePruneRemovesExactlyThatKeepingUsersFiles() throws {
    let all = [
      "arrow-right", "bell", "bookmark", "calendar", "camera", "heart", "house", "map-pin",
      "message-square", "music", "search", "settings", "shopping-cart", "star", "trash-2", "user",
    ]
    let folder = try Owned.project(Owned.allPlatforms, icons: all)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let notes = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset/notes.txt")
    let mine = folder.appendingPathComponent("public/camera/mine.txt")
    try Owned.write("my notes", to: notes)
    try Owned.write("mine", to: mine)
    let gone = Array(all[1...10])
    for name in gone {
      try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/\(name).svg"))
    }
    let densities = ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
    // Each output with the icon it was made from, by folder then path (Android and web
    // names take `_` for `-`).
    func resource(_ name: String) -> String { name.replacingOccurrences(of: "-", with: "_") }
    let outputs: [(path: String, icon: String)] =
      gone.map { ("App/Icons.xcassets/\($0).imageset", $0) }
      + densities.flatMap { density in
        gone.map { ("android/res/drawable-\(density)/\(resource($0)).png", $0) }
      }
      + gone.map { ("public/\(resource($0))", $0) }
    let expected = outputs.map(\.path)

    // The plan names every output the build would prune, and removes nothing.
    let planned = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    #expect(planned.status == 0, "\(planned.stderr)")
    let plan = try #require(
      try JSONSerialization.jsonObject(with: planned.stdout) as? [String: Any])
    #expect(plan["remove"] as? [String] == expected)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/bell").path))

    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0, "\(pruned.stderr)")
    let lines = pruned.stderr.split(separator: "\n").map(String.init)
    let keptLines = [
      "App/Icons.xcassets/bell.imageset: kept, not removed (its source icons/bell.svg is gone; glyphsmith removed its own files, and notes.txt in it is not glyphsmith's)",
      "public/camera: kept, not removed (its source icons/camera.svg is gone; glyphsmith removed its own files, and mine.txt in it is not glyphsmith's)",
    ]
    // Each removal as it is made, then the warnings once the run is over.
    #expect(
      lines
        == outputs.map { output in
          if output.path.hasSuffix("/bell.imageset") { return keptLines[0] }
          if output.path == "public/camera" { return keptLines[1] }
          return "\(output.path): removed (its source icons/\(output.icon).svg is gone)"
        } + [
          Self.keptWarning("App/Icons.xcassets/bell.imageset", "notes.txt"),
          "public/camera: warning: kept for mine.txt, which glyphsmith did not make; its own files are removed; move it out and the next run removes the folder",
        ])
    #expect(lines.count == 2 + 70)
    // The user's files are there byte for byte, alone in their folders.
    #expect(Owned.read(notes) == "my notes")
    #expect(Owned.read(mine) == "mine")
    #expect(Owned.names(notes.deletingLastPathComponent()) == ["notes.txt"])
    #expect(Owned.names(mine.deletingLastPathComponent()) == ["mine.txt"])
    // What stays is the six icons' outputs, and the drawable folders that hold them.
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    #expect(
      Owned.names(catalog) == [
        ".glyphsmith-outputs.json", "Contents.json", "arrow-right.imageset", "bell.imageset",
        "settings.imageset", "shopping-cart.imageset", "star.imageset", "trash-2.imageset",
        "user.imageset",
      ])
    for density in densities {
      #expect(
        Owned.names(folder.appendingPathComponent("android/res/drawable-\(density)")) == [
          "arrow_right.png", "settings.png", "shopping_cart.png", "star.png", "trash_2.png",
          "user.png",
        ])
    }
    #expect(
      Owned.names(folder.appendingPathComponent("public")) == [
        ".glyphsmith-outputs.json", "arrow_right", "camera", "settings", "shopping_cart", "star",
        "trash_2", "user",
      ])
    #expect(try Self.record(catalog)["kept"] as? [String] == ["bell.imageset"])
    // Nothing is left to prune: the plan says so.
    let after = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    let again = try #require(try JSONSerialization.jsonObject(with: after.stdout) as? [String: Any])
    #expect(again["remove"] as? [String] == [])
  }

  /// The record of outputs in `folder` as JSON.
  static func record(_ folder: URL) throws -> [String: Any] {
    try ProjectCLITests.json(folder.appendingPathComponent(".glyphsmith-outputs.json"))
  }

  @Test func aPrunedSetHoldingAUsersFileStaysGlyphsmithsWhenTheIconComesBack() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let set = catalog.appendingPathComponent("bell.imageset")
    let notes = set.appendingPathComponent("notes.txt")
    try Owned.write("keep me", to: notes)
    let bell = folder.appendingPathComponent("icons/bell.svg")
    let saved = try Data(contentsOf: bell)
    try FileManager.default.removeItem(at: bell)

    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    // Told as kept as the prune keeps it, naming the user's file, then the warning
    // `validate`'s finding agrees with (the set has no Contents.json now).
    #expect(
      pruned.stderr
        == "App/Icons.xcassets/bell.imageset: kept, not removed (its source icons/bell.svg is gone; glyphsmith removed its own files, and notes.txt in it is not glyphsmith's)\n"
        + Self.keptWarning("App/Icons.xcassets/bell.imageset", "notes.txt") + "\n"
    )
    let validate = try CLIRunner.run(["validate", "App/Icons.xcassets"], in: folder)
    #expect(validate.status == 1)
    #expect(validate.stderr == Self.keptFinding("App/Icons.xcassets/bell.imageset", "notes.txt"))
    #expect(Owned.names(set) == ["notes.txt"])
    // The folder stays in the record as Glyphsmith's (not removed again, not forgotten).
    let record = try Self.record(catalog)
    #expect(record["kept"] as? [String] == ["bell.imageset"])
    #expect((record["outputs"] as? [String: String])?["bell.imageset"] == nil)
    let again = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(again.status == 0)
    #expect(
      again.stderr == Self.keptWarning("App/Icons.xcassets/bell.imageset", "notes.txt") + "\n")
    #expect(Owned.names(set) == ["notes.txt"])

    // The icon comes back: it writes into its own folder, keeping the file.
    try saved.write(to: bell)
    let restored = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(restored.status == 0)
    #expect(
      restored.stderr == "App/Icons.xcassets/bell.imageset/notes.txt\(Self.userFileWarning)\n")
    #expect(
      Owned.names(set) == ["Contents.json", "bell.png", "bell@2x.png", "bell@3x.png", "notes.txt"])
    #expect(Owned.read(notes) == "keep me")
    let restoredRecord = try Self.record(catalog)
    #expect(restoredRecord["kept"] == nil)
    #expect(
      (restoredRecord["outputs"] as? [String: String])?["bell.imageset"] == "../../icons/bell.svg")

    // --force renders again and replaces only what it writes.
    let forced = try CLIRunner.run(["build", "--quiet", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(forced.stderr == "App/Icons.xcassets/bell.imageset/notes.txt\(Self.userFileWarning)\n")
    #expect(Owned.read(notes) == "keep me")
  }

  @Test func forceKeepsAUsersFileInASetOfARecordThatForgotIt() throws {
    // A catalog pruned by an earlier version: the set holds only the user's file and no
    // record lists it. It is not Glyphsmith's; --force writes into it and keeps the file.
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell"])
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset")
    try Owned.write("keep me", to: set.appendingPathComponent("notes.txt"))
    let refused = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "icons/bell.svg: error: App/Icons.xcassets/bell.imageset exists and was not made by glyphsmith; move it or pass --force\n"
    )
    #expect(Owned.names(set) == ["notes.txt"])
    let forced = try CLIRunner.run(["build", "--quiet", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr.split(separator: "\n").map(String.init) == [
        "App/Icons.xcassets/bell.imageset: warning: not made by glyphsmith; replaced (--force)",
        "App/Icons.xcassets/bell.imageset/notes.txt\(Self.userFileWarning)",
      ])
    #expect(
      Owned.names(set) == ["Contents.json", "bell.png", "bell@2x.png", "bell@3x.png", "notes.txt"])
    #expect(Owned.read(set.appendingPathComponent("notes.txt")) == "keep me")
  }

  @Test func aPlatformBlockRemovedFromTheFileHasItsOutputsPruned() throws {
    let folder = try Owned.project(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
       "web": {"folder": "public"}}
      """)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    #expect(
      try Self.record(catalog)["folders"] as? [String: String] == [
        "ios": ".", "web": "../../public",
      ])
    let publicFolder = folder.appendingPathComponent("public")
    #expect(Owned.names(publicFolder) == [".glyphsmith-outputs.json", "bell", "camera", "heart"])
    try Owned.write("notes", to: publicFolder.appendingPathComponent("bell/NOTES.txt"))
    let ios = #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#
    try Owned.write(ios, to: folder.appendingPathComponent("glyphsmith.json"))
    let before = JournalCLITests.tree(catalog)

    let dropped = try CLIRunner.run(["build"], in: folder)
    #expect(dropped.status == 0)
    let lines = dropped.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "public/bell: kept, not removed (icons/bell.svg no longer makes it; glyphsmith removed its own files, and NOTES.txt in it is not glyphsmith's)",
        "public/camera: removed (icons/camera.svg no longer makes it)",
        "public/heart: removed (icons/heart.svg no longer makes it)",
        "public/bell: warning: kept for NOTES.txt, which glyphsmith did not make; its own files are removed; move it out and the next run removes the folder",
      ])
    #expect(lines.last?.hasSuffix("; 0 failed; 2 removed; 1 kept") == true)
    #expect(Owned.names(publicFolder) == [".glyphsmith-outputs.json", "bell"])
    #expect(Owned.names(publicFolder.appendingPathComponent("bell")) == ["NOTES.txt"])
    #expect(Owned.read(publicFolder.appendingPathComponent("bell/NOTES.txt")) == "notes")
    // The web folder's record keeps only the set with the user's file; the catalog's lists
    // the one folder left; the catalog keeps its sets (rendered again: the platforms are
    // part of each fingerprint).
    let webRecord = try Self.record(publicFolder)
    #expect(webRecord["kept"] as? [String] == ["bell"])
    #expect(webRecord["outputs"] as? [String: String] == [:])
    #expect(webRecord["folders"] == nil)
    #expect(try Self.record(catalog)["folders"] as? [String: String] == ["ios": "."])
    #expect(Set(JournalCLITests.tree(catalog).keys) == Set(before.keys))
    // Nothing more to do on the next run.
    let again = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr == "")

    // Without a user's file, the dropped folder's record goes too.
    try Owned.write(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
       "web": {"folder": "www"}}
      """, to: folder.appendingPathComponent("glyphsmith.json"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Owned.write(ios, to: folder.appendingPathComponent("glyphsmith.json"))
    let www = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(www.status == 0)
    #expect(
      www.stderr == "www/bell: removed (icons/bell.svg no longer makes it)\n"
        + "www/camera: removed (icons/camera.svg no longer makes it)\n"
        + "www/heart: removed (icons/heart.svg no longer makes it)\n")
    #expect(Owned.names(folder.appendingPathComponent("www")) == [])
  }

  @Test func switchingAndroidFormatCountsWhatItRemovesAndLeavesNoEmptyFolder() throws {
    let config =
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "FORMAT"}}"#
    let folder = try Owned.project(
      config.replacingOccurrences(of: "FORMAT", with: "png"), icons: ["bell", "camera"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let densities = [
      "drawable-hdpi", "drawable-mdpi", "drawable-xhdpi", "drawable-xxhdpi",
      "drawable-xxxhdpi",
    ]
    #expect(Owned.names(res) == densities)
    try Owned.write(
      config.replacingOccurrences(of: "FORMAT", with: "vector"),
      to: folder.appendingPathComponent("glyphsmith.json"))

    let vector = try CLIRunner.run(["build"], in: folder)
    #expect(vector.status == 0)
    let lines = vector.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast())
        == densities.flatMap { density in
          ["bell", "camera"].map {
            "android/res/\(density)/\($0).png: removed (icons/\($0).svg no longer makes it)"
          }
        })
    #expect(lines.last?.hasSuffix("; 0 failed; 10 removed") == true)
    #expect(Owned.names(res) == ["drawable"])
    #expect(Owned.names(res.appendingPathComponent("drawable")) == ["bell.xml", "camera.xml"])

    // And back: the VectorDrawables go, counted; a folder holding a user's file stays.
    try Owned.write("mine", to: res.appendingPathComponent("drawable/mine.xml"))
    try Owned.write(
      config.replacingOccurrences(of: "FORMAT", with: "png"),
      to: folder.appendingPathComponent("glyphsmith.json"))
    let png = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(png.status == 0)
    #expect(
      png.stderr == "android/res/drawable/bell.xml: removed (icons/bell.svg no longer makes it)\n"
        + "android/res/drawable/camera.xml: removed (icons/camera.svg no longer makes it)\n")
    #expect(Owned.names(res) == ["drawable"] + densities)
    #expect(Owned.names(res.appendingPathComponent("drawable")) == ["mine.xml"])
  }

  @Test func sourcesAreRecordedFromTheRealFolderSoALinkedOutputPathPrunesRight() throws {
    // `out` is a link to a folder beside the project; the catalog is reached through it.
    let base = try temporaryFolder()
    let folder = base.appendingPathComponent("proj")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
    for name in ["bell", "house"] {
      try FileManager.default.copyItem(
        at: Owned.icons.appendingPathComponent(name + ".svg"),
        to: folder.appendingPathComponent("icons/\(name).svg"))
    }
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("out").path, withDestinationPath: "../elsewhere")
    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "out/deep/Icons.xcassets"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = base.appendingPathComponent("elsewhere/deep/Icons.xcassets")
    // Relative to the catalog's real folder, not to the text of the linked path.
    #expect(
      try Self.record(catalog)["outputs"] as? [String: String] == [
        "bell.imageset": "../../../proj/icons/bell.svg",
        "house.imageset": "../../../proj/icons/house.svg",
      ])
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/house.svg"))
    // The same catalog by its real path: house is gone, bell is not.
    let prune = try CLIRunner.run(
      ["assets", "icons", "-o", "../elsewhere/deep/Icons.xcassets", "--prune", "--quiet"],
      in: folder)
    #expect(prune.status == 0)
    #expect(
      prune.stderr
        == "../elsewhere/deep/Icons.xcassets/house.imageset: removed (its source icons/house.svg is gone)\n"
    )
    #expect(Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "bell.imageset"])
    let build = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(build.status == 0)
    #expect(build.stderr == "")
    #expect(Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "bell.imageset"])
  }

  @Test func autoFormatRecordsItsFallbackPNGsSoADeletedIconsPNGsGo() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "auto"}}"#,
      icons: ["bell"])
    try Owned.write(
      DiagnosticCLITests.masked, to: folder.appendingPathComponent("icons/masked.svg"))
    let first = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(first.status == 0)
    let res = folder.appendingPathComponent("android/res")
    let densities = [
      "drawable-hdpi", "drawable-mdpi", "drawable-xhdpi", "drawable-xxhdpi",
      "drawable-xxxhdpi",
    ]
    #expect(Owned.names(res) == ["drawable"] + densities)
    #expect(Owned.names(res.appendingPathComponent("drawable")) == ["bell.xml"])
    for density in densities {
      #expect(Owned.names(res.appendingPathComponent(density)) == ["masked.png"])
    }
    let outputs = try #require(
      try Self.record(folder.appendingPathComponent("android"))["outputs"] as? [String: String])
    for density in densities {
      #expect(outputs["res/\(density)/masked.png"] == "../icons/masked.svg")
    }
    // Only what was written is recorded: not masked's VectorDrawable, not bell's PNGs.
    #expect(outputs["res/drawable/masked.xml"] == nil)
    #expect(outputs["res/drawable/bell.xml"] == "../icons/bell.svg")
    #expect(
      outputs.keys.sorted()
        == (["res/drawable/bell.xml"] + densities.map { "res/\($0)/masked.png" }).sorted())
    // A file the user puts later at the path glyphsmith did not write is not glyphsmith's:
    // the icon fails naming it, the file and the record stay.
    let mine = Data("<vector mine/>".utf8)
    try mine.write(to: res.appendingPathComponent("drawable/masked.xml"))
    let again = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(again.status == 2)
    #expect(
      again.stderr
        == "icons/masked.svg: error: android/res/drawable/masked.xml exists and was not made by glyphsmith; move it or pass --force\n"
    )
    #expect(
      FileManager.default.contents(atPath: res.appendingPathComponent("drawable/masked.xml").path)
        == mine)
    let outputsAgain = try #require(
      try Self.record(folder.appendingPathComponent("android"))["outputs"] as? [String: String])
    #expect(outputsAgain == outputs)
    try FileManager.default.removeItem(at: res.appendingPathComponent("drawable/masked.xml"))

    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/masked.svg"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr
        == densities.map {
          "android/res/\($0)/masked.png: removed (its source icons/masked.svg is gone)\n"
        }.joined())
    #expect(Owned.names(res) == ["drawable"])
  }

  /// The drawables of one icon at every density, as pruning names them.
  static func removedDrawables(_ name: String, because: String) -> String {
    ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
      "android/res/drawable-\($0)/\(name).png: removed (\(because))\n"
    }.joined()
  }

  @Test func pruningKeepsTheConfiguredResFolderItEmpties() throws {
    let config =
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}RULES}"#
    let folder = try Owned.project(
      config.replacingOccurrences(of: "RULES", with: ""), icons: ["bell"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let android = folder.appendingPathComponent("android")
    #expect(Owned.names(android) == [".glyphsmith-outputs.json", "res"])
    // A rule takes bell off Android: its drawables go, their drawable-* folders with them,
    // and android.res (the configured folder) stays, empty.
    try Owned.write(
      config.replacingOccurrences(
        of: "RULES", with: #", "rules": [{"match": "*.svg", "platforms": ["ios"]}]"#),
      to: folder.appendingPathComponent("glyphsmith.json"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr == Self.removedDrawables("bell", because: "icons/bell.svg no longer makes it"))
    #expect(Owned.names(android) == [".glyphsmith-outputs.json", "res"])
    #expect(Owned.names(android.appendingPathComponent("res")) == [])
  }

  @Test(arguments: [false, true])
  func aDroppedPlatformsEmptiedResGoesButOneHoldingAUsersFileStays(userFile: Bool) throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let android = folder.appendingPathComponent("android")
    let strings = android.appendingPathComponent("res/values/strings.xml")
    if userFile { try Owned.write("<resources/>", to: strings) }
    // The Android block goes: its outputs are pruned, and each folder they leave empty up to
    // the folder holding res (the record's folder, which stays).
    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr == Self.removedDrawables("bell", because: "icons/bell.svg no longer makes it"))
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: android.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    if userFile {
      #expect(Owned.names(android) == ["res"])
      #expect(Owned.names(android.appendingPathComponent("res")) == ["values"])
      #expect(Owned.read(strings) == "<resources/>")
    } else {
      #expect(Owned.names(android) == [])
    }
  }

  @Test(arguments: [
    (["-o", "."], "-o is '.', the current folder"),
    (["-o", "/"], "-o is '/', the root folder"),
    (["-o", "icons"], "-o is 'icons', the input folder icons"),
    (["-o", "..", "--platform", "ios"], "-o is '..', a folder holding the current folder"),
    (
      ["-o", "I.xcassets", "--platform", "web", "--web-out", "icons/web"],
      "--web-out is 'icons/web', inside the input folder icons (what it writes would be read back as icons)"
    ),
    (
      ["-o", "I.xcassets", "--platform", "web", "--web-out", "."],
      "--web-out is '.', the current folder"
    ),
    (
      ["-o", "I.xcassets", "--platform", "android", "--android-out", "."],
      "--android-out is '.', the current folder"
    ),
    (
      ["-o", "I.xcassets", "--platform", "web", "--web-out", "/"],
      "--web-out is '/', the root folder"
    ),
  ])
  func outputFoldersOnTheCommandLineAreCheckedAsTheFileIs(arguments: [String], what: String)
    throws
  {
    let folder = try Owned.project("{}", icons: ["bell"])
    try Owned.write("user docs", to: folder.appendingPathComponent("bell/README.md"))
    let before = try ProjectCLITests.snapshot(folder)
    let run = try CLIRunner.run(["assets", "icons"] + arguments, in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith assets: error: \(what); an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\")\nsee 'glyphsmith help assets'\n"
    )
    #expect(try ProjectCLITests.snapshot(folder) == before)
  }

  @Test func assetsSymbolsWritesUnderTheCatalogsLock() throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    let catalog = folder.appendingPathComponent("C.xcassets")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    let fd = open(catalog.path, O_RDONLY | O_DIRECTORY)
    #expect(flock(fd, LOCK_EX) == 0)
    let seen = LockedNames()
    let released = DispatchSemaphore(value: 0)
    Thread {
      Thread.sleep(forTimeInterval: 1.5)
      seen.names = Owned.names(catalog)
      flock(fd, LOCK_UN)
      close(fd)
      released.signal()
    }.start()
    let run = try CLIRunner.run(
      ["assets", "icons", "-o", "C.xcassets", "--symbols", "--quiet"], in: folder)
    released.wait()
    #expect(run.status == 0)
    #expect(
      run.stderr == "C.xcassets: waiting for another glyphsmith run writing this folder to finish\n"
    )
    // Nothing was written while another run held the catalog.
    #expect(seen.names == [])
    #expect(
      Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "bell.symbolset"])
  }

  @Test func groupContentsFilesAreRecordedAndGoWithTheirLastIcon() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "Icons.xcassets"}}"#, icons: ["heart"])
    for (name, place) in [("bell", "nav"), ("camera", "nav/deep")] {
      let target = folder.appendingPathComponent("icons/\(place)/\(name).svg")
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Owned.icons.appendingPathComponent(name + ".svg"), to: target)
    }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("Icons.xcassets")
    #expect(
      Owned.names(catalog.appendingPathComponent("nav")) == [
        "Contents.json", "bell.imageset", "deep",
      ])
    let outputs = try #require(try Self.record(catalog)["outputs"] as? [String: String])
    #expect(outputs["nav/Contents.json"] == "../icons/nav/bell.svg")
    #expect(outputs["nav/deep/Contents.json"] == "../icons/nav/deep/camera.svg")

    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/nav"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr
        == "Icons.xcassets/nav/bell.imageset: removed (its source icons/nav/bell.svg is gone)\n"
        + "Icons.xcassets/nav/deep/camera.imageset: removed (its source icons/nav/deep/camera.svg is gone)\n"
        + "Icons.xcassets/nav/deep/Contents.json: removed (its source icons/nav/deep/camera.svg is gone)\n"
        + "Icons.xcassets/nav/Contents.json: removed (its source icons/nav/bell.svg is gone)\n")
    #expect(
      Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "heart.imageset"])
  }

  @Test func aGroupsContentsFileStaysBesideWhatTheUserKeepsInTheGroup() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "Icons.xcassets"}}"#, icons: [])
    let target = folder.appendingPathComponent("icons/nav/bell.svg")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Owned.icons.appendingPathComponent("bell.svg"), to: target)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let nav = folder.appendingPathComponent("Icons.xcassets/nav")
    let contents = Owned.read(nav.appendingPathComponent("Contents.json"))
    try Owned.write(
      #"{"colors":[]}"#, to: nav.appendingPathComponent("Brand.colorset/Contents.json"))
    try FileManager.default.removeItem(at: target)
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr
        == "Icons.xcassets/nav/bell.imageset: removed (its source icons/nav/bell.svg is gone)\n")
    #expect(Owned.names(nav) == ["Brand.colorset", "Contents.json"])
    #expect(Owned.read(nav.appendingPathComponent("Contents.json")) == contents)
  }

  @Test(arguments: ["--report", "--junit"])
  func aGoldenReportNeverReplacesAFileGlyphsmithDidNotWrite(option: String) throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    #expect(
      try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--quiet"], in: folder).status == 0)
    #expect(
      try CLIRunner.run(["golden", "record", "I.xcassets", "golden"], in: folder).status == 0)
    let name = option == "--report" ? "notes.html" : "notes.xml"
    let path = folder.appendingPathComponent(name)
    try Owned.write("the user's notes", to: path)
    let check = ["golden", "check", "I.xcassets", "golden", option, name]
    let refused = try CLIRunner.run(check, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "\(name): error: exists and was not made by glyphsmith; move it or pass --force\n")
    #expect(Owned.read(path) == "the user's notes")
    #expect(refused.stdout.isEmpty)

    let forced = try CLIRunner.run(check + ["--force"], in: folder)
    #expect(forced.status == 0)
    #expect(forced.stderr == "\(name): warning: not made by glyphsmith; replaced (--force)\n")
    let written = try #require(Owned.read(path))
    #expect(written.hasPrefix(option == "--report" ? "<!doctype html>" : "<?xml"))
    // Its own report it replaces without --force, without a word.
    let again = try CLIRunner.run(check, in: folder)
    #expect(again.status == 0)
    #expect(again.stderr == "")
  }

  @Test func aSymbolReportNeverReplacesAFileGlyphsmithDidNotWrite() throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    try Owned.write(#"{"mine": true}"#, to: folder.appendingPathComponent("report.json"))
    let symbol = ["symbol", "icons/bell.svg", "-o", "S.xcassets", "--report", "report.json"]
    let refused = try CLIRunner.run(symbol, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "report.json: error: exists and was not made by glyphsmith; move it or pass --force\n")
    #expect(Owned.read(folder.appendingPathComponent("report.json")) == #"{"mine": true}"#)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("S.xcassets").path))
    let forced = try CLIRunner.run(symbol + ["--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr.hasPrefix(
        "report.json: warning: not made by glyphsmith; replaced (--force)\nwrote 1 symbol set to S.xcassets"
      ))
    let again = try CLIRunner.run(symbol, in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.hasPrefix("wrote 1 symbol set to S.xcassets"))
  }

  @Test func symbolForceNamesTheSetItReplacesAndKeepsTheFilesInIt() throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    let set = folder.appendingPathComponent("S.xcassets/bell.symbolset")
    try Owned.write(#"{"symbols":[]}"#, to: set.appendingPathComponent("Contents.json"))
    try Owned.write("<svg/>", to: set.appendingPathComponent("mine.svg"))
    let symbol = ["symbol", "icons/bell.svg", "-o", "S.xcassets"]
    let refused = try CLIRunner.run(symbol, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix(
        "icons/bell.svg: error: S.xcassets/bell.symbolset exists and was not made by glyphsmith; move it or pass --force\n"
      ))
    #expect(Owned.read(set.appendingPathComponent("Contents.json")) == #"{"symbols":[]}"#)
    let forced = try CLIRunner.run(symbol + ["--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "S.xcassets/bell.symbolset: warning: not made by glyphsmith; replaced (--force)\n"
        + "S.xcassets/bell.symbolset/mine.svg\(Self.userFileWarning)\n"
        + "wrote 1 symbol set to S.xcassets (0 with copied weights)\n")
    #expect(Owned.names(set) == ["Contents.json", "bell.svg", "mine.svg"])
    #expect(Owned.read(set.appendingPathComponent("mine.svg")) == "<svg/>")
  }

  @Test func aHandMadeGroupContentsFileFailsItsIconsUnlessForced() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "Icons.xcassets"}}"#, icons: ["heart"])
    for name in ["bell", "camera"] {
      let target = folder.appendingPathComponent("icons/nav/\(name).svg")
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Owned.icons.appendingPathComponent(name + ".svg"), to: target)
    }
    let group = folder.appendingPathComponent("Icons.xcassets/nav/Contents.json")
    let mine =
      #"{"info":{"author":"me","version":1},"properties":{"on-demand-resource-tags":["x"]}}"#
    try Owned.write(mine, to: group)
    let refused = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.split(separator: "\n").map(String.init)
        == ["bell", "camera"].map {
          "icons/nav/\($0).svg: error: Icons.xcassets/nav/Contents.json exists and was not made by glyphsmith; move it or pass --force"
        })
    #expect(Owned.read(group) == mine)
    #expect(Owned.names(group.deletingLastPathComponent()) == ["Contents.json"])
    let forced = try CLIRunner.run(["build", "--quiet", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "Icons.xcassets/nav/Contents.json: warning: not made by glyphsmith; replaced (--force)\n"
    )
    #expect(Owned.read(group) != mine)
    // Glyphsmith's now (recorded): no --force needed.
    let again = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr == "")
  }

  // Found by the session-46 trial: `appicon --platform android` recorded its launcher files
  // with the icon as their source, so the next `build` (which does not make them) called
  // each "not made by glyphsmith; kept" and dropped them from the record, and the next
  // `appicon` refused its own files.
  @Test func appIconLauncherFilesStayAppIconsThroughBuilds() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "app/src/main/res"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let launcher = try CLIRunner.run(
      ["appicon", "--platform", "android", "icons/bell.svg", "-o", "app/src/main/res"],
      in: folder)
    #expect(launcher.status == 0, "\(launcher.stderr)")
    let main = folder.appendingPathComponent("app/src/main")
    func launcherFiles() -> [String: Data] {
      JournalCLITests.tree(main).filter {
        $0.key.contains("ic_launcher") && !$0.key.hasPrefix(".")
      }
    }
    let made = launcherFiles()
    #expect(made.count == 16, "\(made.keys.sorted())")
    let build = try CLIRunner.run(["build"], in: folder)
    #expect(build.status == 0)
    let lines = build.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(build.stderr)")
    #expect(lines.first?.hasPrefix("built 0 icons (0 PNG files) to app/src/main/res in ") == true)
    #expect(lines.first?.hasSuffix(" s; 3 unchanged; 0 skipped; 0 failed; 0 removed") == true)
    // An icon gone: its drawables go, the launcher files stay byte for byte.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(!pruned.stderr.contains("not made by glyphsmith"), "\(pruned.stderr)")
    #expect(launcherFiles() == made)
    #expect(
      !FileManager.default.fileExists(
        atPath: main.appendingPathComponent("res/drawable-mdpi/bell.png").path))
    // The launcher files are still appicon's: a new one replaces them without --force.
    let again = try CLIRunner.run(
      ["appicon", "--platform", "android", "icons/camera.svg", "-o", "app/src/main/res"],
      in: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("error"), "\(again.stderr)")
    #expect(launcherFiles().keys.sorted() == made.keys.sorted())
    #expect(launcherFiles() != made)
    let record = try Self.record(main)
    let appicon = try #require(record["appicon"] as? [String: String])
    #expect(appicon.count == 16)
    #expect(appicon["ic_launcher-playstore.png"] == "../../../icons/camera.svg")
    #expect(
      (record["outputs"] as? [String: String])?.keys.contains { $0.contains("ic_launcher") }
        == false)
  }

  // Found by the fourth new-user trial: `build` removed the set plain `assets` had made from
  // another folder into its catalog ("made by glyphsmith before it kept a record of its
  // outputs", although this version made it), exit 0. Plain `assets` and `symbol` record
  // what they write now, so the build knows those sets' sources are none of its icons.
  @Test func aBuildKeepsTheSetsPlainAssetsAndSymbolMadeFromOtherIcons() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "A.xcassets"}}"#, icons: ["bell"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let brand = folder.appendingPathComponent("brand")
    for (name, path) in [("star", "brand"), ("camera", "brand"), ("heart", "logo")] {
      let target = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: ProjectCLITests.sampleIcons.appendingPathComponent(name + ".svg"),
        to: target.appendingPathComponent(name + ".svg"))
    }
    let assets = try CLIRunner.run(["assets", "brand", "-o", "A.xcassets", "--quiet"], in: folder)
    #expect(assets.status == 0)
    let symbol = try CLIRunner.run(["symbol", "logo/heart.svg", "-o", "A.xcassets"], in: folder)
    #expect(symbol.status == 0)
    let catalog = folder.appendingPathComponent("A.xcassets")
    let before = JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") }
    #expect(before.keys.sorted().first == "Contents.json")

    let build = try CLIRunner.run(["build"], in: folder)
    #expect(build.status == 0)
    let lines = build.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "\(build.stderr)")
    #expect(lines.first?.hasPrefix("built 1 icon (3 PNG files) to A.xcassets in ") == true)
    #expect(lines.first?.hasSuffix(" s; 0 unchanged; 0 skipped; 0 failed; 0 removed") == true)
    let after = JournalCLITests.tree(catalog)
    for (path, data) in before { #expect(after[path] == data, "\(path)") }
    #expect(
      Owned.names(catalog) == [
        ".glyphsmith-outputs.json", "Contents.json", "bell.imageset", "camera.imageset",
        "heart.symbolset", "star.imageset",
      ])
    let outputs = try #require(try Self.record(catalog)["outputs"] as? [String: String])
    #expect(
      outputs == [
        "bell.imageset": "../icons/bell.svg", "camera.imageset": "../brand/camera.svg",
        "star.imageset": "../brand/star.svg",
      ])
    // `symbol`'s sets are recorded apart, as that command's (issue 32, sixth trial).
    #expect(
      try Self.record(catalog)["symbol"] as? [String: String] == [
        "heart.symbolset": "../logo/heart.svg"
      ])

    // Its source gone, such a set is still no business of the build, which reads icons/
    // only; a pruning run of its own inputs removes it.
    try FileManager.default.removeItem(at: brand.appendingPathComponent("star.svg"))
    let kept = try CLIRunner.run(["build"], in: folder)
    #expect(kept.status == 0)
    #expect(kept.stderr.hasSuffix("; 1 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(Owned.names(catalog).contains("star.imageset"))
    let pruned = try CLIRunner.run(
      ["assets", "brand", "-o", "A.xcassets", "--prune"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr.split(separator: "\n").first
        == "A.xcassets/star.imageset: removed (its source brand/star.svg is gone)")
    #expect(
      Owned.names(catalog) == [
        ".glyphsmith-outputs.json", "Contents.json", "bell.imageset", "camera.imageset",
        "heart.symbolset",
      ])
  }

  // The paths in appicon's messages are the user's as given: never made absolute.
  @Test func appIconAndroidNamesThePlayStoreFileAsGiven() throws {
    let folder = try Owned.project(#"{"version": 1, "icons": "icons"}"#)
    try Owned.write("mine", to: folder.appendingPathComponent("app/ic_launcher-playstore.png"))
    let refused = try CLIRunner.run(
      ["appicon", "--platform", "android", "icons/bell.svg", "-o", "app/res"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "icons/bell.svg: error: app/ic_launcher-playstore.png exists and was not made by glyphsmith; move it or pass --force\n"
      ), "\(refused.stderr)")
  }

}

/// The names a thread saw in a folder.
final class LockedNames: @unchecked Sendable {
  var names: [String]? = nil
}
