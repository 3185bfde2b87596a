import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35's fourth trial (`IconBundleTrialFourCLITests` holds the third's): a bundle holding a
/// locked file (F1), icon.json read errors in `lint --role icon-layer` (F4), layer contents that
/// do not match their extension (F2) and an `Assets` folder linking out of the bundle (F3).
@Suite struct IconBundleTrialFiveCLITests {
  typealias Two = IconBundleTrialTwoCLITests
  typealias Four = IconBundleTrialFourCLITests

  /// Why `chattr +i` cannot be used here, or `nil` when it can: it needs root
  /// (`CAP_LINUX_IMMUTABLE`) and a file system that keeps the flag (ext4, xfs, btrfs, tmpfs
  /// from Linux 6.0), and `Platform.lock(ofPath:)` must see it.
  static let chattrUnavailable: String? = {
    guard let dir = try? temporaryFolder() else { return "no temporary folder" }
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("probe")
    guard FileManager.default.createFile(atPath: file.path, contents: Data()) else {
      return "cannot create a file in the temporary folder"
    }
    guard let set = try? chattr("+i", file.path), set == 0 else {
      return "chattr +i fails in the temporary folder (not root, or its file system keeps no flags)"
    }
    let seen = Platform.lock(ofPath: file.path)
    _ = try? chattr("-i", file.path)
    return seen == .immutable ? nil : "statx does not report the immutable flag here"
  }()

  /// Runs `chattr FLAG PATH`; its exit status.
  @discardableResult
  static func chattr(_ flag: String, _ path: String) throws -> Int32 {
    try CLIRunner.run([flag, path], executable: URL(fileURLWithPath: "/usr/bin/chattr")).status
  }

  // MARK: - F1: a locked file in the old bundle

  @Test(
    .enabled(if: chattrUnavailable == nil, "chattr +i unavailable: \(chattrUnavailable ?? "")"))
  func aBundleHoldingALockedFileIsLeftWhole() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
    ])
    let ring = dir.appendingPathComponent("R.icon/Assets/ring.svg").path
    defer {
      _ = try? Self.chattr("-i", ring)
      try? FileManager.default.removeItem(at: dir)
    }
    let first = try CLIRunner.run(
      ["appicon", "fg.svg", "--layer", "ring.svg", "--format", "icon", "-o", "R.icon"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try Self.chattr("+i", ring) == 0)
    #expect(Platform.lock(ofPath: ring) == .immutable)
    #expect(AtomicFolder.lockedEntry(in: dir.appendingPathComponent("R.icon").path)?.path == ring)
    let before = Four.tree(dir)
    #expect(before["R.icon/icon.json"] != nil)
    for extra in [[], ["--force"]] {
      let again = try CLIRunner.run(
        ["appicon", "fg.svg", "--format", "icon", "-o", "R.icon"] + extra, in: dir)
      #expect(again.status == 2, "\(again.stderr)")
      #expect(
        again.stderr.contains(
          "R.icon: error: cannot write: cannot replace it: R.icon/Assets/ring.svg is locked "
            + "(immutable), so the old folder could not be removed; nothing was changed (unlock "
            + "it, chattr -i R.icon/Assets/ring.svg, or remove it)"), "\(again.stderr)")
      #expect(Four.tree(dir) == before, "\(Four.tree(dir).keys.sorted())")
    }
  }

  @Test func aRemovalStoppedPartWayKeepsTheNewFolderAndNamesTheRest() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("S.icon").path
    try AtomicFolder.write(
      [("icon.json", Data("old".utf8)), ("Assets/a.svg", Data("a".utf8))], toPath: target)
    var retired = ""
    do {
      // A removal that takes icon.json, then meets a file it cannot remove (what
      // FileManager.removeItem did with the trial's locked Assets/ring.svg).
      try AtomicFolder.write([("icon.json", Data("new".utf8))], toPath: target) { path in
        retired = path
        try FileManager.default.removeItem(atPath: path + "/icon.json")
        throw CocoaError(
          .fileWriteNoPermission,
          userInfo: [
            NSFilePathErrorKey: path + "/Assets/a.svg",
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EPERM)),
          ])
      }
      Issue.record("the write did not fail")
    } catch let error as GlyphsmithError {
      #expect(retired.hasPrefix(dir.path + "/.S.icon.old-"), "\(retired)")
      #expect(
        error
          == .writeFailed(
            path: target,
            reason: "written, but the old folder could be removed only in part (Operation not "
              + "permitted): what is left of it is \(retired); delete it"), "\(error)")
    }
    // Not "left as it was": the new folder is whole, and what is left of the old one is named.
    let after = Four.tree(dir)
    let name = String(retired.dropFirst(dir.path.count + 1))
    #expect(
      after == [
        "S.icon": nil, "S.icon/icon.json": Data("new".utf8),
        name: nil, name + "/Assets": nil, name + "/Assets/a.svg": Data("a".utf8),
      ], "\(after.keys.sorted())")
  }
}

