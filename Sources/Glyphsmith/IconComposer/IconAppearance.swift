import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The appearances an Icon Composer icon is shown in on iOS 26 and macOS 26: light (the
/// default), dark, tinted (one user-chosen colour) and clear (frosted glass). An `icon.json`
/// specializes properties for `dark` and `tinted`; clear has no specializations of its own
/// and is drawn from the tinted ones (Icon Composer's "mono" values).
package enum IconAppearance: String, CaseIterable, Sendable, Codable {
  /// Light: the document as written.
  case light
  /// Dark: the `dark` specializations, on a dark background.
  case dark
  /// Tinted: the `tinted` specializations, in one tint colour by luminance.
  case tinted
  /// Clear: the `tinted` specializations, as frosted white glass by luminance.
  case clear

  /// The appearance whose specializations apply.
  package var documentAppearance: IconComposerDocument.Appearance {
    switch self {
    case .light: return .light
    case .dark: return .dark
    case .tinted, .clear: return .tinted
    }
  }

  /// The name as a picture's label writes it (`Light`).
  package var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
