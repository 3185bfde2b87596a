import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The resolved options of one icon: everything that decides what its outputs look like, from
/// the command's flags (`assets`) or the project's defaults and rules (`build`), in one value.
/// Renders, plans, group keys and fingerprints all read it; the fingerprint is derived from it
/// (`fingerprintText`), never written field by field. Sizes in pt (dp for Android).
public struct IconOptions: Codable, Hashable, Sendable {
  /// Role of the icon (default `tab-bar`).
  public var role: Role = .tabBar
  /// Replaces the role's target size, in pt; for Android, the icon size in dp (default 24).
  public var size: Double? = nil
  /// Forces a shape instead of the one found from the ink.
  public var shape: GlyphShape? = nil
  /// Scales written, e.g. [1, 2, 3] for @1x, @2x, @3x.
  public var scales: [Int] = [1, 2, 3]
  /// Also writes `NAME-compact.imageset` at the compact tab bar size.
  public var compact = false
  /// Template (`true`) or original (`false`) images; `nil`: the role's default.
  public var template: Bool? = nil
  /// Padding in pt added around the glyph.
  public var padding: Double = 0
  /// What Android drawables are, by the registry's Android name (`OutputFormats`, a format
  /// with an `.android` choice; `--android-format`, `android.format`): `png` (the density
  /// PNGs, the default), `vector` (one VectorDrawable, `OutputFormats.vectorDrawable`), or
  /// `auto` (`OutputFormatIndex.androidAuto`: the VectorDrawable where the artwork allows,
  /// else the PNGs with a warning); one of `ProjectConfig.androidFormats`. `png` unless
  /// Android is among `platforms` (see `normalised`). In fingerprints as `android=`.
  public var androidFormat: String = "png"
  /// The lowest Android API level a VectorDrawable must work on (`--min-sdk`); `nil` when no
  /// VectorDrawable is written (see `normalised`), which reads as the default, 21.
  public var minSdk: Int? = nil
  /// What an iOS image set's files are, by the registry's catalog name (`OutputFormats`, a
  /// format with a `.catalog` choice; `assets --format`, `ios.format`, the per-icon
  /// `format`): `png` (one file per scale, the default), or `pdf` / `svg` (one vector file
  /// per appearance, no scale, `preserves-vector-representation`). `png` unless iOS is among
  /// `platforms` (see `normalised`). In fingerprints as `format=` when not `png`.
  public var catalogFormat: String = "png"
  /// The platforms the icon is written for, in output order.
  public var platforms: [AssetPlatform] = AssetPlatform.defaults

  /// Defaults: tab-bar role, @1x @2x @3x, no compact, role's template default, iOS only.
  public init() {}

  /// The lowest Android API level written for when none is given: 21, the first with
  /// VectorDrawable.
  public static let defaultMinSdk = 21

  /// Whether the images keep their colours (and so may have dark variants).
  public var keepsColour: Bool { !(template ?? role.isTemplateByDefault) }

  /// Whether any platform writes PNGs with these options: web always, iOS image sets with
  /// `catalogFormat` `png`, Android with `androidFormat` `png` or `auto` (its fallback);
  /// summaries count PNG files only then (`AssetsBatch.fileCounts`).
  package var writesPNG: Bool {
    platforms.contains(.web) || (platforms.contains(.ios) && catalogFormat == "png")
      || (platforms.contains(.android) && ["png", "auto"].contains(androidFormat))
  }

  /// These options with what cannot change any output set to its neutral value: without a
  /// VectorDrawable (no Android, or PNG drawables) the Android format is `png` and `minSdk`
  /// is `nil`; with one, `minSdk` is given (21 unless set); without iOS the catalog format
  /// is `png`. Equal normalised values write
  /// equal outputs, so plans, group keys and fingerprints use this form.
  public var normalised: IconOptions {
    var result = self
    if !platforms.contains(.android) { result.androidFormat = "png" }
    if !platforms.contains(.ios) { result.catalogFormat = "png" }
    result.minSdk = result.androidFormat == "png" ? nil : (minSdk ?? Self.defaultMinSdk)
    return result
  }

  // MARK: - Fingerprint

  /// How many of the first fields are always in `fingerprintText` (the fields of version 1
  /// fingerprints); every later field but `platforms` appears only when it differs from its
  /// default, so outputs written before it existed stay up to date.
  static let alwaysWrittenFields = 7

  /// The field written on a line of its own, last (as version 1 fingerprints have it).
  static let ownLineField = "platforms"

  /// Labels that differ from the property's name (version 1 fingerprints wrote them so).
  static let fingerprintLabels = ["androidFormat": "android", "catalogFormat": "format"]

  /// The text every fingerprint of these options starts from, derived from the stored
  /// properties of `normalised` in declaration order (`Mirror`): `label=value` joined by `;`,
  /// then `platforms=[...]` on its own line. Values: `nil` is `-`, a `RawRepresentable` its
  /// raw value, a list its elements so converted, anything else its description; e.g.
  /// `role=tab-bar;size=-;shape=-;scales=[1, 2, 3];compact=false;template=-;padding=0.0`
  /// and `platforms=["ios"]`.
  public var fingerprintText: String {
    let value = normalised
    let defaults = Mirror(reflecting: IconOptions()).children.map { Self.text($0.value) }
    var fields: [String] = []
    var ownLine = ""
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
      guard let name = child.label else { continue }
      let text = Self.text(child.value)
      let field = (Self.fingerprintLabels[name] ?? name) + "=" + text
      if name == Self.ownLineField {
        ownLine = field
      } else if index < Self.alwaysWrittenFields || text != defaults[index] {
        fields.append(field)
      }
    }
    return fields.joined(separator: ";") + "\n" + ownLine
  }

  /// One field's value as `fingerprintText` writes it.
  static func text(_ value: Any) -> String {
    String(describing: plain(value))
  }

  /// `value` unwrapped: `nil` as `-`, a raw-representable value as its raw value, a list
  /// element by element (so a list of platforms reads `["ios"]` and of scales `[1, 2, 3]`).
  private static func plain(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "-" }
      return plain(wrapped)
    }
    if let raw = value as? any RawRepresentable { return raw.rawValue }
    if let list = value as? [Any] { return list.map(plain) }
    return value
  }
}
