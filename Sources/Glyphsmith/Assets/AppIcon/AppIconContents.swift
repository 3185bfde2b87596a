import Foundation

/// An `.appiconset`'s `Contents.json` (Apple "Asset Catalog Format Reference", App Icon Type;
/// the single-size form as Xcode 15 and 16 write it).
package struct AppIconContents: Codable, Equatable, Sendable {
  /// One icon slot.
  package struct Image: Codable, Equatable, Sendable {
    /// Appearance variants (`luminosity` `dark` or `tinted`); absent for "Any".
    package var appearances: [ImageSetContents.Appearance]?
    /// The PNG inside the appiconset folder.
    package var filename: String?
    /// `universal` (single size), or `iphone`, `ipad`, `ios-marketing` (legacy list).
    package var idiom: String
    /// `ios` for the single-size universal entry; absent in the legacy list.
    package var platform: String?
    /// `1x`, `2x`, `3x`; absent for the single-size universal entry.
    package var scale: String?
    /// The size in pt, `"WxH"` (`"83.5x83.5"`); px = size x scale.
    package var size: String

    /// An entry; see the properties.
    package init(
      filename: String?, idiom: String, platform: String? = nil, scale: String? = nil,
      size: String, appearances: [ImageSetContents.Appearance]? = nil
    ) {
      self.filename = filename
      self.idiom = idiom
      self.platform = platform
      self.scale = scale
      self.size = size
      self.appearances = appearances
    }
  }

  /// The entries, in the order written.
  package var images: [Image]
  /// `{"author" : "xcode", "version" : 1}`.
  package var info = ImageSetContents.Info()

  /// Contents holding `images`.
  package init(images: [Image]) {
    self.images = images
  }

  /// The JSON text as Xcode writes it (see `XcodeJSON`).
  /// - Throws: `EncodingError` from Foundation.
  package func xcodeJSON() throws -> Data {
    try XcodeJSON.encode(self)
  }
}
