import Foundation
import Glyphsmith

/// `glyphsmith appicon ICON -o CATALOG.xcassets ...`: an `.appiconset` from one artwork.
enum AppIconCommand: Subcommand {
  static let name = "appicon"
  static let summary = "write an .appiconset (1024 px universal icon, dark, tinted, legacy sizes)"
  static let help = """
    usage: glyphsmith appicon ICON -o CATALOG.xcassets [--name AppIcon] [--background COLOR]
                              [--dark ICON] [--tinted ICON] [--legacy] [--allow-upscale]

    Writes CATALOG.xcassets/NAME.appiconset with the single 1024x1024 px universal iOS entry
    (as Xcode 15 and later write it), replacing that folder atomically; creates the catalog
    and its Contents.json when missing. ICON is an .svg or .png file (square, 1024 px or
    larger for PNG). The icon is flattened onto an opaque background and written as an RGB
    PNG without alpha (the App Store rejects alpha); a transparent corner gives a warning.
    The written catalog is then validated (see 'glyphsmith help validate').

    options:
      -o, --output CATALOG  the .xcassets folder to write into (required)
      --name NAME           the asset name (default AppIcon)
      --background COLOR    opaque #RRGGBB under the icon (default #FFFFFF)
      --dark ICON           artwork for the dark appearance (alpha kept)
      --tinted ICON         artwork for the tinted appearance (alpha kept)
      --legacy              also write the iPhone, iPad and ios-marketing size list of
                            Xcode 13 and earlier (18 PNGs, px = size x scale)
      --allow-upscale       accept a PNG that must be enlarged more than 2x to fill the
                            1024 px icon (refused by default: it would be blurred)

    Exit: 0 written and valid, 1 written but the validator has findings, 2 an input could
    not be read or rendered, or the catalog could not be written.
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("name"), .value("background"), .value("dark"),
    .value("tinted"), .flag("legacy"), .flag("allow-upscale"), .flag("help"),
  ]

  struct Options: Equatable {
    var input: String
    var catalog: String
    var appIcon: AppIconOptions
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    let input = try CommonOptions.single(
      parsed, missing: "ICON (an .svg or .png file)", name: "ICON")
    let catalog = try CommonOptions.output(parsed, "CATALOG.xcassets")
    guard catalog != "-" else {
      throw UsageError(message: "-o needs a CATALOG.xcassets folder, not stdout")
    }
    var appIcon = AppIconOptions()
    if let name = parsed.value("name") {
      guard !name.isEmpty, !name.contains("/"), !name.contains(".") else {
        throw UsageError(message: "--name needs an asset name without '/' or '.', got '\(name)'")
      }
      appIcon.name = name
    }
    if let background = try CommonOptions.color(parsed.value("background"), option: "background") {
      guard background.a == 255 else {
        throw UsageError(
          message: "--background must be opaque (the App Store rejects alpha); use #RRGGBB")
      }
      appIcon.background = background
    }
    appIcon.darkPath = parsed.value("dark")
    appIcon.tintedPath = parsed.value("tinted")
    appIcon.legacy = parsed.has("legacy")
    appIcon.allowUpscale = parsed.has("allow-upscale")
    return Options(input: input, catalog: catalog, appIcon: appIcon)
  }

  static func run(_ options: Options) throws -> FailureCategory? {
    let result: AppIconResult
    do {
      result = try AppIconJob.run(
        iconPath: options.input, catalogPath: options.catalog, options: options.appIcon)
    } catch {
      throw GlyphsmithError.wrap(error, path: options.input)
    }
    result.diagnostics.forEach(Terminal.error)
    return result.outcome
  }
}
