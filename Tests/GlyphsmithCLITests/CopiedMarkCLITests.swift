import Foundation
import Glyphsmith
import Testing

/// Issue 32, the new-user trial's data loss: Glyphsmith's mark travels with a copied file, a
/// path does not. A hand-made set holding a copied PNG, Xcode's "Duplicate" of a set, a copied
/// web folder or drawable are never Glyphsmith's, with a record or without one.
@Suite("A copied mark makes nothing Glyphsmith's")
struct CopiedMarkCLITests {
  typealias O = OwnershipCLITests

  /// The SHA-256 of every file under `folder`, by path relative to it.
  static func hashes(_ folder: URL) -> [String: String] {
    var found: [String: String] = [:]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let path = walker?.nextObject() as? String {
      let url = folder.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue, let data = try? Data(contentsOf: url)
      else { continue }
      found[path] = ContentHash.sha256(data)
    }
    return found
  }

  @Test func aHandMadeSetAndWebFolderHoldingCopiedOutputsSurviveTheBuild() throws {
    let folder = try O.project(O.allPlatforms)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let set = catalog.appendingPathComponent("house.imageset")
    try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: catalog.appendingPathComponent("bell.imageset/bell.png"),
      to: set.appendingPathComponent("mine.png"))
    try O.write(
      #"{"images":[{"filename":"mine.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
      to: set.appendingPathComponent("Contents.json"))
    let web = folder.appendingPathComponent("public/house")
    try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("public/bell/favicon.ico"),
      to: web.appendingPathComponent("favicon.ico"))
    try O.write(#"{"mine": true}"#, to: web.appendingPathComponent("manifest-icons.json"))
    try O.write("<html></html>\n", to: web.appendingPathComponent("index.html"))
    let before = (Self.hashes(set), Self.hashes(web))
    // Only the web folder: the set fails the icon first.
    let webOnly = try O.project(O.allPlatforms, icons: ["bell", "house"])
    try FileManager.default.createDirectory(
      at: webOnly.appendingPathComponent("public"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: web, to: webOnly.appendingPathComponent("public/house"))

    try FileManager.default.copyItem(
      at: O.icons.appendingPathComponent("house.svg"),
      to: folder.appendingPathComponent("icons/house.svg"))
    let run = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "icons/house.svg: error: App/Icons.xcassets/house.imageset and public/house exist and were not made by glyphsmith; move them or pass --force\n"
    )
    #expect(Self.hashes(set) == before.0)
    #expect(Self.hashes(web) == before.1)
    #expect(Self.hashes(set).count == 2)
    #expect(Self.hashes(web).count == 3)

    let webRun = try CLIRunner.run(["build", "--quiet"], in: webOnly)
    #expect(webRun.status == 2)
    #expect(
      webRun.stderr
        == "icons/house.svg: error: public/house exists and was not made by glyphsmith; move it or pass --force\n"
    )
    #expect(Self.hashes(webOnly.appendingPathComponent("public/house")) == before.1)
  }

  @Test func duplicatesOfSetsWebFoldersAndDrawablesSurviveABuildWithoutRecords() throws {
    let folder = try O.project(O.allPlatforms)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let copies = [
      ("App/Icons.xcassets/bell.imageset", "App/Icons.xcassets/bell-copy.imageset"),
      ("public/bell", "public/bell_copy"),
      ("android/res/drawable-mdpi/bell.png", "android/res/drawable-mdpi/bell_copy.png"),
    ]
    for (from, to) in copies {
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent(from), to: folder.appendingPathComponent(to))
    }
    for record in [
      "App/Icons.xcassets/.glyphsmith-outputs.json", "android/.glyphsmith-outputs.json",
      "public/.glyphsmith-outputs.json",
    ] {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(record))
    }
    let before = Self.hashes(folder)

    let run = try CLIRunner.run(["build"], in: folder)
    #expect(run.status == 0)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(run.stderr.hasSuffix("3 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    let after = Self.hashes(folder)
    for (path, sha) in before where !path.hasSuffix(".glyphsmith-outputs.json") {
      #expect(after[path] == sha, "\(path)")
    }
    #expect(
      O.names(catalog.appendingPathComponent("bell-copy.imageset")) == [
        "Contents.json", "bell.png", "bell@2x.png", "bell@3x.png",
      ])
  }

  @Test func aPruneWithoutRecordKeepsAHandMadeSetHoldingACopiedPNG() throws {
    let folder = try O.project(O.allPlatforms)
    let catalog = folder.appendingPathComponent("New2.xcassets")
    let first = try CLIRunner.run(["assets", "icons", "-o", "New2.xcassets", "--quiet"], in: folder)
    #expect(first.status == 0)
    let logo = catalog.appendingPathComponent("logo.imageset")
    try FileManager.default.createDirectory(at: logo, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: catalog.appendingPathComponent("bell.imageset/bell.png"),
      to: logo.appendingPathComponent("logo.png"))
    try O.write(
      #"{"images":[{"filename":"logo.png","idiom":"universal"}]}"#,
      to: logo.appendingPathComponent("Contents.json"))
    let before = Self.hashes(logo)

    let run = try CLIRunner.run(["assets", "icons", "-o", "New2.xcassets", "--prune"], in: folder)
    #expect(run.status == 0)
    #expect(!run.stdoutText.contains("logo"))
    #expect(!run.stderr.contains("logo"))
    #expect(Self.hashes(logo) == before)
  }
}
