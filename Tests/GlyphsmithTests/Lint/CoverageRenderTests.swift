import Foundation
import GlyphsmithPNG
import Testing

@testable import Glyphsmith

/// `GlyphRenderer.renderCoverage`, the lint's 12 px/pt render: the same size and the same
/// alpha byte on every pixel as `GlyphRenderer.render` (straight RGBA, recoloured), for the
/// options the lint uses and for those that change the alpha (which take the full render).
@Suite struct CoverageRenderTests {
  /// Anti-aliased strokes, a translucent fill and a round cap: alpha of every value.
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path d="M3 13h5l2 3h4l2-3h5" fill="none" stroke="#c03" stroke-width="1.3"
        stroke-linecap="round"/>
      <circle cx="12" cy="7" r="4.2" fill="#08f" fill-opacity="0.45"/>
      <rect x="4.3" y="17.4" width="15.1" height="3.3" fill="green"/>
    </svg>
    """

  /// A 6 x 6 PNG of straight colour with a ramp of alpha values.
  static func raster() throws -> Artwork {
    var pixels: [UInt8] = []
    for i in 0..<36 {
      pixels += [UInt8(i * 7), 200, UInt8(255 - i * 5), i % 6 == 0 ? 0 : UInt8(i * 7 + 3)]
    }
    let data = try PNGCodec.encode(RGBAImage(width: 6, height: 6, pixels: pixels))
    return try Artwork(data: data, path: "ramp.png", baseDirectory: nil)
  }

  static func options(
    _ role: Role, scale: Double, configure: (inout RenderOptions) -> Void = { _ in }
  ) -> RenderOptions {
    var options = RenderOptions()
    options.role = role
    options.scale = scale
    options.template = true
    configure(&options)
    return options
  }

  /// The alpha bytes of `image`.
  static func alpha(_ image: RGBAImage) -> [UInt8] {
    stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
  }

  @Test(arguments: [Role.tabBar, .toolbar, .indicator, .plain])
  func svgCoverageIsTheRendersAlpha(role: Role) throws {
    let artwork = try Artwork(data: Data(Self.svg.utf8), path: "icon.svg", baseDirectory: nil)
    for compact in [false, true] {
      let options = Self.options(role, scale: Linter.hiResScale) { $0.compact = compact }
      let full = try GlyphRenderer.render(artwork, options: options).image
      let coverage = try GlyphRenderer.renderCoverage(artwork, options: options)
      #expect(coverage.width == full.width && coverage.height == full.height)
      let a = Self.alpha(coverage)
      #expect(a == Self.alpha(full), "\(role) compact \(compact)")
      // Not a trivial image: clear, partial and full coverage all occur.
      #expect(a.contains(0) && a.contains(255) && a.contains { $0 > 0 && $0 < 255 })
    }
  }

  @Test func rasterCoverageIsTheRendersAlpha() throws {
    let artwork = try Self.raster()
    for scale in [1.0, 2, 12] {
      let options = Self.options(.plain, scale: scale)
      let full = try GlyphRenderer.render(artwork, options: options).image
      let coverage = try GlyphRenderer.renderCoverage(artwork, options: options)
      #expect(coverage.width == 6 * Int(scale) && coverage.height == 6 * Int(scale))
      #expect(Self.alpha(coverage) == Self.alpha(full), "scale \(scale)")
    }
  }

  /// A tint with alpha below 255 scales the alpha and a background composites it: the full
  /// render's image is what comes back; an opaque tint keeps the alpha.
  @Test func alphaChangingOptionsTakeTheFullRender() throws {
    let artwork = try Artwork(data: Data(Self.svg.utf8), path: "icon.svg", baseDirectory: nil)
    let half = Self.options(.tabBar, scale: 3) { $0.tint = RGBA8(r: 10, g: 20, b: 30, a: 128) }
    let halfFull = try GlyphRenderer.render(artwork, options: half).image
    #expect(try GlyphRenderer.renderCoverage(artwork, options: half) == halfFull)
    // Half the tint: no pixel above 128.
    #expect(Self.alpha(halfFull).max() == 128)
    let backed = Self.options(.tabBar, scale: 3) { $0.background = RGBA8(r: 255, g: 255, b: 255) }
    let backedFull = try GlyphRenderer.render(artwork, options: backed).image
    #expect(try GlyphRenderer.renderCoverage(artwork, options: backed) == backedFull)
    #expect(Self.alpha(backedFull).allSatisfy { $0 == 255 })
    let opaque = Self.options(.tabBar, scale: 3) { $0.tint = RGBA8(r: 10, g: 20, b: 30) }
    #expect(
      Self.alpha(try GlyphRenderer.renderCoverage(artwork, options: opaque))
        == Self.alpha(try GlyphRenderer.render(artwork, options: opaque).image))
  }

  @Test func errorsAreTheRenders() throws {
    let empty = try Artwork(
      data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>"#.utf8),
      path: "empty.svg", baseDirectory: nil)
    #expect(throws: GlyphsmithError.emptyArtwork(path: "empty.svg")) {
      try GlyphRenderer.renderCoverage(empty, options: Self.options(.tabBar, scale: 12))
    }
    let artwork = try Artwork(data: Data(Self.svg.utf8), path: "icon.svg", baseDirectory: nil)
    #expect(throws: GlyphsmithError.invalidOption("sizes, scale and padding must be positive")) {
      try GlyphRenderer.renderCoverage(artwork, options: Self.options(.tabBar, scale: 0))
    }
  }
}
