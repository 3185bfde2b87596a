import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Synchronization
import Testing

/// Issue 35's third trial, the findings left after `IconBundleTrialThreeCLITests`: hostile
/// `icon.json` counts and sizes (finding 5), a bundle that cannot be replaced (6), concurrent
/// runs (7), no group (8), links out of the bundle (10), numbers JSON cannot hold (12),
/// contrast of identical layers (9) and Inkscape layers (4b).
@Suite struct IconBundleTrialFourCLITests {
  typealias Two = IconBundleTrialTwoCLITests

  /// A folder holding `H.icon` with `json` as its `icon.json` and `Assets/a.svg` (a 1024 pt
  /// square).
  static func bundle(_ json: String) throws -> URL {
    try Two.folder([
      ("H.icon/icon.json", json),
      ("H.icon/Assets/a.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
    ])
  }

  /// One group of `count` layers, each naming `missing.svg` (not in `Assets/`: were the layers
  /// read, each would be an `icon-layer` error).
  static func layers(_ count: Int) -> String {
    "{\"groups\":[{\"layers\":["
      + Array(repeating: "{\"image-name\":\"missing.svg\"}", count: count).joined(separator: ",")
      + "]}]}"
  }

  // MARK: - Finding 5: counts and sizes

  @Test func tenThousandLayersAreOneCountErrorAndNoLayerIsRead() throws {
    let dir = try Self.bundle(Self.layers(10_000))
    defer { try? FileManager.default.removeItem(at: dir) }
    let count =
      "groups[0].layers: 10000 layers; Glyphsmith reads at most 64 in a group (Icon "
      + "Composer's documents hold at most 8); merge layers into fewer files or move some into "
      + "another group"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix("H.icon/icon.json:1:1: error: [icon-groups] " + count + "\n"),
      "\(validate.stderr)")
    #expect(validate.stderr.hasSuffix("1 finding (1 error)\n"), "\(validate.stderr)")
    #expect(!validate.stderr.contains("missing.svg"))
    // The preview and lint stop at the count: no layer drawn or linted.
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains("H.icon/icon.json: error: " + count), "\(preview.stderr)")
    #expect(!preview.stderr.contains("missing.svg"), "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "H.icon"], in: dir)
    #expect(lint.status == 2)
    #expect(lint.stderr.contains("H.icon/icon.json: error: " + count), "\(lint.stderr)")
    #expect(!lint.stderr.contains("missing.svg"), "\(lint.stderr)")
    // Eight layers is what Icon Composer's documents hold at most: read, each layer checked.
    try Data(Self.layers(8).utf8).write(to: dir.appendingPathComponent("H.icon/icon.json"))
    let eight = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(eight.status == 1)
    #expect(!eight.stderr.contains("[icon-groups]"), "\(eight.stderr)")
    #expect(
      eight.stderr.contains(
        "error: [icon-layer] groups[0].layers[0].image-name: 'missing.svg' is not in Assets/"),
      "\(eight.stderr)")
  }

  @Test func tenThousandGroupsAreOneCountError() throws {
    let dir = try Self.bundle(
      "{\"groups\":["
        + Array(repeating: "{\"layers\":[{\"image-name\":\"missing.svg\"}]}", count: 10_000)
        .joined(separator: ",") + "]}")
    defer { try? FileManager.default.removeItem(at: dir) }
    let count =
      "groups: 10000 groups; Icon Composer accepts at most 4; merge groups or move layers into "
      + "fewer groups"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix("H.icon/icon.json:1:1: error: [icon-groups] " + count + "\n"),
      "\(validate.stderr)")
    #expect(validate.stderr.hasSuffix("1 finding (1 error)\n"), "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains("H.icon/icon.json: error: " + count), "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
  }

  @Test func anIconJSONOverOneMebibyteIsNotRead() throws {
    // Valid JSON, one byte over the limit: refused by its size alone.
    let head = "{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\"}]}]}"
    let over = head + String(repeating: " ", count: 1024 * 1024 + 1 - head.utf8.count)
    let dir = try Self.bundle(over)
    defer { try? FileManager.default.removeItem(at: dir) }
    let size =
      "1048577 bytes; icon.json files are limited to 1 MiB (Icon Composer's are a few KB): not "
      + "read; save the bundle again in Icon Composer"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix("H.icon/icon.json: error: [icon-json] " + size + "\n"),
      "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains("H.icon/icon.json: error: " + size), "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "H.icon"], in: dir)
    #expect(lint.status == 2)
    #expect(lint.stderr.contains("H.icon/icon.json: error: " + size), "\(lint.stderr)")
    // At the limit it is read: the same document draws.
    try Data(over.utf8.dropLast()).write(to: dir.appendingPathComponent("H.icon/icon.json"))
    let at = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(at.status == 0, "\(at.stderr)")
  }

  /// Icon Composer's own limit is not documented: 9 layers (more than any counted document
  /// holds) are written and named by a warning (`icon-layers`); more than 64 are refused
  /// before anything is written.
  @Test func theWriterWarnsPastEightLayersAndRefusesPastSixtyFour() throws {
    var files = [("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))]
    for i in 1...64 {
      files.append(("l\(i).svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"\(i * 7)\"/>")))
    }
    let dir = try Two.folder(files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let layers = (1...64).flatMap { ["--layer", "l\($0).svg"] }
    let many = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "W.icon"] + layers, in: dir)
    #expect(many.status == 2)
    #expect(
      many.stderr.contains(
        "fg.svg: error: its group would hold 65 layers (the foreground, each --layer and each "
          + "top-level group of --layers-from-groups); Glyphsmith reads at most 64 in a group "
          + "(Icon Composer's documents hold at most 8); merge layers into fewer files"),
      "\(many.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("W.icon").path))
    let nine = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "W.icon"] + layers.prefix(16), in: dir)
    let warning =
      "W.icon/icon.json:5:1: warning: [icon-layers] groups[0].layers: 9 layers; none of the 145 "
      + "Icon Composer documents counted holds more than 8 in a group; open it in Icon Composer "
      + "to check, or merge layers into fewer files\n"
    // Written, with validate's finding (exit 1, as any finding of the read-back).
    #expect(nine.status == 1, "\(nine.stderr)")
    #expect(nine.stderr.contains(warning + "wrote W.icon (icon.json, 9 layer files)\n"))
    let validate = try CLIRunner.run(["validate", "W.icon"], in: dir)
    #expect(validate.status == 1, "\(validate.stderr)")
    #expect(validate.stderr == warning + "1 finding (0 errors)\n", "\(validate.stderr)")
    let eight = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "E.icon"] + layers.prefix(14), in: dir)
    #expect(eight.status == 0, "\(eight.stderr)")
    let clean = try CLIRunner.run(["validate", "E.icon"], in: dir)
    #expect(!clean.stderr.contains("icon-layers"), "\(clean.stderr)")
  }

  // MARK: - Finding 8: no group, one rule

  @Test func noGroupIsTheSameErrorInValidatePreviewAndLint() throws {
    let dir = try Self.bundle("{\n  \"groups\" : [\n\n  ]\n}")
    defer { try? FileManager.default.removeItem(at: dir) }
    let message =
      "groups: no group: the icon would draw its fill alone; Icon Composer accepts 1 to 4; add "
      + "a group with a layer"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix("H.icon/icon.json:2:1: error: [icon-groups] " + message + "\n"),
      "\(validate.stderr)")
    // Assets/a.svg, drawn by no layer, is not looked at either: the count stops the reading.
    #expect(validate.stderr.hasSuffix("1 finding (1 error)\n"), "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains("H.icon/icon.json: error: " + message), "\(preview.stderr)")
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "H.icon"], in: dir)
    #expect(lint.status == 2)
    #expect(lint.stderr.contains("H.icon/icon.json: error: " + message), "\(lint.stderr)")
  }

  // MARK: - Finding 6: a bundle that cannot be replaced

  /// Every entry below `dir` (paths relative to it, hidden ones included) with its bytes
  /// (`nil` for a folder).
  static func tree(_ dir: URL) -> [String: Data?] {
    var out: [String: Data?] = [:]
    let walker = FileManager.default.enumerator(atPath: dir.path)
    while let relative = walker?.nextObject() as? String {
      let path = dir.appendingPathComponent(relative).path
      out[relative] =
        Platform.kind(ofPath: path, followingLinks: false) == .folder
        ? Data?.none : FileManager.default.contents(atPath: path)
    }
    return out
  }

  @Test func aReadOnlyBundleIsLeftAsItWasWithoutAHiddenCopy() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("fg2.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\"/>")),
    ])
    defer {
      _ = try? CLIRunner.run(
        ["-R", "u+w", dir.path], executable: URL(fileURLWithPath: "/bin/chmod"))
      try? FileManager.default.removeItem(at: dir)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    let first = try CLIRunner.runAsUnprivileged(
      ["appicon", "fg.svg", "--format", "icon", "-o", "A.icon"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let chmod = try CLIRunner.run(
      ["-R", "a-w", dir.appendingPathComponent("A.icon").path],
      executable: URL(fileURLWithPath: "/bin/chmod"))
    #expect(chmod.status == 0)
    let before = Self.tree(dir)
    // A rewrite of Glyphsmith's own bundle, and a forced one.
    for extra in [[], ["--force"]] {
      let again = try CLIRunner.runAsUnprivileged(
        ["appicon", "fg2.svg", "--format", "icon", "-o", "A.icon"] + extra, in: dir)
      #expect(again.status == 2, "\(again.stderr)")
      #expect(
        again.stderr.contains(
          "A.icon: error: cannot write: cannot replace it: it is read-only, so the old folder "
            + "could not be removed; nothing was changed (make it writable, chmod -R u+w "
            + "A.icon, or remove it)"), "\(again.stderr)")
      #expect(Self.tree(dir) == before, "\(Self.tree(dir).keys.sorted())")
    }
  }

  @Test func aFailedRemovalPutsTheOldFolderBack() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("S.icon").path
    try AtomicFolder.write(
      [("icon.json", Data("old".utf8)), ("Assets/a.svg", Data("a".utf8))], toPath: target)
    let before = Self.tree(dir)
    #expect(
      throws: GlyphsmithError.writeFailed(
        path: target,
        reason:
          "cannot replace it: the old folder could not be removed (Permission denied); it is left as it was"
      )
    ) {
      // What FileManager.removeItem throws for a read-only folder.
      try AtomicFolder.write([("icon.json", Data("new".utf8))], toPath: target) { path in
        throw CocoaError(
          .fileWriteNoPermission,
          userInfo: [
            NSFilePathErrorKey: path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES)),
          ])
      }
    }
    #expect(Self.tree(dir) == before, "\(Self.tree(dir).keys.sorted())")
  }

  @Test func leftoversOfKilledRunsAreRemovedWhenOursAndNamedOtherwise() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let write = ["appicon", "fg.svg", "--format", "icon", "-o", "A.icon"]
    #expect(try CLIRunner.run(write, in: dir).status == 0)
    // A copy of the bundle as a killed run (PID 99999, above pid_max) left it, and one
    // holding a file of the user's.
    let fm = FileManager.default
    try fm.copyItem(
      at: dir.appendingPathComponent("A.icon"),
      to: dir.appendingPathComponent(".A.icon.old-99999-1"))
    try fm.copyItem(
      at: dir.appendingPathComponent("A.icon"),
      to: dir.appendingPathComponent(".A.icon.old-99999-2"))
    try Data("mine".utf8).write(to: dir.appendingPathComponent(".A.icon.old-99999-2/notes.txt"))
    let again = try CLIRunner.run(write, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!fm.fileExists(atPath: dir.appendingPathComponent(".A.icon.old-99999-1").path))
    #expect(fm.fileExists(atPath: dir.appendingPathComponent(".A.icon.old-99999-2/notes.txt").path))
    #expect(
      again.stderr.contains(
        ".A.icon.old-99999-2: warning: left by a glyphsmith run that was killed, and holds "
          + "notes.txt, which glyphsmith did not write; kept: move it out, then delete the "
          + "folder"), "\(again.stderr)")
    // A bundle moved aside while A.icon is missing is put back.
    try fm.removeItem(at: dir.appendingPathComponent(".A.icon.old-99999-2"))
    try fm.moveItem(
      at: dir.appendingPathComponent("A.icon"),
      to: dir.appendingPathComponent(".A.icon.old-99999-3"))
    let restored = try CLIRunner.run(write, in: dir)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(
      restored.stderr.contains("A.icon: warning: put back from .A.icon.old-99999-3"),
      "\(restored.stderr)")
    #expect(Self.tree(dir).keys.filter { $0.hasPrefix(".") }.isEmpty)
  }

  // MARK: - Finding 7: concurrent runs

  @Test func concurrentForcedRunsOnOneBundleAllSucceed() throws {
    var files: [(String, String)] = []
    for i in 0..<8 {
      files.append(("fg\(i).svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"\(200 + i * 20)\"/>")))
    }
    let dir = try Two.folder(files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let results = Mutex([Int32: [String]]())
    DispatchQueue.concurrentPerform(iterations: 8) { i in
      let result = try? CLIRunner.run(
        ["appicon", "fg\(i).svg", "--format", "icon", "-o", "X.icon", "--force"], in: dir)
      results.withLock {
        $0[result?.status ?? -1, default: []].append(result?.stderr ?? "did not run")
      }
    }
    // Each run writes the bundle whole and checks what it wrote; one that sees the bundle
    // replaced by another run again and again while reading it back says so (never that a
    // layer file is missing: 16 of 21 runs did).
    let byStatus = results.withLock { $0 }
    #expect(Set(byStatus.keys).isSubset(of: [0, 2]), "\(byStatus)")
    #expect((byStatus[0] ?? []).count >= 1, "\(byStatus)")
    for stderr in byStatus[2] ?? [] {
      #expect(
        stderr == "X.icon: error: written, but another run replaced the bundle while this one "
          + "was reading it back (5 times), so it was not checked; run again, one run at a time, "
          + "or 'glyphsmith validate X.icon'\n")
    }
    #expect(try CLIRunner.run(["validate", "X.icon"], in: dir).status == 0)
    #expect(!(Self.tree(dir).keys.contains { $0.hasPrefix(".") }))
  }

  // MARK: - Finding 10: links out of the bundle

  @Test func anIconJSONLinkingOutOfTheBundleIsNotRead() throws {
    let dir = try Self.bundle("{}")
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = dir.appendingPathComponent("H.icon/icon.json")
    try FileManager.default.removeItem(at: json)
    try Data("{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\"}]}]}".utf8).write(
      to: dir.appendingPathComponent("outside.json"))
    try FileManager.default.createSymbolicLink(
      atPath: json.path, withDestinationPath: "../outside.json")
    let message =
      "H.icon/icon.json: error: [icon-json] is a symbolic link to ../outside.json, outside the "
      + "bundle: not read; icon.json must be in the bundle itself (copy the file in)"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(validate.stderr.hasPrefix(message + "\n"), "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(
      preview.stderr.contains("H.icon/icon.json: error: is a symbolic link to ../outside.json"),
      "\(preview.stderr)")
    // A link inside the bundle is the bundle's own file.
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("outside.json"),
      to: dir.appendingPathComponent("H.icon/real.json"))
    try FileManager.default.removeItem(at: json)
    try FileManager.default.createSymbolicLink(atPath: json.path, withDestinationPath: "real.json")
    #expect(try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir).status == 0)
  }

  @Test func aMarkLinkingOutOfTheBundleIsNotTrusted() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let write = ["appicon", "fg.svg", "--format", "icon", "-o", "A.icon"]
    #expect(try CLIRunner.run(write, in: dir).status == 0)
    let mark = dir.appendingPathComponent("A.icon/.glyphsmith-icon")
    try FileManager.default.moveItem(at: mark, to: dir.appendingPathComponent("mark"))
    try FileManager.default.createSymbolicLink(atPath: mark.path, withDestinationPath: "../mark")
    let again = try CLIRunner.run(write, in: dir)
    #expect(again.status == 2)
    #expect(
      again.stderr.contains(
        "fg.svg: error: A.icon/.glyphsmith-icon is a symbolic link (to ../mark), not a file "
          + "glyphsmith wrote; move A.icon or pass --force"), "\(again.stderr)")
    let forced = try CLIRunner.run(write + ["--force"], in: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(Platform.kind(ofPath: mark.path, followingLinks: false) == .regular)
  }

  // MARK: - Finding 12: numbers

  @Test func aNumberNoDoubleHoldsIsNamedWithItsLineAndColumn() throws {
    let dir = try Self.bundle(
      "{\n  \"groups\" : [{\"layers\" : [{\"image-name\" : \"a.svg\", \"opacity\" : 1e999}]}]\n}")
    defer { try? FileManager.default.removeItem(at: dir) }
    let message =
      "not valid JSON at line 2, column 65: the number 1e999 is beyond what a double holds "
      + "(about 1.8e308 either way); write a number in range"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(
      validate.stderr.hasPrefix(
        "H.icon/icon.json: error: [icon-json] " + message
          + "; fix the syntax or save it again in Icon Composer\n"), "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains("H.icon/icon.json: error: " + message), "\(preview.stderr)")
  }

  @Test(arguments: [
    (
      #", "groups": [{"translucency": {"enabled": true, "value": -0.5}}]"#,
      "'appicon.groups[0].translucency.value': -0.5 is outside 0 to 1; a translucency is from 0 "
        + "(opaque glass) to 1 (clear), as Icon Composer's slider sets it"
    ),
    (
      #", "groups": [{"opacity": -0.5}]"#,
      "'appicon.groups[0].opacity': -0.5 is outside 0 to 1; an opacity is from 0 (invisible) to "
        + "1 (opaque), as Icon Composer's slider sets it"
    ),
    (
      #", "groups": [{"shadow": {"kind": "neutral", "opacity": -0.5}}]"#,
      "'appicon.groups[0].shadow.opacity': -0.5 is outside 0 to 1; an opacity is from 0 "
        + "(invisible) to 1 (opaque), as Icon Composer's slider sets it"
    ),
    (
      #", "groups": [{"opacity": "half"}]"#,
      "wrong value 'half' for 'appicon.groups[0].opacity'; allowed: a number"
    ),
  ])
  func aProjectValueBelowItsRangeNamesBothBounds(block: String, message: String) throws {
    let dir = try IconBundleTrialThreeCLITests.project(block)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("P.icon").path))
  }

  // MARK: - Finding 4b: Inkscape layers

  /// An Inkscape file: `<sodipodi:namedview>`, then two layers `layer1` (labelled Background,
  /// a full-bleed square) and `layer2` (labelled `Moon glyph`, a circle).
  static let inkscape = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" \
    xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" \
    xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="1024" height="1024">
      <sodipodi:namedview id="namedview1" pagecolor="#ffffff"/>
      <g inkscape:groupmode="layer" id="layer1" inkscape:label="Background">
        <rect width="1024" height="1024" fill="#1e3a8a"/>
      </g>
      <g inkscape:groupmode="layer" id="layer2" inkscape:label="Moon glyph">
        <circle cx="512" cy="512" r="300" fill="#fde047"/>
      </g>
    </svg>

    """

  @Test func inkscapeLayersAreNamedByTheirLabelAndBackgroundIsTheBackLayer() throws {
    let dir = try Two.folder([("ink.svg", Self.inkscape)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "ink.svg", "--format", "icon", "-o", "I.icon", "--layers-from-groups"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let assets = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("I.icon/Assets").path
    ).sorted()
    #expect(assets == ["Background.svg", "Moon glyph.svg"])
    let (document, problems) = try IconComposerDocument.read(
      Data(contentsOf: dir.appendingPathComponent("I.icon/icon.json")))
    #expect(problems == [])
    // The moon in front (glass), the background the back group's layer (no glass).
    #expect(
      document.groups.map { $0.layers.map(\.imageName.value) } == [
        ["Moon glyph.svg"], ["Background.svg"],
      ])
    #expect(document.groups.map { $0.layers.map(\.name) } == [["Moon glyph"], ["Background"]])
    #expect(document.groups[1].layers[0].glass.value == false)
    // Two layers of one label are refused, naming both ids.
    try Data(
      Self.inkscape.replacingOccurrences(of: "label=\"Moon glyph\"", with: "label=\"Background\"")
        .utf8
    ).write(to: dir.appendingPathComponent("twice.svg"))
    let twice = try CLIRunner.run(
      ["appicon", "twice.svg", "--format", "icon", "-o", "T.icon", "--layers-from-groups"],
      in: dir)
    #expect(twice.status == 2)
    #expect(
      twice.stderr.contains(
        "two top-level layers are named 'Background' (ids 'layer1' and 'layer2'); rename one"),
      "\(twice.stderr)")
  }

  // MARK: - Finding 9: identical layers, identical findings

  @Test func identicalLayersGetIdenticalContrastFindings() throws {
    let moon =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\"><path d=\"M600 "
      + "200 A320 320 0 1 0 820 700 A260 260 0 1 1 600 200 Z\" fill=\"#334155\"/></svg>\n"
    let layers = (1...3).map { "{\"image-name\" : \"moon\($0).svg\", \"name\" : \"moon\($0)\"}" }
    let dir = try Two.folder(
      [
        (
          "M.icon/icon.json",
          "{\"fill\" : \"automatic\", \"groups\" : [{\"layers\" : ["
            + layers.joined(separator: ", ") + "]}]}"
        )
      ] + (1...3).map { ("M.icon/Assets/moon\($0).svg", moon) })
    defer { try? FileManager.default.removeItem(at: dir) }
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "M.icon"], in: dir)
    #expect(lint.status == 0, "\(lint.stderr)")
    let lines = (lint.stdoutText + lint.stderr).split(separator: "\n").map(String.init)
    func findings(_ n: Int) -> [String] {
      lines.filter { $0.hasPrefix("M.icon/Assets/moon\(n).svg: ") }.map {
        $0.replacingOccurrences(of: "moon\(n).svg", with: "moonN.svg")
          .replacingOccurrences(of: "layers[\(n - 1)]", with: "layers[N]")
          // The advice after it differs by place: `--dark` replaces the front layer only.
          .components(separatedBy: "it vanishes;")[0]
      }
    }
    // Each is measured against the fill (the copies behind it left out): before, the front
    // two stood out by 1:1 from the moon behind them, the back one by 1.73:1.
    #expect(findings(1).count == 2, "\(lines)")
    #expect(findings(1) == findings(2), "\(lines)")
    #expect(findings(1) == findings(3), "\(lines)")
    #expect(
      findings(1).first?.contains(
        "in the dark appearance (groups[0].layers[N]) the layer stands out from what is behind it by at most 1.73:1"
      ) == true, "\(lines)")
  }
}