extension IconBundleTrialFiveCLITests {
  // MARK: - F4: lint refuses what validate and the preview refuse

  /// `icon.json` documents with one error each, and the error (key path first).
  static let iconJSONErrors: [(String, String)] = [
    (
      "{\"groups\":[{\"opacity\":7,\"layers\":[{\"image-name\":\"a.svg\"}]}]}",
      "groups[0].opacity: 7 is outside 0 to 1; an opacity is from 0 (invisible) to 1 (opaque), "
        + "as Icon Composer's slider sets it"
    ),
    (
      "{\"groups\":[{\"opacity\":1.2e29,\"layers\":[{\"image-name\":\"a.svg\"}]}]}",
      "groups[0].opacity: 1.2e+29 is outside 0 to 1; an opacity is from 0 (invisible) to 1 "
        + "(opaque), as Icon Composer's slider sets it"
    ),
    (
      "{\"fill\":{\"solid\":\"srgb:1,0,0\"},\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\"}]}]}",
      "fill.solid: 'srgb:1,0,0' is not a colour: srgb takes 4 numbers (the components, then "
        + "alpha), found 3; write SPACE:C1,...,ALPHA, as display-p3:1.00000,0.50000,0.00000,1.00000"
    ),
    (
      "{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\",\"glass\":\"yes\"}]}]}",
      "groups[0].layers[0].glass: expected a boolean (true or false), found a string (\"yes\")"
    ),
    (
      "{\"groups\":[{\"specular\":null,\"layers\":[{\"image-name\":\"a.svg\"}]}]}",
      "groups[0].specular: expected a boolean (true or false), found null"
    ),
    (
      "{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\",\"opacity-specializations\":"
        + "[{\"appearance\":\"sepia\",\"value\":0.5}]}]}]}",
      "groups[0].layers[0].opacity-specializations[0].appearance: 'sepia' is not an appearance "
        + "Icon Composer knows; use one of light, dark, tinted"
    ),
    (
      "{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\",\"opacity-specializations\":"
        + "[{\"idiom\":\"tv\",\"value\":0.5}]}]}]}",
      "groups[0].layers[0].opacity-specializations[0].idiom: 'tv' is not an idiom Icon Composer "
        + "knows; use one of square, macOS, watchOS"
    ),
    (
      "{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\"}]}],\"supported-platforms\":"
        + "{\"circles\":[\"watchOS\"],\"squares\":\"everything\"}}",
      "supported-platforms.squares: 'everything' is not a value Icon Composer writes; give "
        + "\"shared\" (every platform's square) or a list of platforms, as [\"macOS\"] "
        + "(docs/formats.md)"
    ),
  ]

