/// A size in px or pt, as the context says.
public struct Size: Sendable, Equatable, CustomStringConvertible {
  /// Width, in the caller's unit.
  public var width: Double
  /// Height, in the caller's unit.
  public var height: Double
  /// A size; units are those of the caller (px or pt).
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  /// `25x28`, up to three decimals.
  public var description: String { "\(width.compact)x\(height.compact)" }
}

/// An axis-aligned rectangle; units are those of the caller (px, pt or SVG canvas units).
public struct Rect: Sendable, Equatable, CustomStringConvertible {
  /// Left edge.
  public var x: Double
  /// Top edge (y grows downwards).
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double
  /// A rectangle from its top-left corner and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  /// Right edge, `x + width`.
  public var maxX: Double { x + width }
  /// Bottom edge, `y + height`.
  public var maxY: Double { y + height }
  /// `x,y,WxH`, up to three decimals.
  public var description: String {
    "\(x.compact),\(y.compact),\(width.compact)x\(height.compact)"
  }
}

/// Where artwork lands on an output surface: the artwork's canvas point (u, v), in its own
/// units (SVG user units of the intrinsic canvas, or source px for a raster), is drawn at
/// px (`offsetX + scale * u`, `offsetY + scale * v`).
package struct Placement: Sendable, Equatable {
  /// Output px per artwork canvas unit.
  package var scale: Double
  /// Output px of the artwork canvas's origin, horizontally.
  package var offsetX: Double
  /// Output px of the artwork canvas's origin, vertically.
  package var offsetY: Double
  /// A placement from its scale and the px position of the artwork's origin.
  package init(scale: Double, offsetX: Double, offsetY: Double) {
    self.scale = scale
    self.offsetX = offsetX
    self.offsetY = offsetY
  }
}

extension Double {
  /// Up to three decimals, trailing zeros dropped: 25, 12.5, 0.333.
  var compact: String {
    let rounded = (self * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(cFormat: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
