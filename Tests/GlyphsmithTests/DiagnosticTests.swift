import Foundation
import Testing

@testable import Glyphsmith

/// Issue 31: one finding type. `Diagnostic`'s compiler form for each shape, its JSON, and the
/// finding types and producers that project to it.
@Suite("Diagnostic: the one finding type, its compiler form and its JSON")
struct DiagnosticTests {
  // MARK: - The compiler form

  @Test(
    "description is the compiler form for each shape",
    arguments: [
      (
        Diagnostic(.warning, path: "a.svg", kind: "k", message: "the thing; fix it"),
        "a.svg: warning: the thing; fix it"
      ),
      (
        Diagnostic(.warning, path: "a.svg", line: 3, column: 7, kind: "k", message: "m"),
        "a.svg:3:7: warning: m"
      ),
      (Diagnostic(.error, path: "a.svg", line: 3, kind: "k", message: "m"), "a.svg:3:1: error: m"),
      (
        Diagnostic(
          .warning, path: "a.svg", line: 2, column: 3, kind: "lint", rule: "text", message: "m"),
        "a.svg:2:3: warning: [text] m"
      ),
      (
        Diagnostic(.info, path: "a.svg", kind: "lint", rule: "off-centre", message: "m"),
        "a.svg: info: [off-centre] m"
      ),
      (
        Diagnostic(.warning, kind: "layout", message: "6 toolbar items"), "warning: 6 toolbar items"
      ),
      // A line without a file has nowhere to point: it is not printed.
      (Diagnostic(.warning, line: 4, column: 2, kind: "k", message: "m"), "warning: m"),
      (
        Diagnostic(
          .error, path: "act/a.png", kind: "golden", message: "golden missing",
          fix: "accept: glyphsmith golden record act gold --only a.png"),
        "act/a.png: error: golden missing; accept: glyphsmith golden record act gold --only a.png"
      ),
      (
        Diagnostic(.note, path: "gold/golden.json", kind: "golden", message: "not found"),
        "gold/golden.json: note: not found"
      ),
    ])
  func description(_ diagnostic: Diagnostic, _ line: String) {
    #expect(diagnostic.description == line)
    #expect("\(diagnostic)" == line)
  }

  @Test("severities order errors first and say whether they are errors")
  func severities() {
    #expect(Diagnostic.Severity.allCases.sorted() == [.error, .warning, .info, .note])
    #expect(Diagnostic.error("m", path: "p", kind: "k").isError)
    #expect(!Diagnostic.warning("m", path: "p", kind: "k").isError)
    #expect(Diagnostic.Severity(LintSeverity.error) == .error)
    #expect(Diagnostic.Severity(LintSeverity.warning) == .warning)
    #expect(Diagnostic.Severity(LintSeverity.info) == .info)
    #expect(Diagnostic.Severity(CatalogFinding.Severity.error) == .error)
    #expect(Diagnostic.Severity(CatalogFinding.Severity.warning) == .warning)
  }

  // MARK: - JSON

