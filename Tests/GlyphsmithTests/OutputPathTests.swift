import Foundation
import Testing

@testable import Glyphsmith

/// `OutputManifest.normalised`, asked for every output of a run, and the packing of a
/// worker's written hashes into its reply (issue 34).
@Suite("output paths")
struct OutputPathTests {
  @Test(
    "runs of slashes collapse and trailing slashes go, the root stays",
    arguments: [
      ("a/b", "a/b"), ("a//b///c", "a/b/c"), ("a/b/", "a/b"), ("a//b//", "a/b"), ("/", "/"),
      ("//", "/"), ("", ""), ("./x.xcassets//bell.imageset", "./x.xcassets/bell.imageset"),
      ("é//ü/", "é/ü"), ("/abs//path", "/abs/path"),
    ])
  func normalised(path: String, expected: String) {
    #expect(OutputManifest.normalised(path) == expected)
  }

  @Test("a worker's hashes travel as one string and come back whole")
  func packedHashes() {
    let hashes = ["b/Contents.json": String(repeating: "a", count: 64), "a b/x.svg": "0f"]
    let packed = AssetsWorkerReply.packed(hashes)
    #expect(packed == "a b/x.svg\u{0}0f\u{0}b/Contents.json\u{0}" + String(repeating: "a", count: 64))
    #expect(AssetsWorkerReply.unpacked(packed) == hashes)
    #expect(AssetsWorkerReply.packed([:]) == nil)
    #expect(AssetsWorkerReply.unpacked(nil).isEmpty)
    #expect(AssetsWorkerReply.unpacked("odd\u{0}count\u{0}x").isEmpty)
  }
}

/// Issue 32's CI run: corelibs Foundation's `NSString.deletingLastPathComponent` traps
/// (SIGILL, the whole process dies) on a one-character path (`x`, `x//`); `FileName.parent`
/// gives what it gives for every other path, and these without trapping.
@Suite struct FileNameParentTests {
  @Test(arguments: [
    ("x", ""), ("x//", ""), ("a", ""), ("ab.png", ""), ("", ""), ("/", "/"), ("//", "/"),
    ("/a", "/"), ("a/b.png", "a"), ("a//b.png", "a"), ("a/b/", "a"), ("/x/y/z", "/x/y"),
    ("./x", "."), ("é/ü.png", "é"), ("caf\u{10FFE9}/b", "caf\u{10FFE9}"),
  ])
  func theFolderHoldingAPath(path: String, parent: String) {
    #expect(FileName.parent(of: path) == parent)
  }

  @Test func agreesWithNSStringWhereNSStringDoesNotTrap() {
    for path in ["ab.png", "/a", "a/b.png", "a//b.png", "a/b/", "/x/y/z", "./x", "é/ü.png", "/"] {
      #expect(FileName.parent(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
    }
  }
}
