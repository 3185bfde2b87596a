import Foundation
import Glyphsmith
import Testing

/// Issue 35: `appicon FOREGROUND.svg --format icon --layers-from-groups`: each top-level
/// `<g id>` group of one SVG becomes a layer file (libxml2 takes the other groups out; the
/// canvas, `<defs>` and `<title>` stay, so the layers line up), the last group in front, a
/// `background` group the back layer.
@Suite struct IconBundleGroupsCLITests {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
      <title>Bolt</title>
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1024" gradientUnits="userSpaceOnUse">
          <stop offset="0" stop-color="#4FB3FF"/>
          <stop offset="1" stop-color="#1A4FD6"/>
        </linearGradient>
      </defs>
      <g id="Background"><rect width="1024" height="1024" fill="url(#sky)"/></g>
      <g id="ring"><circle cx="512" cy="512" r="330" fill="none" stroke="#FFFFFF" stroke-width="40"/></g>
      <g id="bolt"><path d="M566 212 L352 560 H496 L456 812 L672 452 H528 Z" fill="#FFFFFF"/></g>
    </svg>

    """

  /// `Assets/bolt.svg`: the document with the other groups taken out, as libxml2 writes it.
  static let bolt = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
      <title>Bolt</title>
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1024" gradientUnits="userSpaceOnUse">
          <stop offset="0" stop-color="#4FB3FF"/>
          <stop offset="1" stop-color="#1A4FD6"/>
        </linearGradient>
      </defs>
      <g id="bolt"><path d="M566 212 L352 560 H496 L456 812 L672 452 H528 Z" fill="#FFFFFF"/></g>
    </svg>

    """

  /// A fresh folder holding `Bolt.svg` (`svg`, or `text`).
  static func folder(_ text: String = svg) throws -> URL {
    let dir = try temporaryFolder()
    try Data(text.utf8).write(to: dir.appendingPathComponent("Bolt.svg"))
    return dir
  }

  @Test func eachTopLevelGroupIsALayerFileTheLastInFront() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "Bolt.svg", "--format", "icon", "-o", "Bolt.icon", "--layers-from-groups"],
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "wrote Bolt.icon (icon.json, 3 layer files)\n")
    let bundle = dir.appendingPathComponent("Bolt.icon")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: bundle.appendingPathComponent("Assets").path
      ).sorted() == ["Background.svg", "bolt.svg", "ring.svg"])
    #expect(
      try String(contentsOf: bundle.appendingPathComponent("Assets/bolt.svg"), encoding: .utf8)
        == Self.bolt)
    let json = try Data(contentsOf: bundle.appendingPathComponent("icon.json"))
    let (document, problems) = try IconComposerDocument.read(json)
    #expect(problems == [])
    #expect(
      document.groups.map { $0.layers.map(\.imageName.value) } == [
        ["bolt.svg", "ring.svg"], ["Background.svg"],
      ])
    #expect(document.groups.map { $0.layers.map(\.name) } == [["bolt", "ring"], ["Background"]])
    #expect(document.groups[1].layers[0].glass == .init(false))
    // Drawn for the 1024 pt canvas: each keeps its own size, no position.
    #expect(document.groups.flatMap(\.layers).allSatisfy { $0.position.isAbsent })
    #expect(
      IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value) == [])
    let validate = try CLIRunner.run(["validate", "Bolt.icon"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "", "\(validate.stderr)")
  }

  @Test func aBackgroundOptionKeepsTheBackgroundGroupAsALayer() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "Bolt.svg", "--format", "icon", "-o", "Bolt.icon", "--layers-from-groups",
        "--background", "#000000",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try Data(contentsOf: dir.appendingPathComponent("Bolt.icon/icon.json"))
    let (document, _) = try IconComposerDocument.read(json)
    #expect(
      document.groups.map { $0.layers.map(\.imageName.value) } == [
        ["bolt.svg", "ring.svg", "Background.svg"]
      ])
  }

  @Test(arguments: [
    (
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M2 2h20v20z"/></svg>"#,
      "Bolt.svg: error: --layers-from-groups: a <path> at the top level draws outside every top-level <g id> group; put it in one"
    ),
    (
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><defs/></svg>"#,
      "Bolt.svg: error: --layers-from-groups: it has no top-level <g id=\"...\"> group to make a layer of"
    ),
    (
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g><path d="M2 2h20v20z"/></g></svg>"#,
      "Bolt.svg: error: --layers-from-groups: a <g> without an id at the top level draws outside every top-level <g id> group; put it in one"
    ),
    (
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g id="a"><path d="M2 2h20v20z"/></g><g id="a"><path d="M4 4h2v2z"/></g></svg>"#,
      "Bolt.svg: error: --layers-from-groups: two top-level groups have the id 'a'; rename one"
    ),
    (
      #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g id="background"><path d="M2 2h20v20z"/></g></svg>"#,
      "Bolt.svg: error: --layers-from-groups: its only top-level group is the background; give the foreground its own <g id> group"
    ),
  ])
  func whatCannotBeSplitIsRefusedNamingTheFile(svg: String, message: String) throws {
    let dir = try Self.folder(svg)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "Bolt.svg", "--format", "icon", "-o", "Bolt.icon", "--layers-from-groups"],
      in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Bolt.svg"])
  }

  @Test func onlyWithFormatIconOrAndroid() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "Bolt.svg", "-o", "A.xcassets", "--layers-from-groups"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith appicon: error: --layers-from-groups applies with --format icon or "
        + "--platform android\n"
        + "see 'glyphsmith help appicon'\n")
  }
}
