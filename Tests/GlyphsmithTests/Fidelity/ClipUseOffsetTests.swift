import Foundation
import GlyphsmithRender
import Testing

/// Issue 38 sixth trial H1 and M2: a clipped `<use>` whose `x`/`y` carry units or percentages,
/// with a clip path of two children (converted to a mask), was clipped before its offset
/// (SVG 2 §5.6.2: the offset is a translation after the use's transform, and the clip applies
/// after it, as Chromium and rsvg-convert 2.54 draw): 181-271 px of 1,600 vs Chromium at @1x,
/// rsvg-convert 0 (100 for `em`, whose default font size differs). `ex` is librsvg's, half
/// the `em`.
@Suite("Fidelity: a clipped use's x/y with units or percentages (sixth trial H1, M2)")
struct ClipUseOffsetTests {
  static let clip =
    "<clipPath id=\"c\"><rect x=\"6\" y=\"6\" width=\"14\" height=\"14\"/>"
    + "<circle cx=\"26\" cy=\"26\" r=\"8\"/></clipPath>"
  static let green = "<rect x=\"2\" y=\"2\" width=\"12\" height=\"12\" fill=\"#008000\"/>"
  static let rect = "<rect id=\"r\" width=\"20\" height=\"20\" fill=\"#0000ff\"/>"
  static let symbol =
    "<symbol id=\"r\"><rect width=\"20\" height=\"20\" fill=\"#0000ff\"/></symbol>"

  /// The use's 20 x 20 square moved by (`dx`, `dy`) and clipped in that space: the clip's
  /// rect part (the circle meets none of it).
  static func expected(_ dx: Double, _ dy: Double, sheet: String) -> String {
    fidelityDocument(
      sheet + green
        + "<rect x=\"\(dx + 6)\" y=\"\(dy + 6)\" width=\"14\" height=\"14\" fill=\"#0000ff\"/>")
  }

  static func source(_ attributes: String, target: String, sheet: String) -> String {
    fidelityDocument(
      sheet + "<defs>" + clip + target + "</defs>" + green
        + "<use href=\"#r\" \(attributes) clip-path=\"url(#c)\"/>")
  }

  @Test(arguments: [
    ("x=\"8px\" y=\"8px\"", 8.0, 8.0),
    ("x=\"8\" y=\"8px\"", 8, 8),
    ("x=\"20%\" y=\"20%\"", 8, 8),
    ("x=\"20%\" y=\"8\"", 8, 8),
    ("x=\"6pt\" y=\"0.5PC\"", 8, 8),
    ("x=\"0.25in\" y=\"3.175mm\"", 24, 12),
    ("x=\"0.3175cm\" y=\"12.7Q\"", 12, 12),
    ("x=\"0.5em\" y=\"0.5em\" font-size=\"16\"", 8, 8),
    ("x=\"0.5em\" y=\"1ex\" style=\"font-size:16px\"", 8, 8),
    ("x=\"8px\" y=\"2\" transform=\"translate(0 6)\"", 8, 8),
    ("x=\"10%\" y=\"2\" transform=\"translate(4 6)\"", 8, 8),
  ])
  func theClipAppliesAfterTheOffset(attributes: String, dx: Double, dy: Double) throws {
    for sheet in ["", "<style>g{opacity:1}</style>", "<style>svg svg{opacity:.5}</style>"] {
      for target in [Self.rect, Self.symbol] {
        let use = target == Self.symbol ? attributes + " width=\"20\" height=\"20\"" : attributes
        let source = Self.source(use, target: target, sheet: sheet)
        let reference = Self.expected(dx, dy, sheet: sheet)
        for scale in [1.0, 3.0] {
          let drawn = try renderFidelity(source, scale: scale)
          let wanted = try renderFidelity(reference, scale: scale)
          #expect(
            differingPixels(drawn, wanted) == 0,
            "\(attributes) \(sheet) \(target == Self.symbol ? "symbol" : "rect") @\(scale)x")
        }
      }
    }
  }
}
