import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith badge`'s work: a `Badge` alone or composited on an icon file, written as a PNG.
public struct BadgeJob: Sendable, Equatable {
  /// The badge to draw.
  public var badge: Badge
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// px per pt.
  public var scale: Double
  /// An icon to put the badge on: a `.png` as it is, an `.svg` drawn at the tab bar size at
  /// `scale`.
  public var icon: String?
  /// Right-to-left layout: the badge at the icon box's top-leading corner (with `icon` only).
  public var rightToLeft: Bool

  /// A job; nothing runs until `run`.
  public init(badge: Badge, output: String, scale: Double, icon: String?, rightToLeft: Bool) {
    self.badge = badge
    self.output = output
    self.scale = scale
    self.icon = icon
    self.rightToLeft = rightToLeft
  }

  /// Draws and writes the badge.
  /// - Throws: a `GlyphsmithError` naming the icon (`-` without one).
  public func run() throws {
    do {
      let image: RGBAImage
      if let icon {
        image = try badge.composite(
          on: try Self.rasterIcon(icon, scale: scale), scale: scale, rightToLeft: rightToLeft)
      } else {
        image = try badge.render(scale: scale)
      }
      try AtomicFile.write(try PNGCodec.encode(image), toPath: output)
    } catch {
      if let icon, !(error is GlyphsmithError || error is RenderError) {
        throw GlyphsmithError.wrap(error, path: icon)
      }
      throw GlyphsmithError.wrap(error, output: output, command: "glyphsmith badge")
    }
  }

  /// Loads the icon as pixels at `scale`: a PNG as it is (already at the scale); an SVG as a
  /// tab bar glyph at that scale (role `tab-bar`: ink fitted by shape to the HIG size, 25 pt
  /// for a circle, at most 31 x 28 pt), its own colours kept.
  static func rasterIcon(_ path: String, scale: Double) throws -> RGBAImage {
    let artwork = try Artwork(path: path)
    switch artwork.source {
    case .raster(let image): return image
    case .svg:
      var options = RenderOptions()
      options.role = .tabBar
      options.scale = scale
      options.template = false
      return try GlyphRenderer.render(artwork, options: options).image
    }
  }
}