  @Test("JSON has every key, nulls kept, and reads back equal")
  func codable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let full = Diagnostic(
      .warning, path: "icons/a.svg", line: 2, column: 3, kind: "lint", rule: "text",
      message: "<text> in an icon", fix: "outline it")
    let bare = Diagnostic(.note, kind: "layout", message: "m")
    #expect(
      String(decoding: try encoder.encode(full), as: UTF8.self)
        == #"{"column":3,"fix":"outline it","kind":"lint","line":2,"message":"<text> in an icon","path":"icons\/a.svg","rule":"text","severity":"warning"}"#
    )
    #expect(
      String(decoding: try encoder.encode(bare), as: UTF8.self)
        == #"{"column":null,"fix":null,"kind":"layout","line":null,"message":"m","path":null,"rule":null,"severity":"note"}"#
    )
    for diagnostic in [full, bare] {
      let back = try JSONDecoder().decode(Diagnostic.self, from: try encoder.encode(diagnostic))
      #expect(back == diagnostic)
      #expect(back.description == diagnostic.description)
    }
    // Absent optional keys read as nil; a missing message is an error.
    let minimal = try JSONDecoder().decode(
      Diagnostic.self, from: Data(#"{"severity":"error","kind":"k","message":"m"}"#.utf8))
    #expect(minimal == Diagnostic(.error, kind: "k", message: "m"))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Diagnostic.self, from: Data(#"{"severity":"error","kind":"k"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Diagnostic.self, from: Data(#"{"severity":"fatal","kind":"k","message":"m"}"#.utf8))
    }
  }

  // MARK: - The finding types project to it

  @Test("a lint finding projects with its rule, line and column; its line is the projection's")
  func lintFinding() {
    let element = LintFinding(
      rule: .text, severity: .warning, message: "<text> turns to mush", line: 3, column: 5,
      scale: 1, value: 1, limit: 0)
    let diagnostic = element.diagnostic(in: "a/b.svg")
    #expect(
      diagnostic
        == Diagnostic(
          .warning, path: "a/b.svg", line: 3, column: 5, kind: Diagnostic.Kind.lint,
          rule: "text", message: "<text> turns to mush"))
    #expect(
      element.diagnostic(path: "a/b.svg") == "a/b.svg:3:5: warning: [text] <text> turns to mush")
    let pixel = LintFinding(
      rule: .thinStrokes, severity: .info, message: "a stroke is thin", scale: 2,
      box: PixelBox(x: 1, y: 2, width: 3, height: 4), value: 0.5, limit: 1)
    #expect(
      pixel.diagnostic(in: "c.svg").line == nil && pixel.diagnostic(in: "c.svg").column == nil)
    #expect(pixel.diagnostic(path: "c.svg") == "c.svg: info: [thin-strokes] a stroke is thin")
    // A line with no column points at column 1, as before.
    var lineOnly = element
    lineOnly.column = nil
    #expect(lineOnly.diagnostic(in: "x.svg").column == 1)
    #expect(lineOnly.diagnostic(path: "x.svg") == "x.svg:3:1: warning: [text] <text> turns to mush")
  }

  @Test("a catalog finding projects with its rule, the entry leading the message, column 1")
  func catalogFinding() {
    let finding = CatalogFinding(
      rule: .missingFile, path: "A.xcassets/cup.imageset/Contents.json", line: 14, asset: "cup",
      entry: "images[2] (universal 3x, cup@3x.png)", file: "cup@3x.png",
      message: "'cup@3x.png' does not exist in the asset folder; add the file or remove the entry")
    #expect(
      finding.diagnostic
        == Diagnostic(
          .error, path: "A.xcassets/cup.imageset/Contents.json", line: 14, column: 1,
          kind: Diagnostic.Kind.catalog, rule: "missing-file",
          message:
            "images[2] (universal 3x, cup@3x.png): 'cup@3x.png' does not exist in the asset folder; add the file or remove the entry"
        ))
    #expect(
      finding.description
        == "A.xcassets/cup.imageset/Contents.json:14:1: error: [missing-file] images[2] (universal 3x, cup@3x.png): 'cup@3x.png' does not exist in the asset folder; add the file or remove the entry"
    )
    let stray = CatalogFinding(
      rule: .unassignedFile, path: "I.xcassets/home.imageset/Contents.json", file: "stray.png",
      message: "'stray.png' is unassigned")
    #expect(stray.diagnostic.line == nil && stray.diagnostic.column == nil)
    #expect(stray.diagnostic.severity == .warning)
    #expect(
      stray.description
        == "I.xcassets/home.imageset/Contents.json: warning: [unassigned-file] 'stray.png' is unassigned"
    )
  }

  @Test("the safe-zone check's findings are Diagnostics of kind safe-zone about the file")
  func safeZoneFinding() throws {
    func findings(_ side: Double) throws -> [SafeZoneFinding] {
      let origin = 54 - side / 2
      let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="108" height="108" viewBox="0 0 108 108">\
        <rect x="\(origin)" y="\(origin)" width="\(side)" height="\(side)" fill="#fff"/></svg>
        """
      let artwork = try Artwork(data: Data(svg.utf8), path: "fg.svg", baseDirectory: nil)
      var options = AndroidLauncherOptions()
      options.insetPercent = 0  // drawn on the 108 dp layer
      return try AndroidLauncherJob.safeZone(artwork, options: options)
    }
    let warning = try #require(try findings(60).first)
    #expect(warning.finding.kind == Diagnostic.Kind.safeZone)
    #expect(warning.finding.severity == .warning && !warning.isError)
    #expect(warning.finding.path == "fg.svg")
    #expect(warning.diagnostic == warning.finding.description)
    #expect(warning.diagnostic.hasPrefix("fg.svg: warning: the foreground's ink reaches "))
    let error = try #require(try findings(80).first)
    #expect(error.isError && error.finding.severity == .error)
    #expect(error.finding.message.hasSuffix("it is cropped (give --inset or redraw)"))
    #expect(try findings(40).isEmpty)
  }

  // MARK: - Producers

  @Test("an SVG's dropped references are warnings of their kind naming the file")
  func droppedReference() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><image href="http://example.com/x.png" \
      width="4" height="4"/><rect width="20" height="20" x="2" y="2"/></svg>
      """
    let artwork = try Artwork(data: Data(svg.utf8), path: "net.svg", baseDirectory: nil)
    #expect(
      artwork.diagnostics == [
        .warning(
          "dropped reference 'http://example.com/x.png': network references are not loaded",
          path: "net.svg", kind: Diagnostic.Kind.droppedReference)
      ])
    let glyph = try GlyphRenderer.render(artwork, options: RenderOptions())
    #expect(glyph.diagnostics == artwork.diagnostics && glyph.upscaling.isEmpty)
  }

  @Test("upscaling a raster and an opaque template PNG are told apart by kind, not words")
  func rasterWarnings() throws {
    let opaque = RGBAImage(width: 8, height: 8, fill: RGBA8(r: 200, g: 30, b: 30))
    let artwork = try Artwork(
      data: try PNGCodec.encode(opaque), path: "o.png", baseDirectory: nil)
    var options = RenderOptions()
    options.role = .tabBar
    options.scale = 3
    let glyph = try GlyphRenderer.render(artwork, options: options)
    #expect(
      glyph.diagnostics.map(\.kind) == [
        Diagnostic.Kind.upscaledRaster, Diagnostic.Kind.opaqueTemplate,
      ])
    #expect(glyph.diagnostics.allSatisfy { $0.path == "o.png" && $0.severity == .warning })
    #expect(glyph.upscaling == [glyph.diagnostics[0]])
  }

  @Test("indicator warnings have no path; the layout's JSON keeps them as printed lines")
  func indicatorWarnings() throws {
    let layout = PageControl(pageCount: 20, currentPage: 0).diagnostics
    #expect(layout.map(\.kind) == [Diagnostic.Kind.layout])
    #expect(layout[0].path == nil && layout[0].severity == .warning)
    #expect(layout[0].description.hasPrefix("warning: 20 pages: more than about 10 dots"))
    let drawn = DrawnLayout(
      widthPx: 20, heightPx: 10, scale: 2, items: [],
      diagnostics: [.warning("the prompt 'x' does not fit", kind: Diagnostic.Kind.truncatedText)])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(
      String(decoding: try encoder.encode(drawn), as: UTF8.self)
        == #"{"items":[],"size":{"height":5,"width":10},"version":1,"warnings":["warning: the prompt 'x' does not fit"]}"#
    )
  }

  // MARK: - assets and build

  static let dark = Diagnostic.warning(
    "template images need no dark variant (the bar tints them); ignored", path: "i/a-dark.svg",
    kind: Diagnostic.Kind.ignoredDarkVariant)
  static let upscaled = Diagnostic.warning(
    "upscaling a raster by 3.00x blurs it; give a larger PNG or an SVG", path: "i/b.png",
    kind: Diagnostic.Kind.upscaledRaster)
  static let finding = CatalogFinding(
    rule: .duplicateName, path: "C.xcassets/b.imageset/Contents.json", message: "m"
  ).diagnostic

  /// A report with a warning, an input's warning, a failed input and a catalog finding.
  static func report() -> AssetsReport {
    var report = AssetsReport(inputs: [
      AssetInputResult(
        path: "i/b.png", name: "b", status: .written, role: "tab-bar", shape: "square",
        sizePt: 23, files: [], failure: nil, warnings: [upscaled]),
      .failed(path: "i/c.svg", role: .tabBar, error: .emptyArtwork(path: "i/c.svg")),
    ])
    report.warnings = [dark]
    report.catalogFindings = [finding]
    return report
  }

  @Test("assets' report keeps its warnings and findings as lines; read back, the same bytes")
  func assetsReportJSON() throws {
    let report = Self.report()
    let data = try XcodeJSON.encode(report)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["warnings"] as? [String] == [Self.dark.description])
    #expect(
      object["warnings"] as? [String] == [
        "i/a-dark.svg: warning: template images need no dark variant (the bar tints them); ignored"
      ])
    #expect(
      object["catalogFindings"] as? [String] == [
        "C.xcassets/b.imageset/Contents.json: error: [duplicate-name] m"
      ])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    #expect(inputs.map { $0["warnings"] as? [String] } == [[Self.upscaled.description], []])
    #expect(Set(object.keys) == ["version", "inputs", "warnings", "catalogFindings"])
    // Read back: the lines are kept as text (never parsed into Diagnostics) and written again.
    let read = try JSONDecoder().decode(AssetsReport.self, from: data)
    #expect(read.warnings == [] && read.catalogFindings == [] && read.inputs[0].warnings == [])
    #expect(try XcodeJSON.encode(read) == data)
    var changed = read
    changed.warnings = [Self.upscaled]
    #expect(
      (try JSONSerialization.jsonObject(with: XcodeJSON.encode(changed)) as? [String: Any])?[
        "warnings"] as? [String] == [Self.upscaled.description])
  }

  @Test("build's report keeps its warnings and findings as lines; read back, the same bytes")
  func buildReportJSON() throws {
    var report = BuildReport(config: "glyphsmith.json", error: "x")
    report.error = nil
    report.inputs = Self.report().inputs
    report.warnings = [Self.dark]
    report.catalogFindings = [Self.finding]
    let data = try XcodeJSON.encode(report)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["warnings"] as? [String] == [Self.dark.description])
    #expect(object["catalogFindings"] as? [String] == [Self.finding.description])
    #expect(
      Set(object.keys) == [
        "version", "config", "inputs", "warnings", "catalogFindings", "removed", "skipped",
      ])
    let read = try JSONDecoder().decode(BuildReport.self, from: data)
    #expect(try XcodeJSON.encode(read) == data)
  }

  @Test("the plan's warnings: their lines, and the Diagnostics, which it reads back")
  func planWarnings() throws {
    var plan = AssetPlan(outputFolders: ["ios": "C.xcassets"], icons: [])
    #expect(!String(decoding: try plan.json(), as: UTF8.self).contains("warnings"))
    #expect(!String(decoding: try plan.json(), as: UTF8.self).contains("diagnostics"))
    plan.warnings = [Self.dark]
    let data = try plan.json()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["warnings"] as? [String] == [Self.dark.description])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.first?["kind"] as? String == "ignored-dark-variant")
    #expect(diagnostics.first?["path"] as? String == "i/a-dark.svg")
    #expect(try JSONDecoder().decode(AssetPlan.self, from: data) == plan)
  }

  @Test("a worker's reply carries its warnings as Diagnostics; the result's JSON only lines")
  func workerReply() throws {
    let result = Self.report().inputs[0]
    let reply = AssetsWorkerReply(
      result: result, failure: nil, warnings: result.warnings, taskSeconds: 0, librarySeconds: 0,
      writeSeconds: 0)
    let decoded = try JSONDecoder().decode(
      AssetsWorkerReply.self, from: try JSONEncoder().encode(reply))
    #expect(decoded.warnings == [Self.upscaled])
    #expect(decoded.warnings[0].kind == Diagnostic.Kind.upscaledRaster)
    #expect(decoded.result.warnings == [], "the result's own JSON holds text only")
    var parent = decoded.result
    parent.warnings = decoded.warnings
    #expect(parent == result)
  }

  @Test("what a report tells, in order: its warnings, each input's, failures, then findings")
  func notices() {
    #expect(
      Self.report().notices == [
        .diagnostic(Self.dark), .diagnostic(Self.upscaled),
        .failure(.emptyArtwork(path: "i/c.svg")), .diagnostic(Self.finding),
      ])
  }
}
