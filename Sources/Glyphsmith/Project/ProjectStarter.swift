import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith init`: a starter `glyphsmith.json` for a folder of icons, from what is in it:
/// `NAME-dark` files make NAME original-colour (dark variants are for original-colour images;
/// templates are tinted by the bar), sub-folders get a rule each to edit (and `namespace` when
/// one name is in two of them), and whether the set is stroked (strokes, no fills: Lucide) or
/// filled (Heroicons' solid set) is reported. Never overwrites a file.
public enum ProjectStarter {
  /// What the icons folder holds.
  public struct Survey: Equatable, Sendable {
    /// Icons: icon files less the `NAME-dark` variants paired with a `NAME` (they are its
    /// dark appearance, not icons of their own).
    public var icons = 0
    /// Icons with a `-dark` variant, paths relative to the icons folder.
    public var darkPairs: [String] = []
    /// Top-level sub-folders holding icons, sorted.
    public var folders: [String] = []
    /// Whether an asset name is in more than one sub-folder.
    public var repeatedNames = false
    /// SVG icons whose drawn shapes are all stroked and unfilled (dark variants not counted).
    public var stroked = 0
    /// SVG icons with a filled shape (dark variants not counted).
    public var filled = 0

    /// `stroked` (most SVGs stroked), `filled`, or `mixed`.
    public var style: String {
      if stroked > 0 && stroked >= filled * 9 { return "stroked" }
      if filled > 0 && filled >= stroked * 9 { return "filled" }
      return "mixed"
    }
  }

  /// Surveys `iconsFolder`.
  public static func survey(_ iconsFolder: String) -> Survey {
    var survey = Survey()
    let files = InputCollector.collectTree([iconsFolder]).files
    var stems: Set<String> = []
    var relative: [String] = []
    for file in files {
      let path = (file.folders + [PathName(file.path).lastPathComponent]).joined(separator: "/")
      relative.append(path)
      stems.insert(PathName(path).deletingPathExtension)
    }
    for path in relative {
      let stem = PathName(path).deletingPathExtension
      if stem.hasSuffix("-dark"), stems.contains(String(stem.dropLast(5))),
        let base = relative.first(where: {
          PathName($0).deletingPathExtension == String(stem.dropLast(5))
        })
      {
        survey.darkPairs.append(base)
      }
    }
    survey.darkPairs.sort()
    // A paired `NAME-dark` file is NAME's dark appearance: 40 icons and 3 dark files are
    // 40 icons.
    let isPairedDark = relative.map { path in
      let stem = PathName(path).deletingPathExtension
      return stem.hasSuffix("-dark") && stems.contains(String(stem.dropLast(5)))
    }
    survey.icons = files.count - isPairedDark.filter { $0 }.count
    survey.folders = Array(Set(files.compactMap(\.folders.first))).sorted()
    var seen: [String: String] = [:]
    for file in files where !file.folders.isEmpty {
      let name = AssetName.from(path: file.path).lowercased()
      if let other = seen[name], other != file.folders[0] { survey.repeatedNames = true }
      seen[name] = file.folders[0]
    }
    for (index, file) in files.enumerated()
    where !isPairedDark[index] && file.path.lowercased().hasSuffix(".svg") {
      guard let data = FileBytes.read(file.path),
        let outline = try? SVGOutline.parse(data, path: file.path)
      else { continue }
      var anyFilled = false
      var anyStroked = false
      for index in outline.elements.indices
      where SVGOutline.shapes.contains(outline.elements[index].name) && outline.isRendered(index) {
        let fill = outline.inherited("fill", index) ?? "black"
        let stroke = outline.inherited("stroke", index) ?? "none"
        if fill != "none" && fill != "transparent" { anyFilled = true }
        if stroke != "none" { anyStroked = true }
      }
      if anyFilled { survey.filled += 1 } else if anyStroked { survey.stroked += 1 }
    }
    return survey
  }

  /// The starter file's text for a survey, `icons` the icons folder relative to the file.
  public static func text(icons: String, survey: Survey) -> String {
    func quoted(_ text: String) -> String {
      String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
        .replacingEvery("\\/", with: "/")
    }
    var rules: [String] = []
    for folder in survey.folders {
      rules.append(#"{"match": \#(quoted(folder + "/**")), "role": "tab-bar"}"#)
    }
    for base in survey.darkPairs {
      rules.append(#"{"match": \#(quoted(base)), "original": true}"#)
    }
    let namespace = survey.repeatedNames ? #", "namespace": true"# : ""
    return """
      {
        "version": 1,
        "icons": \(quoted(icons)),
        "ios": {"catalog": "Icons.xcassets", "compact": false, "format": "png", "symbols": false\(namespace)},
        "defaults": {"role": "tab-bar"},
        "rules": [\(rules.isEmpty ? "" : "\n    " + rules.joined(separator: ",\n    ") + "\n  ")],
        "lint": {}
      }

      """
  }

  /// Writes `folder/glyphsmith.json` for the icons in `icons` (relative to `folder`; default
  /// `icons` when that folder exists, else `folder` itself).
  /// - Returns: the file's path and the survey.
  /// - Throws: `GlyphsmithError.unusable` when a `glyphsmith.json` is already there (it is
  ///   never overwritten) or the icons folder holds no icons; `.unreadable` when `folder` or
  ///   the icons folder does not exist or is not a folder; `.writeFailed`.
  public static func write(folder: String, icons: String?) throws -> (path: String, survey: Survey) {
    // `init nosuchdir` said "no icons" for a folder that is not there (trial t36).
    try requireFolder(folder, shown: folder, what: "give a folder of icons")
    let path =
      folder == "." ? ProjectConfig.fileName
      : PathName(folder).appendingPathComponent(ProjectConfig.fileName)
    if Platform.fileExists(atPath: path).exists {
      throw GlyphsmithError.unusable(
        path: path, problem: "a glyphsmith.json is already here; init never overwrites one (edit it, or delete it first)")
    }
    let relative =
      icons
      ?? (Platform.status(ofPath: PathName(folder).appendingPathComponent("icons"))?.isFolder
        == true ? "icons" : ".")
    let iconsFolder =
      relative == "." ? folder : PathName(folder).appendingPathComponent(relative)
    if icons != nil {
      try requireFolder(
        iconsFolder, shown: folder == "." ? relative : iconsFolder,
        what: "--icons is a folder relative to FOLDER")
    }
    let survey = survey(iconsFolder)
    guard survey.icons > 0 else {
      throw GlyphsmithError.unusable(path: iconsFolder, problem: InputCollector.noIcons)
    }
    try AtomicFile.write(Data(text(icons: relative, survey: survey).utf8), toPath: path)
    return (path, survey)
  }

  /// - Throws: `GlyphsmithError.unreadable` naming `shown` (`path` as the user wrote it):
  ///   "no such folder" or "not a folder", then `hint`, when `path` is not a folder.
  private static func requireFolder(_ path: String, shown: String, what hint: String) throws {
    guard let status = Platform.status(ofPath: path) else {
      throw GlyphsmithError.unreadable(path: shown, reason: "no such folder; \(hint)")
    }
    guard status.isFolder else {
      throw GlyphsmithError.unreadable(path: shown, reason: "not a folder; \(hint)")
    }
  }
}
