import Foundation

/// `glyphsmith badge`'s work: a `Badge` alone or composited on an icon file, written as a PNG.
public struct BadgeJob: Sendable, Equatable {
  /// The badge to draw.
  public var badge: Badge
  /// The PNG to write, or `-` for stdout.
  public var output: String
  /// px per pt.
  public var scale: Double
  /// An icon (`.png`, or `.svg` rendered at its intrinsic size) to put the badge on.
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
          on: try Self.rasterIcon(icon), scale: scale, rightToLeft: rightToLeft)
      } else {
        image = try badge.render(scale: scale)
      }
      try AtomicFile.write(try PNGCodec.encode(image), toPath: output)
    } catch {
      throw GlyphsmithError.wrap(error, path: icon ?? "-")
    }
  }

  /// Loads a PNG (or an SVG at its intrinsic size) as pixels.
  static func rasterIcon(_ path: String) throws -> RGBAImage {
    let artwork = try Artwork(path: path)
    switch artwork.source {
    case .raster(let image): return image
    case .svg:
      return try GlyphRenderer.render(artwork, options: RenderOptions()).image
    }
  }
}
