import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith.json`, the icon set as a project (issue 24): where the icons are, which
/// platforms to write and where, per-icon options by glob, and the lint configuration.
///
/// ```json
/// {"version": 1, "icons": "icons",
///  "ios": {"catalog": "App/Icons.xcassets", "compact": true, "format": "png", "symbols": false},
///  "android": {"res": "android/src/main/res", "format": "png"},
///  "web": {"folder": "web/icons"},
///  "defaults": {"role": "tab-bar"},
///  "rules": [{"match": "brand/**", "role": "plain", "original": true, "size": 32}],
///  "lint": {}}
/// ```
///
/// Read with Foundation and checked as strictly as `golden.json` (`StrictJSON`, `JSONShape`):
/// an unknown key or a wrong value is an error naming its key path and the allowed ones. Paths
/// are relative to the file's folder. `docs/glyphsmith.schema.json` is the same contract as a
/// JSON Schema.
public struct ProjectConfig: Equatable, Sendable {
  /// The file's name, looked for in the current folder and above.
  public static let fileName = "glyphsmith.json"
  /// The output formats the `format` keys of the catalog take (`ios.format`, the per-icon
  /// `format`): the registry's with a `.catalog` choice (`OutputFormats`), `png`.
  public static var formats: [String] { OutputFormats.names(for: .catalog) }
  /// The formats `android.format` takes, as `--android-format`: the registry's with an
  /// `.android` choice, then `auto` (`OutputFormatIndex.androidNames`): `png`, `vector`,
  /// `vector-drawable` (read as `vector`, `OutputFormatIndex.canonicalAndroid`), `auto`
  /// (`IconOptions.androidFormat`).
  public static var androidFormats: [String] {
    OutputFormats.names(for: .android) + [OutputFormatIndex.androidAuto.name]
  }

  /// The iOS block: the catalog and the options `assets` has for it.
  public struct IOS: Equatable, Sendable {
    /// The `.xcassets` folder, relative to the file.
    public var catalog: String
    /// Every tab-bar icon also gets `NAME-compact.imageset` (a rule's `compact` wins).
    public var compact = false
    /// The output format.
    public var format = "png"
    /// SVG icons become custom SF Symbols (`NAME.symbolset`) instead of image sets.
    public var symbols = false
    /// Catalog groups are marked `provides-namespace`.
    public var namespace = false
    /// The scales written (default 1, 2, 3).
    public var scales: [Int] = [1, 2, 3]
  }

  /// The Android block.
  public struct Android: Equatable, Sendable {
    /// The `res` folder, relative to the file: drawables go to `res/drawable-<density>/`.
    public var res: String
    /// What the drawables are (`--android-format`): `png` (the default), `vector` (also read
    /// from `vector-drawable`) or `auto`.
    public var format = "png"
    /// The lowest Android API level the VectorDrawables must work on (`--min-sdk`; `nil`:
    /// 21, the first with VectorDrawable): 24 lets even-odd fills whose contours cross be
    /// written as they are (Android `android:fillType`, API 24).
    public var minSdk: Int? = nil
  }

  /// The web block.
  public struct Web: Equatable, Sendable {
    /// The folder web icons go to (`NAME/` inside it), relative to the file.
    public var folder: String
  }

  /// The file as given (its folder anchors every relative path).
  public var path: String
  /// 1.
  public var version = 1
  /// The icons folder, relative to the file.
  public var icons: String
  /// Each platform block, when declared.
  public var ios: IOS?
  /// The Android block.
  public var android: Android?
  /// The web block.
  public var web: Web?
  /// Settings of every icon before the rules.
  public var defaults = IconSettings()
  /// Rules, in order.
  public var rules: [ProjectRule] = []
  /// The lint configuration (`LintConfig`), when given.
  public var lint: LintConfig?
  /// The app icon `glyphsmith appicon --project` writes (`AppIconBlock`), when given.
  public var appicon: AppIconBlock?
  /// `adoptMarked` (default false): `build` adopts the outputs carrying Glyphsmith's mark
  /// that it finds in an output folder without a record of outputs (an older version's) and
  /// removes those no icon makes, as `build --adopt-marked` does; else they are kept and
  /// named in one warning (issue 32, trial finding 6).
  public var adoptMarked = false

