import Foundation
import Glyphsmith
import Testing

/// Issue 31: warnings became `Diagnostic` values inside; what the commands print and their
/// `--json` warnings did not change. Each expected text below is what the binary printed
/// before the change (main at d3fbd05; `assets` and `build`: main at 3de3bdb), for the same
/// inputs.
@Suite("Diagnostics print exactly as before: stderr lines and --json warnings")
struct DiagnosticCLITests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static func icon(_ name: String) -> String {
    root.appendingPathComponent("assets/icons/\(name).svg").path
  }

  /// A 2:1 red rectangle: not square, transparent corners under the mask, ink to the edges.
  static let wide = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect x="0" y="0" width="200" \
    height="100" fill="#ff0000"/></svg>
    """

  /// Three references that are never loaded (a CSS import, a network `<use>`, a CSS url()),
  /// and a disc that draws.
  static let references = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
    viewBox="0 0 24 24"><style>@import url(http://example.com/a.css); rect { fill: \
    url(other.svg#g); }</style><use xlink:href="http://example.com/x.svg#a"/><rect width="20" \
    height="20" x="2" y="2"/><circle cx="12" cy="12" r="6" fill="black"/></svg>
    """

  private func folder(_ files: [String: String]) throws -> URL {
    let dir = try temporaryFolder()
    for (name, text) in files {
      try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }
    return dir
  }

  @Test("toolbar: the crowded-bar warning on stderr and in --json's warnings")
  func toolbar() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(at: dir) }
    let six = ["heart", "star", "bell", "camera", "music", "user"].flatMap {
      ["--item", Self.icon($0)]
    }
    let result = try CLIRunner.run(["toolbar"] + six + ["-o", "t.png", "--json"], in: dir)
    let line =
      #"warning: 6 toolbar items: more than 5 crowd a toolbar (HIG "Toolbars"); keep the primary actions and move the rest into a menu"#
    #expect(result.status == 0)
    #expect(result.stderr == line + "\n")
    let object = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
    #expect(object["warnings"] as? [String] == [line])
    #expect(
      result.stdoutText.contains(
        #"    "warning: 6 toolbar items: more than 5 crowd a toolbar (HIG \"Toolbars\"); keep"#))
  }

  @Test("render: dropped references, one line each, in document order")
  func render() throws {
    let dir = try folder(["ext.svg": Self.references])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["render", "ext.svg", "-o", "r.png", "--size", "25", "--scale", "3"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        ext.svg: warning: dropped reference 'http://example.com/a.css': network references are not loaded
        ext.svg: warning: dropped reference 'http://example.com/x.svg#a': network references are not loaded
        ext.svg: warning: dropped reference 'other.svg#g': CSS url() references to other files are never loaded; inline the content

        """)
  }

  @Test("appicon: square, corner and mask warnings, then the summary")
  func appIcon() throws {
    let dir = try folder(["wide.svg": Self.wide])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "wide.svg", "-o", "A.xcassets"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        wide.svg: warning: the artwork is 200x100 (not square); it is centred in the 1024x1024 px icon; give square artwork
        wide.svg: warning: transparent corner (top-left, top-right, bottom-left, bottom-right); the marketing icon is flattened onto #FFFFFF because the App Store rejects alpha; fill the background in the artwork or pass --background COLOR
        wide.svg: warning: the iOS icon mask cuts the artwork's corners (551 px of ink outside the rounded shape at 1024 px); pass --padding 2% to keep it inside the icon shape
        wrote A.xcassets/AppIcon.appiconset (1 PNG file)

        """)
  }

  @Test("appicon --platform android: the safe-zone error; exit 1")
  func androidLauncher() throws {
    let dir = try folder(["wide.svg": Self.wide])
    defer { try? FileManager.default.removeItem(at: dir) }
    // The canvas as the whole layer (issue 39: without --inset it goes into the safe zone).
    let result = try CLIRunner.run(
      ["appicon", "wide.svg", "--platform", "android", "-o", "res", "--inset", "0"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        wide.svg: error: the foreground's ink reaches 53.98 dp from the centre across or down, outside the 72 dp square launchers show: it is cropped (give --inset or redraw)

        """)
    // The canvas-filling rectangle is a plain path (issue 34: the vector model is recorded on
    // a page larger than the canvas, where Cairo no longer turns it into a whole-surface
    // paint), so both layers are VectorDrawables.
    #expect(
      try String(
        contentsOf: dir.appendingPathComponent("res/drawable/ic_launcher_foreground.xml"),
        encoding: .utf8
      ).contains("android:pathData=\"M 0,27 L 108,27 L 108,81 L 0,81 Z\""))
  }

  @Test("golden record: an --only pattern that matched nothing (an error, issue 39)")
  func goldenRecord() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(at: dir) }
    for sub in ["act", "gold"] {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let result = try CLIRunner.run(
      ["golden", "record", "act", "gold", "--only", "nothere.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr == """
        nothere.png: error: --only matched no actual image and no golden; give a path or glob relative to ACTUAL_DIR (or from the current folder), a file name (star.png and star@2x select them in any folder), or an icon's name (bell selects bell.png, bell@2x.png, tabs/bell-dark@3x.png ...)

        """)
  }

  /// A square that draws.
  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="4" y="4" width="16" \
    height="16"/></svg>
    """

  /// A disc under a mask: a VectorDrawable cannot express it.
  static let masked = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><mask id="m"><rect \
    width="24" height="24" fill="white"/><circle cx="12" cy="12" r="4" fill="black"/></mask>\
    </defs><circle id="dot" cx="12" cy="12" r="10" mask="url(#m)"/></svg>
    """

  /// An 8x8 opaque PNG: upscaled, and a solid rectangle as a template.
  static func smallPNG() throws -> Data {
    try PNGCodec.encode(RGBAImage(width: 8, height: 8, fill: RGBA8(r: 200, g: 30, b: 30)))
  }

  private func write(_ files: [String: Data], in dir: URL) throws {
    for (name, data) in files {
      let url = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
  }

  @Test("assets: planning, catalog-name, input and catalog-finding lines; --json keeps them")
  func assets() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(at: dir) }
    try write(
      [
        "icons/logo.svg": Data(Self.square.utf8), "icons/logo-dark.svg": Data(Self.square.utf8),
        "icons/ext.svg": Data(Self.references.utf8), "icons/small.png": try Self.smallPNG(),
        "icons/sub/dash.svg": Data(Self.square.utf8),
        // A hand-made set named as one the run writes: a catalog finding on the run's own.
        "out/Icons/dash.imageset/Contents.json": Data(
          #"{"images":[],"info":{"author":"xcode","version":1}}"#.utf8),
      ], in: dir)
    let finding =
      #"out/Icons/sub/dash.imageset/Contents.json: error: [duplicate-name] asset name 'dash' is also used by dash.imageset; they collide at run time; rename one or mark their groups "provides-namespace""#
    let result = try CLIRunner.run(["assets", "icons", "-o", "out/Icons", "--quiet"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        out/Icons: warning: the catalog folder does not end in .xcassets; Xcode reads only NAME.xcassets folders as asset catalogs; use -o Icons.xcassets
        icons/logo-dark.svg: warning: template images need no dark variant (the bar tints them); ignored
        icons/ext.svg: warning: dropped reference 'http://example.com/a.css': network references are not loaded
        icons/ext.svg: warning: dropped reference 'http://example.com/x.svg#a': network references are not loaded
        icons/ext.svg: warning: dropped reference 'other.svg#g': CSS url() references to other files are never loaded; inline the content
        icons/small.png: warning: upscaling a raster by 2.88x blurs it; give a larger PNG or an SVG
        icons/small.png: warning: the PNG has no transparency, so as a template image it is a solid rectangle; give a PNG with a transparent background or use --original
        \(finding)

        """)
    let json = try CLIRunner.run(
      ["assets", "icons", "-o", "out/Icons", "--quiet", "--json", "--force"], in: dir)
    #expect(json.status == 1)
    let object = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
    #expect(
      object["warnings"] as? [String] == [
        "icons/logo-dark.svg: warning: template images need no dark variant (the bar tints them); ignored"
      ])
    #expect(object["catalogFindings"] as? [String] == [finding])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    let lines: [String] = result.stderr.split(separator: "\n").map(String.init)
    let ext: [String] = Array(lines[2...4])
    let small: [String] = Array(lines[5...6])
    let found: [[String]] = inputs.map { $0["warnings"] as? [String] ?? ["?"] }
    #expect(found == [ext, [], small, []])
  }

  @Test("build: the fallback, raster, output-record and removal lines, and --json's warnings")
  func build() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(at: dir) }
    try write(
      [
        "icons/logo.svg": Data(Self.square.utf8), "icons/logo-dark.svg": Data(Self.square.utf8),
        "icons/masked.svg": Data(Self.masked.utf8), "icons/small.png": try Self.smallPNG(),
        "glyphsmith.json": Data(
          """
          {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
           "android": {"res": "android/res", "format": "auto"},
           "rules": [{"match": "small.png", "role": "toolbar"}]}
          """.utf8),
      ], in: dir)
    let dark =
      "icons/logo-dark.svg: warning: template images need no dark variant (the bar tints them); ignored"
    let first = try CLIRunner.run(["build", "--quiet"], in: dir)
    #expect(first.status == 0)
    #expect(
      first.stderr == """
        \(dark)
        icons/masked.svg: warning: a VectorDrawable cannot express group opacity, masks, patterns or text (drawn as a reused group) (<circle id="dot"> line 1); writing PNG drawables instead
        icons/small.png: warning: upscaling a raster by 3.00x blurs it; give a larger PNG or an SVG
        icons/small.png: warning: the PNG has no transparency, so as a template image it is a solid rectangle; give a PNG with a transparent background or use --original
        icons/small.png: warning: a PNG cannot be written as a VectorDrawable; writing PNG drawables instead

        """)
    // A gone icon and a record that cannot be read: the run stops before anything is written
    // (issue 32, fifth trial: it was written anew without what it listed), --json too.
    try FileManager.default.removeItem(at: dir.appendingPathComponent("icons/masked.svg"))
    let record = dir.appendingPathComponent("android/.glyphsmith-outputs.json")
    let listed = try Data(contentsOf: record)
    try Data("garbage".utf8).write(to: record)
    let unreadable =
      "android/.glyphsmith-outputs.json: error: the record of outputs cannot be read: not valid JSON at line 1, column 1 (invalid value); fix the conflict or delete it (without a record, the outputs carrying glyphsmith's mark are adopted again); nothing was written\n"
    for arguments in [["build", "--quiet"], ["build", "--quiet", "--json"]] {
      let refused = try CLIRunner.run(arguments, in: dir)
      #expect(refused.status == 2)
      #expect(refused.stderr == unreadable)
    }
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("App/Icons.xcassets/masked.imageset").path))
    // The record set right: the removal line as the prune makes it, then the run's warnings
    // (issue 32 trial: removal lines came only at the very end).
    try listed.write(to: record)
    let second = try CLIRunner.run(["build", "--quiet"], in: dir)
    #expect(second.status == 0)
    #expect(
      second.stderr.hasPrefix(
        "App/Icons.xcassets/masked.imageset: removed (its source icons/masked.svg is gone)\n"))
    #expect(second.stderr.hasSuffix("\(dark)\n"))
    let json = try CLIRunner.run(["build", "--quiet", "--json"], in: dir)
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
    #expect(object["warnings"] as? [String] == [dark])
    #expect(object["catalogFindings"] as? [String] == [])
  }
}
