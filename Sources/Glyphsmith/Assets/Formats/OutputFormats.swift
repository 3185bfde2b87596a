import Foundation

/// The registry of the file formats `assets` writes: one line per format. Planned files name
/// their format (`PlannedAssetFile.format`), the plan prints its name, the up-to-date check
/// and the encoding are the format's own, and a file any of them reads a fingerprint from is
/// Glyphsmith's (`AssetsJob.removeReplaced`).
package enum OutputFormats {
  /// PNG (`PNGFormat`).
  package static let png = PNGFormat()
  /// Android VectorDrawable (`VectorDrawableFormat`).
  package static let vectorDrawable = VectorDrawableFormat()
  /// ICO packed from PNGs (`ICOFormat`).
  package static let ico = ICOFormat()

  /// Every registered format, names unique.
  package static let all: [any OutputFormat] = [png, vectorDrawable, ico]

  /// The format called `name`, else `nil`.
  package static func named(_ name: String) -> (any OutputFormat)? {
    all.first { $0.name == name }
  }

  /// Whether `data` is a file Glyphsmith wrote in any registered format (it carries a
  /// fingerprint).
  package static func carriesFingerprint(_ data: Data) -> Bool {
    all.contains { $0.fingerprint(in: data) != nil }
  }
}
