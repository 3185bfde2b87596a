import Foundation
import PackagePlugin

/// The build-tool plugin (issue 37; docs/plugin.md): a target whose folder holds a
/// `glyphsmith.json` project, or else an `Icons/` folder of SVG and PNG art, gets the asset
/// catalog (and the Android and web folders) the project declares, rendered by
/// `glyphsmith build` into the plugin's work folder.
///
/// The command's inputs and outputs come from `glyphsmith build --plan --json`, run when SwiftPM
/// plans the build: every icon file (and its `-dark` file), the icons folder, the project file
/// and the tool are its inputs, each planned output folder (`outputFolders`) its outputs.
/// SwiftPM reruns the command when an input changed or an output folder is missing; the tool
/// then renders only the icons whose outputs lack their current fingerprint, so an unchanged
/// icon's files keep their bytes and times. Output folders, not the planned files, are
/// declared: SwiftPM 6.3 makes each declared file a resource of its own and copies it into the
/// bundle's top level (every `Contents.json` to the same name), while a declared `.xcassets`
/// folder is one resource kept whole.
@main
struct GlyphsmithAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "glyphsmith").url
    let work = context.pluginWorkDirectoryURL
    guard let project = try IconProject.find(in: target.directoryURL, work: work)
    else {
      Diagnostics.warning(
        "\(target.name): GlyphsmithAssets found neither glyphsmith.json nor an Icons folder in \(target.directoryURL.path); nothing to render"
      )
      return []
    }
    let plan = try Plan.run(tool: tool, arguments: project.arguments)
    let icons = plan.inputs + symbolInputs(plan, project)
    return [
      .buildCommand(
        displayName:
          "Glyphsmith: building \(plan.outputFolders.map(\.lastPathComponent).joined(separator: ", ")) of \(target.name) from \(icons.count) icon files",
        executable: tool,
        arguments: ["build"] + project.arguments + ["--quiet"],
        inputFiles: [tool] + project.sources + icons,
        outputFiles: plan.outputFolders)
    ]
  }
}

/// The SVG files below the icons folder when the plan makes symbol sets (`ios.symbols`): its
/// `symbolSets` name each set, not the file it is made from, so every SVG there is an input.
func symbolInputs(_ plan: Plan, _ project: IconProject) -> [URL] {
  guard plan.makesSymbolSets, let folder = project.iconsFolder,
    let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
  else { return [] }
  return walk.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "svg" }
    .map(\.standardized).sorted { $0.path < $1.path }
}

/// The project the plugin builds: the target's own `glyphsmith.json`, or one made for its
/// `Icons/` folder, built with `--outputs-in WORK` so that every output lands in the work folder.
struct IconProject {
  /// The command's inputs besides the icons: the user's `glyphsmith.json` (when there is one)
  /// and the icons folder, whose listing SwiftPM watches, so that an icon added or removed
  /// reruns the build.
  var sources: [URL]
  /// The icons folder, when known (a `glyphsmith.json` the plugin cannot read names none).
  var iconsFolder: URL?
  /// `build`'s arguments: the project file and `--outputs-in WORK`.
  var arguments: [String]

