import FoundationEssentials
import Glibc

/// The enumerated values of asset catalog `Contents.json` slots that the validator accepts.
/// Source: Apple "Asset Catalog Format Reference" (Image Set Type, App Icon Type), plus the
/// values Xcode 15 and 16 write (`vision`, luminosity `tinted`).
package enum CatalogVocabulary {
  /// `idiom` values.
  package static let idioms: Set<String> = [
    "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision", "ios-marketing",
    "watch-marketing",
  ]
  /// `scale` values.
  package static let scales: Set<String> = ["1x", "2x", "3x"]
  /// `appearances` pairs: appearance name to its allowed values.
  package static let appearances: [String: Set<String>] = [
    "luminosity": ["light", "dark", "tinted"],
    "contrast": ["high"],
  ]
  /// Asset folder extension to the `Contents.json` key listing its files or entries; asset
  /// types not listed here are containers (brand assets, image stacks, ...) or have no
  /// entries the validator checks.
  package static let entryKeys: [String: String] = [
    "imageset": "images", "appiconset": "images", "symbolset": "symbols", "dataset": "data",
    "colorset": "colors", "launchimage": "images",
  ]

  /// Asset folder types: the extensions that make a folder in a catalog an asset (Apple
  /// "Asset Catalog Format Reference", Asset Types, and the folders Xcode 15 and 16 write). Any
  /// other folder is a group, whatever dots its name holds (`expected-v7.2.0`).
  package static let folderTypes: Set<String> = [
    "appiconset", "arimageset", "arobject", "arresourcegroup", "brandassets", "colorset",
    "complicationset", "cubetextureset", "dataset", "gcdashboardimage", "gcleaderboard",
    "gcleaderboardset", "iconset", "imageset", "imagestack", "imagestacklayer", "launchimage",
    "mipmapset", "solidimagestack", "solidimagestacklayer", "spriteatlas", "sticker",
    "stickerpack", "stickersequence", "symbolset", "textureset",
  ]

  /// The asset type of a folder named `name`: its extension when `folderTypes` holds it, else
  /// empty (a group).
  package static func folderType(_ name: String) -> String {
    // A plain name (not empty, no `/`, not starting with `.`: every name a folder listing
    // gives the catalog check) on its bytes (issue 36: `NSString.pathExtension` for every name
    // of every folder listed): its extension is what follows its last dot, as `pathExtension`
    // takes it; no dot, no extension.
    let utf8 = name.utf8
    if !utf8.isEmpty, utf8.first != UInt8(ascii: "."), !utf8.contains(UInt8(ascii: "/")) {
      guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
      let kind = String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self)
      return folderTypes.contains(kind) ? kind : ""
    }
    let kind = PathName(name).pathExtension
    return folderTypes.contains(kind) ? kind : ""
  }

  /// The family an asset's name lives in at run time: image sets and symbol sets share
  /// `UIImage(named:)`, every other type has its own.
  package static func nameFamily(_ kind: String) -> String {
    kind == "imageset" || kind == "symbolset" ? "image" : kind
  }
}
