import Foundation
import Glyphsmith

/// A tiny icon library, the code under test in docs/testing.md's examples.
public enum MyIcons {
  /// A stroked "inbox" tray, 24 x 24 units, drawn for this example.
  public static let inboxSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
      stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
      <path d="M3 13h5l2 3h4l2-3h5"/><path d="M5 5h14l2 8v6H3v-6z"/>
    </svg>
    """

  /// The inbox as a tab bar template glyph at `scale` (1, 2, 3): straight RGBA8 pixels.
  /// - Throws: what `Artwork` and `GlyphRenderer` throw.
  public static func inboxTab(scale: Double) throws -> RGBAImage {
    let artwork = try Artwork(data: Data(inboxSVG.utf8), path: "inbox.svg", baseDirectory: nil)
    var options = RenderOptions()
    options.role = .tabBar
    options.scale = scale
    return try GlyphRenderer.render(artwork, options: options).image
  }

  /// The inbox drawn plainly into a `side` x `side` px square: its viewBox fitted, aspect
  /// kept, centred, original colours (docs/testing.md, "Rendering an SVG into an
  /// RGBAImage").
  /// - Throws: what `Artwork` and `GlyphRenderer` throw.
  public static func inboxPixels(side: Int) throws -> RGBAImage {
    let artwork = try Artwork(data: Data(inboxSVG.utf8), path: "inbox.svg", baseDirectory: nil)
    var options = RenderOptions()  // the plain role: the artwork's canvas, as drawn
    options.widthPx = side
    options.heightPx = side
    let rendered = try GlyphRenderer.render(artwork, options: options)
    return rendered.image  // rendered.diagnostics: dropped references, upscaling
  }

  /// The unread badge for `count` at `scale` (red oval, "99+" above 99).
  /// - Throws: what `Badge.render` throws.
  public static func renderBadge(_ count: Int = 7, scale: Double = 2) throws -> RGBAImage {
    try Badge(String(count)).render(scale: scale)
  }
}
