import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `IconBundleJob` writes into an Icon Composer `.icon` bundle besides the foreground
/// layer (`glyphsmith appicon FOREGROUND --format icon -o OUT/NAME.icon`, issue 35).
public struct IconBundleOptions: Sendable, Equatable {
  /// The icon's background.
  public enum Background: Sendable, Equatable {
    /// A solid, opaque colour (`--background COLOR`).
    case color(RGBA8)
    /// Art drawn as the back layer, in a group of its own behind the foreground
    /// (`--background FILE`, an SVG or PNG).
    case file(String)
  }

  /// `--background`; `nil` leaves Icon Composer's `automatic` gradient.
  public var background: Background? = nil
  /// `--dark-background COLOR`: the dark appearance's fill (a `fill-specializations` entry
  /// for `dark`, beside `background`'s or the automatic fill); `nil` leaves dark to Icon
  /// Composer.
  public var darkBackground: RGBA8? = nil
  /// The groups' and layers' Icon Composer properties (the `appicon` block of
  /// `glyphsmith.json`); empty: Icon Composer's defaults.
  public var properties = IconBundleProperties()
  /// Where `properties` were given (the project file), for messages.
  public var propertiesSource = ""
  /// `--dark ICON`: the foreground's file for the dark appearance (an `image-name`
  /// specialization).
  public var darkPath: String? = nil
  /// `--tinted ICON`: the foreground's file for the tinted (and clear) appearance: a layer of
  /// its own right behind the foreground, shown only in tinted, the foreground hidden there
  /// (`IconBundleJob.document`); `nil` leaves tinted to Icon Composer (from the layers).
  public var tintedPath: String? = nil
  /// `--layers-from-groups`: the foreground SVG's top-level `<g id>` groups become the
  /// layers, one file `ID.svg` each (`SVGGroupSplitter`), the last group drawn in front; a
  /// group with the id `background` (any case) is the background file when `background` is
  /// not given.
  public var layersFromGroups = false
  /// `--layer FILE`, in order: more layers in the foreground's group, behind it.
  public var layerPaths: [String] = []
  /// `--fallback CATALOG.xcassets`: also write the flat app icon set for iOS 18 and earlier
  /// into that catalog, drawn from the bundle's layers (`IconBundleFallback`); `nil` writes
  /// none.
  public var fallbackCatalog: String? = nil
  /// `--fallback-name NAME`: the flat set's asset name; `nil`: the bundle's name with
  /// `-Fallback` (`AppIcon.icon` -> `AppIcon-Fallback.appiconset`). Never the bundle's own
  /// name: actool (Xcode 26.3) drops a flat set of that name.
  public var fallbackName: String? = nil
  /// `--force`: replace an existing bundle Glyphsmith did not write (whole), and a flat
  /// fallback set it did not make; else the run fails naming it, before anything is written.
  public var force = false

  /// Whether `background` is a colour (`--dark-background` needs one beside it).
  public var hasBackgroundColor: Bool {
    if case .color? = background { return true }
    return false
  }

  /// Default options: the foreground alone on the automatic background.
  public init() {}
}