  /// The keys and values the file may hold.
  public static var shape: JSONShape {
    var rule = IconSettings.shapeMembers
    rule["match"] = .string
    return .object([
      "version": .integer(minimum: 1),
      "icons": .string,
      "ios": .object([
        "catalog": .string, "compact": .boolean, "format": .oneOf(formats),
        "symbols": .boolean, "namespace": .boolean, "scales": .array(.integer(minimum: 1)),
      ]),
      "android": .object([
        "res": .string, "format": .oneOf(androidFormats), "minSdk": .integer(minimum: 1),
      ]),
      "web": .object(["folder": .string]),
      "defaults": .object(IconSettings.shapeMembers),
      "rules": .array(.object(rule)),
      "lint": LintConfig.shape,
      "appicon": AppIconBlock.shape,
      "adoptMarked": .boolean,
    ])
  }

  /// The folder relative paths start from: the file's folder (`""` for the current one).
  public var folder: String {
    let parent = FileName.parent(of: path)
    return parent
  }

  /// `relative` resolved against the file's folder (kept relative when the file's path is),
  /// each `NAME/..` step through an existing folder taken out (`collapsingParentSteps`): a
  /// file in `design/` naming `../App/Icons.xcassets` gives `App/Icons.xcassets`, as every
  /// message prints it, not `design/../App/Icons.xcassets`.
  public func resolve(_ relative: String) -> String {
    if relative.hasPrefix("/") || folder.isEmpty { return relative }
    return Self.collapsingParentSteps(folder + "/" + relative)
  }

