import Foundation

/// What `assets --platform android` writes for an icon (`--android-format`).
public enum AndroidFormat: String, Sendable, CaseIterable, Codable {
  /// `res/drawable-<density>/NAME.png` for mdpi to xxxhdpi (the default).
  case png
  /// `res/drawable/NAME.xml`, a VectorDrawable (`VectorDrawableWriter`); an input it cannot
  /// express fails.
  case vector
  /// The VectorDrawable where the artwork allows, else the PNGs with a warning naming why.
  case auto
}
