import Foundation
import Glyphsmith
import GlyphsmithRender
import Testing

// Shared by the fidelity rule tests (issue 38): each renders a document of its own, written
// from the SVG 2 rule, and compares it pixel for pixel with the drawing the rule asks for,
// written without the feature.

/// `source` rendered at `scale`, as `glyphsmith render` draws it.
func renderFidelity(_ source: String, scale: Double = 1) throws -> RGBAImage {
  let artwork = try Artwork(data: Data(source.utf8), path: "icon.svg", baseDirectory: nil)
  var options = RenderOptions()
  options.scale = scale
  return try GlyphRenderer.render(artwork, options: options).image
}

/// The normalisations the canonical read applied to `source`.
func fidelityFixes(_ source: String) throws -> [String] {
  let artwork = try Artwork(data: Data(source.utf8), path: "icon.svg", baseDirectory: nil)
  guard case .svg(let document) = artwork.source else { return ["not an SVG"] }
  return document.normalizations
}

/// A 40 x 40 px document with `body` inside.
func fidelityDocument(_ body: String, size: Int = 40) -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
  width="\(size)" height="\(size)">\(body)</svg>
  """
}

/// How many pixels of `a` and `b` differ (images of different sizes: all of them).
func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
  guard a.width == b.width, a.height == b.height else { return max(1, a.width * a.height) }
  var count = 0
  for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
  return count
}

/// Expects `body` to be rewritten by `rule` and to draw exactly what `expected` draws (at @1x
/// and @3x), and `expected` to be left alone.
func expectDrawsLike(
  _ body: String, _ expected: String, rule: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let source = fidelityDocument(body)
  let reference = fidelityDocument(expected)
  #expect(try fidelityFixes(source).contains(rule), sourceLocation: sourceLocation)
  #expect(try !fidelityFixes(reference).contains(rule), sourceLocation: sourceLocation)
  for scale in [1.0, 3.0] {
    let drawn = try renderFidelity(source, scale: scale)
    let wanted = try renderFidelity(reference, scale: scale)
    #expect(differingPixels(drawn, wanted) == 0, sourceLocation: sourceLocation)
  }
}

func fidelityAlphaSum(_ image: RGBAImage) -> Int {
  var sum = 0
  for y in 0..<image.height { for x in 0..<image.width { sum += Int(image[x, y].a) } }
  return sum
}
