import FoundationEssentials
import Glibc

/// What semi-transparent pixels are blended over before their colours are compared.
///
/// Source: `docs/formats.md`, pixelmatch section.
public enum PixelmatchBlend: String, Sendable, Codable, CaseIterable {
  /// pixelmatch 7.2's default: a pseudo-checkerboard that depends on the pixel's byte offset `k`
  /// (r = 48 + 159 (k mod 2), g = 48 + 159 (floor(k / phi) mod 2), b = 48 + 159 (floor(k / phi^2)
  /// mod 2)). Catches a transparent background turned white.
  case checkerboard
  /// pixelmatch 5.x/6.x: each pixel blended over white on its own.
  case white
}

/// An opaque colour drawn into diff images, 8 bits a channel. Encodes as `[r, g, b]`.
public struct DiffColor: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Red, green, blue (0-255).
  public var r, g, b: UInt8

  /// A colour from its three channels (0-255).
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Parses a colour as `ColorParser` does (`R,G,B`, `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS
  /// name); alpha is dropped (diff pixels are opaque).
  /// - Throws: `CompareError.invalidOption` naming `option` when the text is not a colour.
  public init(parsing text: String, option: String) throws {
    guard let color = try? ColorParser.parse(text) else {
      throw CompareError.invalidOption(
        "\(option) needs a colour: R,G,B with each 0-255 (such as 255,0,0), #RRGGBB or a CSS name, got '\(text)'"
      )
    }
    self.init(color.r, color.g, color.b)
  }

  /// `r,g,b`, the form `--diff-color` takes.
  public var description: String { "\(r),\(g),\(b)" }

  /// The colour as an opaque RGBA8 pixel word in memory order (R, G, B, A bytes).
  var word: UInt32 { PixelWord.make(r, g, b, 255) }

  /// Reads `[R, G, B]` (whole numbers 0-255), pixelmatch's JSON form.
  /// - Throws: `DecodingError` for anything else.
  public init(from decoder: Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init(
      try container.decode(UInt8.self), try container.decode(UInt8.self),
      try container.decode(UInt8.self))
  }

  /// Writes `[R, G, B]`.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(r)
    try container.encode(g)
    try container.encode(b)
  }
}

/// A rectangle, in px from the top-left corner, left out of the count and hatched in the diff.
public struct IgnoreRegion: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Left edge, top edge, width and height in px (width and height at least 1).
  public var x, y, width, height: Int

  /// A rectangle in px.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Parses `X,Y,W,H` (whole numbers; X, Y at least 0; W, H at least 1).
  /// - Throws: `CompareError.invalidOption` when the text is not four such numbers.
  public init(parsing text: String) throws {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Int($0.trimmingWhitespace())
    }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2],
      let h = parts[3], x >= 0, y >= 0, w >= 1, h >= 1
    else {
      throw CompareError.invalidOption(
        "--ignore needs X,Y,W,H in px (X, Y >= 0; W, H >= 1) such as 0,0,10,10, got '\(text)'")
    }
    self.init(x: x, y: y, width: w, height: h)
  }

  /// `x,y,w,h`, the form `--ignore` takes.
  public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// The options of a pixelmatch comparison, with pixelmatch's defaults.
///
/// Source: pixelmatch 6.0.0 / 7.2.0 options, restated in `docs/formats.md`; `blend`
/// chooses between the two generations, `ignore` is Glyphsmith's own.
public struct PixelmatchOptions: Sendable, Equatable, Codable {
  /// Matching threshold, 0-1: a pixel differs when its YIQ distance exceeds
  /// `35215 * threshold^2`. Default 0.1.
  public var threshold: Double = 0.1
  /// Count anti-aliased pixels as differences too. Default false.
  public var includeAA: Bool = false
  /// Opacity, 0-1, of the dimmed original drawn under unchanged pixels in the diff. Default 0.1.
  public var alpha: Double = 0.1
  /// Colour of anti-aliased pixels in the diff. Default yellow 255,255,0.
  public var aaColor = DiffColor(255, 255, 0)
  /// Colour of differing pixels in the diff. Default red 255,0,0.
  public var diffColor = DiffColor(255, 0, 0)
  /// Colour of differing pixels where the second image is darker; `nil` uses `diffColor`.
  public var diffColorAlt: DiffColor? = nil
  /// Draw only the differences, over transparency. Default false.
  public var diffMask: Bool = false
  /// What semi-transparent pixels are blended over. Default `.checkerboard` (pixelmatch 7.2).
  public var blend: PixelmatchBlend = .checkerboard
  /// Rectangles left out of the count and hatched in the diff (px).
  public var ignore: [IgnoreRegion] = []
  /// The per-pixel colour distance. Default `.yiq` (pixelmatch 5-7.2).
  public var metric: PixelmatchMetric = .yiq

  /// pixelmatch's defaults (threshold 0.1, checkerboard blend).
  public init() {}

  /// Colour of the hatching drawn over ignored rectangles in the diff (blue 0,128,255).
  public static let ignoreColor = DiffColor(0, 128, 255)

  /// Checks the ranges.
  /// - Throws: `CompareError.invalidOption` for a threshold or alpha outside 0-1.
  public func validate() throws {
    guard threshold.isFinite, (0...1).contains(threshold) else {
      throw CompareError.invalidOption("threshold must be between 0 and 1, got \(threshold)")
    }
    guard alpha.isFinite, (0...1).contains(alpha) else {
      throw CompareError.invalidOption("alpha must be between 0 and 1, got \(alpha)")
    }
  }

  private enum CodingKeys: String, CodingKey {
    case threshold, includeAA, alpha, aaColor, diffColor, diffColorAlt, diffMask, blend, ignore
    case metric
  }

  /// Decodes any subset of the keys; missing keys keep pixelmatch's defaults.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    threshold = try c.decodeIfPresent(Double.self, forKey: .threshold) ?? threshold
    includeAA = try c.decodeIfPresent(Bool.self, forKey: .includeAA) ?? includeAA
    alpha = try c.decodeIfPresent(Double.self, forKey: .alpha) ?? alpha
    aaColor = try c.decodeIfPresent(DiffColor.self, forKey: .aaColor) ?? aaColor
    diffColor = try c.decodeIfPresent(DiffColor.self, forKey: .diffColor) ?? diffColor
    diffColorAlt = try c.decodeIfPresent(DiffColor.self, forKey: .diffColorAlt)
    diffMask = try c.decodeIfPresent(Bool.self, forKey: .diffMask) ?? diffMask
    blend = try c.decodeIfPresent(PixelmatchBlend.self, forKey: .blend) ?? blend
    ignore = try c.decodeIfPresent([IgnoreRegion].self, forKey: .ignore) ?? ignore
    metric = try c.decodeIfPresent(PixelmatchMetric.self, forKey: .metric) ?? metric
  }

  /// Encodes every key (`diffColorAlt` as `null` when unset), so the JSON schema is stable.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(threshold, forKey: .threshold)
    try c.encode(includeAA, forKey: .includeAA)
    try c.encode(alpha, forKey: .alpha)
    try c.encode(aaColor, forKey: .aaColor)
    try c.encode(diffColor, forKey: .diffColor)
    if let diffColorAlt {
      try c.encode(diffColorAlt, forKey: .diffColorAlt)
    } else {
      try c.encodeNil(forKey: .diffColorAlt)
    }
    try c.encode(diffMask, forKey: .diffMask)
    try c.encode(blend, forKey: .blend)
    try c.encode(ignore, forKey: .ignore)
    try c.encode(metric, forKey: .metric)
  }
}

/// Packs and unpacks RGBA8 pixels as 32-bit words in memory order, for whole-pixel compares.
package enum PixelWord {
  /// The word whose bytes in memory are `r, g, b, a`.
  @inline(__always)
  package static func make(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
    (UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24).littleEndian
  }
}
