import Foundation

/// An `.imageset`'s `Contents.json` (Apple "Asset Catalog Format Reference", Image Set Type).
package struct ImageSetContents: Codable, Equatable, Sendable {
  /// One slot: a file for an (idiom, scale, appearance).
  package struct Image: Codable, Equatable, Sendable {
    /// The file name inside the imageset folder.
    package var filename: String
    /// `universal`, `iphone`, `ipad`, ...
    package var idiom: String
    /// `1x`, `2x` or `3x`.
    package var scale: String
    /// Appearance variants (`luminosity` / `dark`); absent for "Any".
    package var appearances: [Appearance]?

    /// An entry for `filename` at `scale` (`"2x"`), universal idiom by default.
    package init(
      filename: String, idiom: String = "universal", scale: String, appearances: [Appearance]? = nil
    ) {
      self.filename = filename
      self.idiom = idiom
      self.scale = scale
      self.appearances = appearances
    }
  }

  /// An appearance condition, e.g. `{"appearance": "luminosity", "value": "dark"}`.
  package struct Appearance: Codable, Equatable, Sendable {
    /// The trait: `luminosity` (light or dark) or `contrast`.
    package var appearance: String
    /// The trait value, e.g. `dark`.
    package var value: String
  }

  /// `{"author": "xcode", "version": 1}`.
  package struct Info: Codable, Equatable, Sendable {
    /// Always `xcode`.
    package var author = "xcode"
    /// Always 1.
    package var version = 1
  }

  /// `template-rendering-intent`: `template` or `original`.
  package struct Properties: Codable, Equatable, Sendable {
    /// `template` or `original`; absent means Xcode's "Default".
    package var templateRenderingIntent: String?
    enum CodingKeys: String, CodingKey {
      case templateRenderingIntent = "template-rendering-intent"
    }
  }

  /// The slots, in the order Xcode lists them (by scale, Any before Dark).
  package var images: [Image]
  /// `{"author" : "xcode", "version" : 1}`.
  package var info = Info()
  /// The template rendering intent.
  package var properties: Properties?

  /// Contents for `images`, rendered as templates (`template-rendering-intent: template`) or
  /// originals.
  package init(images: [Image], template: Bool) {
    self.images = images
    self.properties = Properties(templateRenderingIntent: template ? "template" : "original")
  }

  /// The JSON text exactly as Xcode writes it: two-space indent, `"key" : value`, keys sorted,
  /// a final newline.
  package func xcodeJSON() throws -> Data {
    try XcodeJSON.encode(self)
  }
}
