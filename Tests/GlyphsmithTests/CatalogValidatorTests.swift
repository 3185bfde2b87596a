import Foundation
import Glyphsmith
import Testing

/// A catalog on disk to break one way per test: `Cat.xcassets` with a root Contents.json.
private struct CatalogFixture {
  let folder: TemporaryFolder
  var catalog: String { folder.path("Cat.xcassets") }

  init() throws {
    folder = try TemporaryFolder()
    try text("Contents.json", "{\"info\" : {\"author\" : \"xcode\", \"version\" : 1}}\n")
  }

  /// Writes `text` at `relative` inside the catalog.
  func text(_ relative: String, _ text: String) throws {
    try folder.write("Cat.xcassets/" + relative, text)
  }

  /// Writes a `width` x `height` px PNG (RGB when `opaque`).
  func png(
    _ relative: String, _ width: Int, _ height: Int, fill: RGBA8 = .black, opaque: Bool = false
  ) throws {
    let data = try PNGCodec.encode(
      RGBAImage(width: width, height: height, fill: fill), opaque: opaque)
    try data.write(to: URL(fileURLWithPath: catalog + "/" + relative))
  }

  /// Writes `entries` as the `images` of `relative`/Contents.json, Xcode-formatted.
  func contents(_ relative: String, _ entries: [[String: Any]], key: String = "images") throws {
    let object: [String: Any] = [key: entries, "info": ["author": "xcode", "version": 1]]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    try text(relative + "/Contents.json", String(decoding: data, as: UTF8.self) + "\n")
  }

  /// A valid `NAME.imageset` in `group` with @1x/@2x/@3x PNGs of `side` px at @1x.
  func imageSet(_ name: String, in group: String = "", side: Int = 24) throws {
    let folder = group + name + ".imageset"
    try contents(
      folder,
      [
        ["filename": "\(name).png", "idiom": "universal", "scale": "1x"],
        ["filename": "\(name)@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "\(name)@3x.png", "idiom": "universal", "scale": "3x"],
      ])
    try png(folder + "/\(name).png", side, side)
    try png(folder + "/\(name)@2x.png", side * 2, side * 2)
    try png(folder + "/\(name)@3x.png", side * 3, side * 3)
  }

  /// A namespaced (or plain) group folder.
  func group(_ name: String, namespace: Bool) throws {
    try text(
      name + "/Contents.json",
      namespace
        ? "{\"info\":{\"author\":\"xcode\",\"version\":1},\"properties\":{\"provides-namespace\":true}}"
        : "{\"info\":{\"author\":\"xcode\",\"version\":1}}")
  }

  /// A single-size app icon set with a `side` px icon.
  func appIcon(_ name: String = "AppIcon", side: Int = 1024, opaque: Bool = true) throws {
    try contents(
      name + ".appiconset",
      [["filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"]])
    try png(name + ".appiconset/icon.png", side, side, fill: .white, opaque: opaque)
  }

  func validate() throws -> [CatalogFinding] {
    try CatalogValidator.validate(catalogPath: catalog)
  }

  /// (rule id, path relative to the catalog, entry) of each finding.
  func summary() throws -> [String] {
    try validate().map { finding in
      let path = String(finding.path.dropFirst(catalog.count + 1))
      return "\(finding.rule.rawValue) \(path)" + (finding.entry.map { " \($0)" } ?? "")
    }
  }
}

@Suite("Catalog validation: one broken catalog per finding, and good ones")
struct CatalogValidatorTests {
  @Test func goodCatalogHasNoFindings() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.group("Tabs", namespace: true)
    try fixture.imageSet("star", in: "Tabs/")
    try fixture.appIcon()
    #expect(try fixture.validate() == [])
  }

  @Test func catalogWrittenByAssetsJobHasNoFindings() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write(
      "in/home.svg", svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>"))
    let catalog = folder.path("Icons.xcassets")
    let report = try AssetsJob(catalogPath: catalog, options: AssetsOptions()).run([input])
    #expect(report.failures == 0)
    #expect(try CatalogValidator.validate(catalogPath: catalog) == [])
  }

