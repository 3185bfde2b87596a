import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35's fifth trial (`IconBundleTrialFiveCLITests` holds the fourth's): lint through a
/// layer link out of the bundle (F1), leftovers of killed runs (F3), a full-canvas foreground
/// not of 1024 (F4), Android hidden groups (F2, F9), `--preview` equal to `-o` (F8), the
/// same-name flat set in `validate` (F7), Unicode and case near matches (F5, F6), SIGXFSZ
/// (F11).
@Suite struct IconBundleTrialSixCLITests {
  typealias Two = IconBundleTrialTwoCLITests
  typealias Four = IconBundleTrialFourCLITests

  // MARK: - F1: lint reads a layer through a link out of the bundle

  /// `lint --role icon-layer` never draws a finding from the file a layer's link out of the
  /// bundle leads to: the file is refused (exit 2) as the preview refuses the bundle, and
  /// changing the outside file changes nothing of the output.
  @Test func lintDrawsNoFindingFromAFileOutOfTheBundle() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\" fill=\"#FFFFFF\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"40\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let write = try CLIRunner.run(
      ["appicon", "fg.svg", "--layer", "ring.svg", "--background", "#1E3A8A", "--format", "icon",
       "-o", "S.icon"], in: dir)
    #expect(write.status == 0, "\(write.stderr)")
    let clean = try CLIRunner.run(["lint", "--role", "icon-layer", "S.icon"], in: dir)
    #expect(clean.status == 0, "\(clean.stderr)")
    // A dark square outside, linked in for fg.svg: in the dark appearance it would vanish.
    try Data(Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\" fill=\"#202020\"/>").utf8)
      .write(to: dir.appendingPathComponent("outside.svg"))
    let fg = dir.appendingPathComponent("S.icon/Assets/fg.svg")
    try FileManager.default.removeItem(at: fg)
    try FileManager.default.createSymbolicLink(
      atPath: fg.path, withDestinationPath: "../../outside.svg")
    let problem =
      "S.icon/Assets/fg.svg: error: is a symbolic link to ../../outside.svg, outside the bundle; "
      + "a layer file must be in the bundle itself (copy the file in: Icon Composer and Xcode "
      + "read the bundle alone)\n"
    for target in ["S.icon", "S.icon/Assets/fg.svg"] {
      let lint = try CLIRunner.run(["lint", "--role", "icon-layer", target], in: dir)
      #expect(lint.status == 2, "\(lint.stderr)")
      #expect(!lint.stderr.contains("appearance-contrast"), "\(lint.stderr)")
      #expect(!lint.stdoutText.contains("appearance-contrast"), "\(lint.stdoutText)")
      #expect(lint.stderr.contains(problem), "\(lint.stderr)")
    }
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "S.icon"], in: dir)
    // ring.svg is measured against fg.svg: it cannot be linted either.
    #expect(lint.stderr.hasSuffix("2 files: 0 errors, 0 warnings, 0 info; 2 could not be linted\n"), "\(lint.stderr)")
  }

  // MARK: - F3: leftovers of killed runs

  /// Leftovers of killed runs that hold only Glyphsmith's files are removed by the next run
  /// with no "did not write" warning: an old bundle whose mark the removal unlinked, one
  /// removed part-way with its mark, a staging folder cut short, `--fallback`'s staging set
  /// in the catalog, a preview's staging file. One holding a file of the user's is kept, and
  /// the file named.
  @Test func leftoversOfKilledRunsHoldingOnlyGlyphsmithsFilesAreRemoved() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
    let write = [
      "appicon", "fg.svg", "--layer", "ring.svg", "--format", "icon", "-o", "A.icon",
      "--fallback", "Cat.xcassets", "--preview", "p.png",
    ]
    let first = try CLIRunner.run(write, in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    // PID 99999 is above pid_max: a process that is gone.
    // (a) The old bundle whose mark the killed removal unlinked first.
    try fm.copyItem(at: url("A.icon"), to: url(".A.icon.old-99999-1"))
    try fm.removeItem(at: url(".A.icon.old-99999-1/.glyphsmith-icon"))
    // ... and one removed part-way with its mark still there (another layer file than now).
    try fm.copyItem(at: url("A.icon"), to: url(".A.icon.old-99999-2"))
    try fm.removeItem(at: url(".A.icon.old-99999-2/icon.json"))
    // (b) A staging folder cut short: icon.json whole, a layer file half written.
    try fm.createDirectory(at: url(".A.icon.tmp-99999-3/Assets"), withIntermediateDirectories: true)
    try fm.copyItem(at: url("A.icon/icon.json"), to: url(".A.icon.tmp-99999-3/icon.json"))
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10".utf8)
      .write(to: url(".A.icon.tmp-99999-3/Assets/big.svg"))
    // ... and one where the user put a file of their own.
    try fm.copyItem(at: url(".A.icon.tmp-99999-3"), to: url(".A.icon.tmp-99999-4"))
    try Data("mine".utf8).write(to: url(".A.icon.tmp-99999-4/notes.txt"))
    // (c) --fallback's staging set in the catalog, a PNG cut short in it.
    try fm.createDirectory(
      at: url("Cat.xcassets/.A-Fallback.appiconset.tmp-99999-5"), withIntermediateDirectories: true)
    try Data([0x89, 0x50, 0x4E, 0x47]).write(
      to: url("Cat.xcassets/.A-Fallback.appiconset.tmp-99999-5/icon-1024.png"))
    // (d) A preview's staging file.
    try Data([0x89, 0x50]).write(to: url(".p.png.tmp-99999-6"))
    let validate = try CLIRunner.run(["validate", "Cat.xcassets"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.contains(
        "rerun the command that writes the set (`glyphsmith build`, `glyphsmith assets`, or "
          + "`glyphsmith appicon` for an app icon set)"), "\(validate.stderr)")

    let again = try CLIRunner.run(write, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("holds files glyphsmith did not write"), "\(again.stderr)")
    #expect(again.stderr.components(separatedBy: "did not write").count == 2, "\(again.stderr)")
    #expect(
      again.stderr.contains(
        ".A.icon.tmp-99999-4: warning: left by a glyphsmith run that was killed, and holds "
          + "notes.txt, which glyphsmith did not write; kept: move it out, then delete the "
          + "folder\n"), "\(again.stderr)")
    let hidden = Four.tree(dir).keys.filter {
      $0.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".glyphsmith-icon" }
    }.map { String($0.split(separator: "/").prefix(2).joined(separator: "/")) }
    #expect(
      Set(hidden) == [".A.icon.tmp-99999-4", ".A.icon.tmp-99999-4/icon.json",
        ".A.icon.tmp-99999-4/Assets", ".A.icon.tmp-99999-4/notes.txt"], "\(hidden.sorted())")
    #expect(try CLIRunner.run(["validate", "Cat.xcassets"], in: dir).status == 0)
  }

  // MARK: - F4: a full-canvas foreground of another size

  /// The `position.scale` of each layer of the bundle at `path`, by `image-name` (`nil`: no
  /// position).
  static func scales(_ path: URL) throws -> [String: Double?] {
    let data = try Data(contentsOf: path.appendingPathComponent("icon.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var out: [String: Double?] = [:]
    for group in object["groups"] as? [[String: Any]] ?? [] {
      for layer in group["layers"] as? [[String: Any]] ?? [] {
        let name = try #require(layer["image-name"] as? String)
        out[name] = (layer["position"] as? [String: Any])?["scale"] as? Double
      }
    }
    return out
  }

  /// Square art of the whole icon exported at 2048 or 1000 px is scaled to the 1024 pt canvas
  /// (0.5, 1.024), lining up with a `--layer` drawn at 1024 pt, with a note; a 24 pt glyph is
  /// still placed at 65 % (27.7333).
  @Test func fullCanvasArtOfAnotherSizeIsScaledToTheCanvas() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
      ("glyph.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect x=\"6\" y=\"6\" width=\"12\" height=\"12\"/></svg>\n"),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for (side, scale) in [(2048, "0.5"), (1000, "1.024")] {
      let png = "fg\(side).png"
      let render = try CLIRunner.run(
        ["render", "fg.svg", "-o", png, "--size", "\(side)"], in: dir)
      #expect(render.status == 0, "\(render.stderr)")
      let bundle = "C\(side).icon"
      let run = try CLIRunner.run(
        ["appicon", png, "--layer", "ring.svg", "--format", "icon", "-o", bundle], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "\(png): note: is \(side) x \(side) pt, art of the whole icon canvas: drawn at scale "
            + "\(scale), to the 1024 pt canvas (as a layer drawn at 1024 pt is)\n"), "\(run.stderr)")
      let scales = try Self.scales(dir.appendingPathComponent(bundle))
      #expect(scales[png] == Double(scale), "\(scales)")
      #expect(scales["ring.svg"] == .some(nil), "\(scales)")
      // The preview draws the square where fg.svg's is: 256 to 768 on the canvas.
    }
    let glyph = try CLIRunner.run(
      ["appicon", "glyph.svg", "--format", "icon", "-o", "G.icon"], in: dir)
    #expect(glyph.status == 0, "\(glyph.stderr)")
    #expect(!glyph.stderr.contains("art of the whole icon"), "\(glyph.stderr)")
    let scale = try #require(try Self.scales(dir.appendingPathComponent("G.icon"))["glyph.svg"] ?? nil)
    #expect(abs(scale - 0.65 * 1024 / 24) < 0.001, "\(scale)")
  }

  // MARK: - F2, F9: every foreground group hidden

  /// A file whose groups but the background are all hidden is refused on both platforms
  /// (exit 2) with a message naming the hidden groups and why, not "its only top-level group
  /// is the background"; nothing is written.
  @Test func everyForegroundGroupHiddenIsRefusedNamingThem() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
        <g id="background"><rect width="1024" height="1024" fill="#0A84FF"/></g>
        <g id="Glyph" style="display:none"><circle cx="512" cy="512" r="200" fill="#FFFFFF"/></g>
        <g id="Sketch" visibility="hidden"><circle cx="512" cy="512" r="100" fill="#FFFFFF"/></g>
      </svg>

      """
    let dir = try Two.folder([("all.svg", svg)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let problem =
      "all.svg: error: --layers-from-groups: every top-level group but the background is hidden "
      + "('Glyph': display:none, 'Sketch': visibility=\"hidden\"); show the foreground's layers "
      + "to export, or give the foreground its own <g id> group\n"
    for args in [["--format", "icon", "-o", "X.icon"], ["--platform", "android", "-o", "res"]] {
      let run = try CLIRunner.run(["appicon", "all.svg", "--layers-from-groups"] + args, in: dir)
      #expect(run.status == 2, "\(run.stderr)")
      #expect(run.stderr.hasSuffix(problem), "\(run.stderr)")
    }
    #expect(Four.tree(dir).keys.sorted() == ["all.svg"])
  }

  // MARK: - F8: --preview is the bundle

  /// `-o R.icon --preview R.icon` (or `R.icon/`) is a usage error before anything is written.
  @Test func aPreviewAtTheBundleItselfIsRefusedBeforeWriting() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for preview in ["R.icon", "R.icon/", "./R.icon"] {
      let run = try CLIRunner.run(
        ["appicon", "fg.svg", "--format", "icon", "-o", "R.icon", "--preview", preview], in: dir)
      #expect(run.status == 2, "\(run.stderr)")
      #expect(
        run.stderr.contains(
          "--preview \(preview) is the bundle -o writes; give the preview a PNG path outside it "
            + "(--preview R.png)"), "\(run.stderr)")
      #expect(Four.tree(dir).keys.sorted() == ["fg.svg"])
    }
  }

  // MARK: - F7: validate names the actool traps

  /// `validate` of a catalog (or of the folder holding it) names a flat set sharing the name
  /// of a `.icon` beside the catalog, and a `.icon` inside the catalog, as the writer does.
  @Test func validateNamesTheSameNameFlatSetAndABundleInsideTheCatalog() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("App/Assets.xcassets/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n"),
      ("App/Assets.xcassets/Icons/bolt.appiconset/Contents.json",
        "{\"images\":[],\"info\":{\"author\":\"xcode\",\"version\":1}}\n"),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let write = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "App/Bolt.icon"], in: dir)
    #expect(write.status == 0, "\(write.stderr)")
    let clash =
      "App/Assets.xcassets/Icons/bolt.appiconset: warning: [icon-name-clash] a flat app icon set "
      + "of the name of App/Bolt.icon; actool (Xcode 26.3) drops it without a word: rename or "
      + "remove it; give the flat set for iOS 18 and earlier another name (appicon --fallback "
      + "writes Bolt-Fallback)"
    for target in ["App/Assets.xcassets", "App"] {
      let validate = try CLIRunner.run(["validate", target], in: dir)
      #expect(validate.status == 1, "\(validate.stderr)")
      #expect(validate.stderr.contains(clash), "\(validate.stderr)")
    }
    try FileManager.default.removeItem(at: dir.appendingPathComponent("App/Assets.xcassets/Icons"))
    #expect(try CLIRunner.run(["validate", "App/Assets.xcassets"], in: dir).status == 0)
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("App/Bolt.icon"),
      to: dir.appendingPathComponent("App/Assets.xcassets/Bolt.icon"))
    let inside = try CLIRunner.run(["validate", "App/Assets.xcassets"], in: dir)
    #expect(inside.status == 1, "\(inside.stderr)")
    #expect(
      inside.stderr.contains(
        "App/Assets.xcassets/Bolt.icon: warning: [icon-placement] is inside the asset catalog "
          + "Assets.xcassets; Xcode 26 compiles a .icon placed in the project beside the "
          + "catalog, not inside it: move it out"), "\(inside.stderr)")
  }

  // MARK: - F5, F6: names that differ only in Unicode normalisation or case

  /// `café.svg` in NFC and in NFD: two files on Linux, one name on macOS.
  static let nfc = "caf\u{E9}.svg"
  static let nfd = "cafe\u{301}.svg"

  /// Two different files whose names differ only in Unicode normalisation are refused as
  /// such (exit 2), not as one file given twice; so are two group ids.
  @Test func namesDifferingOnlyInNormalisationAreRefusedAsSuch() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      (Self.nfc, Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
      (Self.nfd, Two.svg("<circle cx=\"512\" cy=\"512\" r=\"400\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    // Three files (a Set of Strings would take the two forms for one).
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
    let run = try CLIRunner.run(
      ["appicon", "fg.svg", "--layer", Self.nfc, "--layer", Self.nfd, "--format", "icon", "-o",
       "N.icon"], in: dir)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "--layer \(Self.nfd) and --layer \(Self.nfc) differ only in Unicode normalisation (NFD "
          + "and NFC): two files here, one on macOS's file system, and one layer file name in "
          + "the bundle; rename one"), "\(run.stderr)")
    #expect(!run.stderr.contains("given twice"))
    let groups = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
        <g id="caf\u{E9}"><circle cx="512" cy="512" r="200"/></g>
        <g id="cafe\u{301}"><circle cx="512" cy="512" r="100"/></g>
      </svg>

      """
    try Data(groups.utf8).write(to: dir.appendingPathComponent("g.svg"))
    let split = try CLIRunner.run(
      ["appicon", "g.svg", "--layers-from-groups", "--format", "icon", "-o", "G.icon"], in: dir)
    #expect(split.status == 2, "\(split.stderr)")
    #expect(
      split.stderr.contains(
        "two top-level groups have the ids 'caf\u{E9}' and 'cafe\u{301}', which differ only in "
          + "Unicode normalisation (NFC and NFD); macOS's file system takes their layer files "
          + "for one; rename one"), "\(split.stderr)")
  }

  /// `validate` names the file `Assets/` holds when a layer's `image-name` differs from it
  /// only in Unicode normalisation or in case.
  @Test func validateNamesANearMatchOfAMissingLayerFile() throws {
    let dir = try Two.folder([
      (Self.nfc, Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("Bolt.SVG", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\"/>")),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let write = try CLIRunner.run(
      ["appicon", Self.nfc, "--layer", "Bolt.SVG", "--format", "icon", "-o", "V.icon"], in: dir)
    #expect(write.status == 0, "\(write.stderr)")
    let assets = dir.appendingPathComponent("V.icon/Assets")
    try FileManager.default.moveItem(
      at: assets.appendingPathComponent(Self.nfc), to: assets.appendingPathComponent(Self.nfd))
    try FileManager.default.moveItem(
      at: assets.appendingPathComponent("Bolt.SVG"), to: assets.appendingPathComponent("bolt.svg"))
    let validate = try CLIRunner.run(["validate", "V.icon"], in: dir)
    #expect(validate.status == 1, "\(validate.stderr)")
    #expect(
      validate.stderr.contains(
        "groups[0].layers[0].image-name: '\(Self.nfc)' is not in Assets/ as written (NFC): "
          + "Assets/ holds '\(Self.nfd)' in another Unicode form (NFD), which macOS's file "
          + "system takes for the same name; rename the file to the name's form (or correct "
          + "the name) so that every system finds it"), "\(validate.stderr)")
    #expect(
      validate.stderr.contains(
        "groups[0].layers[1].image-name: 'Bolt.SVG' is not in Assets/: Assets/ holds "
          + "'bolt.svg', which differs only in case; macOS's default file system takes them "
          + "for one name, a case-sensitive one does not; rename the file or correct the name"),
      "\(validate.stderr)")
  }

  // MARK: - F11: SIGXFSZ

  /// Past `ulimit -f`, the write fails with a message naming the file (exit 2) and leaves no
  /// staging folder, instead of the process dying of SIGXFSZ (exit 153).
  @Test func aFileSizeLimitIsAMessageNotASignal() throws {
    let comment = String(repeating: "x", count: 200_000)
    let dir = try Two.folder([
      ("big.svg", Two.svg("<!--\(comment)--><circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"#f80\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try CLIRunner.run(
      ["-c", "ulimit -f 100; exec \"$0\" appicon big.svg --format icon -o X.icon",
       CLIRunner.executable.path],
      in: dir, executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 2, "\(run.status) \(run.stderr)")
    #expect(run.stderr.contains("file too large"), "\(run.stderr)")
    #expect(Four.tree(dir).keys.sorted() == ["big.svg"], "\(Four.tree(dir).keys.sorted())")
  }

  // MARK: - F13: Android outputs of an earlier run in the current folder

  /// `-o res` in the current folder, then other art to `res` and to `res2`: the files the
  /// first run wrote (`res/...`, `ic_launcher-playstore.png` beside it) are Glyphsmith's, so
  /// they are replaced (exit 0), not "not made by glyphsmith".
  @Test func androidFilesOfAnEarlierRunInTheCurrentFolderAreGlyphsmiths() throws {
    func art(_ colour: String) -> String {
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
        <g id="background"><rect width="1024" height="1024" fill="\(colour)"/></g>
        <g id="Glyph"><circle cx="512" cy="512" r="200" fill="#FFFFFF"/></g>
      </svg>

      """
    }
    let dir = try Two.folder([("art.svg", art("#0A84FF")), ("art2.svg", art("#FF8400"))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let play = dir.appendingPathComponent("ic_launcher-playstore.png")
    for (input, res) in [("art.svg", "res"), ("art2.svg", "res"), ("art.svg", "res2")] {
      let before = try? Data(contentsOf: play)
      let run = try CLIRunner.run(
        ["appicon", input, "--platform", "android", "-o", res, "--layers-from-groups"], in: dir)
      #expect(run.status == 0, "\(input) \(res): \(run.stderr)")
      #expect(!run.stderr.contains("not made by glyphsmith"), "\(run.stderr)")
      #expect(try Data(contentsOf: play) != before)
    }
  }
}