  @Test(arguments: iconJSONErrors)
  func lintRefusesAnIconJSONErrorAsThePreviewDoes(json: String, problem: String) throws {
    let dir = try Four.bundle(json)
    defer { try? FileManager.default.removeItem(at: dir) }
    let expected =
      "H.icon/icon.json: error: \(problem); the bundle does not validate (glyphsmith validate "
      + "H.icon)\n"
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr == expected, "\(preview.stderr)")
    // The bundle, and one of its layer files: refused alike, no layer linted.
    for input in ["H.icon", "H.icon/Assets/a.svg"] {
      let lint = try CLIRunner.run(["lint", "--role", "icon-layer", input], in: dir)
      #expect(lint.status == 2, "\(input): \(lint.stdoutText)\(lint.stderr)")
      #expect(lint.stderr.contains(expected), "\(input): \(lint.stderr)")
      #expect(!(lint.stdoutText + lint.stderr).contains("appearance-contrast"), "\(lint.stdoutText)")
    }
  }
}

extension IconBundleTrialFiveCLITests {
  // MARK: - F2: a layer's content must match its extension

  /// Why PNG data named `.svg` (and SVG named `.png`) is refused: the phrase after the name.
  static let decoderWhy = "(Icon Composer and actool choose a layer's decoder by its extension)"

  @Test func aLayerWhoseContentIsNotItsExtensionIsRefusedAndFailsValidate() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    // A real PNG: the preview of a first bundle.
    let first = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "A.icon", "--preview", "p.png"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let png = try Data(contentsOf: dir.appendingPathComponent("p.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    try png.write(to: dir.appendingPathComponent("fake.svg"))
    try Data(contentsOf: dir.appendingPathComponent("fg.svg"))
      .write(to: dir.appendingPathComponent("fake.png"))
    // The writer: refused before anything is written, naming the file and what it holds.
    for (file, message) in [
      ("fake.svg", "holds PNG data, but its name ends in .svg \(Self.decoderWhy); rename it fake.png"),
      ("fake.png", "holds SVG text, but its name ends in .png \(Self.decoderWhy); rename it fake.svg"),
    ] {
      let run = try CLIRunner.run(
        ["appicon", "fg.svg", "--layer", file, "--format", "icon", "-o", "P.icon"], in: dir)
      #expect(run.status == 2, "\(run.stderr)")
      #expect(run.stderr == "\(file): error: \(message)\n", "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("P.icon").path))
    }
    // validate: an icon-layer error naming the layer file (and the preview refuses it).
    try png.write(to: dir.appendingPathComponent("A.icon/Assets/fg.svg"))
    let validate = try CLIRunner.run(["validate", "A.icon"], in: dir)
    #expect(validate.status == 1, "\(validate.stdoutText)\(validate.stderr)")
    #expect(
      (validate.stdoutText + validate.stderr).contains(
        "A.icon/Assets/fg.svg: error: [icon-layer] groups[0].layers[0].image-name: holds PNG "
          + "data, but its name ends in .svg \(Self.decoderWhy); rename it fg.png"),
      "\(validate.stdoutText)\(validate.stderr)")
    let preview = try CLIRunner.run(["appicon", "A.icon", "--preview", "q.png"], in: dir)
    #expect(preview.status == 2, "\(preview.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("q.png").path))
  }

  @Test func extensionProblemJudgesOnlySVGAndPNGNames() {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let svg = Data("\u{FEFF}\n  <svg/>".utf8)
    #expect(IconBundleCheck.extensionProblem("a.svg", head: svg) == nil)
    #expect(IconBundleCheck.extensionProblem("a.png", head: png) == nil)
    #expect(IconBundleCheck.extensionProblem("a.jpg", head: png) == nil)
    #expect(
      IconBundleCheck.extensionProblem("A.SVGZ", head: png)
        == "holds PNG data, but its name ends in .SVGZ \(Self.decoderWhy); rename it A.png")
    #expect(
      IconBundleCheck.extensionProblem("b.png", head: svg)
        == "holds SVG text, but its name ends in .png \(Self.decoderWhy); rename it b.svg")
    #expect(
      IconBundleCheck.extensionProblem("c.png", head: Data([0x1F, 0x8B, 8]))
        == "holds gzip data (SVGZ), but its name ends in .png \(Self.decoderWhy); rename it c.svg")
    #expect(
      IconBundleCheck.extensionProblem("d.png", head: Data("GIF89a".utf8))
        == "holds no PNG data (no PNG signature), but its name ends in .png \(Self.decoderWhy); "
        + "export it as PNG again")
  }
}

