import GlyphsmithRender
import Testing

@testable import Glyphsmith

/// Issue 37 trial LOW-13: lint's hairline finding said `at 75 % coverage (limit 75 %)`: a
/// value rounded up to its limit's number. It is printed below the limit it was flagged under.
@Suite("hairline coverage as printed")
struct HairlinePercentTests {
  @Test(arguments: [
    (0.746, 0.75, "74.6"), (0.7499, 0.75, "74.9"), (0.744, 0.75, "74"), (0.5, 0.75, "50"),
    (0.7449, 0.75, "74"),
  ])
  func printedBelowTheLimit(value: Double, limit: Double, printed: String) {
    #expect(HairlineRule.percent(value, below: limit) == printed)
  }

  /// An icon without references keeps the fingerprint it had before references were hashed
  /// (issue 37 trial HIGH-2): the same text, the same SHA-256.
  @Test func aFingerprintWithoutReferencesIsUnchanged() {
    let old = ContentHash.sha256(["prefix", "abc", "-"].joined(separator: "\n"))
    #expect(AssetsJob.fingerprint(sha256: "abc", darkSha256: nil, prefix: "prefix") == old)
    #expect(
      AssetsJob.fingerprint(sha256: "abc", darkSha256: nil, prefix: "prefix", references: [:])
        == old)
    #expect(
      AssetsJob.fingerprint(
        sha256: "abc", darkSha256: nil, prefix: "prefix",
        references: ["/icons/parts/tex.png": "f00"])
        == ContentHash.sha256("prefix\nabc\n-\ntex.png f00"))
  }
}
