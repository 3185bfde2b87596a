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
    .value("tinted"), .flag("legacy"), .flag("allow-upscale"), .value("padding"),
    .value("foreground"), .value("preview"), .flag("help"),
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
      appIcon.backgroundChosen = true
    }
    appIcon.foreground = try CommonOptions.color(parsed.value("foreground"), option: "foreground")
    if let padding = parsed.value("padding") {
      appIcon.padding = try paddingFraction(padding)
    }
    appIcon.previewPath = parsed.value("preview")
    appIcon.darkPath = parsed.value("dark")
    appIcon.tintedPath = parsed.value("tinted")
    appIcon.legacy = parsed.has("legacy")
    appIcon.allowUpscale = parsed.has("allow-upscale")
    return Options(input: input, catalog: catalog, appIcon: appIcon)
  }

  /// `--padding PT|PERCENT`: pt of the 1024 pt icon (`100`) or a percentage of its side
  /// (`10%`), as a fraction of the side, under one half.
  static func paddingFraction(_ text: String) throws -> Double {
    let isPercent = text.hasSuffix("%")
    let number = Double(isPercent ? String(text.dropLast()) : text)
    let fraction = number.map { isPercent ? $0 / 100 : $0 / Double(AppIconJob.marketingSide) }
    guard let fraction, fraction.isFinite, fraction >= 0, fraction < 0.5 else {
      throw UsageError(
        message:
          "--padding needs pt of the 1024 pt icon (e.g. 100) or a percentage of its side under 50% (e.g. 10%), got '\(text)'"
      )
    }
    return fraction
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
