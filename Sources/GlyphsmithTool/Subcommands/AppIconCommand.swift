import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith appicon ICON -o CATALOG.xcassets ...`: an `.appiconset` from one artwork.
enum AppIconCommand: DeclaredSubcommand {
  static let declaration = AppIconText.declaration

  struct Options {
    var input: String
    var catalog: String
    var appIcon: AppIconOptions
    /// `--platform android`: the adaptive launcher icon into the resource folder `catalog`.
    var android: AndroidLauncherOptions? = nil
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try declaration.parse(arguments)
    let input = try CommonOptions.single(
      parsed, missing: "ICON (an .svg or .png file)", name: "ICON")
    let platform = parsed.value("platform") ?? "ios"
    guard platform == "ios" || platform == "android" else {
      throw UsageError(message: "--platform: ios or android, got '\(platform)'")
    }
    if platform == "android" { return try parseAndroid(parsed, input: input) }
    for option in ["monochrome", "inset", "min-sdk"] where parsed.value(option) != nil {
      throw UsageError(message: "--\(option) applies with --platform android")
    }
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
    appIcon.force = parsed.has("force")
    return Options(input: input, catalog: catalog, appIcon: appIcon)
  }

  /// `--platform android`: `-o RES_DIR`, `--background COLOR|FILE`, `--monochrome FILE`,
  /// `--inset PERCENT`, `--name`, `--min-sdk`.
  static func parseAndroid(_ parsed: ParsedArguments, input: String) throws -> Options {
    let res = try CommonOptions.output(parsed, "RES_DIR")
    guard res != "-" else { throw UsageError(message: "-o needs a res folder, not stdout") }
    for option in ["dark", "tinted", "padding", "foreground", "preview"]
    where parsed.value(option) != nil {
      throw UsageError(message: "--\(option) applies to --platform ios")
    }
    if parsed.has("legacy") { throw UsageError(message: "--legacy applies to --platform ios") }
    var android = AndroidLauncherOptions()
    if let name = parsed.value("name") {
      guard AndroidDrawables.resourceName(name) == name else {
        throw UsageError(
          message:
            "--name needs an Android resource name ([a-z0-9_], a letter first), got '\(name)'")
      }
      android.name = name
    }
    if let background = parsed.value("background") {
      if let color = try? CommonOptions.color(background, option: "background") {
        android.background = .color(color)
      } else {
        android.background = .file(background)
      }
    }
    android.monochromePath = parsed.value("monochrome")
    if let inset = parsed.value("inset") {
      guard let value = Double(inset), value >= 0, value < 50 else {
        throw UsageError(message: "--inset needs a percentage from 0 to under 50, got '\(inset)'")
      }
      android.insetPercent = value
    }
    android.minSdk = try parsed.whole("min-sdk") ?? android.minSdk
    android.force = parsed.has("force")
    return Options(input: input, catalog: res, appIcon: AppIconOptions(), android: android)
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
    if let android = options.android {
      let result: AndroidLauncherResult
      do {
        result = try AndroidLauncherJob.run(
          iconPath: options.input, resPath: options.catalog, options: android)
      } catch {
        throw GlyphsmithError.wrap(error, path: options.input)
      }
      result.findings.descriptions.forEach(Terminal.error)
      return result.outcome
    }
    let result: AppIconResult
    do {
      result = try AppIconJob.run(
        iconPath: options.input, catalogPath: options.catalog, options: options.appIcon)
    } catch {
      throw GlyphsmithError.wrap(error, path: options.input)
    }
    result.lines.forEach(Terminal.error)
    return result.outcome
  }
}
