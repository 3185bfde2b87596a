/// The three weights a custom symbol template must draw in the S row for the system to
/// interpolate the other 24 variants (Apple, "Creating custom symbol images for your app",
/// "Interpolation").
public enum SymbolWeight: String, Sendable, CaseIterable, Codable {
  /// Thinnest.
  case ultralight = "Ultralight"
  /// The weight that matches body text; the one lint and the pixel match use.
  case regular = "Regular"
  /// Heaviest.
  case black = "Black"

  /// The variant id in the template: `Ultralight-S`, `Regular-S`, `Black-S`.
  public var variantID: String { rawValue + "-S" }
}