  /// `path` with each `NAME/..` taken out where the folder `NAME` (the path up to it) exists
  /// and is no symbolic link, so that both name the same place; `./` steps go too. A `..`
  /// through a link, a missing folder or above the start of a relative path stays.
  static func collapsingParentSteps(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [String] = []
    for part in path.split(separator: "/").map(String.init) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        let prefix = (absolute ? "/" : "") + parts.joined(separator: "/")
        if Platform.kind(ofPath: prefix, followingLinks: false) == .folder {
          parts.removeLast()
          continue
        }
      }
      parts.append(part)
    }
    if parts.isEmpty { return absolute ? "/" : "." }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }

  /// The platforms declared, in output order.
  public var platforms: [AssetPlatform] {
    AssetPlatform.allCases.filter {
      ($0 == .ios && ios != nil) || ($0 == .android && android != nil) || ($0 == .web && web != nil)
    }
  }

  /// The settings of the icon at `relativePath` (relative to `icons`, `/`-separated): the
  /// defaults, then every matching rule in order.
  public func settings(for relativePath: String) -> IconSettings {
    rules.reduce(defaults) { settings, rule in
      rule.match.matches(relativePath) ? settings.overridden(by: rule.settings) : settings
    }
  }

  /// A config from its parts (library use and tests).
  public init(path: String, icons: String) {
    self.path = path
    self.icons = icons
  }

  /// Largest `glyphsmith.json` read, in bytes (1 MiB; issue 33: a 50 MB file reached
  /// 4.4 GB).
  public static let maximumFileSize = 1024 * 1024

  /// Reads and checks the file at `path`.
  /// - Throws: `GlyphsmithError.unreadable` when it cannot be read; `.unusable` naming the
  ///   file past `maximumFileSize`, for bad JSON (line and column), a duplicate key, a
  ///   trailing comma, a `null` or a NUL character (`StrictJSONSyntax`, with the key path),
  ///   an unknown key or wrong value (its key path and
  ///   the allowed ones), a missing required key, a bad glob, no platform block, or a bad
  ///   `lint` block.
  public static func load(path: String) throws -> ProjectConfig {
    ProjectReadCounter.countConfigRead()
    if let size = Platform.status(ofPath: path)?.size, size > maximumFileSize {
      throw GlyphsmithError.unusable(
        path: path,
        problem: "\(size) bytes; \(fileName) is limited to 1 MiB (a project's file is a few KB)")
    }
    guard let data = FileBytes.read(path) else {
      guard let status = Platform.status(ofPath: path) else {
        throw GlyphsmithError.unreadable(path: path, reason: "no such file")
      }
      if status.isFolder {
        throw GlyphsmithError.unreadable(
          path: path, reason: "it is a folder, not a glyphsmith.json file")
      }
      // There but not readable: the system's reason (trial t36d M5: a file without read
      // permission was called missing).
      return try parse(FileBytes.readInput(path), path: path)
    }
    return try parse(data, path: path)
  }

  /// Checks and reads `data` as the file at `path` (see `load(path:)`).
  public static func parse(_ data: Data, path: String) throws -> ProjectConfig {
    func invalid(_ problem: String) -> GlyphsmithError {
      .unusable(path: path, problem: "invalid \(fileName): \(problem); see docs/project.md")
    }
    let value: JSONValue
    do {
      value = try StrictJSON.decode(JSONValue.self, from: data, shape: shape, allowNull: false)
    } catch {
      switch error {
      case .syntax(let problem, _), .shape(let problem): throw invalid(problem)
      case .decoding(let keyPath, _): throw invalid("'\(keyPath)' cannot be read")
      }
    }
    guard let top = value.object else { throw invalid("the file must hold one JSON object") }
    for key in ["version", "icons"] where top[key] == nil {
      throw invalid("missing key '\(key)'")
    }
    guard top["version"]?.number == 1 else {
      throw invalid("unknown value \(top["version"]!) for 'version'; allowed: 1")
    }
    var config = ProjectConfig(path: path, icons: top["icons"]!.string!)
    if let ios = top["ios"]?.object {
      guard let catalog = ios["catalog"]?.string else { throw invalid("missing key 'ios.catalog'") }
      var block = IOS(catalog: catalog)
      block.compact = ios["compact"]?.bool ?? false
      block.format = ios["format"]?.string ?? "png"
      block.symbols = ios["symbols"]?.bool ?? false
      block.namespace = ios["namespace"]?.bool ?? false
      if case .array(let scales)? = ios["scales"] {
        block.scales = scales.compactMap { $0.number.map { Int($0) } }
        guard !block.scales.isEmpty, Set(block.scales).count == block.scales.count else {
          throw invalid("'ios.scales' must list distinct scales, such as [1, 2, 3]")
        }
      }
      config.ios = block
    }
    if let android = top["android"]?.object {
      guard let res = android["res"]?.string else { throw invalid("missing key 'android.res'") }
      guard PathName(res).lastPathComponent == "res" else {
        throw invalid(
          "'android.res' must name a folder called res (drawables go to res/drawable-<density>/), got '\(res)'"
        )
      }
      config.android = Android(
        res: res,
        format: OutputFormatIndex.canonicalAndroid(android["format"]?.string ?? "png"),
        minSdk: android["minSdk"]?.number.map { Int($0) })
    }
    if let web = top["web"]?.object {
      guard let folder = web["folder"]?.string else { throw invalid("missing key 'web.folder'") }
      config.web = Web(folder: folder)
    }
    guard !config.platforms.isEmpty else {
      throw invalid("no platform: declare at least one of 'ios', 'android', 'web'")
    }
    if let problem = config.outputFolderProblem { throw invalid(problem) }
    config.defaults = IconSettings(top["defaults"]?.object ?? [:])
    if case .array(let rules)? = top["rules"] {
      for (index, rule) in rules.enumerated() {
        let object = rule.object ?? [:]
        guard let match = object["match"]?.string else {
          throw invalid("missing key 'rules[\(index)].match'")
        }
        do {
          config.rules.append(
            ProjectRule(match: try GlobPattern(match), settings: IconSettings(object)))
        } catch {
          throw invalid("bad glob '\(match)' in 'rules[\(index)].match': \(error)")
        }
      }
    }
    for (key, settings) in [("defaults", config.defaults)]
      + config.rules.enumerated().map({
        ("rules[\($0)]", $1.settings)
      })
    {
      for platform in settings.platforms ?? [] where !config.platforms.contains(platform) {
        throw invalid(
          "'\(key).platforms' names '\(platform)', which the file declares no block for; declared: \(config.platforms.map(\.rawValue).joined(separator: ", "))"
        )
      }
    }
    if let problem = config.vectorScalesProblem(scalesGiven: top["ios"]?.object?["scales"] != nil) {
      throw invalid(problem)
    }
    config.adoptMarked = top["adoptMarked"]?.bool ?? false
    if let appicon = top["appicon"]?.object {
      do {
        config.appicon = try AppIconBlock.read(appicon, resolve: config.resolve)
      } catch let failure as IconBundleProperties.Failure {
        throw invalid(failure.message)
      }
    }
    if let lint = top["lint"] {
      do {
        config.lint = try LintConfig.parse(
          try JSONEncoder().encode(lint), path: path, keyPrefix: "lint.")
      }
    }
    return config
  }

  /// Why `ios.scales` cannot apply, else `nil` (issue 34): scales are PNG image sets' (a PDF
  /// or SVG set is one vector file for every scale, `assets --scales` with `--format pdf` is a
  /// usage error alike), so `ios.scales` given where no icon is written as PNG (neither
  /// `ios.format` nor `defaults.format`, nor any rule's `format`) is refused rather than
  /// silently ignored.
  func vectorScalesProblem(scalesGiven: Bool) -> String? {
    guard scalesGiven, let ios else { return nil }
    let base = defaults.values["format"]?.string ?? ios.format
    let formats = Set([base] + rules.compactMap { $0.settings.values["format"]?.string })
    guard !formats.contains("png") else { return nil }
    let named = formats.sorted().map { "'\($0)'" }.joined(separator: ", ")
    return
      "'ios.scales' applies to PNG image sets, and every icon here is written as \(named) (one vector file for every scale); drop 'ios.scales', or give 'format': 'png' to the icons that need PNGs"
  }

  /// Why an output folder (`ios.catalog`, `android.res`, `web.folder`) cannot be one, else
  /// `nil` (issue 32): an output folder must be a folder of its own, since Glyphsmith
  /// writes, replaces and prunes what it makes there, so `/`, the project's folder, the icons
  /// folder, a folder inside it or one holding it, and any folder holding the project file
  /// are refused; so
  /// are two platforms' folders that overlap (one inside the other's, or the same; Android's
  /// being the folder holding `res`), naming both keys.
  var outputFolderProblem: String? {
    let home = folder.isEmpty ? "." : folder
    var outputs: [(key: String, value: String)] = []
    if let ios { outputs.append(("ios.catalog", ios.catalog)) }
    if let android { outputs.append(("android.res", android.res)) }
    if let web { outputs.append(("web.folder", web.folder)) }
    for (key, value) in outputs {
      guard
        let clash = OutputOwnership.clash(resolve(value), home: home, inputs: [resolve(icons)])
      else { continue }
      let what: String
      switch clash {
      case .root: what = "the root folder"
      case .home: what = "the project's own folder (the one holding \(Self.fileName))"
      case .input: what = "the icons folder"
      case .insideInput:
        what = "inside the icons folder (what it writes would be read back as icons)"
      case .holdsHome: what = "a folder holding \(Self.fileName)"
      case .holdsInput:
        what =
          "a folder holding the icons folder ('\(icons)'; what it writes could land there and be read back as icons)"
      }
      return "'\(key)' is '\(value)', \(what); \(OutputOwnership.ownFolderRule)"
    }
    // Another project's folders are its own (issue 32, eighth trial finding 4: a web folder
    // holding another project's glyphsmith.json, or being its icons folder, was written into,
    // and that project's next build read the outputs as new icons).
    for (key, value) in outputs {
      if let what = anotherProjectClash(OutputOwnership.canonical(resolve(value))) {
        return "'\(key)' is '\(value)', \(what); \(OutputOwnership.ownFolderRule)"
      }
    }
    // Each platform prunes its own folder by its own record (Android's is the folder
    // holding `res`): one inside another's, or the same, would have one prune the other's.
    func canonical(_ path: String) -> String { OutputOwnership.canonical(resolve(path)) }
    let roots = outputs.map { output in
      let path = canonical(output.value)
      guard output.key == "android.res" else { return path }
      return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
    for later in outputs.indices {
      for earlier in outputs.indices where earlier < later {
        let (a, b) = (roots[earlier], roots[later])
        // `/` holds every path (`"/" + "/"` is no prefix of any).
        func holds(_ outer: String, _ inner: String) -> Bool {
          inner.hasPrefix(outer == "/" ? "/" : outer + "/")
        }
        guard a == b || holds(b, a) || holds(a, b) else { continue }
        func named(_ index: Int) -> String {
          let output = outputs[index]
          return output.key == "android.res"
            ? "'\(output.key)' ('\(output.value)', written and pruned from the folder holding it)"
            : "'\(output.key)' ('\(output.value)')"
        }
        // Android's folder (the one holding `res`) that is the project's own folder, or one
        // holding it, overlaps every other: that is the problem to name (issue 32 trial:
        // `"res": "res"` was reported as overlapping `ios.catalog`).
        for index in [earlier, later] where outputs[index].key == "android.res" {
          let other = index == earlier ? later : earlier
          guard let problem = androidRootProblem(roots[index], value: outputs[index].value)
          else { continue }
          return
            "\(problem), which holds \(named(other)); put res in a folder of its own, such as 'android/res', since each platform's output folder is pruned by its own record"
        }
        return
          "\(named(earlier)) and \(named(later)) overlap; each platform's output folder must be apart from those of the others, since each is pruned by its own record"
      }
    }
    // Android's output folder is the one holding `res` (its record is kept there): it is
    // checked as the others' are, but for the project's own folder (`"res": "res"`, the
    // documented exception, refused above only beside another platform's folder, whose
    // overlap is named first) (issue 32, eighth trial: `"res": "/res"` wrote into `/res`
    // with no record anywhere, and `"res": "../res"` kept its record in the project's
    // parent).
    if let android {
      let root = FileName.parent(of: OutputOwnership.canonical(resolve(android.res)))
      let what: String?
      switch OutputOwnership.clash(root, home: home, inputs: [resolve(icons)]) {
      case .root: what = "the root folder"
      case .input: what = "the icons folder"
      case .insideInput: what = "inside the icons folder (what it writes would be read back as icons)"
      case .holdsHome: what = "a folder holding \(Self.fileName)"
      case .holdsInput:
        what = "a folder holding the icons folder ('\(icons)'; what it writes could land there and be read back as icons)"
      case .home, nil: what = nil
      }
      if let what {
        return
          "'android.res' is '\(android.res)', so Android's output folder (the folder holding res, where its record of outputs is kept and pruned from) is \(what); \(OutputOwnership.ownFolderRule)"
      }
    }
    return nil
  }

  /// The project with every platform's output folder moved into `folder` (`build
  /// --outputs-in DIR`, what the SwiftPM build-tool plugin runs: docs/plugin.md): `ios.catalog`
  /// becomes `FOLDER/NAME.xcassets` (the catalog's own name), `android.res` `FOLDER/android/res`
  /// and `web.folder` `FOLDER/web/NAME`. Icons, rules and every other setting stay as the
  /// file says; the file is still the one whose folder anchors relative paths, so give an
  /// absolute `folder` (the command makes it absolute).
  /// - Throws: `GlyphsmithError.unusable` naming the file when a moved folder cannot be an
  ///   output folder (`outputFolderProblem`: it is, holds or is inside the project's or the
  ///   icons folder).
  package func redirectingOutputs(into folder: String) throws -> ProjectConfig {
    var moved = self
    func last(_ path: String) -> String { PathName(path).lastPathComponent }
    let base = folder.hasSuffix("/") && folder != "/" ? String(folder.dropLast()) : folder
    if let ios { moved.ios?.catalog = base + "/" + last(ios.catalog) }
    if android != nil { moved.android?.res = base + "/android/res" }
    if let web { moved.web?.folder = base + "/web/" + last(web.folder) }
    if let problem = moved.outputFolderProblem {
      throw GlyphsmithError.unusable(
        path: path, problem: "--outputs-in '\(folder)': \(problem)")
    }
    return moved
  }

  /// How the output folder at `path` (standardized, links resolved) is another project's,
  /// else `nil`: it holds another project's `glyphsmith.json` (`a folder holding another
  /// project's glyphsmith.json ('other/glyphsmith.json')`), or it is, or is inside, the icons
  /// folder a `glyphsmith.json` above it names when that is not this project's file (each
  /// one up to `/`: `the icons folder of another project ('other/glyphsmith.json')`). Another project's file
  /// that cannot be read as JSON names no icons folder.
  func anotherProjectClash(_ path: String) -> String? {
    let own = OutputOwnership.canonical(
      URL(fileURLWithPath: self.path).standardizedFileURL.path)
    func shown(_ file: String) -> String {
      let home = OutputOwnership.canonical(folder.isEmpty ? "." : folder)
      if file.hasPrefix(home + "/") { return String(file.dropFirst(home.count + 1)) }
      // A project above this one: `../../glyphsmith.json`.
      if home.hasPrefix(FileName.parent(of: file) + "/") {
        return OutputManifest.relativePath(fromFolder: home, to: file)
      }
      return file
    }
    let inside = path == "/" ? "/" + Self.fileName : path + "/" + Self.fileName
    if Platform.status(ofPath: inside).map({ !$0.isFolder }) ?? false,
      OutputOwnership.canonical(inside) != own
    {
      return "a folder holding another project's \(Self.fileName) ('\(shown(inside))')"
    }
    // Every project file above it, not only the nearest: this project may itself lie inside
    // another's icons folder (issue 32, ninth trial finding D: `icons/inner/glyphsmith.json`
    // writing `icons/inner/w` fed the outer project's build its outputs as icons).
    var above = path
    while true {
      let candidate = above == "/" ? "/" + Self.fileName : above + "/" + Self.fileName
      if Platform.status(ofPath: candidate).map({ !$0.isFolder }) ?? false {
        let other = OutputOwnership.canonical(candidate)
        if other != own, let clash = iconsClash(path, other: other, shown: shown(other)) {
          return clash
        }
      }
      if above == "/" { return nil }
      above = FileName.parent(of: above)
      if above.isEmpty { above = "/" }
    }
  }

  /// How `path` is, or is inside, the icons folder the project file `other` names (`shown`
  /// as the message writes it); `nil` when it is not, or `other` cannot be read as JSON.
  private func iconsClash(_ path: String, other: String, shown: String) -> String? {
    guard let data = FileManager.default.contents(atPath: other),
      let icons = JSONValue.parse(data)?.object?["icons"]?.string
    else { return nil }
    let otherFolder = FileName.parent(of: other)
    let iconsPath = OutputOwnership.canonical(
      icons.hasPrefix("/") ? icons : otherFolder + "/" + icons)
    if path == iconsPath {
      return "the icons folder of another project ('\(shown)')"
    }
    if path.hasPrefix(iconsPath == "/" ? "/" : iconsPath + "/") {
      return
        "inside the icons folder of another project ('\(shown)'; what it writes would be read back as its icons)"
    }
    return nil
  }

  /// What is wrong with Android's output folder `root` (the folder holding `android.res`,
  /// `value`, where its record of outputs is kept; a standardized path, links resolved) when
  /// it is the project's own folder or a folder holding it, else `nil`: `'android.res' is
  /// 'res', so Android's output folder (the folder holding res, where its record of outputs
  /// is kept and pruned from) is the project's own folder (the one holding glyphsmith.json)`.
  func androidRootProblem(_ root: String, value: String) -> String? {
    let home = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL
      .resolvingSymlinksInPath().path
    let what: String
    if root == home {
      what = "the project's own folder (the one holding \(Self.fileName))"
    } else if home.hasPrefix(root == "/" ? "/" : root + "/") {
      what = "a folder holding \(Self.fileName)"
    } else {
      return nil
    }
    return
      "'android.res' is '\(value)', so Android's output folder (the folder holding res, where its record of outputs is kept and pruned from) is \(what)"
  }

  /// The `glyphsmith.json` in `folder` or the nearest folder above it (as git finds
  /// `.git`), else `nil`.
  public static func find(from folder: String = FileManager.default.currentDirectoryPath)
    -> String?
  {
    var url = URL(fileURLWithPath: folder).standardizedFileURL
    while true {
      let candidate = url.appendingPathComponent(fileName).path
      if Platform.status(ofPath: candidate).map({ !$0.isFolder }) ?? false { return candidate }
      let parent = url.deletingLastPathComponent()
      if parent.path == url.path { return nil }
      url = parent
    }
  }
}
