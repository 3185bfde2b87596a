import FoundationEssentials
import GlyphsmithCore
import Testing

@testable import GlyphsmithRender

/// Issue 36: the byte scans of every input (`Data.containsBytes`) and the fingerprint's hash
/// with its prefix's state kept (`ContentHash.sha256(prefix:rest:)`) give what the generic
/// search and the whole-text hash gave.
@Suite("byte search and prefix-kept SHA-256")
struct ByteSearchAndPrefixHashTests {
  @Test(arguments: [
    ("<svg><text x=\"1\">A</text></svg>", "<text", true),
    ("<text", "<text", true),
    ("x<text", "<text", true),
    ("<te<tex<text", "<text", true),
    ("<te<tex<tex", "<text", false),
    ("<svg class=\"lucide-file-text\"/>", "<text", false),
    ("<s:text>", ":text", true),
    ("<tex", "<text", false),
    ("", "<text", false),
    ("abc", "", true),
    ("<image href=\"a.png\"/>", "mage", true),
    ("<im age/>", "mage", false),
  ])
  func containsBytesAsFirstRange(text: String, pattern: String, found: Bool) {
    let data = Data(text.utf8)
    #expect(data.containsBytes(pattern.utf8) == found)
    #expect((data.firstRange(of: Data(pattern.utf8)) != nil || pattern.isEmpty) == found)
  }

  /// A slice (its indices not starting at 0) and raw bytes around the match (a UTF-16 mark
  /// before an ASCII `<text`, as a fuzz fixture has it).
  @Test func containsBytesInSlicesAndRawBytes() {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00] + Array("<text y=\"2\"/>".utf8) + [0x00]
    let data = Data(bytes)
    #expect(data.containsBytes("<text".utf8))
    #expect(data[4...].containsBytes("<text".utf8))
    #expect(!data[5...].containsBytes("<text".utf8))
    #expect(data[..<9].containsBytes("<text".utf8))
    #expect(!data[..<8].containsBytes("<text".utf8))
  }

  /// SHA-256 of "abc" (FIPS 180-2, appendix B.1), however split, and a prefix used again.
  @Test func prefixHashIsTheWholeTextsHash() {
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    #expect(ContentHash.sha256("abc") == abc)
    #expect(ContentHash.sha256(prefix: "a", rest: "bc") == abc)
    #expect(ContentHash.sha256(prefix: "ab", rest: "c") == abc)
    #expect(ContentHash.sha256(prefix: "", rest: "abc") == abc)
    #expect(ContentHash.sha256(prefix: "abc", rest: "") == abc)
    #expect(ContentHash.sha256(prefix: "a", rest: "bc") == abc)
    let long = String(repeating: "glyphsmith-assets-2\n", count: 100)
    for rest in ["x", "y", "", String(repeating: "z", count: 200)] {
      #expect(ContentHash.sha256(prefix: long, rest: rest) == ContentHash.sha256(long + rest))
    }
  }

  /// Past the prefixes whose state is kept, the digest is computed whole, the same.
  @Test func morePrefixesThanKeptHashAlike() {
    for i in 0..<(ContentHash.prefixStatesKept + 8) {
      let prefix = "prefix \(i)\n"
      #expect(ContentHash.sha256(prefix: prefix, rest: "abc") == ContentHash.sha256(prefix + "abc"))
    }
  }

  /// `SVGPreflight.mayHoldURL` answers as `String.contains("url(")` (by `Character`), also
  /// where the bytes hold `url(` but a combining mark joins its `(` to the next character,
  /// and on 4,000 seeded strings drawn from `url(`'s letters, marks and other text.
  @Test func mayHoldURLAnswersAsCharacterContains() {
    let known: [(String, Bool)] = [
      ("fill: url(#a)", true), ("url(", true), ("URL(#a)", false), ("ur l(", false),
      ("url(\u{301}#a)", false), ("url\u{301}(#a)", false), ("", false), ("url", false),
      ("x url( url(", true), ("u\u{0}rl(", false), ("ürl(", false), ("\u{1F600}url(", true),
    ]
    for (text, found) in known {
      #expect(SVGPreflight.mayHoldURL(text) == found, "\(text.debugDescription)")
      #expect(text.contains("url(") == found, "\(text.debugDescription)")
    }
    let pieces = ["u", "r", "l", "(", "url(", "\u{301}", "\u{308}", " ", "#", "é", "\u{1F600}", "ur"]
    var random = UInt64(0x5EED)
    func next() -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: random >> 33)
    }
    var found = 0
    for _ in 0..<4_000 {
      let text = (0..<(next() % 9)).map { _ in pieces[next() % pieces.count] }.joined()
      #expect(SVGPreflight.mayHoldURL(text) == text.contains("url("), "\(text.debugDescription)")
      if text.contains("url(") { found += 1 }
    }
    #expect(found > 100)
  }
}
