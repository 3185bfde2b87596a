import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35's new-user trial (findings 2, 3, 4, 8, 10, 14, 15, 17): the mark covers every file
/// of a written bundle, the preview draws only a bundle that validates, mistyped colours and
/// layer names that differ only in case are refused, a layer that draws nothing is named.
@Suite struct IconBundleTrialCLITests {
  static let arguments = ["appicon", "bell.svg", "--format", "icon", "-o", "App.icon"]

  /// A folder from `IconBundleWriteCLITests.folder()` with `App.icon` written of `bell.svg`.
  static func written() throws -> URL {
    let dir = try IconBundleWriteCLITests.folder()
    let first = try CLIRunner.run(arguments, in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    return dir
  }

  /// The bundle's files (below it, sorted) with their bytes.
  static func snapshot(_ bundle: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: bundle.path) {
      let url = bundle.appendingPathComponent(name)
      var folder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), !folder.boolValue {
        files[name] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test func theMarkHashesIcon_jsonAndEveryLayerFile() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("App.icon")
    let json = try Data(contentsOf: bundle.appendingPathComponent("icon.json"))
    let bell = try Data(contentsOf: dir.appendingPathComponent("bell.svg"))
    #expect(
      try String(contentsOf: bundle.appendingPathComponent(".glyphsmith-icon"), encoding: .utf8)
        == "glyphsmith icon.json sha256 \(ContentHash.sha256(json))\n"
        + "glyphsmith Assets/bell.svg sha256 \(ContentHash.sha256(bell))\n")
    // Unchanged: rewritten as before.
    let again = try CLIRunner.run(Self.arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func aLayerFileEditedAddedOrRemovedIsNeverReplacedWithoutForce() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("App.icon")
    let layer = bundle.appendingPathComponent("Assets/bell.svg")
    let original = try Data(contentsOf: layer)

    // Edited (a designer's tweak, icon.json unchanged).
    try (original + Data("<!-- designer tweak -->\n".utf8)).write(to: layer)
    var before = try Self.snapshot(bundle)
    let edited = try CLIRunner.run(Self.arguments, in: dir)
    #expect(edited.status == 2)
    #expect(
      edited.stderr
        == "bell.svg: error: App.icon/Assets/bell.svg changed since glyphsmith wrote it; move "
        + "App.icon or pass --force\n")
    #expect(try Self.snapshot(bundle) == before)
    try original.write(to: layer)

    // Added.
    let extra = bundle.appendingPathComponent("Assets/extra.svg")
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: extra)
    before = try Self.snapshot(bundle)
    let added = try CLIRunner.run(Self.arguments, in: dir)
    #expect(added.status == 2)
    #expect(
      added.stderr
        == "bell.svg: error: App.icon/Assets/extra.svg was added since glyphsmith wrote "
        + "App.icon; move it or pass --force\n")
    #expect(try Self.snapshot(bundle) == before)
    try FileManager.default.removeItem(at: extra)

    // Removed.
    try FileManager.default.removeItem(at: layer)
    let removed = try CLIRunner.run(Self.arguments, in: dir)
    #expect(removed.status == 2)
    #expect(
      removed.stderr
        == "bell.svg: error: App.icon/Assets/bell.svg was removed since glyphsmith wrote it; "
        + "move App.icon or pass --force\n")
    #expect(!FileManager.default.fileExists(atPath: layer.path))

    // --force replaces it, naming what changed.
    let forced = try CLIRunner.run(Self.arguments + ["--force"], in: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.contains(
        "App.icon/Assets/bell.svg: warning: removed since glyphsmith wrote it; written again "
          + "(--force)\n"))
    #expect(try Data(contentsOf: layer) == original)
  }

  @Test func anEditedIcon_jsonIsChangedNotForeign() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("App.icon/icon.json")
    let edited = try Data(contentsOf: file) + Data("\n".utf8)
    try edited.write(to: file)
    let refused = try CLIRunner.run(Self.arguments, in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "bell.svg: error: App.icon/icon.json changed since glyphsmith wrote it (saved in "
        + "Icon Composer?); move App.icon or pass --force\n")
    #expect(try Data(contentsOf: file) == edited)
    let forced = try CLIRunner.run(Self.arguments + ["--force"], in: dir)
    #expect(forced.status == 0)
    #expect(
      forced.stderr.contains(
        "App.icon/icon.json: warning: changed since glyphsmith wrote it; replaced (--force)\n"))
  }

  /// A mark of the older form (its icon.json line only) still vouches for icon.json.
  @Test func anOlderMarkIsStillRead() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("App.icon")
    let json = try Data(contentsOf: bundle.appendingPathComponent("icon.json"))
    try Data("glyphsmith icon.json sha256 \(ContentHash.sha256(json))\n".utf8).write(
      to: bundle.appendingPathComponent(".glyphsmith-icon"))
    let again = try CLIRunner.run(Self.arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("warning"), "\(again.stderr)")
    try (json + Data("\n".utf8)).write(to: bundle.appendingPathComponent("icon.json"))
    try Data("glyphsmith icon.json sha256 \(ContentHash.sha256(json))\n".utf8).write(
      to: bundle.appendingPathComponent(".glyphsmith-icon"))
    let refused = try CLIRunner.run(Self.arguments, in: dir)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("App.icon/icon.json changed since glyphsmith wrote it"))
  }

  /// Issue 35's second trial, finding 4: a layer file that is a symbolic link out of the
  /// bundle is a validate error naming the link and its target, and preview and lint never
  /// read through it; a link to another file inside the bundle is still read.
  @Test func aLayerLinkOutOfTheBundleIsAnErrorAndNeverRead() throws {
    let copy = try IconComposerFixtures.copy("criticalmaps-ios/iOS/AppIcon.icon")
    let dir = copy.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = copy.appendingPathComponent("Assets")
    let names = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
    let svg = try #require(names.first { $0.hasSuffix(".svg") })
    try FileManager.default.moveItem(
      at: assets.appendingPathComponent(svg), to: dir.appendingPathComponent("outside.svg"))
    try FileManager.default.createSymbolicLink(
      atPath: assets.appendingPathComponent(svg).path, withDestinationPath: "../../outside.svg")
    let problem =
      "'\(svg)' in Assets/ is a symbolic link to ../../outside.svg, outside the bundle; a layer "
      + "file must be in the bundle itself (copy the file in: Icon Composer and Xcode read the "
      + "bundle alone)"
    let validate = try CLIRunner.run(["validate", "AppIcon.icon"], in: dir)
    #expect(validate.status == 1)
    #expect(validate.stderr.contains("AppIcon.icon/Assets/\(svg): error: "), "\(validate.stderr)")
    #expect(validate.stderr.contains(problem), "\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "AppIcon.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr.contains(problem), "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.png").path))
    let lint = try CLIRunner.run(["lint", "--role", "icon-layer", "AppIcon.icon"], in: dir)
    #expect(lint.status == 2)
    #expect(
      lint.stderr.contains("is a symbolic link to ../../outside.svg, outside the bundle"),
      "\(lint.stderr)")

    // A link to a file inside the bundle is the bundle's own file.
    try FileManager.default.removeItem(at: assets.appendingPathComponent(svg))
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("outside.svg"),
      to: assets.appendingPathComponent("real.svg"))
    try FileManager.default.createSymbolicLink(
      atPath: assets.appendingPathComponent(svg).path, withDestinationPath: "real.svg")
    let inside = try CLIRunner.run(["appicon", "AppIcon.icon", "--preview", "p.png"], in: dir)
    #expect(inside.status == 0, "\(inside.stderr)")
  }

  /// Issue 35's second trial, findings 2 and 11: a preview or a fallback catalog inside a
  /// bundle (the one written, or another) is refused before anything is written.
  @Test func aPreviewOrFallbackInsideABundleIsRefusedFirst() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("App.icon")
    let before = try Self.snapshot(bundle)
    let preview = try CLIRunner.run(
      Self.arguments + ["--background", "#0A84FF", "--preview", "App.icon/prev.png"], in: dir)
    #expect(preview.status == 2)
    #expect(
      preview.stderr
        == "glyphsmith appicon: error: --preview App.icon/prev.png is inside the bundle "
        + "App.icon, which holds icon.json and its layers in Assets/ only; write the preview "
        + "outside it\nsee 'glyphsmith help appicon'\n")
    #expect(try Self.snapshot(bundle) == before)
    let fresh = try CLIRunner.run(
      ["appicon", "bell.svg", "--format", "icon", "-o", "Q.icon", "--preview", "Q.icon/icon.json"],
      in: dir)
    #expect(fresh.status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Q.icon").path))
    let fallback = try CLIRunner.run(
      [
        "appicon", "bell.svg", "--format", "icon", "-o", "X.icon", "--fallback",
        "App.icon/Assets.xcassets",
      ], in: dir)
    #expect(fallback.status == 2)
    #expect(
      fallback.stderr.contains(
        "--fallback App.icon/Assets.xcassets is inside the bundle App.icon, which holds "
          + "icon.json and its layers in Assets/ only"), "\(fallback.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("X.icon").path))
    #expect(try Self.snapshot(bundle) == before)
  }

  /// Issue 35's second trial, finding 1 (data loss): a mark of the older form vouches for
  /// icon.json only, so a layer file that differs from what the run writes (a designer's edit)
  /// and a file the run does not write (one the designer added) are never replaced or deleted
  /// without --force, even when icon.json and the inputs are unchanged.
  @Test func anOlderMarkDoesNotVouchForEditedOrAddedLayerFiles() throws {
    let dir = try Self.written()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("App.icon")
    let json = try Data(contentsOf: bundle.appendingPathComponent("icon.json"))
    let olderMark = Data("glyphsmith icon.json sha256 \(ContentHash.sha256(json))\n".utf8)
    try olderMark.write(to: bundle.appendingPathComponent(".glyphsmith-icon"))
    let layer = bundle.appendingPathComponent("Assets/bell.svg")
    let original = try Data(contentsOf: layer)

    // The layer's art edited (replaced in Icon Composer; icon.json unchanged).
    try (original + Data("<!-- designer -->\n".utf8)).write(to: layer)
    var before = try Self.snapshot(bundle)
    let edited = try CLIRunner.run(Self.arguments, in: dir)
    #expect(edited.status == 2)
    #expect(
      edited.stderr
        == "bell.svg: error: App.icon/Assets/bell.svg differs from what this run writes, and "
        + "the mark an older glyphsmith left in App.icon covers icon.json only, so it cannot "
        + "tell whether the file was edited since; move App.icon or pass --force\n")
    #expect(try Self.snapshot(bundle) == before)

    // A file the designer added beside an unedited layer.
    try original.write(to: layer)
    try Data("<svg xmlns='http://www.w3.org/2000/svg'/>\n".utf8).write(
      to: bundle.appendingPathComponent("Assets/designer-extra.svg"))
    before = try Self.snapshot(bundle)
    let added = try CLIRunner.run(Self.arguments, in: dir)
    #expect(added.status == 2)
    #expect(
      added.stderr
        == "bell.svg: error: App.icon/Assets/designer-extra.svg was added since glyphsmith "
        + "wrote App.icon; move it or pass --force\n")
    #expect(try Self.snapshot(bundle) == before)

    // --force replaces, naming what goes.
    let forced = try CLIRunner.run(Self.arguments + ["--force"], in: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr.contains(
        "App.icon/Assets/designer-extra.svg: warning: added since glyphsmith wrote the bundle; "
          + "deleted (--force)\n"))
    #expect(try Data(contentsOf: layer) == original)
    #expect(
      !FileManager.default.fileExists(
        atPath: bundle.appendingPathComponent("Assets/designer-extra.svg").path))
    // The new mark covers every file: a rerun is quiet and leaves the bundle alone.
    let mark = try String(
      contentsOf: bundle.appendingPathComponent(".glyphsmith-icon"), encoding: .utf8)
    #expect(mark.contains("glyphsmith Assets/bell.svg sha256 \(ContentHash.sha256(original))\n"))
    let again = try CLIRunner.run(Self.arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("warning"), "\(again.stderr)")
  }

  @Test(arguments: [
    (
      "\"image-name\" : \"../../../bell.svg\"",
      "groups[0].layers[2].image-name: '../../../bell.svg' is not a file name; a layer names a "
        + "file in the bundle's Assets/ folder"
    ),
    ("\"glass\" : false", "groups[1].layers[0].glass:"),
  ])
  func thePreviewDrawsOnlyABundleThatValidates(replacement: String, message: String) throws {
    let dir = try IconBundleWriteCLITests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = dir.appendingPathComponent("trav.icon")
    try FileManager.default.copyItem(
      at: IconComposerFixtures.bundle("criticalmaps-ios/iOS/AppIcon.icon"), to: bundle)
    let file = bundle.appendingPathComponent("icon.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    let original = replacement.hasPrefix("\"image") ? "\"image-name\" : \"Black 2.svg\"" : replacement
    let broken = replacement.hasPrefix("\"image")
      ? text.replacingOccurrences(of: original, with: replacement)
      : text.replacingOccurrences(of: original, with: "\"glass\" : \"yes\"")
    #expect(broken != text)
    try broken.write(to: file, atomically: true, encoding: .utf8)
    for arguments in [
      ["appicon", "trav.icon", "--preview", "t.png"],
      ["sheet", "--app-icon", "trav.icon", "-o", "t.png"],
    ] {
      let result = try CLIRunner.run(arguments, in: dir)
      #expect(result.status == 2, "\(arguments) \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("trav.icon/icon.json: error: \(message)"), "\(result.stderr)")
      #expect(
        result.stderr.contains("; the bundle does not validate (glyphsmith validate trav.icon)\n"))
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.png").path))
    }
  }

  @Test(arguments: ["#GGGGGG", "", "display-p3:1,0,0,1", "rgb(1,2,3)"])
  func aMistypedBackgroundColourIsNoFile(value: String) throws {
    let dir = try IconBundleWriteCLITests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(Self.arguments + ["--background", value], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith appicon: error: --background: '\(value)' is neither a colour (#RRGGBB or "
        + "a CSS name) nor a file\nsee 'glyphsmith help appicon'\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("App.icon").path))
  }

  @Test func layerFileNamesDifferingOnlyInCaseAreRefused() throws {
    let dir = try IconBundleWriteCLITests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("other"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("heart.svg"), to: dir.appendingPathComponent("other/Bell.svg"))
    let result = try CLIRunner.run(Self.arguments + ["--layer", "other/Bell.svg"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "other/Bell.svg: error: its layer file name 'Bell.svg' differs from 'bell.svg' (of "
        + "bell.svg) only in case; macOS's file system takes them for one file; rename one\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("App.icon").path))

    try Data(
      ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\">"
        + "<g id=\"Star\"><circle cx=\"512\" cy=\"512\" r=\"100\" fill=\"red\"/></g>"
        + "<g id=\"star\"><circle cx=\"512\" cy=\"512\" r=\"50\" fill=\"blue\"/></g></svg>").utf8
    ).write(to: dir.appendingPathComponent("clash.svg"))
    let groups = try CLIRunner.run(
      ["appicon", "clash.svg", "--format", "icon", "-o", "G.icon", "--layers-from-groups"],
      in: dir)
    #expect(groups.status == 2)
    #expect(
      groups.stderr
        == "clash.svg#Star: error: its layer file name 'Star.svg' differs from 'star.svg' (of "
        + "clash.svg#star) only in case; macOS's file system takes them for one file; rename one\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("G.icon").path))
  }

  @Test func aLayerThatDrawsNothingInTheBundleIsNamed() throws {
    let dir = try IconBundleWriteCLITests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\"/>\n".utf8)
      .write(to: dir.appendingPathComponent("blank.svg"))
    // Art in a PNG beside the SVG: drawn there, not in the bundle (no big.png in Assets/).
    try FileManager.default.copyItem(
      at: IconComposerFixtures.bundle("LNPopupController/LNPopupControllerExample/LNPopupController.icon")
        .appendingPathComponent("Assets/Bar.png"), to: dir.appendingPathComponent("big.png"))
    try Data(
      ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\">"
        + "<image href=\"big.png\" width=\"1024\" height=\"1024\"/></svg>").utf8
    ).write(to: dir.appendingPathComponent("ext.svg"))
    for name in ["blank", "ext"] {
      let result = try CLIRunner.run(
        ["appicon", "\(name).svg", "--format", "icon", "-o", "\(name).icon"], in: dir)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "\(name).svg: warning: draws nothing in the bundle (\(name).icon/Assets/\(name).svg): it "
            + "is empty, or its art is in a file it links to (<image href>) that is not in the "
            + "bundle; the layer will be invisible\n"), "\(result.stderr)")
    }
  }
}
