import Foundation
import Testing

/// Issue 31: warnings became `Diagnostic` values inside; what the commands print and their
/// `--json` warnings did not change. Each expected text below is what the binary printed
/// before the change (main at d3fbd05), for the same inputs.
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

  @Test("appicon --platform android: the safe-zone error and the PNG fallbacks; exit 1")
  func androidLauncher() throws {
    let dir = try folder(["wide.svg": Self.wide])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "wide.svg", "--platform", "android", "-o", "res"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        wide.svg: error: the foreground's ink reaches 53.98 dp from the centre across or down, outside the 72 dp square launchers show: it is cropped (give --inset or redraw)
        wide.svg: warning: a VectorDrawable cannot express painted rectangles (whole-surface paint); the foreground layer is written as PNGs
        wide.svg: warning: a VectorDrawable cannot express painted rectangles (whole-surface paint); the monochrome layer is written as PNGs

        """)
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
        nothere.png: error: --only matched no actual image and no golden; give a path or glob relative to ACTUAL_DIR, or an icon's name (bell selects bell.png, bell@2x.png, tabs/bell-dark@3x.png ...)

        """)
  }
}