  /// Finds the target's project.
  ///
  /// A `glyphsmith.json` is built as it is, read by the tool at every run (so an edit of it
  /// takes effect at the next build, whether or not SwiftPM asks the plugin again), its
  /// outputs moved by `--outputs-in WORK`: `ios.catalog` to `WORK/NAME.xcassets`,
  /// `android.res` to `WORK/android/res`, `web.folder` to `WORK/web/NAME`. An `Icons/` folder
  /// alone becomes the project `WORK/glyphsmith.json`, `{"version": 1, "icons": FOLDER,
  /// "ios": {"catalog": "Icons.xcassets"}}` (written only when its bytes change): every icon
  /// a tab bar template at @1x, @2x and @3x, as `glyphsmith assets` makes them.
  /// - Throws: what writing `WORK/glyphsmith.json` throws.
  static func find(in folder: URL, work: URL) throws -> IconProject? {
    let projectFile = folder.appending(path: "glyphsmith.json")
    let outputs = ["--outputs-in", work.path]
    if FileManager.default.fileExists(atPath: projectFile.path) {
      // The icons folder as the file names it, when it can be read here; the tool reports
      // a file it cannot read.
      let object =
        (try? JSONSerialization.jsonObject(with: Data(contentsOf: projectFile)))
        as? [String: Any]
      let icons = (object?["icons"] as? String).map {
        URL(fileURLWithPath: $0, relativeTo: folder).standardized
      }
      return IconProject(
        sources: [projectFile] + (icons.map { [$0] } ?? []), iconsFolder: icons,
        arguments: ["--config", projectFile.path] + outputs)
    }
    let icons = folder.appending(path: "Icons")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: icons.path, isDirectory: &isFolder),
      isFolder.boolValue
    else { return nil }
    let config = work.appending(path: "glyphsmith.json")
    let project: [String: Any] = [
      "version": 1, "icons": icons.path, "ios": ["catalog": "Icons.xcassets"],
    ]
    let bytes = try JSONSerialization.data(
      withJSONObject: project, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    if (try? Data(contentsOf: config)) != bytes {
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      try bytes.write(to: config, options: .atomic)
    }
    return IconProject(
      sources: [icons], iconsFolder: icons, arguments: ["--config", config.path] + outputs)
  }
}

/// What `glyphsmith build --plan --json` says the build reads and writes.
struct Plan {
  /// Every icon file and `-dark` file the build reads (absolute: the project file is given
  /// absolute).
  var inputs: [URL]
  /// Each platform's output folder (`outputFolders`), in platform-name order.
  var outputFolders: [URL]
  /// The plan lists symbol sets (`symbolSets`, from `ios.symbols`).
  var makesSymbolSets: Bool

  /// Runs `glyphsmith build ARGUMENTS --plan --json` (which writes nothing) and reads it.
  /// - Throws: `PluginError` with the tool's diagnostics when it exits non-zero (an invalid
  ///   project, named by its path and key; an unreadable icon) or prints no plan.
  static func run(tool: URL, arguments: [String]) throws -> Plan {
    let process = Process()
    process.executableURL = tool
    process.arguments = ["build"] + arguments + ["--plan", "--json"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // stderr is read on another thread so that neither pipe can fill up and block the tool.
    let errData = ErrorBytes()
    let done = DispatchSemaphore(value: 0)
    Thread {
      errData.bytes = err.fileHandleForReading.readDataToEndOfFile()
      done.signal()
    }.start()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    guard process.terminationStatus == 0 else {
      throw PluginError(
        String(decoding: errData.bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
          + "\n(glyphsmith \((process.arguments ?? []).joined(separator: " ")) exited \(process.terminationStatus))"
      )
    }
    guard let plan = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let icons = plan["icons"] as? [[String: Any]],
      let folders = plan["outputFolders"] as? [String: String]
    else {
      throw PluginError(
        "glyphsmith \((process.arguments ?? []).joined(separator: " ")) printed no plan")
    }
    // Absolute: the project file is given absolute, so its paths resolve to absolute ones.
    let inputs = icons.flatMap { icon in
      [icon["path"], icon["darkPath"]].compactMap { $0 as? String }
        .map { URL(fileURLWithPath: $0).standardized }
    }
    return Plan(
      inputs: inputs,
      outputFolders: folders.keys.sorted().compactMap { folders[$0] }
        .map { URL(fileURLWithPath: $0).standardized },
      makesSymbolSets: !((plan["symbolSets"] as? [Any]) ?? []).isEmpty)
  }
}

/// The bytes of the tool's stderr, written by the reader thread before it signals.
final class ErrorBytes: @unchecked Sendable {
  var bytes = Data()
}

/// An error the plugin reports to SwiftPM: the message, as SwiftPM prints it.
struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
