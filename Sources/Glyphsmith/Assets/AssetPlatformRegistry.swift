import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The platforms `assets` can write for: one writer per platform, in the order their outputs
/// are planned, written and listed in the report. A new platform is one file with its writer
/// (and its `AssetPlatform` constant) and one line here.
package enum AssetPlatformRegistry {
  /// The built-in writers: iOS imagesets, Android drawables, web icons.
  package static let writers: [any AssetPlatformWriter] = [
    ImageSetWriter(),
    AndroidDrawableWriter(),
    WebIconWriter(),
  ]
}