  @Test func aLinkedAssetFolderIsWalkedAsTheFolderItPointsAt() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    // The listing's kinds follow links: `Star.imageset` is an asset, so the names collide
    // (reported on the later folder's Contents.json), not the two folder entries.
    try FileManager.default.createSymbolicLink(
      atPath: fixture.catalog + "/Star.imageset",
      withDestinationPath: fixture.catalog + "/star.imageset")
    // A link to nothing is no folder: not an asset, nothing to check.
    try FileManager.default.createSymbolicLink(
      atPath: fixture.catalog + "/gone.imageset", withDestinationPath: fixture.catalog + "/none")
    #expect(try fixture.summary() == ["case-collision star.imageset/Contents.json"])
  }

  /// Issue 32's trial: `Icons.xcassets/up -> ../..` was walked level after level (some 400
  /// findings); a link to a folder that holds it is one `link-loop` error and is not followed,
  /// while a link to a group outside the catalog is walked as that group.
  @Test func aLinkToAFolderHoldingItIsOneLoopFindingAndNotWalked() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.group("Tabs", namespace: false)
    try fixture.imageSet("moon", in: "Tabs/")
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: fixture.catalog + "/up", withDestinationPath: "../..")
    try manager.createSymbolicLink(atPath: fixture.catalog + "/Tabs/me", withDestinationPath: ".")
    try manager.createSymbolicLink(
      atPath: fixture.catalog + "/Tabs/root", withDestinationPath: fixture.catalog)
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "link-loop Tabs/me", "link-loop Tabs/root", "link-loop up",
      ])
    let up = try #require(findings.first { $0.path.hasSuffix("/up") })
    #expect(up.severity == .error)
    let resolved = try #require(realpath(fixture.catalog + "/../..", nil))
    defer { free(resolved) }
    let real = String(cString: resolved)
    #expect(
      up.message
        == "a symbolic link to '\(real)', a folder that holds it: Xcode would walk it without end; remove the link or point it outside the catalog"
    )
    // A link to a group outside the catalog is no loop: its sets are walked.
    let outside = fixture.folder.path("Shared")
    try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try manager.removeItem(atPath: fixture.catalog + "/up")
    try manager.removeItem(atPath: fixture.catalog + "/Tabs/me")
    try manager.removeItem(atPath: fixture.catalog + "/Tabs/root")
    try manager.createSymbolicLink(atPath: fixture.catalog + "/Shared", withDestinationPath: outside)
    try manager.createDirectory(
      atPath: outside + "/sun.imageset", withIntermediateDirectories: true)
    #expect(try fixture.summary() == ["missing-contents Shared/sun.imageset/Contents.json"])
  }

  @Test func missingFile() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/star.imageset/star@3x.png")
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "missing-file star.imageset/Contents.json images[2] (universal 3x, star@3x.png)"
      ])
    #expect(findings.first?.line == 14)
    #expect(findings.first?.severity == .error)
    #expect(
      findings.first?.description
        == fixture.catalog
        + "/star.imageset/Contents.json:14:1: error: [missing-file] images[2] (universal 3x, star@3x.png): 'star@3x.png' does not exist in the asset folder; add the file or remove the entry"
    )
  }

  /// Issue 39's trial: a set whose Contents.json is `{}` drew nothing and `validate` said
  /// nothing.
  @Test func anImageSetOrSymbolSetListingNothingIsFound() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.text("empty.imageset/Contents.json", "{}")
    try fixture.text("blank.symbolset/Contents.json", "{}\n")
    try fixture.contents("none.imageset", [])
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "empty-asset blank.symbolset/Contents.json", "empty-asset empty.imageset/Contents.json",
        "empty-asset none.imageset/Contents.json",
      ])
    #expect(findings.allSatisfy { $0.severity == .warning })
    #expect(
      findings.first?.description
        == fixture.catalog
        + "/blank.symbolset/Contents.json: warning: [empty-asset] the symbolset lists no symbol template (no entry in \"symbols\"): it draws nothing; add the symbol template to Contents.json or remove the folder"
    )
  }

  @Test func unassignedFile() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.png("star.imageset/old.png", 24, 24)
    let findings = try fixture.validate()
    #expect(try fixture.summary() == ["unassigned-file star.imageset/Contents.json"])
    #expect(findings.first?.file == "old.png")
    #expect(findings.first?.asset == "star")
  }

  @Test func duplicateSlot() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.png("star.imageset/copy@2x.png", 48, 48)
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star.png", "idiom": "universal", "scale": "1x"],
        ["filename": "star@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "star@3x.png", "idiom": "universal", "scale": "3x"],
        ["filename": "copy@2x.png", "idiom": "universal", "scale": "2x"],
        // Another appearance is another slot: no finding.
        [
          "filename": "star.png", "idiom": "universal", "scale": "1x",
          "appearances": [["appearance": "luminosity", "value": "dark"]],
        ],
      ])
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "duplicate-slot star.imageset/Contents.json images[3] (universal 2x, copy@2x.png)"
      ])
    #expect(findings.first?.message.hasPrefix("the same slot as images[1];") == true)
  }

  @Test func duplicateColorSlot() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    func color(_ red: String) -> [String: Any] {
      ["color-space": "srgb", "components": ["red": red, "green": "0", "blue": "0", "alpha": "1"]]
    }
    try fixture.contents(
      "Accent.colorset",
      [
        ["idiom": "universal", "color": color("1")],
        [
          "idiom": "universal", "color": color("0.5"),
          "appearances": [["appearance": "luminosity", "value": "dark"]],
        ],
        ["idiom": "universal", "color": color("0.2")],
      ], key: "colors")
    #expect(
      try fixture.summary() == [
        "duplicate-slot Accent.colorset/Contents.json colors[2] (universal)"
      ])
  }

  @Test func unknownAndMissingValues() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.png("star.imageset/sepia.png", 24, 24)
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star.png", "idiom": "iphonex", "scale": "1x"],
        ["filename": "star@2x.png", "scale": "2x"],
        ["filename": "star@3x.png", "idiom": "universal", "scale": "4x"],
        [
          "filename": "sepia.png", "idiom": "universal", "scale": "1x",
          "appearances": [["appearance": "luminosity", "value": "sepia"]],
        ],
      ])
    #expect(
      try fixture.summary() == [
        "unknown-idiom star.imageset/Contents.json images[0] (iphonex 1x, star.png)",
        "missing-idiom star.imageset/Contents.json images[1] (no idiom 2x, star@2x.png)",
        "unknown-scale star.imageset/Contents.json images[2] (universal 4x, star@3x.png)",
        "unknown-appearance star.imageset/Contents.json images[3] (universal 1x sepia, sepia.png)",
      ])
  }

  @Test func scaleMismatch() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.png("star.imageset/star@2x.png", 50, 50)
    try fixture.png("star.imageset/star@3x.png", 72, 71)
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "scale-mismatch star.imageset/Contents.json images[1] (universal 2x, star@2x.png)",
        "scale-mismatch star.imageset/Contents.json images[2] (universal 3x, star@3x.png)",
      ])
    #expect(findings.map(\.line) == [9, 14])
    #expect(
      findings.first?.message
        == "'star@2x.png' is 50x50 px, not 2x the @1x 'star.png' (24x24 px); re-render it at 48x48 px"
    )
  }

  @Test func scaleMismatchWithoutOneX() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/star.imageset/star.png")
    try fixture.png("star.imageset/star@3x.png", 70, 70)
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "star@3x.png", "idiom": "universal", "scale": "3x"],
      ])
    let findings = try fixture.validate()
    #expect(findings.map(\.rule) == [.scaleMismatch])
    #expect(
      findings.first?.message
        == "'star@3x.png' is 70x70 px, not 3/2 of the @2x 'star@2x.png' (48x48 px); re-render it at 72x72 px"
    )
  }

  @Test func namesDifferingOnlyInCaseAcrossGroups() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.group("Icons", namespace: false)
    try fixture.imageSet("Star", in: "Icons/")
    let findings = try fixture.validate()
    #expect(try fixture.summary() == ["case-collision star.imageset/Contents.json"])
    #expect(
      findings.first?.message
        == "asset name 'star' differs from 'Star' (Icons/Star.imageset) only in case; names must differ in more than case; rename one"
    )
  }

  @Test func namespacesPrefixNames() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.group("A", namespace: true)
    try fixture.group("B", namespace: true)
    try fixture.imageSet("star", in: "A/")
    try fixture.imageSet("Star", in: "B/")
    #expect(try fixture.validate() == [])
    // Without the namespace the same names collide: exactly and by case.
    try fixture.group("B", namespace: false)
    try fixture.group("C", namespace: false)
    try fixture.imageSet("Star", in: "C/")
    #expect(try fixture.summary() == ["duplicate-name C/Star.imageset/Contents.json"])
    #expect(try fixture.validate().map(\.asset) == ["Star"])
  }

  @Test func fileNamesDifferingOnlyInCase() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.png("star.imageset/Star@3x.png", 72, 72)
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star.png", "idiom": "universal", "scale": "1x"],
        ["filename": "star@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "star@3x.png", "idiom": "universal", "scale": "3x"],
        ["filename": "Star@3x.png", "idiom": "iphone", "scale": "3x"],
      ])
    #expect(try fixture.summary() == ["case-collision star.imageset/star@3x.png"])
  }

  @Test func appIconPixelSizes() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.contents(
      "AppIcon.appiconset",
      [
        ["filename": "a.png", "idiom": "iphone", "scale": "2x", "size": "20x20"],
        ["filename": "b.png", "idiom": "ipad", "scale": "2x", "size": "83.5x83.5"],
        ["filename": "c.png", "idiom": "iphone", "scale": "3x", "size": "60x60"],
        ["filename": "d.png", "idiom": "iphone", "scale": "3x"],
      ])
    try fixture.png("AppIcon.appiconset/a.png", 41, 41, opaque: true)
    try fixture.png("AppIcon.appiconset/b.png", 167, 167, opaque: true)
    try fixture.png("AppIcon.appiconset/c.png", 180, 180, opaque: true)
    try fixture.png("AppIcon.appiconset/d.png", 180, 180, opaque: true)
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "icon-size-mismatch AppIcon.appiconset/Contents.json images[0] (iphone 20x20 2x, a.png)",
        "icon-size-mismatch AppIcon.appiconset/Contents.json images[3] (iphone 3x, d.png)",
      ])
    #expect(
      findings.first?.message
        == "'a.png' is 41x41 px; 20x20 pt at 2x needs 40x40 px; re-render it at that size")
  }

  @Test func marketingIconAlpha() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    // An RGBA icon with every pixel opaque: the channel alone is the problem.
    try fixture.appIcon(opaque: false)
    let channel = try fixture.validate()
    #expect(channel.map(\.rule) == [.iconAlpha])
    #expect(
      channel.first?.message
        == "the marketing icon 'icon.png' has an alpha channel (colour type 6) though every px is opaque; the App Store rejects alpha channels; write it as an RGB PNG"
    )
    // Two transparent pixels.
    var image = RGBAImage(width: 1024, height: 1024, fill: .white)
    image[0, 0] = .transparent
    image[1023, 1023] = RGBA8(r: 255, g: 255, b: 255, a: 254)
    try PNGCodec.encode(image).write(
      to: URL(fileURLWithPath: fixture.catalog + "/AppIcon.appiconset/icon.png"))
    let transparent = try fixture.validate()
    #expect(transparent.map(\.rule) == [.iconAlpha])
    #expect(
      transparent.first?.message.hasPrefix(
        "the marketing icon 'icon.png' has 2 px with alpha below 255;") == true)
    // A dark appearance may keep its alpha.
    try fixture.png("AppIcon.appiconset/icon.png", 1024, 1024, fill: .white, opaque: true)
    try fixture.png("AppIcon.appiconset/dark.png", 1024, 1024, fill: .transparent)
    try fixture.contents(
      "AppIcon.appiconset",
      [
        ["filename": "icon.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"],
        [
          "filename": "dark.png", "idiom": "universal", "platform": "ios", "size": "1024x1024",
          "appearances": [["appearance": "luminosity", "value": "dark"]],
        ],
      ])
    #expect(try fixture.validate() == [])
  }

  @Test func malformedJSON() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.imageSet("moon")
    try fixture.text("star.imageset/Contents.json", "{\"images\" : [")
    try fixture.text("moon.imageset/Contents.json", "{\"images\" : 5}")
    try fixture.text("Contents.json", "[]")
    #expect(
      try fixture.summary() == [
        "malformed-json Contents.json", "malformed-json moon.imageset/Contents.json",
        "malformed-json star.imageset/Contents.json",
      ])
  }

  @Test func missingContentsAndUnreadablePNG() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star")
    try fixture.imageSet("moon")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/moon.imageset/Contents.json")
    try fixture.text("star.imageset/star@2x.png", "not a png")
    #expect(
      try fixture.summary() == [
        "missing-contents moon.imageset/Contents.json",
        "unreadable-image star.imageset/Contents.json images[1] (universal 2x, star@2x.png)",
      ])
  }

  /// Issue 32 trial: a set the catalog's record of outputs keeps for the user's files (its
  /// icon gone) is a `kept-set` warning naming them (not the error `missing-contents`); a
  /// set without `Contents.json` the record does not keep is still `missing-contents`.
  @Test func aSetTheRecordKeepsIsAKeptSetWarningNotMissingContents() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.text("star.imageset/notes.txt", "mine")
    try fixture.text("star.imageset/b.png", "mine too")
    try fixture.text("moon.imageset/notes.txt", "mine")
    try fixture.text(
      ".glyphsmith-outputs.json", #"{"kept": ["star.imageset"], "outputs": {}, "version": 1}"#)
    let findings = try fixture.validate()
    #expect(
      try fixture.summary() == [
        "missing-contents moon.imageset/Contents.json", "kept-set star.imageset",
      ])
    let kept = try #require(findings.first { $0.rule == .keptSet })
    #expect(kept.severity == .warning)
    #expect(kept.asset == "star")
    #expect(
      kept.message
        == "kept by glyphsmith for b.png, notes.txt, which it did not make, after its icon was removed; the set has no Contents.json, so it is no asset; move them out and the next build removes the folder"
    )
  }

  /// Issue 22: a folder with dots in its name is a group, not an asset of type "0".
  @Test func aFolderWithDotsInItsNameIsAGroup() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star", in: "expected-v7.2.0/")
    try FileManager.default.createDirectory(
      atPath: fixture.catalog + "/odd.unknownset", withIntermediateDirectories: true)
    #expect(try fixture.validate() == [])
    try fixture.png("expected-v7.2.0/star.imageset/star@3x.png", 70, 70)
    #expect(
      try fixture.summary() == [
        "scale-mismatch expected-v7.2.0/star.imageset/Contents.json images[2] (universal 3x, star@3x.png)"
      ])
  }

  /// Issue 22: a wrong scale value does not hide a wrong size: the factor comes from the file
  /// name, else from the one scale the siblings leave.
  @Test func aWrongScaleValueStillHasItsSizeChecked() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("star", side: 25)
    try fixture.png("star.imageset/star@3x.png", 72, 72)
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star.png", "idiom": "universal", "scale": "1x"],
        ["filename": "star@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "star@3x.png", "idiom": "universal", "scale": "three"],
      ])
    let findings = try fixture.validate()
    #expect(findings.map(\.rule) == [.scaleMismatch, .unknownScale])
    #expect(
      findings.first?.message
        == "'star@3x.png' is 72x72 px, not 3x (taken as @3x from its file name) the @1x 'star.png' (25x25 px); re-render it at 75x75 px"
    )
    // No @Nx in the name: the siblings 1x and 2x leave 3x.
    try FileManager.default.moveItem(
      atPath: fixture.catalog + "/star.imageset/star@3x.png",
      toPath: fixture.catalog + "/star.imageset/star-large.png")
    try fixture.contents(
      "star.imageset",
      [
        ["filename": "star.png", "idiom": "universal", "scale": "1x"],
        ["filename": "star@2x.png", "idiom": "universal", "scale": "2x"],
        ["filename": "star-large.png", "idiom": "universal", "scale": "x"],
      ])
    let bySiblings = try fixture.validate()
    #expect(bySiblings.map(\.rule) == [.scaleMismatch, .unknownScale])
    #expect(
      bySiblings.first?.message
        == "'star-large.png' is 72x72 px, not 3x (taken as @3x, the scale its siblings leave) the @1x 'star.png' (25x25 px); re-render it at 75x75 px"
    )
  }

  /// Issue 22: `validate` on a folder validates the catalogs in it, each named, and a folder
  /// with none is an error naming what it holds.
  @Test func aFolderStandsForTheCatalogsInIt() throws {
    let fixture = try CatalogFixture()
    defer { fixture.folder.remove() }
    try fixture.imageSet("bell")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/bell.imageset/bell@2x.png")
    try fixture.folder.write("ios/Other.xcassets/Contents.json", "{}")
    try fixture.folder.write(".hidden/Hidden.xcassets/Contents.json", "{")
    let parent = fixture.folder.url.path
    let report = try CatalogReport.validating(
      catalogPath: parent + "/", symbolSets: { _, _ in [] }, svgLayers: { _ in nil })
    #expect(report.catalog == parent)
    #expect(report.catalogs == [parent + "/Cat.xcassets", parent + "/ios/Other.xcassets"])
    #expect(report.findings.map(\.rule) == [.missingFile])
    #expect(
      report.diagnostics.map(\.isTotal) == [false, true, true]
        && report.diagnostics.dropFirst().map(\.text) == [
          parent + "/Cat.xcassets: 1 finding (1 error)",
          parent + "/ios/Other.xcassets: no findings",
        ])
    // The catalog itself: as before, no `catalogs`.
    let single = try CatalogReport.validating(
      catalogPath: fixture.catalog + "/", symbolSets: { _, _ in [] }, svgLayers: { _ in nil })
    #expect(single.catalogs == nil && single.catalog == fixture.catalog)
    #expect(single.diagnostics.map(\.text).last == "1 finding (1 error)")

    let icons = try TemporaryFolder()
    defer { icons.remove() }
    try icons.write("a.svg", "<svg/>")
    try icons.write("b.svg", "<svg/>")
    try icons.write("notes.txt", "")
    try icons.write("sub/c.svg", "<svg/>")
    let empty = icons.path("sub")
    try FileManager.default.removeItem(atPath: empty + "/c.svg")
    #expect(
      throws: GlyphsmithError.unusable(
        path: icons.path("sub"),
        problem:
          "no asset catalog here: no NAME.xcassets folder in it or below, and it is not laid out as one (no Contents.json, no NAME.imageset); it holds nothing; pass the .xcassets folder"
      )
    ) { try CatalogSearch.catalogs(at: empty) }
    #expect(
      throws: GlyphsmithError.unusable(
        path: icons.url.path,
        problem:
          "no asset catalog here: no NAME.xcassets folder in it or below, and it is not laid out as one (no Contents.json, no NAME.imageset); it holds 2 .svg files, 1 .txt file, 1 folder; pass the .xcassets folder"
      )
    ) { try CatalogSearch.catalogs(at: icons.url.path) }
  }

  @Test func unreadableCatalogThrows() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(
      throws: GlyphsmithError.unreadable(path: folder.path("No.xcassets"), reason: "no such folder")
    ) {
      try CatalogValidator.validate(catalogPath: folder.path("No.xcassets"))
    }
    let file = try folder.write("File.xcassets", "x")
    #expect(
      throws: GlyphsmithError.unreadable(
        path: file, reason: "not a folder (expected NAME.xcassets)")
    ) {
      try CatalogValidator.validate(catalogPath: file)
    }
  }

  @Test func pngHeaderReadsAlpha() throws {
    let rgb = try #require(
      PNGHeader(try PNGCodec.encode(RGBAImage(width: 3, height: 2), opaque: true)))
    #expect(rgb.width == 3 && rgb.height == 2 && rgb.colorType == 2)
    #expect(!rgb.hasTransparencyChunk && !rgb.hasAlphaChannel)
    let rgba = try #require(PNGHeader(try PNGCodec.encode(RGBAImage(width: 3, height: 2))))
    #expect(rgba.colorType == 6 && rgba.hasAlphaChannel)
    #expect(PNGHeader(Data("not a png at all, not at all, no".utf8)) == nil)
  }
}
