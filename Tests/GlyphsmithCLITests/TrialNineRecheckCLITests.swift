import Foundation
import Glyphsmith
import Testing

/// Issue 32, the re-check of the ninth trial's fixes: with `ios.symbols` a symbol set (or a
/// group `Contents.json`) the user made stopped the whole build (N2; the issue's rule: the icon
/// fails by name and the rest of the batch goes on); `build` left the staging folders of a
/// killed symbol set write behind (N1); `assets --symbols` reported "wrote 0 icons (0 files)"
/// and `--json` listed no input for the sets it wrote (N3).
@Suite("Issue 32, re-check: symbol ownership per icon, staging leftovers, symbol counts")
struct TrialNineRecheckCLITests {
  static let config =
    #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#

  /// A project with `bell`, `heart` and `nav/camera`, with symbols on.
  static func project() throws -> URL {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "heart", "camera"])
    try TrialEightLeftCLITests.move("icons/camera.svg", "icons/nav/camera.svg", in: folder)
    return folder
  }

  /// N2: a hand-made `heart.symbolset` and a `nav/Contents.json` Xcode made fail heart and
  /// nav/camera by name, byte for byte untouched; bell is built; `--force` replaces both,
  /// naming them.
  @Test func aSymbolSetOrGroupTheUserMadeFailsItsIconAndTheRestIsBuilt() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("C.xcassets")
    let mine = Data(#"{"info":{"author":"me","version":1},"symbols":[]}"#.utf8)
    let group = Data(
      #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.utf8)
    try FileManager.default.createDirectory(
      at: catalog.appendingPathComponent("heart.symbolset"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: catalog.appendingPathComponent("nav"), withIntermediateDirectories: true)
    try mine.write(to: catalog.appendingPathComponent("heart.symbolset/Contents.json"))
    try Data("notes".utf8).write(to: catalog.appendingPathComponent("heart.symbolset/notes.txt"))
    try group.write(to: catalog.appendingPathComponent("nav/Contents.json"))
    let users = JournalCLITests.tree(catalog)

    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    let planned = try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any]
    #expect((planned?["symbolSets"] as? [[String: String]])?.map { $0["path"] } == ["C.xcassets/bell.symbolset"])
    #expect(
      planned?["failures"] as? [String] == [
        "icons/heart.svg: error: C.xcassets/heart.symbolset exists and was not made by glyphsmith; move it or pass --force",
        "icons/nav/camera.svg: error: C.xcassets/nav/Contents.json exists and was not made by glyphsmith; move it or pass --force",
      ])

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/heart.svg: error: C.xcassets/heart.symbolset exists and was not made by glyphsmith; move it or pass --force",
        "icons/nav/camera.svg: error: C.xcassets/nav/Contents.json exists and was not made by glyphsmith; move it or pass --force",
      ])
    #expect(
      lines.last?.hasPrefix("built 1 icon (1 symbol set) to C.xcassets in ") == true, "\(run.stderr)")
    #expect(lines.last?.hasSuffix(" s; 0 unchanged; 0 skipped; 2 failed; 0 removed") == true)
    let after = JournalCLITests.tree(catalog)
    for (path, bytes) in users { #expect(after[path] == bytes, "\(path)") }
    #expect(OwnershipCLITests.names(catalog.appendingPathComponent("bell.symbolset")) == ["Contents.json", "bell.svg"])
    #expect(OwnershipCLITests.names(catalog.appendingPathComponent("nav")) == ["Contents.json"])
    // Neither refused set is in the record: a later prune can never take them for its own.
    let record = try String(
      contentsOf: catalog.appendingPathComponent(".glyphsmith-outputs.json"), encoding: .utf8)
    #expect(record.contains("\"bell.symbolset\""))
    #expect(!record.contains("heart.symbolset") && !record.contains("camera.symbolset"), "\(record)")

    let forced = try CLIRunner.run(["build", "--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.split(separator: "\n").dropLast().map(String.init) == [
        "C.xcassets/heart.symbolset: warning: not made by glyphsmith; replaced (--force)",
        "C.xcassets/heart.symbolset/notes.txt: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)",
        "C.xcassets/nav/Contents.json: warning: not made by glyphsmith; replaced (--force)",
      ], "\(forced.stderr)")
    #expect(forced.stderr.contains("built 2 icons (2 symbol sets) to C.xcassets"))
    #expect(OwnershipCLITests.names(catalog.appendingPathComponent("nav/camera.symbolset")) == ["Contents.json", "camera.svg"])
    #expect(FileManager.default.contents(atPath: catalog.appendingPathComponent("heart.symbolset/notes.txt").path) == Data("notes".utf8))
  }

  /// N2 for `assets --symbols`: a hand-made symbol set fails its input alone.
  @Test func assetsSymbolsFailsTheUsersSymbolSetAloneAndWritesTheRest() throws {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let set = folder.appendingPathComponent("S.xcassets/heart.symbolset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: set.appendingPathComponent("mine.txt"))
    let run = try CLIRunner.run(
      ["assets", "icons", "--platform", "ios", "--symbols", "-o", "S.xcassets"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "icons/heart.svg: error: S.xcassets/heart.symbolset exists and was not made by glyphsmith; move it or pass --force")
    #expect(lines.last?.hasPrefix("wrote 2 icons (2 symbol sets) to S.xcassets in ") == true, "\(run.stderr)")
    #expect(lines.last?.hasSuffix(" s; 0 unchanged; 1 failed") == true)
    #expect(OwnershipCLITests.names(set) == ["mine.txt"])
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("S.xcassets"))
        == [".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "heart.symbolset", "star.symbolset"])
  }

  /// N3: `assets --symbols` counts the symbol sets it wrote, and `--json` lists each input.
  @Test func assetsSymbolsCountsAndListsTheSymbolSets() throws {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let command = ["assets", "icons", "--platform", "ios", "--symbols", "-o", "S.xcassets"]
    let first = try CLIRunner.run(command, in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.hasPrefix("wrote 2 icons (2 symbol sets) to S.xcassets in "), "\(first.stderr)")
    #expect(first.stderr.hasSuffix(" s; 0 unchanged; 0 failed\n"))
    let again = try CLIRunner.run(command + ["--json"], in: folder)
    #expect(again.status == 0, "\(again.stderr)")
    let report = try JSONSerialization.jsonObject(with: again.stdout) as? [String: Any]
    let inputs = report?["inputs"] as? [[String: Any]] ?? []
    #expect(inputs.map { $0["path"] as? String } == ["icons/bell.svg", "icons/heart.svg"])
    #expect(inputs.map { $0["status"] as? String } == ["unchanged", "unchanged"])
    #expect(inputs.map { $0["name"] as? String } == ["bell", "heart"])
    let quiet = try CLIRunner.run(command, in: folder)
    #expect(quiet.stderr.hasPrefix("wrote 0 icons (0 files) to S.xcassets in "), "\(quiet.stderr)")
    #expect(quiet.stderr.hasSuffix(" s; 2 unchanged; 0 failed\n"))
  }

  /// N1: `build` with `ios.symbols` cleans the staging folders a killed symbol set write
  /// left (`.NAME.symbolset.tmp-PID-N`, here one holding an SVG cut at 4,096 bytes as
  /// `ulimit -f 4` cuts it, one in a group), and keeps, naming it, one holding a file
  /// Glyphsmith did not write.
  @Test func aSymbolsBuildCleansTheStagingFoldersOfAKilledRun() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("C.xcassets")
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let clean = JournalCLITests.tree(catalog)
    let manager = FileManager.default
    // A dead process's id: larger than Linux's pid_max.
    let cut = catalog.appendingPathComponent(".bell.symbolset.tmp-4999999-1")
    try manager.copyItem(at: catalog.appendingPathComponent("bell.symbolset"), to: cut)
    let svg = try Data(contentsOf: cut.appendingPathComponent("bell.svg"))
    #expect(svg.count > 4096)
    try svg.prefix(4096).write(to: cut.appendingPathComponent("bell.svg"))
    try manager.copyItem(
      at: catalog.appendingPathComponent("nav/camera.symbolset"),
      to: catalog.appendingPathComponent("nav/.camera.symbolset.tmp-4999999-2"))
    let users = catalog.appendingPathComponent(".heart.symbolset.tmp-4999999-3")
    try manager.copyItem(at: catalog.appendingPathComponent("heart.symbolset"), to: users)
    try Data("mine".utf8).write(to: users.appendingPathComponent("notes.txt"))

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "C.xcassets/.heart.symbolset.tmp-4999999-3: warning: left by a glyphsmith run that was killed, and holds files glyphsmith did not write; kept: move them out, then delete it\n"
      ), "\(run.stderr)")
    #expect(!manager.fileExists(atPath: cut.path))
    #expect(!manager.fileExists(atPath: catalog.appendingPathComponent("nav/.camera.symbolset.tmp-4999999-2").path))
    #expect(OwnershipCLITests.names(users) == ["Contents.json", "heart.svg", "notes.txt"])
    var now = JournalCLITests.tree(catalog)
    now = now.filter { !$0.key.hasPrefix(".heart.symbolset.tmp-") }
    #expect(JournalCLITests.differences(now, clean) == [])
  }

  /// F6: a platform's files never depend on which other platforms the run writes: Android
  /// PNGs carried the glyph text of iOS's render, so switching `ios.symbols` (iOS image
  /// sets on or off) left them unlike a clean build's (and `build --force` was needed).
  @Test(arguments: [false, true])
  func switchingSymbolsLeavesAndroidAsACleanBuildMakesIt(startWithSymbols: Bool) throws {
    func config(_ symbols: Bool) -> String {
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": \#(symbols)}, "android": {"res": "android/res", "format": "png"}, "defaults": {"role": "tab-bar"}}"#
    }
    let folder = try OwnershipCLITests.project(config(startWithSymbols), icons: ["bell", "heart"])
    let clean = try OwnershipCLITests.project(config(!startWithSymbols), icons: ["bell", "heart"])
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: clean)
    }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let before = JournalCLITests.tree(folder.appendingPathComponent("android/res"))
    #expect(before.count == 10)
    try Data(config(!startWithSymbols).utf8).write(
      to: folder.appendingPathComponent("glyphsmith.json"))
    let switched = try CLIRunner.run(["build"], in: folder)
    #expect(switched.status == 0, "\(switched.stderr)")
    #expect(try CLIRunner.run(["build", "--quiet"], in: clean).status == 0)
    let after = JournalCLITests.tree(folder.appendingPathComponent("android/res"))
    #expect(after == before)
    #expect(
      JournalCLITests.differences(after, JournalCLITests.tree(clean.appendingPathComponent("android/res")))
        == [])
  }

  /// F2: `assets --symbols` puts each symbol set in its input's group folders, as `build`
  /// and plain `assets` put sets (it wrote `icons/nav/camera.svg` at the catalog's root,
  /// a second `camera` beside `build`'s); a group `Contents.json` the user made fails its
  /// symbols alone, `--force` replaces it, named (F1: `assets --symbols` named nothing).
  @Test func assetsSymbolsWritesIntoGroupsAndNamesWhatForceReplaces() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let command = ["assets", "icons", "--platform", "ios", "--symbols", "-o", "S.xcassets"]
    let plan = try CLIRunner.run(command + ["--plan", "--json"], in: folder)
    let planned = try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any]
    #expect(
      (planned?["symbolSets"] as? [[String: String]])?.map { $0["path"] } == [
        "S.xcassets/bell.symbolset", "S.xcassets/heart.symbolset",
        "S.xcassets/nav/camera.symbolset",
      ])
    let run = try CLIRunner.run(command, in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let catalog = folder.appendingPathComponent("S.xcassets")
    #expect(
      OwnershipCLITests.names(catalog)
        == [".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "heart.symbolset", "nav"])
    #expect(OwnershipCLITests.names(catalog.appendingPathComponent("nav")) == ["Contents.json", "camera.symbolset"])
    let validate = try CLIRunner.run(["validate", "S.xcassets"], in: folder)
    #expect(validate.status == 0, "\(validate.stderr)")

    let users = folder.appendingPathComponent("U.xcassets/nav/Contents.json")
    try FileManager.default.createDirectory(
      at: users.deletingLastPathComponent(), withIntermediateDirectories: true)
    let mine = Data(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.utf8)
    try mine.write(to: users)
    let other = ["assets", "icons", "--platform", "ios", "--symbols", "-o", "U.xcassets"]
    let refused = try CLIRunner.run(other, in: folder)
    #expect(refused.status == 2, "\(refused.stderr)")
    #expect(
      refused.stderr.hasPrefix(
        "icons/nav/camera.svg: error: U.xcassets/nav/Contents.json exists and was not made by glyphsmith; move it or pass --force\n"
      ), "\(refused.stderr)")
    #expect(try Data(contentsOf: users) == mine)
    let forced = try CLIRunner.run(other + ["--force"], in: folder)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.hasPrefix(
        "U.xcassets/nav/Contents.json: warning: not made by glyphsmith; replaced (--force)\n"),
      "\(forced.stderr)")
    #expect(try Data(contentsOf: users) != mine)
  }

  /// F3: with `ios.symbols` an icon failing on one platform wrote its others (a hand-made
  /// symbol set: its drawables and web icons; a hand-made drawable or web folder: its symbol
  /// set), and the summary said "3 failed (1 partly written)". A failing icon writes
  /// nothing, as without symbols.
  @Test func anIconFailingOnOnePlatformWritesNoOtherWithSymbols() throws {
    let config =
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}, "android": {"res": "android/res"}, "web": {"folder": "public"}}"#
    let folder = try OwnershipCLITests.project(config, icons: ["bell", "heart", "star"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = [
      "C.xcassets/bell.symbolset/Contents.json", "android/res/drawable-mdpi/heart.png",
      "public/star/favicon.ico",
    ]
    for path in made {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("mine".utf8).write(to: url)
    }
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/bell.svg: error: C.xcassets/bell.symbolset exists and was not made by glyphsmith; move it or pass --force",
        "icons/heart.svg: error: android/res/drawable-mdpi/heart.png exists and was not made by glyphsmith; move it or pass --force",
        "icons/star.svg: error: public/star exists and was not made by glyphsmith; move it or pass --force",
      ], "\(run.stderr)")
    #expect(
      lines.last?.hasSuffix(
        " s; 0 unchanged; 0 skipped; 3 failed; 0 removed (nothing was written or removed)") == true,
      "\(run.stderr)")
    let files = JournalCLITests.tree(folder).keys.filter {
      !$0.hasPrefix("icons/") && $0 != "glyphsmith.json" && !$0.contains(".glyphsmith")
        && $0.hasSuffix("Contents.json") == false || made.contains($0)
    }.sorted()
    #expect(files == made.sorted(), "\(files)")
  }

  /// F5: `build --plan --json` listed a group's `Contents.json` under `remove` while the
  /// group keeps a set kept for the user's file, which the run rightly keeps.
  @Test func thePlanKeepsTheGroupOfASetKeptForTheUsersFile() throws {
    let folder = try OwnershipCLITests.project(Self.config, icons: ["bell", "house", "music"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try TrialEightLeftCLITests.move("icons/house.svg", "icons/nav/house.svg", in: folder)
    try TrialEightLeftCLITests.move("icons/music.svg", "icons/nav/music.svg", in: folder)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try Data("n".utf8).write(
      to: folder.appendingPathComponent("C.xcassets/nav/house.symbolset/n.txt"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/nav/house.svg"))
    try TrialEightLeftCLITests.move("icons/nav/music.svg", "icons/music.svg", in: folder)
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    let remove = (try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any])?["remove"]
      as? [String]
    #expect(remove == ["C.xcassets/nav/house.symbolset", "C.xcassets/nav/music.symbolset"])
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("C.xcassets/nav"))
        == ["Contents.json", "house.symbolset"])
    // Once the user's file is gone, the kept set goes, as the plan then says, and the group
    // with it (it stayed for good, holding only its Contents.json).
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("C.xcassets/nav/house.symbolset/n.txt"))
    let again = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    #expect(
      (try JSONSerialization.jsonObject(with: again.stdout) as? [String: Any])?["remove"]
        as? [String] == ["C.xcassets/nav/house.symbolset"])
    let emptied = try CLIRunner.run(["build"], in: folder)
    #expect(emptied.status == 0, "\(emptied.stderr)")
    #expect(
      emptied.stderr.hasPrefix(
        "C.xcassets/nav/house.symbolset: removed (kept for files glyphsmith did not make, which are gone now)\n"
      ), "\(emptied.stderr)")
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("C.xcassets"))
        == [".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "music.symbolset"])
  }

  /// F4: `--force` over a link at an output path said "replaced (--force)", named the files
  /// behind the link as kept, then failed writing ("cannot rename into place: not a
  /// directory" for a symbol set). A link at an output path fails its icon before anything
  /// is written, `--force` or not, and what it points to is untouched.
  @Test(arguments: [false, true])
  func aLinkAtAnOutputPathFailsItsIconBeforeAnythingIsWritten(force: Bool) throws {
    let config =
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}, "web": {"folder": "public"}}"#
    let folder = try OwnershipCLITests.project(config, icons: ["heart", "house"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let manager = FileManager.default
    let elsewhere = folder.appendingPathComponent("elsewhere/sub")
    try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data("p".utf8).write(to: folder.appendingPathComponent("elsewhere/a.txt"))
    try Data("p".utf8).write(to: elsewhere.appendingPathComponent("heart.svg"))
    for path in ["C.xcassets", "public"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("C.xcassets/heart.symbolset").path,
      withDestinationPath: "../elsewhere/sub")
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("public/house").path, withDestinationPath: "../elsewhere")
    let before = JournalCLITests.tree(folder.appendingPathComponent("elsewhere"))
    let run = try CLIRunner.run(["build"] + (force ? ["--force"] : []), in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/heart.svg: error: C.xcassets/heart.symbolset is a symbolic link (to ../elsewhere/sub); glyphsmith never writes through a link in an output folder, --force neither: replace it with a real folder or file, or remove it",
        "icons/house.svg: error: public/house is a symbolic link (to ../elsewhere); glyphsmith never writes through a link in an output folder, --force neither: replace it with a real folder or file, or remove it",
      ], "\(run.stderr)")
    #expect(lines.last?.hasSuffix("2 failed; 0 removed (nothing was written or removed)") == true)
    #expect(JournalCLITests.tree(folder.appendingPathComponent("elsewhere")) == before)
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent("public"))
        == [".glyphsmith-outputs.json", "house"])
  }
}
