import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The shapes the system cuts an Icon Composer icon to, for the preview
/// (`IconComposerPreview`). Apple publishes none of the paths: iOS's is taken as the
/// superellipse of `AppIconMask` over the whole tile; macOS 26 draws the same shape at
/// 824 / 1024 of the tile (the macOS icon grid since macOS 11: an 824 pt shape in the 1024 pt
/// canvas) with a drop shadow; watchOS draws the circle inscribed in the tile.
package enum IconShape: String, CaseIterable, Sendable {
  /// iPhone and iPad: the rounded square over the whole tile.
  case iOS
  /// The Mac: the rounded square at 824 / 1024 of the tile, with a shadow.
  case macOS
  /// The watch: the inscribed circle.
  case watchOS

  /// The idiom whose specializations apply (`square` for iOS).
  package var idiom: IconComposerDocument.Idiom {
    switch self {
    case .iOS: return .square
    case .macOS: return .macOS
    case .watchOS: return .watchOS
    }
  }

  /// The share of the tile the shape spans.
  package var share: Double { self == .macOS ? 824.0 / 1024 : 1 }

  /// The side in px of the square the icon is drawn on in a `side` px tile (whole px), and
  /// its offset from the tile's corner (whole px: no resampling).
  package func inner(side: Int) -> (side: Int, offset: Int) {
    let inner = Int((Double(side) * share).rounded())
    return (inner, (side - inner) / 2)
  }

  /// The shape's coverage (0-255) of each px of a `side` x `side` px tile, row-major.
  /// - Throws: `RenderError` when Cairo cannot make the surface.
  package func coverage(side: Int) throws -> [UInt8] {
    switch self {
    case .iOS:
      return try AppIconMask.coverage(side: side)
    case .watchOS:
      let canvas = try Canvas(width: side, height: side)
      canvas.fillEllipse(
        in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), color: .black)
      let image = try canvas.image()
      return stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    case .macOS:
      let (inner, offset) = inner(side: side)
      let canvas = try Canvas(width: side, height: side)
      canvas.fillPolygon(
        AppIconMask.outline(side: Double(inner)).map {
          ($0.x + Double(offset), $0.y + Double(offset))
        },
        color: .black)
      let image = try canvas.image()
      return stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }
  }

  /// `icon` (the icon drawn on a square of `inner(side:).side` px: `side` for iOS and
  /// watchOS, 824 / 1024 of it for macOS) cut to the shape on a transparent `side` px tile; macOS with
  /// its drop shadow (the shape's coverage blurred by 2 % of the side, moved down 1.5 %,
  /// black at 35 %).
  /// - Throws: as `coverage(side:)`.
  package func tile(_ icon: RGBAImage, side: Int) throws -> RGBAImage {
    let mask = try coverage(side: side)
    let canvas = try Canvas(width: side, height: side)
    if self == .macOS {
      var shape = RGBAImage(width: side, height: side)
      for i in 0..<mask.count { shape.pixels[i * 4 + 3] = mask[i] }
      try canvas.composite(
        IconComposerRenderer.shadowImage(shape, kind: .neutral), blend: .normal, opacity: 0.35)
    }
    let (inner, offset) = inner(side: side)
    var placed = RGBAImage(width: side, height: side)
    if inner == side && icon.width == side {
      placed = icon
    } else {
      let scratch = try Canvas(width: side, height: side)
      try scratch.draw(
        icon,
        in: Rect(x: Double(offset), y: Double(offset), width: Double(inner), height: Double(inner)))
      placed = try scratch.image()
    }
    for i in 0..<mask.count where mask[i] < 255 {
      placed.pixels[i * 4 + 3] = UInt8((Int(placed.pixels[i * 4 + 3]) * Int(mask[i]) + 127) / 255)
    }
    try canvas.composite(placed, blend: .normal)
    return try canvas.image()
  }
}
