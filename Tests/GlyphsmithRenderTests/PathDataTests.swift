import Testing

@testable import GlyphsmithRender

@Suite("Path data: zero-length subpaths found, the rest kept")
struct PathDataTests {
  @Test func zeroLengthSubpathsBecomeAnEpsilonSegment() {
    #expect(
      PathData.squareCapFix("M1 1h4M10 10zm2 2l1 1", epsilon: 0.5)
        == "M1 1h4M10 10h0.5M10 10m2 2l1 1")
    // After a close, a drawing command starts a new subpath at the same start point.
    #expect(PathData.squareCapFix("M3 3h2zl0 0", epsilon: 0.25) == "M3 3h2zM3 3h0.25M3 3")
    #expect(PathData.squareCapFix("M1 2 3 4", epsilon: 1) == nil)
  }

  @Test func arcsFlagsAndExponentsParse() {
    #expect(PathData.squareCapFix("M1 1a1 1 0 01 2 2", epsilon: 0.5) == nil)
    #expect(PathData.squareCapFix("M1e1 1E1a1 1 0 0 0 0 0", epsilon: 0.5) == "M10 10h0.5M10 10")
    #expect(PathData.parse("M1 1a1 1 0 01 2 2")?.count == 2)
  }

  @Test func malformedDataIsLeftAlone() {
    #expect(PathData.squareCapFix("M1 1 L", epsilon: 0.5) == nil)
    #expect(PathData.squareCapFix("10 10", epsilon: 0.5) == nil)
    #expect(PathData.squareCapFix("M1 1 x2", epsilon: 0.5) == nil)
  }
}
