import Foundation
import Glyphsmith
import Testing

/// Issue 32, the seventh new-user trial: files the user had inside Glyphsmith's sets that a
/// rebuild deleted without a word. Each test runs the CLI on real folders and checks the exit
/// code, the exact lines and the user's files by SHA-256 before and after.
@Suite("Ownership after the seventh trial")
struct TrialSevenOwnershipCLITests {
  typealias Owned = OwnershipCLITests

  static func sha(_ url: URL) throws -> String { ContentHash.sha256(try Data(contentsOf: url)) }

  // Finding 1: a marked copy of a generated PNG under a name Glyphsmith could write
  // (`bell@4x.png`, `bell-dark.png`) but does not write this run, and the record does not
  // list, was deleted when the set was rebuilt; `mine.png`, the same bytes, was kept.
  @Test func aMarkedCopyUnderAGlyphsmithStyleNameInASetIsTheUsers() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset")
    let manager = FileManager.default
    try manager.copyItem(
      at: set.appendingPathComponent("bell@2x.png"), to: set.appendingPathComponent("bell@4x.png"))
    try manager.copyItem(
      at: set.appendingPathComponent("bell.png"), to: set.appendingPathComponent("bell-dark.png"))
    let before = try ["bell@4x.png", "bell-dark.png"].map {
      try Self.sha(set.appendingPathComponent($0))
    }

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "App/Icons.xcassets/bell.imageset/bell-dark.png: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)",
        "App/Icons.xcassets/bell.imageset/bell@4x.png: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)",
      ])
    #expect(
      Owned.names(set) == [
        "Contents.json", "bell-dark.png", "bell.png", "bell@2x.png", "bell@3x.png", "bell@4x.png",
      ])
    #expect(
      try ["bell@4x.png", "bell-dark.png"].map { try Self.sha(set.appendingPathComponent($0)) }
        == before)

    // The icon changed: the set is rendered anew, and the copies stay, named again.
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>"#,
      to: folder.appendingPathComponent("icons/bell.svg"))
    let rendered = try CLIRunner.run(["build"], in: folder)
    #expect(rendered.status == 0)
    #expect(rendered.stderr.split(separator: "\n").count == 3)
    #expect(
      try ["bell@4x.png", "bell-dark.png"].map { try Self.sha(set.appendingPathComponent($0)) }
        == before)
  }

  // Finding 1 in symbol sets: `bell@2x.svg`, a copy of `bell.svg`, was deleted.
  @Test func aMarkedCopyInASymbolSetIsTheUsersAndNamed() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.symbolset")
    try FileManager.default.copyItem(
      at: set.appendingPathComponent("bell.svg"), to: set.appendingPathComponent("bell@2x.svg"))
    try Owned.write("note", to: set.appendingPathComponent("notes.txt"))
    let before = try Self.sha(set.appendingPathComponent("bell@2x.svg"))
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>"#,
      to: folder.appendingPathComponent("icons/bell.svg"))

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    // Finding 6: the files added inside a symbol set are named, as in image sets.
    #expect(
      Array(lines.dropLast()) == [
        "App/Icons.xcassets/bell.symbolset/bell@2x.svg: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)",
        "App/Icons.xcassets/bell.symbolset/notes.txt: warning: not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)",
      ])
    #expect(Owned.names(set) == ["Contents.json", "bell.svg", "bell@2x.svg", "notes.txt"])
    #expect(try Self.sha(set.appendingPathComponent("bell@2x.svg")) == before)
  }

  // Finding 2: a generated file the user edited (its SHA-256 no longer the record's) was
  // deleted silently when the set's file list changed: `scales` reduced, `ios.format`
  // png -> pdf, `android.format` png -> vector.
  @Test func anEditedFileASetNoLongerMakesIsKeptAndNamed() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let heart = catalog.appendingPathComponent("heart.imageset/heart.png")
    let bell = catalog.appendingPathComponent("bell.imageset/bell@2x.png")
    let drawable = folder.appendingPathComponent("android/res/drawable-mdpi/bell.png")
    for file in [heart, bell, drawable] {
      let handle = try FileHandle(forWritingTo: file)
      handle.seekToEndOfFile()
      handle.write(Data("EDIT".utf8))
      try handle.close()
    }
    let before = try [heart, bell, drawable].map(Self.sha)
    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "scales": [2, 3]}, "rules": [{"match": "bell.svg", "format": "pdf"}], "android": {"res": "android/res", "format": "vector"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { !$0.contains(": removed (") }.dropLast() == [
        "App/Icons.xcassets/bell.imageset/bell@2x.png: warning: changed since glyphsmith wrote it; kept, not removed (the file is yours now, and glyphsmith never deletes it)",
        "App/Icons.xcassets/heart.imageset/heart.png: warning: changed since glyphsmith wrote it; kept, not removed (the file is yours now, and glyphsmith never deletes it)",
        "android/res/drawable-mdpi/bell.png: warning: changed since glyphsmith wrote it; kept, not removed (icons/bell.svg no longer makes it; the file is yours now, and glyphsmith never deletes it)",
      ])
    #expect(!lines.contains { $0.hasPrefix("android/res/drawable-mdpi/bell.png: removed") })
    #expect(try [heart, bell, drawable].map(Self.sha) == before)
    #expect(Owned.names(catalog.appendingPathComponent("bell.imageset")) == [
      "Contents.json", "bell.pdf", "bell@2x.png",
    ])
    #expect(Owned.names(catalog.appendingPathComponent("heart.imageset")) == [
      "Contents.json", "heart.png", "heart@2x.png", "heart@3x.png",
    ])
  }

  // Finding 3: after a write that failed (the folder could not be made), the record listed
  // the output as written; the user's file put there later was replaced as "changed since
  // glyphsmith wrote it". 3b: what the failed icons did write kept their old hashes, so the
  // next run named files nobody had touched as changed.
  @Test func anOutputAFailedRunCouldNotWriteStaysPendingAndWhatItWroteIsHashed() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let manager = FileManager.default
    let mdpi = folder.appendingPathComponent("android/res/drawable-mdpi")
    try manager.removeItem(at: mdpi)
    try Owned.write("in the way", to: mdpi)
    try manager.copyItem(
      at: Owned.icons.appendingPathComponent("camera.svg"),
      to: folder.appendingPathComponent("icons/camera.svg"))
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>"#,
      to: folder.appendingPathComponent("icons/bell.svg"))
    let failed = try CLIRunner.run(["build"], in: folder)
    #expect(failed.status == 2)
    let record = try String(
      contentsOf: folder.appendingPathComponent("android/.glyphsmith-outputs.json"), encoding: .utf8)
    let json = try JSONSerialization.jsonObject(with: Data(record.utf8)) as! [String: Any]
    let outputs = json["outputs"] as? [String: String] ?? [:]
    let pending = json["pending"] as? [String: String] ?? [:]
    #expect(outputs["res/drawable-mdpi/camera.png"] == nil)
    #expect(pending["res/drawable-mdpi/camera.png"] != nil)

    try manager.removeItem(at: mdpi)
    let mine = mdpi.appendingPathComponent("camera.png")
    try Owned.write("designer's own camera", to: mine)
    let before = try Self.sha(mine)
    let next = try CLIRunner.run(["build"], in: folder)
    #expect(next.status == 2)
    let lines = next.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/camera.svg: error: android/res/drawable-mdpi/camera.png exists and was not made by glyphsmith; move it or pass --force"
      ])
    #expect(!next.stderr.contains("changed since glyphsmith wrote it"))
    #expect(try Self.sha(mine) == before)
  }

  // Finding 4: `golden record ACTUAL act/golden`, `act` a link to the actual folder and
  // `act/golden` not there yet, wrote the goldens inside the catalog.
  @Test func aGoldenFolderNotThereYetBelowALinkToTheActualOneIsRefused() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("act").path, withDestinationPath: "App/Icons.xcassets")
    let before = JournalCLITests.tree(folder)
    let run = try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "act/golden"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "act/golden: error: the golden folder is inside the actual folder App/Icons.xcassets; glyphsmith writes and prunes goldens there, so it must be a folder of its own beside the actual one (such as \"golden\"); nothing was written\n"
    )
    #expect(JournalCLITests.differences(JournalCLITests.tree(folder), before) == [])
  }

  // Finding 5: an output folder through a link to nothing into the icons folder failed
  // writing ("a file is in the way, or no permission"), with no summary line.
  @Test func anOutputFolderThroughADanglingLinkIntoTheIconsFolderIsRefusedWhenRead() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "web": {"folder": "public"}}"#, icons: ["bell"])
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("public").path, withDestinationPath: "icons/web")
    let refused = try CLIRunner.run(["build"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: 'web.folder' is 'public', inside the icons folder (what it writes would be read back as icons); \(TrialSixOwnershipCLITests.ownFolderRule); see docs/project.md\n"
    )
    #expect(Owned.names(folder.appendingPathComponent("icons")) == ["bell.svg"])
  }

  // Finding 6: an edited symbol SVG was replaced without the warning image sets give.
  @Test func anEditedSymbolSVGIsNamedWhenReplaced() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", "symbols": true}}"#,
      icons: ["bell", "heart"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let svg = folder.appendingPathComponent("App/Icons.xcassets/heart.symbolset/heart.svg")
    let handle = try FileHandle(forWritingTo: svg)
    handle.seekToEndOfFile()
    handle.write(Data("<!-- mine -->".utf8))
    try handle.close()
    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    #expect(
      Array(run.stderr.split(separator: "\n").dropLast()) == [
        "App/Icons.xcassets/heart.symbolset/heart.svg: warning: changed since glyphsmith wrote it; replaced"
      ])
    #expect(!(Owned.read(svg) ?? "").hasSuffix("<!-- mine -->"))
  }
}
