import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `validate` reads Icon Composer `.icon` bundles: Apple's 11 give no finding, and
/// each broken one is named with its rule, file, line and key path.
@Suite struct IconBundleCheckTests {
  @Test(arguments: IconComposerFixtures.bundles)
  func applesBundlesHaveNoFinding(bundle: String) throws {
    let path = IconComposerFixtures.bundle(bundle).path
    #expect(try CatalogValidator.validate(catalogPath: path) == [])
  }

  /// A copy of criticalmaps' `AppIcon-Neon.icon` (two groups, layers `Logo.svg` and
  /// `bounds.svg`) with `edit` applied to its `icon.json`; returns the bundle's path.
  static func broken(_ edit: (inout String) -> Void) throws -> String {
    let bundle = try IconComposerFixtures.copy("criticalmaps-ios/iOS/AppIcon-Neon.icon")
    let json = bundle.appendingPathComponent("icon.json")
    var text = try String(contentsOf: json, encoding: .utf8)
    let before = text
    edit(&text)
    #expect(text != before, "the edit changed nothing")
    try Data(text.utf8).write(to: json)
    return bundle.path
  }

  static func findings(_ bundle: String) throws -> [String] {
    try CatalogValidator.validate(catalogPath: bundle).map(\.description)
  }

  @Test func aMissingLayerIsNamedWithItsKeyPath() throws {
    let bundle = try Self.broken {
      $0 = $0.replacingOccurrences(of: "\"Logo.svg\"", with: "\"Logo 2\"")
    }
    #expect(
      try Self.findings(bundle) == [
        // The file no layer names now (issue 35's second trial, finding 16).
        bundle + "/Assets/Logo.svg: warning: [icon-unused] no layer draws it (no image-name "
          + "names it); remove it from Assets/, or add a layer for it in Icon Composer",
        bundle + "/icon.json:53:1: error: [icon-layer] groups[0].layers[0].image-name: "
          + "'Logo 2' is not in Assets/; add the file or correct the name",
      ])
    // Present, a name without an extension is read by its content: an SVG that renders.
    try FileManager.default.moveItem(
      atPath: bundle + "/Assets/Logo.svg", toPath: bundle + "/Assets/Logo 2")
    #expect(try Self.findings(bundle) == [])
  }

  @Test func aWrongTypeIsAnErrorWithItsKeyPath() throws {
    let bundle = try Self.broken {
      $0 = $0.replacingOccurrences(of: "\"glass\" : true", with: "\"glass\" : \"yes\"")
    }
    #expect(
      try Self.findings(bundle) == [
        bundle + "/icon.json:52:1: error: [icon-json] groups[0].layers[0].glass: "
          + "expected a boolean (true or false), found a string (\"yes\")"
      ])
  }

  @Test func anUnknownAppearanceIsAnError() throws {
    let bundle = try Self.broken {
      $0 = $0.replacingOccurrences(
        of: "\"appearance\" : \"dark\",\n          \"value\" : \"individual\"",
        with: "\"appearance\" : \"night\",\n          \"value\" : \"individual\"")
    }
    #expect(
      try Self.findings(bundle) == [
        bundle + "/icon.json:62:1: error: [icon-specialization] "
          + "groups[0].lighting-specializations[1].appearance: 'night' is not an appearance "
          + "Icon Composer knows; use one of light, dark, tinted"
      ])
  }

  @Test func aBadColourStringIsAnError() throws {
    let bundle = try Self.broken {
      $0 = $0.replacingOccurrences(
        of: "\"srgb:0.00000,0.00000,0.00000,1.00000\"", with: "\"rgb:0,0,0,1\"")
    }
    #expect(
      try Self.findings(bundle) == [
        bundle + "/icon.json:124:1: error: [icon-color] "
          + "groups[1].layers[0].fill-specializations[0].value.solid: 'rgb:0,0,0,1' is not a "
          + "colour: 'rgb' is not a colour space Icon Composer writes (display-p3, srgb, "
          + "extended-srgb, gray, extended-gray); write SPACE:C1,...,ALPHA, as "
          + "display-p3:1.00000,0.50000,0.00000,1.00000"
      ])
  }

  @Test func anUnknownKeyOrValueIsAWarning() throws {
    let bundle = try Self.broken {
      $0 = $0.replacingOccurrences(of: "\"name\" : \"Logo\"", with: "\"nmae\" : \"Logo\"")
      $0 = $0.replacingOccurrences(
        of: "\"lighting\" : \"combined\"", with: "\"lighting\" : \"soft\"")
    }
    #expect(
      try Self.findings(bundle) == [
        bundle + "/icon.json:54:1: warning: [icon-unknown-key] groups[0].layers[0].nmae: "
          + "not a key Icon Composer writes here; did you mean 'name'?",
        bundle + "/icon.json:133:1: warning: [icon-unknown-value] groups[1].lighting: 'soft' is "
          + "not a lighting Icon Composer writes; use one of combined, individual",
      ])
  }

  @Test func layersThatDoNotRenderNameTheirFile() throws {
    let bundle = try IconComposerFixtures.copy("criticalmaps-ios/iOS/AppIcon-Neon.icon").path
    try Data("<svg".utf8).write(to: URL(fileURLWithPath: bundle + "/Assets/Logo.svg"))
    #expect(
      try Self.findings(bundle) == [
        bundle + "/Assets/Logo.svg: error: [icon-layer] groups[0].layers[0].image-name: "
          + "does not render: invalid SVG: XML parse error at line 1, column 5: Couldn't find "
          + "end of Start Tag svg line 1; export the layer again"
      ])
    // A PNG is known by its signature and decoded by libpng.
    let png = try IconComposerFixtures.copy(
      "LNPopupController/LNPopupControllerExample/LNPopupController.icon")
    let bar = png.appendingPathComponent("Assets/Bar.png")
    try Data(try Data(contentsOf: bar).prefix(100)).write(to: bar)
    let found = try CatalogValidator.validate(catalogPath: png.path)
    #expect(found.map(\.rule) == [.iconLayer])
    #expect(found.first?.path == bar.path && found.first?.file == "Bar.png")
  }

  @Test func moreThanFourGroupsIsAnError() throws {
    let bundle = try IconComposerFixtures.copy("criticalmaps-ios/iOS/AppIcon-Neon.icon")
    let file = bundle.appendingPathComponent("icon.json")
    var (document, _) = try IconComposerDocument.read(try Data(contentsOf: file))
    document.groups += document.groups + document.groups
    #expect(document.groups.count == 6)
    try document.encoded().write(to: file)
    #expect(
      try Self.findings(bundle.path) == [
        bundle.path + "/icon.json:3:1: error: [icon-groups] groups: 6 groups; Icon Composer "
          + "accepts at most 4; merge groups or move layers into fewer groups"
      ])
  }

  @Test func aBundleWithoutReadableJSON() throws {
    let bundle = try Self.broken { $0 = String($0.prefix(40)) }
    #expect(
      try Self.findings(bundle) == [
        bundle + "/icon.json: error: [icon-json] not valid JSON: it stops at line 3, column 14 "
          + "before the JSON is complete; fix the syntax or save it again in Icon Composer"
      ])
    let twice = try Self.broken {
      $0 = $0.replacingOccurrences(
        of: "\"fill\" : \"automatic\",", with: "\"fill\" : \"automatic\", \"fill\" : \"none\",")
    }
    #expect(
      try Self.findings(twice) == [
        twice + "/icon.json: error: [icon-json] duplicate key 'fill'; keep one"
      ])
    try FileManager.default.removeItem(atPath: twice + "/icon.json")
    #expect(
      try Self.findings(twice) == [
        twice + "/icon.json: error: [icon-json] missing: a .icon bundle holds icon.json and "
          + "Assets/; save the bundle again in Icon Composer"
      ])
  }

  /// A bundle inside a catalog and one beside it are both validated; the folder's report
  /// lists the catalog and the bundle outside it.
  @Test func bundlesInsideAndBesideACatalog() throws {
    let folder = try TemporaryFolder()
    try folder.write("App/Assets.xcassets/Contents.json", "{}")
    let neon = IconComposerFixtures.bundle("criticalmaps-ios/iOS/AppIcon-Neon.icon")
    try FileManager.default.copyItem(
      at: neon, to: folder.url.appendingPathComponent("App/Assets.xcassets/Inside.icon"))
    try FileManager.default.copyItem(
      at: neon, to: folder.url.appendingPathComponent("App/Beside.icon"))
    try FileManager.default.removeItem(
      at: folder.url.appendingPathComponent("App/Assets.xcassets/Inside.icon/Assets/bounds.svg"))
    let root = folder.url.path
    let report = try CatalogReport.validating(
      catalogPath: root, symbolSets: { _, _ in [] }, svgLayers: { _ in nil })
    #expect(report.catalogs == [root + "/App/Assets.xcassets", root + "/App/Beside.icon"])
    #expect(
      report.diagnostics.map(\.text) == [
        // Xcode 26 compiles a .icon beside the catalog (issue 35's fifth trial, F7).
        root + "/App/Assets.xcassets/Inside.icon: warning: [icon-placement] is inside the "
          + "asset catalog Assets.xcassets; Xcode 26 compiles a .icon placed in the project "
          + "beside the catalog, not inside it: move it out",
        root + "/App/Assets.xcassets/Inside.icon/icon.json:129:1: error: [icon-layer] "
          + "groups[1].layers[0].image-name: 'bounds.svg' is not in Assets/; add the file or "
          + "correct the name",
        root + "/App/Assets.xcassets: 2 findings (1 error)",
        root + "/App/Beside.icon: no findings",
      ])
    #expect(report.findings.first?.asset == "Inside")
  }

  @Test func readingProblemsOfTheModel() throws {
    func problems(_ json: String) throws -> [String] {
      try IconComposerDocument.read(Data(json.utf8)).problems.map(\.description)
    }
    #expect(try problems("[]") == ["(top level): expected an object, found an array (0 items)"])
    #expect(
      try problems("{}") == [
        "groups: missing; Icon Composer always writes it (an array of groups)"
      ])
    #expect(
      try problems(#"{"groups" : [{"layers" : [{"name" : "x"}]}]}"#) == [
        "groups[0].layers[0].image-name: missing; Icon Composer always writes it (the layer's "
          + "file in Assets/)"
      ])
    #expect(
      try problems(
        #"{"groups" : [{"layers" : [{"image-name" : "a.svg", "fill" : {"solid" : "srgb:0,0,0,1", "automatic-gradient" : "srgb:0,0,0,1"}}]}]}"#
      ) == [
        "groups[0].layers[0].fill: an object with solid and automatic-gradient; give one of them"
      ])
    #expect(
      try problems(
        #"{"groups" : [{"layers" : [], "opacity-specializations" : [{"idiom" : "tv", "value" : 1}], "position" : {"scale" : 1, "translation-in-points" : [0]}}]}"#
      ) == [
        "groups[0].opacity-specializations[0].idiom: 'tv' is not an idiom Icon Composer "
          + "knows; use one of square, macOS, watchOS",
        "groups[0].position.translation-in-points: expected an array [x, y] of 2 numbers, "
          + "found 1",
        "groups[0].layers: no layer: the group draws nothing; add a layer or remove the group",
      ])
  }

  @Test func whatCannotBeTypedIsWrittenBackAsRead() throws {
    let text = """
      {
        "groups" : [
          {
            "future-key" : [
              1
            ],
            "layers" : [
              {
                "glass" : "yes",
                "image-name" : "a.svg"
              }
            ]
          }
        ]
      }
      """
    let (document, problems) = try IconComposerDocument.read(Data(text.utf8))
    #expect(problems.map(\.kind) == [.wrongType, .unknownKey])
    #expect(document.encoded() == Data(text.utf8))
  }
}
