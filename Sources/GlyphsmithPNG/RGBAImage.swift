/// A decoded or rendered image in Glyphsmith's one pixel form: straight (non-premultiplied)
/// RGBA, 8 bits a sample, row-major, top row first, no row padding (`width * 4` bytes a row).
///
/// Every part of Glyphsmith hands pixels around in this form; Cairo's premultiplied,
/// native-endian ARGB32 is converted to it in exactly one place (`PixelConversion`).
public struct RGBAImage: Sendable, Equatable {
  /// Width in px.
  public let width: Int
  /// Height in px.
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel, straight alpha.
  public var pixels: [UInt8]

  /// Wraps `pixels` (`width * height * 4` bytes, straight RGBA8, row-major).
  /// - Precondition: the byte count matches the size.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A `width` x `height` px image filled with one straight RGBA8 colour (transparent by default).
  public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
    self.width = width
    self.height = height
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    if fill != .transparent {
      for i in stride(from: 0, to: bytes.count, by: 4) {
        bytes[i] = fill.r
        bytes[i + 1] = fill.g
        bytes[i + 2] = fill.b
        bytes[i + 3] = fill.a
      }
    }
    self.pixels = bytes
  }

  /// The pixel at column `x`, row `y` (px from the top-left corner).
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      let i = (y * width + x) * 4
      return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    set {
      let i = (y * width + x) * 4
      pixels[i] = newValue.r
      pixels[i + 1] = newValue.g
      pixels[i + 2] = newValue.b
      pixels[i + 3] = newValue.a
    }
  }
}

/// One straight-alpha sRGB pixel, 8 bits a channel.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
  /// Red, green, blue, alpha (0-255, alpha straight, not premultiplied).
  public var r, g, b, a: UInt8

  /// A pixel from its four 8-bit channels (straight alpha).
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Fully transparent black.
  public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
  /// Opaque black.
  public static let black = RGBA8(r: 0, g: 0, b: 0)
  /// Opaque white.
  public static let white = RGBA8(r: 255, g: 255, b: 255)

  /// `#RRGGBBAA`, upper case.
  public var description: String {
    let digits = Array("0123456789ABCDEF")
    return "#" + String([r, g, b, a].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
  }
}
