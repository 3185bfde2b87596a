import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One asset `assets` produces: an input file, its name, its catalog group and its dark
/// variant.
package struct AssetInput: Equatable, Sendable {
  /// The input path.
  package var path: String
  /// The asset name: file name without extension, NFC (`AssetName`).
  package var name: String
  /// Catalog group folders, outermost first (the input's sub-folders).
  package var groups: [String]
  /// `NAME-dark.svg` (or `.png`) beside the input, for original-colour roles.
  package var darkPath: String?
  /// The Android resource name (`AndroidDrawables.resourceName`).
  package var androidName: String

  /// An input with no group and no dark variant.
  package init(path: String, name: String, groups: [String] = [], darkPath: String? = nil) {
    self.path = path
    self.name = name
    self.groups = groups
    self.darkPath = darkPath
    self.androidName = AndroidDrawables.resourceName(name)
  }
}
