import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `glyphsmith validate` reads Icon Composer `.icon` bundles, given directly, beside
/// catalogs or inside one; exit 0 for Apple's 11, 1 with each fault named for broken ones.
@Suite struct IconBundleCLITests {
  @Test func applesBundlesValidateClean() throws {
    let result = try CLIRunner.run(["validate", "."], in: IconComposerFixtures.directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == IconComposerFixtures.bundles.map { "./\($0): no findings\n" }.joined())
    #expect(result.stdout.isEmpty)
  }

  /// criticalmaps' `AppIcon-Neon.icon`, copied as `Broken.icon` into a fresh folder, with four
  /// faults (a wrong type, an unknown appearance, a bad colour, a missing layer whose name has
  /// a space and no extension) and an unknown key.
  static func brokenBundle() throws -> URL {
    let folder = try temporaryFolder()
    let bundle = folder.appendingPathComponent("Broken.icon")
    try FileManager.default.copyItem(
      at: IconComposerFixtures.bundle("criticalmaps-ios/iOS/AppIcon-Neon.icon"), to: bundle)
    let json = bundle.appendingPathComponent("icon.json")
    var text = try String(contentsOf: json, encoding: .utf8)
    for (old, new) in [
      ("\"glass\" : true", "\"glass\" : \"yes\""),
      ("\"Logo.svg\"", "\"Logo 2\""),
      ("\"name\" : \"Logo\"", "\"nmae\" : \"Logo\""),
      (
        "\"appearance\" : \"dark\",\n          \"value\" : \"individual\"",
        "\"appearance\" : \"night\",\n          \"value\" : \"individual\""
      ),
      ("\"srgb:0.00000,0.00000,0.00000,1.00000\"", "\"srgb:0.00000,0.00000,1.00000\""),
    ] {
      #expect(text.contains(old), "\(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    try Data(text.utf8).write(to: json)
    return folder
  }

  static let brokenDiagnostics = """
    Broken.icon/Assets/Logo.svg: warning: [icon-unused] no layer draws it (no image-name names it); remove it from Assets/, or add a layer for it in Icon Composer
    Broken.icon/icon.json:52:1: error: [icon-json] groups[0].layers[0].glass: expected a boolean (true or false), found a string ("yes")
    Broken.icon/icon.json:53:1: error: [icon-layer] groups[0].layers[0].image-name: 'Logo 2' is not in Assets/; add the file or correct the name
    Broken.icon/icon.json:54:1: warning: [icon-unknown-key] groups[0].layers[0].nmae: not a key Icon Composer writes here; did you mean 'name'?
    Broken.icon/icon.json:62:1: error: [icon-specialization] groups[0].lighting-specializations[1].appearance: 'night' is not an appearance Icon Composer knows; use one of light, dark, tinted
    Broken.icon/icon.json:124:1: error: [icon-color] groups[1].layers[0].fill-specializations[0].value.solid: 'srgb:0.00000,0.00000,1.00000' is not a colour: srgb takes 4 numbers (the components, then alpha), found 3; write SPACE:C1,...,ALPHA, as display-p3:1.00000,0.50000,0.00000,1.00000
    6 findings (4 errors)

    """

  @Test func aBrokenBundleIsRejectedWithEveryKeyPath() throws {
    let folder = try Self.brokenBundle()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["validate", "Broken.icon"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr == Self.brokenDiagnostics)
    // The same from the full executable (the front handed the SVG layers to it).
    let full = try CLIRunner.run(
      ["validate", "Broken.icon"], in: folder, executable: FrontCLITests.renderExecutable)
    #expect(full.status == 1 && full.stderr == Self.brokenDiagnostics)

    let json = try CLIRunner.run(["validate", "Broken.icon", "--json"], in: folder)
    #expect(json.status == 1)
    let report = try JSONDecoder().decode(CatalogReport.self, from: json.stdout)
    #expect(report.catalog == "Broken.icon" && report.catalogs == nil)
    #expect(
      report.findings.map { "\($0.rule.rawValue) \($0.severity) \($0.line ?? 0) \($0.entry ?? "")" }
        == [
          "icon-unused warning 0 ",
          "icon-json error 52 groups[0].layers[0].glass",
          "icon-layer error 53 groups[0].layers[0].image-name",
          "icon-unknown-key warning 54 groups[0].layers[0].nmae",
          "icon-specialization error 62 groups[0].lighting-specializations[1].appearance",
          "icon-color error 124 groups[1].layers[0].fill-specializations[0].value.solid",
        ])
    #expect(report.findings.allSatisfy { $0.asset == "Broken" })
    #expect(report.findings[2].file == "Logo 2")
  }

  /// The light front decodes PNG layers itself and hands a bundle with an SVG layer to
  /// `glyphsmith-render`, as it does a catalog with a symbol set.
  @Test func theFrontChecksPNGLayersAndHandsSVGLayersOn() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let front = dir.appendingPathComponent("glyphsmith")
    try FileManager.default.copyItem(at: CLIRunner.executable, to: front)
    for name in [
      "LNPopupController/LNPopupControllerExample/LNPopupController.icon",
      "criticalmaps-ios/iOS/AppIcon-Neon.icon",
    ] {
      let bundle = IconComposerFixtures.bundle(name)
      try FileManager.default.copyItem(
        at: bundle, to: dir.appendingPathComponent(bundle.lastPathComponent))
    }
    let png = try CLIRunner.run(["validate", "LNPopupController.icon"], in: dir, executable: front)
    #expect(png.status == 0 && png.stderr == "", "\(png.stderr)")
    let svg = try CLIRunner.run(["validate", "AppIcon-Neon.icon"], in: dir, executable: front)
    #expect(svg.status == 2)
    #expect(
      svg.stderr.hasPrefix(
        "glyphsmith: error: cannot start \(dir.resolvingSymlinksInPath().path)/glyphsmith-render"),
      "\(svg.stderr)")
  }
}
