import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith appicon ICON -o CATALOG.xcassets ...`: an `.appiconset` from one artwork.
enum AppIconCommand: DeclaredSubcommand {
  /// The command declared once: `parse`, the usage and this help all come from it. The
  /// Android options are explained in the footer's own usage (no entries of their own).
  static let declaration = CommandDeclaration(
    name: "appicon",
    summary: "write an .appiconset (1024 px universal icon, dark, tinted, legacy sizes)",
    synopsis: """
      ICON -o CATALOG.xcassets [--name AppIcon] [--background COLOR]
      [--dark ICON] [--tinted ICON] [--legacy] [--allow-upscale]
      [--padding PT|PERCENT] [--foreground COLOR] [--preview FILE] [--force]
      [--max-pixels N] [--max-use N] [--max-text N]
      [--max-ref-depth N] [--max-filters N] [--max-kernel N]
      """,
    discussion: """
      Writes CATALOG.xcassets/NAME.appiconset with the single 1024x1024 px universal iOS entry
      (as Xcode 15 and later write it), replacing that folder atomically; creates the catalog
      and its Contents.json when missing. ICON is an .svg or .png file (square, 1024 px or
      larger for PNG). The icon is flattened onto an opaque background and written as an RGB
      PNG without alpha (the App Store rejects alpha); a transparent corner gives a warning
      unless --background is given. Warnings also name glyph artwork whose corners the iOS
      icon mask cuts (with the --padding that keeps it inside), a dark or tinted layer that
      would be invisible on the dark home screen (less than 0.5 % of it at 3:1 contrast against
      black), a tinted layer in colour, and a --foreground too close to the background.
      The written catalog is then validated (see 'glyphsmith help validate').
      """,
    options: [
      .value(
        "output", short: "o", "CATALOG", help: "the .xcassets folder to write into (required)"),
      .value("name", "NAME", help: "the asset name (default AppIcon)"),
      .value("background", "COLOR", help: "opaque #RRGGBB under the icon (default #FFFFFF)"),
      .value("dark", "ICON", help: "artwork for the dark appearance (alpha kept)"),
      .value("tinted", "ICON", help: "artwork for the tinted appearance (alpha kept)"),
      .flag(
        "legacy",
        help: """
          also write the iPhone, iPad and ios-marketing size list of
          Xcode 13 and earlier (18 PNGs, px = size x scale)
          """),
      .flag(
        "allow-upscale",
        help: """
          accept a PNG that must be enlarged more than 2x to fill the
          1024 px icon (refused by default: it would be blurred)
          """),
      .value(
        "padding", "PT|PERCENT",
        help: """
          transparent margin around ICON on each side: pt of the 1024 pt
          icon (100) or a percentage of its side (10%); keeps glyph artwork
          inside the corner mask (every appearance)
          """),
      .value(
        "foreground", "COLOR",
        help: """
          draw ICON's ink in one colour, coverage kept (a black glyph
          becomes a white one on --background)
          """),
      .value(
        "preview", "FILE",
        help: """
          also write a PNG of the written appearances under the iOS
          corner mask (Any, Dark, Tinted), as the home screen shows them;
          for an Icon Composer bundle (ICON a NAME.icon, or --format icon)
          a contact sheet approximating its light, dark, tinted and clear
          appearances on the iOS, macOS and watchOS shapes, and its layers
          """),
      .flag("force", help: "replace an app icon set or launcher files glyphsmith did not make"),
      .value(
        "platform", "ios|android", listing: .inText,
        help: "ios (default) or android: the adaptive launcher icon into -o RES_DIR"),
      .value(
        "monochrome", "FILE", listing: .inText,
        help: "android: the themed-icon layer (default: ICON in one colour)"),
      .value(
        "inset", "PERCENT", listing: .inText,
        help: """
          android: the share of the 108 dp layer left free on each side
          (default 19.44: the canvas in the 66 dp safe zone, more when its ink
          would reach past the 66 dp safe circle; 0: the whole layer)
          """),
      .value(
        "min-sdk", "N", kind: .integer(minimum: 1, maximum: 1000), default: "26",
        listing: .inText,
        help: "android: the lowest API level the layers must work on (default 26: adaptive icons)"),
      .value(
        "format", "appiconset|icon", listing: .inText,
        help: "appiconset (default) or icon: an Icon Composer bundle into -o OUT/NAME.icon"),
      .value(
        "layer", "FILE", repeatable: true, listing: .inText,
        help: "icon: another layer behind the foreground (repeatable, in order)"),
      .value(
        "dark-background", "COLOR", listing: .inText,
        help: "icon: the dark appearance's fill, beside --background COLOR"),
      .flag(
        "layers-from-groups", listing: .inText,
        help: "icon, android: each top-level <g id> group of ICON is a layer"),
      .value(
        "fallback", "CATALOG", kind: .path, listing: .inText,
        help: "icon: also the flat .appiconset for iOS 18 and earlier, into CATALOG"),
      .value(
        "fallback-name", "NAME", listing: .inText,
        help: "icon: the flat set's name (default: the .icon's name + -Fallback)"),
      .flag(
        "project", listing: .inText,
        help: "take ICON and the options from the appicon block of glyphsmith.json"),
      .value(
        "config", "FILE", kind: .path, listing: .inText,
        help: "the project file for --project (default: glyphsmith.json here or above)"),
    ],
    including: [BudgetOptions.limits],
    helpColumn: 24,
    footer: """
      Exit: 0 written and valid, 1 written but the validator has findings, 2 an input could
      not be read or rendered, or the catalog could not be written.

      Android: glyphsmith appicon ICON --platform android -o RES_DIR [--background COLOR|FILE]
                                [--monochrome FILE] [--inset PERCENT] [--name ic_launcher]
                                [--min-sdk N] [--layers-from-groups]
      writes what Android Studio's Image Asset wizard writes: mipmap-anydpi-v26/NAME.xml and
      NAME_round.xml (<adaptive-icon> with background, foreground and monochrome), the layers
      as VectorDrawables in drawable/ where the artwork allows, else 108 dp PNG layers per
      density, values/NAME_background.xml for a colour background, legacy 48 dp
      mipmap-<density>/NAME.png and NAME_round.png (masked), and NAME-playstore.png (512 px,
      opaque) beside RES_DIR. ICON's canvas is fitted into the 66 dp safe zone (as --inset
      19.44: (108 - 66) / 2 dp free on each side), and made smaller about the centre when its
      ink would reach past the 66 dp safe circle, so that the default never warns (a note
      says which inset); --inset PERCENT leaves
      another share free on each side, --inset 0 makes the canvas the whole 108 dp layer. --monochrome defaults to ICON in one colour. Checks:
      foreground ink outside the 66 dp safe circle is a warning, outside the 72 dp visible
      square an error; a monochrome layer of more than one colour or a background with
      transparency is an error (exit 1, the files are written). --layers-from-groups takes
      the layers as a .icon does: ICON's top-level <g id="background"> group (unless
      --background is given) is the background layer, all its other groups the foreground;
      with --project, the appicon block's ICON, --layers-from-groups and --background serve
      both platforms (its iOS-only options are left out). See docs/specs.md.

      Icon Composer: glyphsmith appicon FOREGROUND --format icon -o OUT/NAME.icon
                                [--background COLOR|FILE] [--dark ICON] [--tinted ICON]
                                [--layer FILE]...
                                [--dark-background COLOR] [--layers-from-groups]
                                [--fallback CATALOG [--fallback-name NAME]] [--force]
      writes the Xcode 26 app icon bundle: NAME.icon/icon.json as Icon Composer writes it
      (only keys and values its own documents use) and Assets/ with each layer file under its
      own name. FOREGROUND (SVG or PNG) is the front layer of one group with Icon Composer's
      default shadow and translucency; --layer FILE adds layers behind it; --dark ICON is its
      file in the dark appearance. --background COLOR fills the icon with that colour,
      --background FILE draws the file as the back layer; without it, Icon Composer's
      automatic gradient; with --dark-background COLOR the fills are Icon Composer's
      automatic gradients of the --background colour and, in the dark appearance, of COLOR.
      --layers-from-groups makes each top-level <g id="ID"> group of the FOREGROUND SVG a
      layer (Assets/ID.svg: the whole document with the other groups taken out, so the
      layers line up), the last group in front; a group with the id "background" is the back
      layer when --background is not given; anything else that draws at the top level is an
      error. Icon Composer makes the tinted appearance from the layers; --tinted ICON gives
      the foreground's art for it instead, a layer right behind the foreground shown only in
      the tinted (and clear) appearance, the foreground hidden there (Apple's documents swap
      a file for dark only, and show or hide layers per appearance).
      --fallback CATALOG also writes CATALOG/NAME-Fallback.appiconset (--fallback-name to
      name it), the flat icon for iOS 18 and earlier drawn from the layers (light, opaque;
      dark, alpha kept): a flat set of the .icon's own name is dropped by actool (Xcode 26.3),
      and a warning names each such set found in CATALOG or a catalog beside the .icon. The
      bundle is replaced whole and atomically; one glyphsmith did not write, or one whose
      icon.json or Assets/ files were changed, added or removed since, is replaced only with
      --force (exit 2 without, naming the file). Layer file names that differ only in case
      are refused (one file on macOS). The bundle is then validated
      and its layers linted (lint --role icon-layer; an error exits 1); --preview FILE also
      writes its contact sheet.

      Project: glyphsmith appicon --project [--config FILE] [options]
      takes ICON and the options from the "appicon" block of glyphsmith.json (here or above,
      or --config FILE): the same spellings ("icon" is ICON, "output" is -o, a flag is true;
      paths relative to the file), and for --format icon the groups' and layers' properties
      ("groups": [{"specular": false, "layers": [{"glass": true}]}], as icon.json spells
      them); options given on the command line win. See docs/project.md.

      Preview: glyphsmith appicon NAME.icon --preview FILE
      reads an Icon Composer bundle (any, Apple's own too) and writes FILE, a PNG contact
      sheet: the icon in the light, dark, tinted and clear appearances on the iOS rounded
      square, the macOS shape and the watchOS circle, and each layer file with the key
      paths that draw it. It approximates Liquid Glass (fills, opacity, blend modes,
      translucency, a simple specular highlight and shadow) and says so in the picture;
      only Apple's renderer is exact (on a Mac: ictool --export-preview). Exit 0 written,
      2 the bundle could not be read, does not validate (validate's first error) or a
      layer could not be rendered.
      """)

  struct Settings {
    var input: String
    var catalog: String
    var appIcon: AppIconOptions
    /// `--preview FILE` of an Icon Composer bundle: the contact sheet of `input` (a
    /// `NAME.icon` given as ICON, nothing else written) or of the bundle `--format icon`
    /// writes.
    var iconPreview: String? = nil
    /// `--platform android`: the adaptive launcher icon into the resource folder `catalog`.
    var android: AndroidLauncherOptions? = nil
    /// `--format icon`: an Icon Composer bundle at `catalog` (`OUT/NAME.icon`).
    var iconBundle: IconBundleOptions? = nil
    /// `--project`: the command line as given (without `--project` and `--config`), and
    /// `--config`; `run` reads the project file's `appicon` block and parses both together
    /// (`projectSettings`).
    var project: (arguments: [String], config: String?)? = nil
  }

  static func parse(_ arguments: [String]) throws -> Limited<Settings> {
    let parsed = try declaration.parse(arguments)
    if parsed.has("project") || parsed.value("config") != nil {
      // The rest is parsed with the project file's block, which `run` reads.
      var rest = parsed
      rest.flags.remove("project")
      rest.values["config"] = nil
      rest.order.removeAll { $0 == "config" }
      return Limited(
        options: Settings(
          input: "", catalog: "", appIcon: AppIconOptions(),
          project: (commandLine(of: rest), parsed.value("config"))),
        limits: try BudgetOptions.inputLimits(parsed))
    }
    return Limited(options: try options(parsed), limits: try BudgetOptions.inputLimits(parsed))
  }

  /// `parsed` as a command line again: the positionals, each value option in argv order,
  /// then the flags by name.
  static func commandLine(of parsed: ParsedArguments) -> [String] {
    var next: [String: Int] = [:]
    var arguments = parsed.positionals
    for name in parsed.order {
      let index = next[name, default: 0]
      next[name] = index + 1
      arguments += ["--" + name, parsed.values[name]![index]]
    }
    return arguments + parsed.flags.sorted().map { "--" + $0 }
  }

  /// `--project`: the settings of the project file's `appicon` block under `arguments` (the
  /// command line's own options win, `--layer` as a whole), read from `config` (loaded from
  /// `configPath`).
  /// - Throws: `GlyphsmithError.unusable` naming the file when it has no `appicon` block,
  ///   gives `groups` for another format, or gives `layer` with `--platform android`; `UsageError` as `options(_:)`.
  static func projectSettings(
    _ arguments: [String], config: ProjectConfig, configPath: String
  ) throws -> Settings {
    guard let block = config.appicon else {
      throw GlyphsmithError.unusable(
        path: configPath,
        problem:
          "no 'appicon' block; add one (e.g. {\"icon\": \"art/icon.svg\", \"format\": \"icon\", \"output\": \"App/AppIcon.icon\"}) or leave out --project; see docs/project.md"
      )
    }
    let own = try declaration.parse(arguments)
    var given = Set(own.order).union(own.flags)
    // `--platform android` on the command line takes the block's layer description (ICON,
    // --layers-from-groups, --background, --layer, --name) and leaves what only an iOS icon
    // has: its format and output, appearances, padding, preview, fallback and the groups'
    // glass properties (one source of layers, both platforms).
    let android = own.value("platform") == "android" && block.values["platform"] != ["android"]
    if android { given.formUnion(iOSOnlyKeys) }
    if own.value("platform") == "android", !given.contains("layer"),
      !(block.values["layer"] ?? []).isEmpty
    {
      // The block's key, not an option the user never typed (issue 35's trial, finding 19).
      throw GlyphsmithError.unusable(
        path: configPath,
        problem:
          "'appicon.layer' does not apply with --platform android: the adaptive foreground is one drawing; give the layers as top-level <g id> groups of one SVG (\"layers-from-groups\": true), or leave out --platform android"
      )
    }
    let merged =
      block.arguments(except: given, hasInput: !own.positionals.isEmpty) + arguments
    var settings: Settings
    do {
      settings = try options(try declaration.parse(merged))
    } catch let error as UsageError {
      throw blockError(error, given: given, block: block, configPath: configPath)
    }
    if !block.properties.isEmpty && !android {
      guard settings.iconBundle != nil else {
        throw GlyphsmithError.unusable(
          path: configPath,
          problem:
            "'appicon.groups' gives Icon Composer properties, which apply with \"format\": \"icon\""
        )
      }
      settings.iconBundle?.properties = block.properties
      settings.iconBundle?.propertiesSource = configPath
    }
    return settings
  }

  /// `error` as the project file's when the option it starts with (`--dark-background needs
  /// ...`) came from the block, not from the command line (`given`): a problem naming
  /// `configPath` and the block's key (`'appicon.dark-background' needs 'appicon.background'
  /// ...`), every option the block gave spelt as its key (issue 35's second trial, finding 7);
  /// else `error` itself.
  static func blockError(
    _ error: UsageError, given: Set<String>, block: AppIconBlock, configPath: String
  ) -> Error {
    let message = error.message
    guard message.hasPrefix("--") else { return error }
    let option = String(message.dropFirst(2).prefix { $0.isLetter || $0 == "-" })
    guard !given.contains(option), block.values[option] != nil else { return error }
    var text = message
    for key in block.values.keys.sorted(by: { $0.count > $1.count }) where !given.contains(key) {
      text = text.replacingEvery("--\(key) COLOR", with: "'appicon.\(key)' (a colour)")
      text = text.replacingEvery("--\(key)", with: "'appicon.\(key)'")
    }
    text = text.replacingEvery("needs --background COLOR",
      with: "needs a background colour ('appicon.background' or --background COLOR)")
    return GlyphsmithError.unusable(path: configPath, problem: text)
  }

  /// The keys of an `appicon` block that `--project --platform android` leaves out when the
  /// block is an iOS icon's.
  static let iOSOnlyKeys: Set<String> = [
    "format", "output", "dark", "dark-background", "tinted", "padding", "foreground", "preview",
    "legacy", "allow-upscale", "fallback", "fallback-name",
  ]

  /// The options `parsed` gives, but the input limits.
  /// - Throws: `UsageError` for a missing, extra or malformed argument.
  static func options(_ parsed: ParsedArguments) throws -> Settings {
    let input = try CommonOptions.single(
      parsed, missing: "ICON (an .svg or .png file)", name: "ICON")
    if IconBundleCheck.isBundleName(input) && parsed.value("format") == nil {
      return try parseBundlePreview(parsed, input: input)
    }
    let platform = parsed.value("platform") ?? "ios"
    guard platform == "ios" || platform == "android" else {
      throw UsageError(message: "--platform: ios or android, got '\(platform)'")
    }
    let format = parsed.value("format") ?? "appiconset"
    guard format == "appiconset" || format == "icon" else {
      throw UsageError(message: "--format: appiconset or icon, got '\(format)'")
    }
    if format == "icon" {
      guard platform == "ios" else {
        throw UsageError(message: "--format icon applies to --platform ios")
      }
      return try parseIconBundle(parsed, input: input)
    }
    if platform == "android" && !parsed.all("layer").isEmpty {
      throw UsageError(
        message:
          "--layer does not apply with --platform android: the adaptive foreground is one drawing; give the layers as top-level <g id> groups of one SVG with --layers-from-groups"
      )
    }
    for option in ["layer", "dark-background", "fallback", "fallback-name"]
    where !parsed.all(option).isEmpty {
      throw UsageError(message: "--\(option) applies with --format icon")
    }
    if platform == "android" { return try parseAndroid(parsed, input: input) }
    if parsed.has("layers-from-groups") {
      throw UsageError(
        message: "--layers-from-groups applies with --format icon or --platform android")
    }
    for option in ["monochrome", "inset", "min-sdk"] where parsed.value(option) != nil {
      throw UsageError(message: "--\(option) applies with --platform android")
    }
    let catalog = try CommonOptions.output(parsed, "CATALOG.xcassets")
    if let problem = OutputOwnership.bareFolderProblem(catalog, option: "-o") {
      throw UsageError(message: problem)
    }
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
    return Settings(input: input, catalog: catalog, appIcon: appIcon)
  }

  /// `--platform android`: `-o RES_DIR`, `--background COLOR|FILE`, `--monochrome FILE`,
  /// `--inset PERCENT`, `--name`, `--min-sdk`.
  static func parseAndroid(_ parsed: ParsedArguments, input: String) throws -> Settings {
    let res = try CommonOptions.output(parsed, "RES_DIR")
    if let problem = OutputOwnership.bareFolderProblem(res, option: "-o") {
      throw UsageError(message: problem)
    }
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
        android.background = .file(try backgroundFile(background))
      }
    }
    android.backgroundGiven = parsed.value("background") != nil
    android.layersFromGroups = parsed.has("layers-from-groups")
    android.monochromePath = parsed.value("monochrome")
    if let inset = parsed.value("inset") {
      guard let value = Double(inset), value >= 0, value < 50 else {
        throw UsageError(message: "--inset needs a percentage from 0 to under 50, got '\(inset)'")
      }
      android.insetPercent = value
    }
    android.minSdk = try parsed.whole("min-sdk") ?? android.minSdk
    android.force = parsed.has("force")
    return Settings(input: input, catalog: res, appIcon: AppIconOptions(), android: android)
  }

  /// `--background VALUE` that is no colour: `VALUE`, a file, when something is at that path.
  /// - Throws: `UsageError` (`--background: '#GGGGGG' is neither a colour (#RRGGBB or a CSS
  ///   name) nor a file`) when nothing is there (a mistyped colour is no file name).
  static func backgroundFile(_ value: String) throws -> String {
    guard value.isEmpty || Platform.kind(ofPath: value, followingLinks: false) == nil else {
      return value
    }
    throw UsageError(
      message: "--background: '\(value)' is neither a colour (#RRGGBB or a CSS name) nor a file")
  }

  /// `--format icon`: `-o OUT/NAME.icon`, `--background COLOR|FILE`, `--dark ICON`,
  /// `--layer FILE`..., `--force`; the options of an `.appiconset` only are usage errors.
  static func parseIconBundle(_ parsed: ParsedArguments, input: String) throws -> Settings {
    let bundle = try CommonOptions.output(parsed, "OUT/NAME.icon")
    guard IconBundleCheck.isBundleName(bundle) else {
      throw UsageError(message: "--format icon: -o needs OUT/NAME.icon, got '\(bundle)'")
    }
    for option in ["name", "padding", "foreground", "monochrome", "inset", "min-sdk"]
    where parsed.value(option) != nil {
      throw UsageError(message: "--\(option) does not apply with --format icon")
    }
    for flag in ["legacy", "allow-upscale"] where parsed.has(flag) {
      throw UsageError(message: "--\(flag) does not apply with --format icon")
    }
    var options = IconBundleOptions()
    options.darkBackground = try CommonOptions.color(
      parsed.value("dark-background"), option: "dark-background")
    if let dark = options.darkBackground, dark.a != 255 {
      throw UsageError(message: "--dark-background must be opaque; use #RRGGBB")
    }
    if let background = parsed.value("background") {
      if let color = try? CommonOptions.color(background, option: "background") {
        guard color.a == 255 else {
          throw UsageError(message: "--background must be opaque; use #RRGGBB")
        }
        options.background = .color(color)
      } else {
        options.background = .file(try backgroundFile(background))
      }
    }
    if options.darkBackground != nil, !options.hasBackgroundColor {
      throw UsageError(
        message:
          "--dark-background needs --background COLOR: Icon Composer's documents give a dark fill beside a light one"
      )
    }
    options.fallbackCatalog = parsed.value("fallback")
    if options.fallbackCatalog == "-" {
      throw UsageError(message: "--fallback needs a CATALOG.xcassets folder, not stdout")
    }
    options.fallbackName = parsed.value("fallback-name")
    if let name = options.fallbackName {
      guard options.fallbackCatalog != nil else {
        throw UsageError(message: "--fallback-name applies with --fallback CATALOG")
      }
      do {
        _ = try IconBundleFallback.name(name, bundle: bundle)
      } catch GlyphsmithError.invalidOption(let message) {
        throw UsageError(message: message)
      }
    }
    options.darkPath = parsed.value("dark")
    options.tintedPath = parsed.value("tinted")
    options.layerPaths = parsed.all("layer")
    options.layersFromGroups = parsed.has("layers-from-groups")
    options.force = parsed.has("force")
    return Settings(
      input: input, catalog: bundle, appIcon: AppIconOptions(),
      iconPreview: parsed.value("preview"), iconBundle: options)
  }

  /// `appicon NAME.icon --preview FILE`: the contact sheet of an existing bundle; every
  /// option that writes an icon is a usage error.
  static func parseBundlePreview(_ parsed: ParsedArguments, input: String) throws -> Settings {
    guard let preview = parsed.value("preview") else {
      throw UsageError(
        message:
          "\(input) is an Icon Composer bundle: give --preview FILE to draw it, or write one with FOREGROUND --format icon -o \(input)"
      )
    }
    let allowed: Set<String> = [
      "preview", "max-pixels", "max-use", "max-text", "max-ref-depth", "max-filters", "max-kernel",
    ]
    for option in parsed.order + parsed.flags.sorted() where !allowed.contains(option) {
      throw UsageError(message: "--\(option) does not apply to the preview of a .icon bundle")
    }
    return Settings(input: input, catalog: "", appIcon: AppIconOptions(), iconPreview: preview)
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

  static func run(_ limited: Limited<Settings>) throws -> FailureCategory? {
    // A write past the file size limit (`ulimit -f`) fails with EFBIG, which names the file
    // and cleans the staging up, instead of killing the process without a word (issue 35's
    // fifth trial, F11: exit 153, a half-written staging folder left).
    signal(SIGXFSZ, SIG_IGN)
    var options = limited.applied()
    if let project = options.project {
      let path = try BuildCommand.configPath(given: project.config)
      options = try projectSettings(
        project.arguments, config: try ProjectConfig.load(path: path), configPath: path)
    }
    if options.iconBundle == nil, let preview = options.iconPreview {
      do {
        try IconComposerPreview.write(bundlePath: options.input, toPath: preview)
      } catch {
        throw GlyphsmithError.wrap(error, path: options.input)
      }
      Terminal.error("wrote \(preview) (an approximation of \(options.input))")
      return nil
    }
    if let iconBundle = options.iconBundle {
      // The preview's path is checked before the bundle is written (`PictureOutput`).
      if let preview = options.iconPreview {
        // The bundle itself (`-o R.icon --preview R.icon`): refused before it is written
        // (issue 35's fifth trial, F8: the bundle was written, then the preview refused).
        func real(_ path: String) -> String {
          var path = path
          while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
          return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        }
        if real(preview) == real(options.catalog) {
          throw UsageError(
            message:
              "--preview \(preview) is the bundle -o writes; give the preview a PNG path "
              + "outside it (--preview \(PathName(PathName(real(options.catalog)).lastPathComponent).deletingPathExtension).png)")
        }
        try PictureOutput.check(preview, inputs: [options.input])
        // Inside a bundle (the one written, or another), a preview is a file the bundle's
        // next run finds added (issue 35's second trial, finding 2).
        let parts = URL(fileURLWithPath: preview).standardizedFileURL.pathComponents.dropLast()
        if let bundle = parts.last(where: { IconBundleCheck.isBundleName($0) }) {
          throw UsageError(
            message:
              "--preview \(preview) is inside the bundle \(bundle), which holds icon.json and "
              + "its layers in Assets/ only; write the preview outside it")
        }
      }
      let result: IconBundleResult
      do {
        result = try IconBundleJob.run(
          foregroundPath: options.input, bundlePath: options.catalog, options: iconBundle)
      } catch {
        throw GlyphsmithError.wrap(error, path: options.input)
      }
      result.lines.forEach(Terminal.error)
      if let preview = options.iconPreview {
        do {
          try IconComposerPreview.write(bundlePath: result.bundle, toPath: preview)
        } catch {
          throw GlyphsmithError.wrap(error, path: result.bundle)
        }
        Terminal.error("wrote \(preview) (an approximation of \(result.bundle))")
      }
      return result.outcome
    }
    if let android = options.android {
      let result: AndroidLauncherResult
      do {
        result = try AndroidLauncherJob.run(
          iconPath: options.input, resPath: options.catalog, options: android)
      } catch let failure as PlanningFailure {
        // Every launcher file that is not Glyphsmith's, one line each.
        throw failure
      } catch {
        throw GlyphsmithError.wrap(error, path: options.input)
      }
      (result.findings + result.notes).descriptions.forEach(Terminal.error)
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
