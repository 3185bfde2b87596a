import Foundation
import Glyphsmith
import Testing

/// Issue 32, what the seventh new-user trial left: the summary of a failed run that wrote
/// some sets (3b), a marked copy of a drawable in another qualifier's folder (finding 7),
/// symbol sets in their icon's group, set folders without `Contents.json` in the asset-name
/// check, and a golden folder reached through a link out of the catalog. Each test runs the
/// CLI on real folders.
@Suite("Ownership: the seventh trial's last items")
struct TrialSevenLastCLITests {
  typealias Owned = OwnershipCLITests

  static func sha(_ url: URL) throws -> String { ContentHash.sha256(try Data(contentsOf: url)) }

  /// The relative paths of the files below `folder` whose names end in `suffix`, sorted.
  static func files(_ folder: URL, ending suffix: String) -> [String] {
    JournalCLITests.tree(folder).keys.filter { $0.hasSuffix(suffix) }.sorted()
  }

  /// The visible entries of `url` (hidden files, the record and the lock, left out), sorted.
  static func visible(_ url: URL) -> [String] {
    Owned.names(url).filter { !$0.hasPrefix(".") }
  }

  // 3b: a run that wrote 3 image sets and failed on every icon's Android drawables said
  // "built 0 icons (0 PNG files)"; the 9 PNG files were on disk.
  @Test func theSummaryOfAFailedRunCountsWhatItWrote() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#
    )
    try Owned.write("in the way", to: folder.appendingPathComponent("android/res/drawable-mdpi"))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast())
        == ["bell", "camera", "heart"].map {
          "android/res/drawable-mdpi/\($0).png: error: cannot write: cannot create the folder android/res/drawable-mdpi (a file is in the way, or no permission)"
        })
    let summary = try #require(lines.last)
    #expect(summary.hasPrefix("built 0 icons (9 PNG files) to App/Icons.xcassets, android/res in "))
    #expect(summary.hasSuffix(" s; 0 unchanged; 0 skipped; 3 failed (3 partly written); 0 removed"))
    // True to the disk: the 9 PNG files of the 3 image sets, and nothing else.
    #expect(
      Self.files(folder, ending: ".png")
        == ["bell", "camera", "heart"].flatMap { name in
          ["", "@2x", "@3x"].map { "App/Icons.xcassets/\(name).imageset/\(name)\($0).png" }
        })

    // The next run, the way cleared, renders the 3 icons again (their outputs were not all
    // there): 9 image set PNGs and 15 drawables.
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("android/res/drawable-mdpi"))
    let next = try CLIRunner.run(["build"], in: folder)
    #expect(next.status == 0)
    #expect(
      next.stderr.hasPrefix("built 3 icons (24 PNG files) to App/Icons.xcassets, android/res in "))
    #expect(next.stderr.hasSuffix(" s; 0 unchanged; 0 skipped; 0 failed; 0 removed\n"))
  }

  // Finding 7: a marked copy of a drawable in a qualifier folder the build does not write
  // (`drawable-mdpi-v26/bell.png`) is used instead of the new art on devices of that
  // qualifier; it went without a word. It is named (kind `shadowing-output`), never removed.
  @Test func aMarkedDrawableCopyInAnotherQualifierFolderIsNamedAndKept() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let copy = res.appendingPathComponent("drawable-mdpi-v26/bell.png")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: res.appendingPathComponent("drawable-mdpi/bell.png"), to: copy)
    let before = try Self.sha(copy)
    let warning =
      "android/res/drawable-mdpi-v26/bell.png: warning: a file of resource drawable/bell, which glyphsmith writes as android/res/drawable-mdpi/bell.png; it carries glyphsmith's mark but is not in its record of outputs (a copy?), so it is kept, and Android uses it instead of glyphsmith's new art wherever the qualifier of drawable-mdpi-v26 applies; delete or move it if it is not meant to stay"

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    #expect(Array(run.stderr.split(separator: "\n").dropLast()) == [Substring(warning)])
    #expect(try Self.sha(copy) == before)

    // The art changes: the drawables are rewritten, the copy stays, named again; the JSON
    // report carries the kind.
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>"#,
      to: folder.appendingPathComponent("icons/bell.svg"))
    let changed = try CLIRunner.run(["build"], in: folder)
    #expect(changed.status == 0)
    #expect(Array(changed.stderr.split(separator: "\n").dropLast()) == [Substring(warning)])
    #expect(changed.stderr.contains("built 1 icon (5 PNG files)"))
    #expect(try Self.sha(copy) == before)
    #expect(try Self.sha(res.appendingPathComponent("drawable-mdpi/bell.png")) != before)

    // The icon deleted: its drawables are pruned; the copy is not Glyphsmith's to remove.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      !FileManager.default.fileExists(
        atPath: res.appendingPathComponent("drawable-mdpi/bell.png").path))
    #expect(try Self.sha(copy) == before)
  }

  // Finding 7 in a catalog: a marked copy of an image set elsewhere in the catalog is an
  // asset of the same name, so the build refuses before writing (a collision), keeping it.
  @Test func aMarkedImageSetCopyElsewhereInTheCatalogIsACollision() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let copy = catalog.appendingPathComponent("Old/bell.imageset")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: catalog.appendingPathComponent("bell.imageset"), to: copy)
    let before = JournalCLITests.tree(folder)

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/bell.svg: error: asset name 'bell' of App/Icons.xcassets/bell.imageset collides with App/Icons.xcassets/Old/bell.imageset (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); rename one"
      ])
    #expect(JournalCLITests.differences(JournalCLITests.tree(folder), before) == [])
  }

  // Side note: with `ios.symbols`, `icons/sub/heart.svg` became `heart.symbolset` at the
  // catalog's root, while its image set had been `sub/heart.imageset`.
  @Test func aSymbolSetGoesInTheGroupItsImageSetWasIn() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell"])
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons/sub"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Owned.icons.appendingPathComponent("heart.svg"),
      to: folder.appendingPathComponent("icons/sub/heart.svg"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    #expect(
      Self.visible(catalog.appendingPathComponent("sub")) == ["Contents.json", "heart.imageset"])

    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: folder)
    #expect(plan.status == 0)
    #expect(plan.stdoutText.contains(#""path" : "App/Icons.xcassets/sub/heart.symbolset""#))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    #expect(run.stderr.contains("(2 symbol sets)"))
    #expect(Self.visible(catalog) == ["Contents.json", "bell.symbolset", "sub"])
    #expect(
      Self.visible(catalog.appendingPathComponent("sub")) == ["Contents.json", "heart.symbolset"])
    #expect(
      Self.visible(catalog.appendingPathComponent("sub/heart.symbolset")) == [
        "Contents.json", "heart.svg",
      ])
    // A rerun leaves it alone; the icon deleted, its set and its group go.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.contains("0 failed; 0 removed"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/sub/heart.svg"))
    let pruned = try CLIRunner.run(["build"], in: folder)
    #expect(pruned.status == 0)
    #expect(Self.visible(catalog) == ["Contents.json", "bell.symbolset"])
  }

  // Side note: the build's asset-name check counted a set folder without a `Contents.json`
  // (no asset: it has no slots) as an asset of its name, and refused the icon.
  @Test func aSetFolderWithoutContentsJSONTakesNoNameAndStays() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let notes = catalog.appendingPathComponent("Old/heart.imageset/notes.txt")
    try Owned.write("my notes", to: notes)
    try FileManager.default.copyItem(
      at: Owned.icons.appendingPathComponent("heart.svg"),
      to: folder.appendingPathComponent("icons/heart.svg"))
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    #expect(run.stderr.hasPrefix("built 1 icon (3 PNG files)"))
    #expect(Owned.read(notes) == "my notes")
    #expect(Self.visible(catalog.appendingPathComponent("Old/heart.imageset")) == ["notes.txt"])
    #expect(
      Self.visible(catalog.appendingPathComponent("heart.imageset")) == [
        "Contents.json", "heart.png", "heart@2x.png", "heart@3x.png",
      ])
  }

  // Side note: `App/Icons.xcassets/up/golden2`, `up -> ../..`, is the project's `golden2`,
  // outside the catalog: accepted; `up/App/Icons.xcassets/g` is inside it: refused.
  @Test func aGoldenFolderThroughALinkOutOfTheCatalogIsJudgedWhereItIs() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("App/Icons.xcassets/up").path,
      withDestinationPath: "../..")
    let outside = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "App/Icons.xcassets/up/golden2"], in: folder)
    #expect(outside.status == 0)
    #expect(outside.stderr == "recorded 6 goldens, 0 unchanged; wrote golden.json\n")
    #expect(Self.files(folder.appendingPathComponent("golden2"), ending: ".png").count == 6)
    // (Not walked whole: `up` loops back to the project.)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let sets = ["bell", "heart"].map { catalog.appendingPathComponent($0 + ".imageset") }
    let before = sets.map(JournalCLITests.tree)
    let inside = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "App/Icons.xcassets/up/App/Icons.xcassets/g"],
      in: folder)
    #expect(inside.status == 2)
    #expect(
      inside.stderr
        == "App/Icons.xcassets/up/App/Icons.xcassets/g: error: the golden folder is inside the actual folder App/Icons.xcassets; glyphsmith writes and prunes goldens there, so it must be a folder of its own beside the actual one (such as \"golden\"); nothing was written\n"
    )
    #expect(sets.map(JournalCLITests.tree) == before)
    #expect(Self.visible(catalog) == ["Contents.json", "bell.imageset", "heart.imageset", "up"])
  }
}
