import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// `golden record` replaces and prunes only the goldens Glyphsmith wrote (issue 32):
/// `golden.json`'s record (`goldens`), the mark, and folders recorded before the record
/// existed, through the built executable on real folders.
@Suite("golden record: ownership of goldens")
struct GoldenOwnershipCLITests {
  static let black = RGBAImage(width: 4, height: 4, fill: .black)
  static let white = RGBAImage(width: 4, height: 4, fill: .white)

  private func write(_ image: RGBAImage, _ folder: URL, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PNGCodec.encode(image).write(to: url)
  }

  private func bytes(_ folder: URL, _ path: String) -> Data? {
    FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
  }

  private func recorded(_ folder: URL) throws -> [String]? {
    try #require(try GoldenManifest.load(from: folder.appendingPathComponent("gold"))).goldens
  }

  @Test func aHandPutGoldenIsKeptWithExit2AndReplacedWithForce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    try write(Self.black, folder, "act/tabs/b.png")
    let first = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(first.status == 0)
    #expect(first.stderr == "recorded 2 goldens, 0 unchanged; wrote golden.json\n")
    #expect(try recorded(folder) == ["a.png", "tabs/b.png"])

    // A golden the user put there by hand, and a re-recorded one of glyphsmith's.
    try write(Self.white, folder, "gold/tabs/mine.png")
    let mine = try #require(bytes(folder, "gold/tabs/mine.png"))
    try write(Self.black, folder, "act/tabs/mine.png")
    try write(Self.white, folder, "act/a.png")
    let kept = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(kept.status == 2)
    #expect(
      kept.stderr
        == "gold/tabs/mine.png: error: exists and was not made by glyphsmith; move it or pass --force\n"
        + "recorded 1 golden, 1 unchanged, 1 not made by glyphsmith\n")
    #expect(bytes(folder, "gold/tabs/mine.png") == mine)
    #expect(try bytes(folder, "gold/a.png") == PNGCodec.encode(Self.white))
    #expect(try recorded(folder) == ["a.png", "tabs/b.png"])

    let forced = try CLIRunner.run(["golden", "record", "act", "gold", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "gold/tabs/mine.png: warning: not made by glyphsmith; replaced (--force)\n"
        + "recorded 1 golden, 2 unchanged\n")
    #expect(try bytes(folder, "gold/tabs/mine.png") == PNGCodec.encode(Self.black))
    #expect(try recorded(folder) == ["a.png", "tabs/b.png", "tabs/mine.png"])
    // Now it is glyphsmith's: re-recording it needs nothing more.
    try write(Self.white, folder, "act/tabs/mine.png")
    let again = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr == "recorded 1 golden, 2 unchanged\n")
  }

  static let foreign = ": error: exists and was not made by glyphsmith; move it or pass --force"

  // Found by the new-user trial: `golden check --artifacts DIR` and the `--report` `-files/`
  // folder overwrote the user's files silently.
  @Test(arguments: [["--artifacts", "art"], ["--report", "art.html"]])
  func artifactsReplaceOnlyWhatGlyphsmithWroteThere(_ place: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    try write(Self.black, folder, "act/b.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try write(Self.white, folder, "act/a.png")
    try write(Self.white, folder, "act/b.png")
    let art = place[0] == "--artifacts" ? "art" : "art-files"
    for path in ["a/diff.png", "b/expected.png"] {
      try OwnershipCLITests.write(
        "mine " + path, to: folder.appendingPathComponent(art + "/" + path))
    }
    let arguments = ["golden", "check", "act", "gold"] + place

    let refused = try CLIRunner.run(arguments, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr == "\(art)/a/diff.png\(Self.foreign)\n\(art)/b/expected.png\(Self.foreign)\n")
    #expect(OwnershipCLITests.names(folder.appendingPathComponent(art + "/a")) == ["diff.png"])
    #expect(
      OwnershipCLITests.read(folder.appendingPathComponent(art + "/a/diff.png"))
        == "mine a/diff.png")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("art.html").path))

    let forced = try CLIRunner.run(arguments + ["--force"], in: folder)
    #expect(forced.status == 1)
    #expect(
      forced.stderr.hasPrefix(
        "\(art)/a/diff.png: warning: not made by glyphsmith; replaced (--force)\n"
          + "\(art)/b/expected.png: warning: not made by glyphsmith; replaced (--force)\n"))
    #expect(bytes(folder, art + "/b/expected.png") == bytes(folder, "gold/b.png"))
    #expect(
      OwnershipCLITests.names(folder.appendingPathComponent(art + "/a"))
        == ["actual.png", "diff.png", "expected.png"])
    // Glyphsmith's now (its record lists them): a rerun replaces them without a word.
    try write(Self.black, folder, "act/a.png")
    let again = try CLIRunner.run(arguments, in: folder)
    #expect(again.status == 1)
    #expect(!again.stderr.contains("warning"))
    #expect(!again.stderr.contains("not made by glyphsmith"))
    // a passes now: its stale artifacts, Glyphsmith's, stay as a check leaves them.
    #expect(bytes(folder, art + "/b/actual.png") == bytes(folder, "act/b.png"))
  }

  // Found by the new-user trial: only the first of two foreign report paths was named.
  @Test func everyForeignReportPathIsNamed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try OwnershipCLITests.write("notes", to: folder.appendingPathComponent("r.html"))
    try OwnershipCLITests.write("notes", to: folder.appendingPathComponent("j.xml"))
    let run = try CLIRunner.run(
      ["golden", "check", "act", "gold", "--report", "r.html", "--junit", "j.xml"], in: folder)
    #expect(run.status == 2)
    #expect(run.stderr == "j.xml\(Self.foreign)\nr.html\(Self.foreign)\n")
    #expect(OwnershipCLITests.read(folder.appendingPathComponent("r.html")) == "notes")
    #expect(OwnershipCLITests.read(folder.appendingPathComponent("j.xml")) == "notes")
  }

  @Test func pruneDeletesOnlyRecordedGoldensButWithForce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    try write(Self.black, folder, "act/gone.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/gone.png"))
    try write(Self.white, folder, "gold/mine.png")
    let mine = try #require(bytes(folder, "gold/mine.png"))

    let prune = try CLIRunner.run(["golden", "record", "act", "gold", "--prune"], in: folder)
    #expect(prune.status == 2)
    #expect(
      prune.stderr
        == "gold/mine.png: error: exists and was not made by glyphsmith; move it or pass --force\n"
        + "recorded 0 goldens, 1 unchanged, 1 pruned, 1 not made by glyphsmith\n")
    #expect(bytes(folder, "gold/gone.png") == nil)
    #expect(bytes(folder, "gold/mine.png") == mine)
    #expect(try recorded(folder) == ["a.png"])

    let forced = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--prune", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "gold/mine.png: warning: not made by glyphsmith; deleted (--force)\n"
        + "recorded 0 goldens, 1 unchanged, 1 pruned\n")
    #expect(bytes(folder, "gold/mine.png") == nil)
  }

  // Found by the new-user trial: a PNG with Glyphsmith's mark copied into the golden folder
  // by hand counted as Glyphsmith's (the copied-mark fault, fixed for catalogs before).
  @Test func aGoldenCopiedInByHandIsTheUsersThoughItCarriesTheMark() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>"#
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
    try Data(svg.utf8).write(to: folder.appendingPathComponent("icons/bell.svg"))
    let assets = try CLIRunner.run(["assets", "icons", "-o", "I.xcassets", "--quiet"], in: folder)
    #expect(assets.status == 0)
    try write(Self.black, folder, "act/a.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    // A render of glyphsmith's copied in by hand: not in the record, but it carries the mark.
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("I.xcassets/bell.imageset/bell.png"),
      to: folder.appendingPathComponent("gold/bell.png"))
    let copied = try #require(bytes(folder, "gold/bell.png"))
    #expect(OutputFormats.carriesFingerprint(copied))
    try write(Self.white, folder, "act/bell.png")
    let record = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(record.status == 2)
    #expect(
      record.stderr
        == "gold/bell.png\(Self.foreign)\n"
        + "recorded 0 goldens, 1 unchanged, 1 not made by glyphsmith\n")
    #expect(bytes(folder, "gold/bell.png") == copied)
    #expect(try recorded(folder) == ["a.png"])
    // Nor is it pruned as Glyphsmith's once its actual image is gone.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("act/bell.png"))
    let prune = try CLIRunner.run(["golden", "record", "act", "gold", "--prune"], in: folder)
    #expect(prune.status == 2)
    #expect(bytes(folder, "gold/bell.png") == copied)
    // --force replaces it, named, and it joins the record.
    try write(Self.white, folder, "act/bell.png")
    let forced = try CLIRunner.run(["golden", "record", "act", "gold", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "gold/bell.png: warning: not made by glyphsmith; replaced (--force)\n"
        + "recorded 1 golden, 1 unchanged\n")
    #expect(try bytes(folder, "gold/bell.png") == PNGCodec.encode(Self.white))
    #expect(try recorded(folder) == ["a.png", "bell.png"])
  }

  /// A PNG of `image` carrying Glyphsmith's mark (the fingerprint its renders carry).
  static func marked(_ image: RGBAImage) throws -> Data {
    try PNGCodec.encode(image, text: [(AssetsJob.fingerprintKey, "0123abcd")])
  }

  // Found by the fourth new-user trial: a golden folder without golden.json was taken as
  // glyphsmith's whole; only the marked goldens of such a folder are its own now.
  @Test func aFolderRecordedBeforeTheRecordExistedAdoptsOnlyMarkedGoldens() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    try write(Self.black, folder, "act/b.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    // golden.json as an older version wrote it: no record of the goldens; a.png as an
    // older record wrote it from a render (marked), b.png one without the mark.
    let gold = folder.appendingPathComponent("gold")
    var manifest = try #require(try GoldenManifest.load(from: gold))
    manifest.goldens = nil
    try manifest.save(to: gold)
    try Self.marked(Self.black).write(to: gold.appendingPathComponent("a.png"))
    let unmarked = try #require(bytes(folder, "gold/b.png"))
    try write(Self.white, folder, "act/a.png")
    try write(Self.white, folder, "act/b.png")
    let legacy = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(legacy.status == 2)
    #expect(
      legacy.stderr
        == "gold/b.png\(Self.foreign)\n"
        + "recorded 1 golden, 0 unchanged, 1 not made by glyphsmith\n")
    #expect(try bytes(folder, "gold/a.png") == PNGCodec.encode(Self.white))
    #expect(bytes(folder, "gold/b.png") == unmarked)
    #expect(try recorded(folder) == ["a.png"])
    // b.png stays the user's on the runs after; --force replaces it, named.
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 2)
    let forced = try CLIRunner.run(["golden", "record", "act", "gold", "--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "gold/b.png: warning: not made by glyphsmith; replaced (--force)\n"
        + "recorded 1 golden, 1 unchanged\n")
    #expect(try recorded(folder) == ["a.png", "b.png"])
  }

  // Found by the fourth new-user trial: `golden record A.xcassets g --prune` over a
  // hand-made golden folder (no golden.json) replaced bell.png, deleted star.png with its
  // folder and notes.png, exit 0; without --prune a hand-made bell@2x.png was replaced.
  @Test func aHandMadeGoldenFolderIsNeverReplacedNorPruned() throws {
    let folder = try OwnershipCLITests.project("{}", icons: ["bell", "house"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let assets = try CLIRunner.run(
      ["assets", "icons", "-o", "A.xcassets", "--quiet"], in: folder)
    #expect(assets.status == 0)
    let handmade = Data("handmade".utf8)
    for path in ["g/star.imageset/star.png", "g/bell.imageset/bell.png", "g/notes.png"] {
      try OwnershipCLITests.write(
        path == "g/notes.png" ? "x" : "handmade", to: folder.appendingPathComponent(path))
    }
    let pruned = try CLIRunner.run(["golden", "record", "A.xcassets", "g", "--prune"], in: folder)
    #expect(pruned.status == 2)
    #expect(
      pruned.stderr
        == "g/bell.imageset/bell.png\(Self.foreign)\n"
        + "g/notes.png\(Self.foreign)\n"
        + "g/star.imageset/star.png\(Self.foreign)\n"
        + "recorded 5 goldens, 0 unchanged, 0 pruned, 3 not made by glyphsmith; wrote golden.json\n"
    )
    #expect(bytes(folder, "g/star.imageset/star.png") == handmade)
    #expect(bytes(folder, "g/bell.imageset/bell.png") == handmade)
    #expect(bytes(folder, "g/notes.png") == Data("x".utf8))
    #expect(
      bytes(folder, "g/house.imageset/house@2x.png")
        == bytes(folder, "A.xcassets/house.imageset/house@2x.png"))
    let record = try #require(try GoldenManifest.load(from: folder.appendingPathComponent("g")))
    #expect(
      record.goldens == [
        "bell.imageset/bell@2x.png", "bell.imageset/bell@3x.png", "house.imageset/house.png",
        "house.imageset/house@2x.png", "house.imageset/house@3x.png",
      ])

    // Without --prune, in a folder without golden.json: a hand-made bell@2x.png stays.
    let second = folder.appendingPathComponent("g2/bell.imageset/bell@2x.png")
    try OwnershipCLITests.write("handmade", to: second)
    let kept = try CLIRunner.run(["golden", "record", "A.xcassets", "g2"], in: folder)
    #expect(kept.status == 2)
    #expect(
      kept.stderr
        == "g2/bell.imageset/bell@2x.png\(Self.foreign)\n"
        + "recorded 5 goldens, 0 unchanged, 1 not made by glyphsmith; wrote golden.json\n")
    #expect(FileManager.default.contents(atPath: second.path) == handmade)
  }

  @Test func aGoldenWithTheActualPixelsJoinsTheRecord() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(Self.black, folder, "act/a.png")
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: folder).status == 0)
    // Put by hand, with the pixels glyphsmith would write: nothing to replace; it is taken
    // into the record, so a later change of the image records without --force.
    try write(Self.black, folder, "gold/same.png")
    try write(Self.black, folder, "act/same.png")
    let same = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(same.status == 0)
    #expect(same.stderr == "recorded 0 goldens, 2 unchanged\n")
    #expect(try recorded(folder) == ["a.png", "same.png"])
    try write(Self.white, folder, "act/same.png")
    let changed = try CLIRunner.run(["golden", "record", "act", "gold"], in: folder)
    #expect(changed.status == 0)
    #expect(changed.stderr == "recorded 1 golden, 1 unchanged\n")
  }

  // Found by the fifth new-user trial: `golden record App/Icons.xcassets .` took the outputs
  // for goldens of themselves (and wrote golden.json into the project), and a marked copy of
  // an output in the golden folder was adopted, then deleted by `--prune`.
  static let catalogProject =
    #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#

  @Test func aGoldenFolderThatHoldsOrIsInsideTheActualOneIsRefusedBeforeAnythingIsWritten()
    throws
  {
    let folder = try OwnershipCLITests.project(Self.catalogProject, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let before = JournalCLITests.tree(folder)
    let rule =
      "; glyphsmith writes and prunes goldens there, so it must be a folder of its own beside "
      + "the actual one (such as \"golden\"); nothing was written\n"
    let cases: [(String, String)] = [
      (".", ".: error: the golden folder holds the actual folder App/Icons.xcassets"),
      ("App", "App: error: the golden folder holds the actual folder App/Icons.xcassets"),
      ("App/Icons.xcassets", "App/Icons.xcassets: error: the golden folder is the actual folder"),
      (
        "App/Icons.xcassets/gold",
        "App/Icons.xcassets/gold: error: the golden folder is inside the actual folder "
          + "App/Icons.xcassets"
      ),
    ]
    for (golden, message) in cases {
      for extra in [[], ["--prune"], ["--prune", "--force"]] {
        let run = try CLIRunner.run(
          ["golden", "record", "App/Icons.xcassets", golden] + extra, in: folder)
        #expect(run.status == 2, "\(golden) \(extra)")
        #expect(run.stderr == message + rule, "\(golden) \(extra)")
        #expect(JournalCLITests.differences(JournalCLITests.tree(folder), before) == [])
      }
    }
  }

  @Test func aMarkedCopyOfAnOutputInTheGoldenFolderIsNeitherAdoptedNorPruned() throws {
    let folder = try OwnershipCLITests.project(Self.catalogProject, icons: ["bell", "heart"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    // The user's site folder, holding copies of two outputs (they carry the mark), used as
    // the golden folder.
    let manager = FileManager.default
    for path in ["site/img", "site/heart.imageset"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    try manager.copyItem(
      at: folder.appendingPathComponent("App/Icons.xcassets/bell.imageset/bell@2x.png"),
      to: folder.appendingPathComponent("site/img/bell.png"))
    try manager.copyItem(
      at: folder.appendingPathComponent("App/Icons.xcassets/heart.imageset/heart@2x.png"),
      to: folder.appendingPathComponent("site/heart.imageset/heart-copy.png"))
    let copies = ["site/img/bell.png", "site/heart.imageset/heart-copy.png"].map {
      bytes(folder, $0)
    }
    #expect(copies.allSatisfy { $0.map(OutputFormats.carriesFingerprint) == true })
    let record = try CLIRunner.run(["golden", "record", "App/Icons.xcassets", "site"], in: folder)
    #expect(record.status == 0, "\(record.stderr)")
    let manifest = try #require(
      try GoldenManifest.load(from: folder.appendingPathComponent("site")))
    #expect(
      manifest.goldens == [
        "bell.imageset/bell.png", "bell.imageset/bell@2x.png", "bell.imageset/bell@3x.png",
        "heart.imageset/heart.png", "heart.imageset/heart@2x.png", "heart.imageset/heart@3x.png",
      ])
    let prune = try CLIRunner.run(
      ["golden", "record", "App/Icons.xcassets", "site", "--prune"], in: folder)
    #expect(prune.status == 2)
    #expect(
      prune.stderr
        == "site/heart.imageset/heart-copy.png\(Self.foreign)\n"
        + "site/img/bell.png\(Self.foreign)\n"
        + "recorded 0 goldens, 6 unchanged, 0 pruned, 2 not made by glyphsmith\n")
    #expect(
      ["site/img/bell.png", "site/heart.imageset/heart-copy.png"].map { bytes(folder, $0) }
        == copies)
  }
}
