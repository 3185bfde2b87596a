import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
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
      "groups[0].layers: 10000 layers; Icon Composer accepts at most 8 in a group; merge "
      + "layers into fewer files or move some into another group"
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
    #expect(eight.stderr.contains("error: [icon-layer] groups[0].layers[0].image-name: 'missing.svg' is not in Assets/"), "\(eight.stderr)")
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

  @Test func theWriterRefusesMoreLayersInAGroupThanIconComposerAccepts() throws {
    var files = [("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>"))]
    for i in 1...8 {
      files.append(("l\(i).svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"\(i * 40)\"/>")))
    }
    let dir = try Two.folder(files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let layers = (1...8).flatMap { ["--layer", "l\($0).svg"] }
    let nine = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "W.icon"] + layers, in: dir)
    #expect(nine.status == 2)
    #expect(
      nine.stderr.contains(
        "fg.svg: error: its group would hold 9 layers (the foreground, each --layer and each top-level "
          + "group of --layers-from-groups); Icon Composer accepts at most 8 in a group; merge "
          + "layers into fewer files"), "\(nine.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("W.icon").path))
    let eight = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "W.icon"] + layers.dropLast(2), in: dir)
    #expect(eight.status == 0, "\(eight.stderr)")
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
}
