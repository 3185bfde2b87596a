import Foundation
import GlyphsmithTestFixtures
import Testing

/// Issue 28: `render --format vector-drawable`.
@Suite("render -f vector-drawable")
struct AndroidVectorCLITests {
  @Test("writes the VectorDrawable at the role's @1x layout; usage errors exit 2")
  func render() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("a.svg").path
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path fill-rule="evenodd" d="M2 2h20v20H2z M7 7h10v10H7z" fill="red"/></svg>
      """.utf8
    ).write(to: URL(fileURLWithPath: svg))
    let out = folder.appendingPathComponent("a.xml").path
    let result = try CLIRunner.run([
      "render", svg, "-f", "vector-drawable", "-o", out, "--size", "48",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let xml = try String(contentsOfFile: out, encoding: .utf8)
    #expect(xml.contains("android:width=\"48dp\""))
    #expect(xml.contains("android:fillColor=\"#FF0000\""))
    #expect(!xml.contains("fillType"))
    #expect(xml.contains("M 4,4 L 44,4 L 44,44 L 4,44 Z M 14,34 L 34,34 L 34,14 L 14,14 Z"))
    let api24 = try CLIRunner.run([
      "render", svg, "-f", "vector-drawable", "-o", out, "--min-sdk", "24", "--role", "tab-bar",
    ])
    #expect(api24.status == 0)
    let templated = try String(contentsOfFile: out, encoding: .utf8)
    #expect(templated.contains("android:fillType=\"evenOdd\""))
    #expect(templated.contains("android:fillColor=\"#000000\""))
    #expect(try CLIRunner.run(["render", svg, "-f", "bogus", "-o", out]).status == 2)
    let png = folder.appendingPathComponent("a.png").path
    #expect(try CLIRunner.run(["render", svg, "--min-sdk", "24", "-o", png]).status == 2)
    // -o a.xml alone is a VectorDrawable (issue 34: the format follows the extension).
    #expect(try CLIRunner.run(["render", svg, "--min-sdk", "24", "-o", out]).status == 0)
  }

  /// The VectorDrawable fixtures of issue 39 (clip paths, gradients, shape opacity).
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "GlyphsmithTestFixtures/Fixtures/android-vector")

  /// A project of `names` (fixtures) with `android` as its Android block, plain role.
  static func project(_ names: [String], android: String) throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(name + ".svg"),
        to: folder.appendingPathComponent("icons/\(name).svg"))
    }
    try config(android, in: folder)
    return folder
  }

  static func config(_ android: String, in folder: URL) throws {
    try Data(
      #"{"version": 1, "icons": "icons", "android": ANDROID, "defaults": {"role": "plain"}}"#
        .replacingOccurrences(of: "ANDROID", with: android).utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
  }

  static func listing(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test(
    "build with android.format vector writes VectorDrawables aapt compiles; vector-drawable is the same; reruns and a switch to png behave as for PNGs"
  )
  func buildVector() throws {
    let names = ["clip-path", "linear-gradient", "radial-gradient", "shape-opacity"]
    let folder = try Self.project(
      names, android: #"{"res": "android/res", "format": "vector", "minSdk": 24}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let res = folder.appendingPathComponent("android/res")
    let first = try CLIRunner.run(["build"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.hasPrefix("built 4 icons (4 VectorDrawables) to android/res"))
    #expect(Self.listing(res) == ["drawable"])
    #expect(
      Self.listing(res.appendingPathComponent("drawable"))
        == ["clip_path.xml", "linear_gradient.xml", "radial_gradient.xml", "shape_opacity.xml"])
    if AndroidTools.aapt != nil {
      let compiled = try AndroidTools.compile(res: res.path, minSdk: 24)
      #expect(compiled.status == 0, "\(compiled.output)")
    } else {
      AndroidTools.skip("aapt and android-framework-res are not installed")
    }
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(again.stderr.contains("; 4 unchanged; 0 skipped; 0 failed; 0 removed"))
    // The registry's own name is the same format: same files, same fingerprints.
    try Self.config(
      #"{"res": "android/res", "format": "vector-drawable", "minSdk": 24}"#, in: folder)
    let spelled = try CLIRunner.run(["build"], in: folder)
    #expect(spelled.status == 0, "\(spelled.stderr)")
    #expect(spelled.stderr.contains("; 4 unchanged; 0 skipped; 0 failed; 0 removed"))
    // A user's drawable beside them stays through a switch to PNG; glyphsmith's go.
    try Data("mine".utf8).write(to: res.appendingPathComponent("drawable/mine.xml"))
    try Self.config(#"{"res": "android/res", "format": "png"}"#, in: folder)
    let png = try CLIRunner.run(["build"], in: folder)
    #expect(png.status == 0, "\(png.stderr)")
    #expect(
      png.stderr.split(separator: "\n").dropLast() == [
        "android/res/drawable/clip_path.xml: removed (icons/clip-path.svg no longer makes it)",
        "android/res/drawable/linear_gradient.xml: removed (icons/linear-gradient.svg no longer makes it)",
        "android/res/drawable/radial_gradient.xml: removed (icons/radial-gradient.svg no longer makes it)",
        "android/res/drawable/shape_opacity.xml: removed (icons/shape-opacity.svg no longer makes it)",
      ])
    #expect(png.stderr.contains("; 0 failed; 4 removed"))
    #expect(Self.listing(res.appendingPathComponent("drawable")) == ["mine.xml"])
    // And back to vector: the PNGs go, 5 densities x 4 icons.
    try Self.config(
      #"{"res": "android/res", "format": "vector-drawable", "minSdk": 24}"#, in: folder)
    let back = try CLIRunner.run(["build"], in: folder)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stderr.contains("; 0 failed; 20 removed"))
    #expect(Self.listing(res) == ["drawable"])
  }

  /// Trial t36: a mask set in a style sheet was refused naming no element; the `<style>`
  /// element is named, as for a sheet's filter.
  @Test("a mask from a style sheet names the <style> element")
  func sheetMaskNamesTheStyleElement() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <defs><mask id="m"><rect width="12" height="24" fill="white"/></mask></defs>
      <style>.m { mask: url(#m) }</style>
      <rect class="m" width="24" height="24"/>
      </svg>
      """.utf8
    ).write(to: folder.appendingPathComponent("m.svg"))
    let result = try CLIRunner.run(["render", "m.svg", "-o", "m.xml"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "m.svg: error: a VectorDrawable cannot express group opacity, masks, patterns or text "
        + "(drawn as a reused group) (<style> line 3)\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.xml").path))
  }

  /// Trial t36: `android.format auto` switching an icon between a VectorDrawable and PNG
  /// drawables removed the other format's files but said nothing and counted `0 removed`.
  @Test("an auto switch of format tells and counts the other format's files removed")
  func autoSwitchCountsTheRemovals() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Self.config(#"{"res": "res", "format": "auto"}"#, in: folder)
    let icon = icons.appendingPathComponent("a.svg")
    let plain = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <path d="M2 2h20v20z"/></svg>
      """
    try Data(plain.utf8).write(to: icon)
    let vector = try CLIRunner.run(["build"], in: folder)
    #expect(vector.status == 0, "\(vector.stderr)")
    #expect(vector.stderr.contains("; 0 failed; 0 removed\n"), "\(vector.stderr)")
    try Data(Self.unrecordable["soft.svg"]!.utf8).write(to: icon)
    let png = try CLIRunner.run(["build"], in: folder)
    #expect(png.status == 0, "\(png.stderr)")
    let pngLines = png.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(pngLines.dropLast()) == [
        "res/drawable/a.xml: removed (icons/a.svg no longer makes it)",
        "icons/a.svg: warning: a VectorDrawable cannot express filters (<path id=\"glow\"> line 2); writing PNG drawables instead",
      ], "\(png.stderr)")
    #expect(pngLines.last?.hasSuffix("; 0 failed; 1 removed") == true, "\(png.stderr)")
    #expect(Self.listing(folder.appendingPathComponent("res")).count == 5)
    try Data(plain.utf8).write(to: icon)
    let back = try CLIRunner.run(["build"], in: folder)
    #expect(back.status == 0, "\(back.stderr)")
    let backLines = back.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(backLines.dropLast())
        == ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
          "res/drawable-\($0)/a.png: removed (icons/a.svg no longer makes it)"
        }, "\(back.stderr)")
    #expect(backLines.last?.hasSuffix("; 0 failed; 5 removed") == true, "\(back.stderr)")
    #expect(Self.listing(folder.appendingPathComponent("res")) == ["drawable"])
  }

  /// Trial t36c F9: an `auto` switch of an icon that iOS failed in the same run (a symbol
  /// set refusing a filter or a gradient) wrote the new format and kept the old one until a
  /// later run succeeded: `res` held `drawable/a.xml` beside `drawable-*dpi/a.png`, a
  /// duplicate resource to aapt. The old format goes as soon as the new one is written.
  @Test(
    "an auto switch in a run where iOS fails the icon never leaves both formats on disk",
    arguments: [false, true])
  func autoSwitchInAFailedRunLeavesOneFormat(toVector: Bool) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    func configure(symbols: Bool, minSdk: Int) throws {
      try Data(
        """
        {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", \
        "symbols": \(symbols)}, "android": {"res": "android/res", "format": "auto", \
        "minSdk": \(minSdk)}, "defaults": {"role": "plain"}}
        """.utf8
      ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    }
    let icon = icons.appendingPathComponent("a.svg")
    let res = folder.appendingPathComponent("android/res")
    let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]
    let pngFolders = densities.map { "drawable-\($0)" }
    if toVector {
      // A gradient below API 24: PNG drawables; from 24 a VectorDrawable, which a symbol set
      // refuses.
      try FileManager.default.copyItem(
        at: Self.fixtures.appendingPathComponent("linear-gradient.svg"), to: icon)
      try configure(symbols: false, minSdk: 21)
    } else {
      try Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
        <path d="M2 2h20v20z"/></svg>
        """.utf8
      ).write(to: icon)
      try configure(symbols: true, minSdk: 21)
    }
    let first = try CLIRunner.run(["build"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(Self.listing(res) == (toVector ? pngFolders.sorted() : ["drawable"]))
    if toVector {
      try configure(symbols: true, minSdk: 24)
    } else {
      try Data(Self.unrecordable["soft.svg"]!.utf8).write(to: icon)
    }
    let failed = try CLIRunner.run(["build"], in: folder)
    #expect(failed.status == 2)
    let lines = failed.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast())
        == (toVector
          ? densities.map {
            "android/res/drawable-\($0)/a.png: removed (icons/a.svg no longer makes it)"
          } + [
            "icons/a.svg: error: symbols are made of filled and stroked paths only; this file uses pattern or gradient fills (<rect id=\"panel\"> line 13); flatten them into paths"
          ]
          : [
            "android/res/drawable/a.xml: removed (icons/a.svg no longer makes it)",
            "icons/a.svg: warning: a VectorDrawable cannot express filters (<path id=\"glow\"> line 2); writing PNG drawables instead",
            "icons/a.svg: error: symbols are made of filled and stroked paths only; this file uses filters (<path id=\"glow\"> line 2); flatten them into paths",
          ]), "\(failed.stderr)")
    #expect(
      lines.last?.hasSuffix(
        toVector
          ? "; 0 unchanged; 0 skipped; 1 failed (1 partly written); 5 removed"
          : "; 0 unchanged; 0 skipped; 1 failed (1 partly written); 1 removed") == true,
      "\(failed.stderr)")
    // One format of the icon on disk: the new one.
    #expect(Self.listing(res) == (toVector ? ["drawable"] : pngFolders.sorted()))
    if toVector {
      #expect(Self.listing(res.appendingPathComponent("drawable")) == ["a.xml"])
    } else {
      for folder in pngFolders {
        #expect(Self.listing(res.appendingPathComponent(folder)) == ["a.png"])
      }
    }
    // The next failing run has nothing left to remove.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 2)
    #expect(
      again.stderr.hasSuffix("; 1 failed; 0 removed (nothing was written or removed)\n"),
      "\(again.stderr)")
    #expect(Self.listing(res) == (toVector ? ["drawable"] : pngFolders.sorted()))
  }

  /// F9 under `build --watch`: each save that switches the icon's format in a run where iOS
  /// fails it leaves one format on disk, both ways.
  @Test("build --watch: an auto switch where iOS fails the icon leaves one format, both ways")
  func watchedAutoSwitchInAFailedRunLeavesOneFormat() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets", \
      "symbols": true}, "android": {"res": "android/res", "format": "auto"}, \
      "defaults": {"role": "plain"}}
      """.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let plain = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <path d="M2 2h20v20z"/></svg>
      """
    let icon = icons.appendingPathComponent("a.svg")
    try Data(plain.utf8).write(to: icon)
    let res = folder.appendingPathComponent("android/res")
    let pngFolders = ["hdpi", "mdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map { "drawable-\($0)" }
    let watcher = try ProjectWatchCLITests.Watcher(in: folder)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    var lines = watcher.waitForWatching(1)
    #expect(Self.listing(res) == ["drawable"], "\(lines)")
    try Data(Self.unrecordable["soft.svg"]!.utf8).write(to: icon)
    lines = watcher.waitForWatching(2)
    #expect(lines.contains("android/res/drawable/a.xml: removed (icons/a.svg no longer makes it)"))
    #expect(
      lines.contains { $0.hasSuffix("; 1 failed (1 partly written); 1 removed") }, "\(lines)")
    #expect(Self.listing(res) == pngFolders, "\(lines)")
    try Data(plain.utf8).write(to: icon)
    lines = watcher.waitForWatching(3)
    #expect(Self.listing(res) == ["drawable"], "\(lines)")
    #expect(Self.listing(res.appendingPathComponent("drawable")) == ["a.xml"])
    #expect(watcher.stop(with: SIGINT) != nil)
  }

  @Test(
    "below API 24 a gradient fails its icon (exit 2) with the exact reason; the others are written")
  func buildGradientBelowAPI24() throws {
    let folder = try Self.project(
      ["linear-gradient", "shape-opacity"], android: #"{"res": "android/res", "format": "vector"}"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["build"], in: folder)
    #expect(result.status == 2)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "icons/linear-gradient.svg: error: gradients need minSdk 24 (VectorDrawable draws them from API 24): the linear gradient fill of <rect id=\"panel\"> line 13; give --min-sdk 24 (android.minSdk in glyphsmith.json)"
    )
    #expect(lines.last?.contains("built 1 icon (1 VectorDrawable)") == true)
    #expect(lines.last?.contains("; 1 failed; 0 removed") == true)
    // assets takes the registry's name too, and --min-sdk 24 writes it.
    let out = folder.appendingPathComponent("out").path
    let assets = try CLIRunner.run([
      "assets", folder.appendingPathComponent("icons").path, "-o", out, "--platform", "android",
      "--android-format", "vector-drawable", "--min-sdk", "24", "--role", "plain",
    ])
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: out + "/android/res/drawable/linear_gradient.xml"))
  }

  @Test("opacity over a fill and its stroke: exit 2 naming the file and the element")
  func fillAndStrokeOpacity() throws {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("glyphsmith-vd-\(UUID().uuidString).xml").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let input = Self.fixtures.appendingPathComponent("fill-stroke-opacity.svg").path
    let result = try CLIRunner.run(["render", input, "-f", "vector-drawable", "-o", out])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == input
        + ": error: a VectorDrawable cannot express opacity 0.5 over a fill and its stroke, which overlap (<circle id=\"badge\"> line 2): a VectorDrawable has only each path's fillAlpha and strokeAlpha, which would darken the overlap; give fill-opacity and stroke-opacity instead\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// Text, a filter (by attribute and from a style sheet: trial t36), and `filter="none"`: drawn at the recording's 4096 device units, the
  /// first two failed as "too large" (FreeType's limit, the memory budget), so
  /// `--android-format auto` failed the icons instead of writing PNG drawables.
  static let unrecordable: [String: String] = [
    "label.svg": """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <path d="M2 2h20v20z"/><text x="2" y="20" font-size="10">Ab</text></svg>
      """,
    "soft.svg": """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <filter id="b"><feGaussianBlur stdDeviation="1"/></filter>
      <path id="glow" filter="url(#b)" d="M2 2h20v20z"/></svg>
      """,
    "sheet.svg": """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <defs><filter id="b"><feGaussianBlur stdDeviation="1"/></filter></defs>
      <style>.f { FILTER : url(#b) } .filter-icon { fill: red }</style>
      <circle class="f filter-icon" cx="12" cy="12" r="10"/></svg>
      """,
    "plain.svg": """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
      <path filter="none" d="M2 2h20v20z"/></svg>
      """,
  ]

  @Test(
    "text and filters are refused before recording: auto falls back to PNG drawables, vector names the element"
  )
  func textAndFiltersAreNamedNotTooLarge() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for (name, text) in Self.unrecordable {
      try Data(text.utf8).write(to: icons.appendingPathComponent(name))
    }
    let auto = try CLIRunner.run(
      ["assets", "icons", "-o", "auto", "--platform", "android", "--android-format", "auto"],
      in: folder)
    #expect(auto.status == 0, "\(auto.stderr)")
    let lines = auto.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/label.svg: warning: a VectorDrawable cannot express text (<text> line 1); writing PNG drawables instead",
        "icons/sheet.svg: warning: a VectorDrawable cannot express filters (<style> line 2); writing PNG drawables instead",
        "icons/soft.svg: warning: a VectorDrawable cannot express filters (<path id=\"glow\"> line 2); writing PNG drawables instead",
      ])
    let res = folder.appendingPathComponent("auto/android/res")
    let written = try FileManager.default.subpathsOfDirectory(atPath: res.path)
      .filter { $0.hasSuffix(".png") || $0.hasSuffix(".xml") }.sorted()
    #expect(written.count == 16)
    #expect(written.filter { $0.hasSuffix(".png") }.count == 15)
    #expect(written.contains("drawable/plain.xml"))
    #expect(!written.contains { $0.hasPrefix("drawable/label") || $0.hasPrefix("drawable/soft") })

    let vector = try CLIRunner.run(
      ["assets", "icons", "-o", "vector", "--platform", "android", "--android-format", "vector"],
      in: folder)
    #expect(vector.status == 2)
    #expect(
      Array(vector.stderr.split(separator: "\n").map(String.init).dropLast()) == [
        "icons/label.svg: error: a VectorDrawable cannot express text (<text> line 1)",
        "icons/sheet.svg: error: a VectorDrawable cannot express filters (<style> line 2)",
        "icons/soft.svg: error: a VectorDrawable cannot express filters (<path id=\"glow\"> line 2)",
      ])
    let single = try CLIRunner.run(
      ["render", "icons/label.svg", "-f", "vector-drawable", "-o", "label.xml"], in: folder)
    #expect(single.status == 2)
    #expect(
      single.stderr
        == "icons/label.svg: error: a VectorDrawable cannot express text (<text> line 1)\n")
  }
}
