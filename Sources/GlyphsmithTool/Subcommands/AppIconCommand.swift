import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith appicon ICON -o CATALOG.xcassets ...`: an `.appiconset` from one artwork.
enum AppIconCommand: Subcommand {
  static let name = AppIconText.name
  static let summary = AppIconText.summary
  static let help = AppIconText.help

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