extension IconBundleTrialFiveCLITests {
  // MARK: - F3: Assets/ linking out of the bundle

  @Test func anAssetsFolderLinkingOutOfTheBundleIsNamedAndNotRead() throws {
    let dir = try Four.bundle("{\"groups\":[{\"layers\":[{\"image-name\":\"a.svg\"}]}]}")
    defer { try? FileManager.default.removeItem(at: dir) }
    let assets = dir.appendingPathComponent("H.icon/Assets")
    let outside = dir.appendingPathComponent("elsewhere")
    try FileManager.default.moveItem(at: assets, to: outside)
    try FileManager.default.createSymbolicLink(atPath: assets.path, withDestinationPath: outside.path)
    let problem =
      "is a symbolic link to \(outside.path), outside the bundle; the layer files must be in the "
      + "bundle itself (replace the link with a copy of the folder: Icon Composer and Xcode read "
      + "the bundle alone)"
    let validate = try CLIRunner.run(["validate", "H.icon"], in: dir)
    #expect(validate.status == 1, "\(validate.stdoutText)\(validate.stderr)")
    let report = validate.stdoutText + validate.stderr
    #expect(report.contains("H.icon/Assets: error: [icon-layer] \(problem)\n"), "\(report)")
    #expect(report.contains("1 finding (1 error)"), "\(report)")
    let preview = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(preview.status == 2)
    #expect(preview.stderr == "H.icon/Assets: error: \(problem)\n", "\(preview.stderr)")
    for input in ["H.icon", "H.icon/Assets/a.svg"] {
      let lint = try CLIRunner.run(["lint", "--role", "icon-layer", input], in: dir)
      #expect(lint.status == 2, "\(input): \(lint.stdoutText)\(lint.stderr)")
      #expect(lint.stderr.contains("H.icon/Assets: error: \(problem)\n"), "\(input): \(lint.stderr)")
    }
    // A link to a folder inside the bundle is the bundle's own.
    try FileManager.default.removeItem(at: assets)
    try FileManager.default.moveItem(at: outside, to: dir.appendingPathComponent("H.icon/Art"))
    try FileManager.default.createSymbolicLink(atPath: assets.path, withDestinationPath: "Art")
    let inside = try CLIRunner.run(["appicon", "H.icon", "--preview", "p.png"], in: dir)
    #expect(inside.status == 0, "\(inside.stderr)")
  }
}

extension IconBundleTrialFiveCLITests {
  // MARK: - L2: a layer file name longer than a file system holds

  @Test func aGroupIdTooLongForAFileNameIsRefusedBeforeWriting() throws {
    let id = String(repeating: "x", count: 300)
    let dir = try Two.folder([
      (
        "g.svg",
        Two.svg(
          "<g id=\"\(id)\"><rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/></g>"
            + "<g id=\"ring\"><circle cx=\"512\" cy=\"512\" r=\"100\"/></g>")
      )
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try CLIRunner.run(
      ["appicon", "g.svg", "--layers-from-groups", "--format", "icon", "-o", "out/L.icon"],
      in: dir)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr
        == "g.svg#\(id): error: its layer file name would be 304 bytes "
        + "('xxxxxxxxxxxxxxxxxxxxxxxx…'); a file name holds at most 255 bytes (NAME_MAX); give "
        + "the group a shorter id or label, or the file a shorter name\n", "\(run.stderr)")
    #expect(!run.stderr.contains(".tmp-"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/L.icon").path))
  }
}
