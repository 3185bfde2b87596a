import Foundation
import Testing

@testable import Glyphsmith

/// Steps of every `build --watch` save made cheaper on the bytes and the system calls (issue
/// 36, fourth step): `OutputManifest.missingFolders` finds the folders above a plain key
/// without splitting it, and `SymbolJob.catalogAssets` lists the catalog with `readdir` and
/// `stat` instead of FileManager. Each answer is checked against exact values, and
/// `missingFolders` against the split it replaced on random keys.
@Suite("watch path steps")
struct WatchPathStepsTests {
  /// `missingFolders` as it was before (issue 36): every key split on `/`.
  static func splitMissingFolders(root base: String, outputs: [String]) -> Set<String> {
    var checked: [String: Bool] = [:]
    var missing: Set<String> = []
    for output in outputs {
      guard !output.hasPrefix("/"),
        !output.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
          $0 == "." || $0 == ".."
        }), !output.isEmpty
      else { continue }
      var parts = output.split(separator: "/")
      parts.removeLast()
      var prefix = ""
      for part in parts {
        prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
        if checked[prefix] == nil {
          checked[prefix] = !FileManager.default.fileExists(atPath: base + "/" + prefix)
        }
        if checked[prefix] == true { missing.insert(prefix) }
      }
    }
    return missing
  }

  @Test func missingFoldersNamesTheFoldersAboveEachOutputThatAreNotThere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("out/a/b/kept.png", "x")
    try folder.write("out/drawable-hdpi/bell.png", "x")
    let base = folder.path("out")
    let outputs = [
      "a/b/c.png", "a/x/y/z.png", "top.png", "drawable-mdpi/bell.png", "drawable-hdpi/bell.png",
      "a//q/r.png", "m/n/", "café.imageset/café@2x.png", "../escape/e.png", "/abs/f.png",
    ]
    #expect(
      OutputManifest.missingFolders(root: base, outputs: outputs)
        == ["a/x", "a/x/y", "drawable-mdpi", "a/q", "m", "café.imageset"])
  }

  @Test func missingFoldersEqualsTheSplitOnRandomKeys() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for existing in ["p/q/f", "p/r/f", "s/f", "é/f"] { try folder.write("out/" + existing, "x") }
    let base = folder.path("out")
    let steps = ["p", "q", "r", "s", "t", "é", "e\u{301}", "x.imageset", "", "."]
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<400 {
      let count = Int.random(in: 1...4, using: &generator)
      let keys = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        (0..<count).map { _ in steps.randomElement(using: &generator)! }.joined(separator: "/")
          + "/leaf.png"
      }
      #expect(
        OutputManifest.missingFolders(root: base, outputs: keys)
          == Self.splitMissingFolders(root: base, outputs: keys), "\(keys)")
    }
  }

  @Test func catalogAssetsListsEveryAssetFolderWithContentsByQualifiedName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let contents = #"{"info":{"author":"xcode","version":1}}"#
    let namespace =
      #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#
    try folder.write("C.xcassets/Contents.json", contents)
    try folder.write("C.xcassets/Bell.imageset/Contents.json", contents)
    try folder.write("C.xcassets/bell.symbolset/Contents.json", contents)
    try folder.write("C.xcassets/Empty.imageset/bell.png", "x")
    try folder.write("C.xcassets/Tabs/Contents.json", namespace)
    try folder.write("C.xcassets/Tabs/Home.imageset/Contents.json", contents)
    try folder.write("C.xcassets/Plain/Contents.json", contents)
    try folder.write("C.xcassets/Plain/home.colorset/Contents.json", contents)
    try folder.write("C.xcassets/file.imageset", "a file, no asset")
    try folder.write("elsewhere/Linked.imageset/Contents.json", contents)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("C.xcassets/Linked.imageset"),
      withDestinationPath: folder.path("elsewhere/Linked.imageset"))
    let catalog = folder.path("C.xcassets")
    #expect(
      SymbolJob.catalogAssets(in: catalog) == [
        "bell": [catalog + "/Bell.imageset", catalog + "/bell.symbolset"],
        "linked": [catalog + "/Linked.imageset"],
        "home": [catalog + "/Plain/home.colorset"],
        "tabs/home": [catalog + "/Tabs/Home.imageset"],
      ])
    #expect(
      SymbolJob.catalogAssets(in: catalog, symbols: false) == [
        "bell": [catalog + "/Bell.imageset"],
        "linked": [catalog + "/Linked.imageset"],
        "home": [catalog + "/Plain/home.colorset"],
        "tabs/home": [catalog + "/Tabs/Home.imageset"],
      ])
    #expect(SymbolJob.catalogAssets(in: folder.path("missing.xcassets")) == [:])
  }
}

/// A small deterministic generator (SplitMix64) for the random keys above.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
