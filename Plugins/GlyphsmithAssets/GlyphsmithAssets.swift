import Foundation
import PackagePlugin

/// The build-tool plugin (issue 37; docs/plugin.md): a target whose folder holds a
/// `glyphsmith.json` project, or else an `Icons/` folder of SVG and PNG art, gets the asset
/// catalog (and the Android and web folders) the project declares, rendered by
/// `glyphsmith build` into the plugin's work folder.
///
/// The command's inputs and outputs come from `glyphsmith build --plan --json`, run when SwiftPM
/// plans the build: every icon file (and its `-dark` file), the project file and the tool are
/// its inputs, each planned output folder (`outputFolders`) its outputs. SwiftPM reruns the
/// command when an input changed or something inside an output folder is missing; the tool
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
    guard let project = try IconProject.find(in: target.directoryURL, tool: tool, work: work)
    else {
      Diagnostics.warning(
        "\(target.name): GlyphsmithAssets found neither glyphsmith.json nor an Icons folder in \(target.directoryURL.path); nothing to render"
      )
      return []
    }
    let plan = try Plan.run(tool: tool, config: project.derivedConfig)
    return [
      .buildCommand(
        displayName:
          "Glyphsmith: building \(plan.outputFolders.map(\.lastPathComponent).joined(separator: ", ")) of \(target.name) from \(plan.inputs.count) icon files",
        executable: tool,
        arguments: ["build", "--config", project.derivedConfig.path, "--quiet"],
        inputFiles: [tool] + project.sources + plan.inputs,
        outputFiles: plan.outputFolders)
    ]
  }
}

/// The project the plugin builds: the target's own `glyphsmith.json`, or one made for its
/// `Icons/` folder, rewritten into the work folder with every output redirected there.
struct IconProject {
  /// The command's inputs besides the icons: the user's `glyphsmith.json` (when there is one)
  /// and the icons folder, whose listing SwiftPM watches, so that an icon added or removed
  /// reruns the build.
  var sources: [URL]
  /// The project file `glyphsmith build` reads: `WORK/glyphsmith.json`.
  var derivedConfig: URL

  /// Finds the target's project and writes its derived file (only when its bytes change, so
  /// that its time never makes SwiftPM rerun anything).
  ///
  /// A `glyphsmith.json` is first planned as it is, so that a mistake in it is reported by
  /// the tool against the user's file (its key path, exit 2); its `icons` then becomes an
  /// absolute path, `ios.catalog` becomes `WORK/NAME.xcassets`, `android.res`
  /// `WORK/android/res`, `web.folder` `WORK/web/NAME`, and the `appicon` block, which `build`
  /// does not read, is left out. An `Icons/` folder alone is the project
  /// `{"version": 1, "icons": FOLDER, "ios": {"catalog": "WORK/Icons.xcassets"}}`: every icon
  /// a tab bar template at @1x, @2x and @3x, as `glyphsmith assets` makes them.
  /// - Throws: `PluginError` naming the file when the project is invalid or cannot be read.
  static func find(in folder: URL, tool: URL, work: URL) throws -> IconProject? {
    let projectFile = folder.appending(path: "glyphsmith.json")
    let icons = folder.appending(path: "Icons")
    var derived: [String: Any]
    let sources: [URL]
    if FileManager.default.fileExists(atPath: projectFile.path) {
      _ = try Plan.run(tool: tool, config: projectFile)
      guard
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: projectFile))
          as? [String: Any],
        let iconsPath = object["icons"] as? String
      else { throw PluginError("\(projectFile.path): error: not a glyphsmith.json object") }
      derived = object
      let iconsFolder = URL(fileURLWithPath: iconsPath, relativeTo: folder).standardized
      derived["icons"] = iconsFolder.path
      if var ios = derived["ios"] as? [String: Any], let catalog = ios["catalog"] as? String {
        ios["catalog"] = work.appending(path: URL(fileURLWithPath: catalog).lastPathComponent).path
        derived["ios"] = ios
      }
      if var android = derived["android"] as? [String: Any] {
        android["res"] = work.appending(path: "android/res").path
        derived["android"] = android
      }
      if var web = derived["web"] as? [String: Any], let name = web["folder"] as? String {
        web["folder"] =
          work.appending(path: "web").appending(
            path: URL(fileURLWithPath: name).lastPathComponent
          ).path
        derived["web"] = web
      }
      derived["appicon"] = nil
      sources = [projectFile, iconsFolder]
    } else {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: icons.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { return nil }
      derived = [
        "version": 1, "icons": icons.path,
        "ios": ["catalog": work.appending(path: "Icons.xcassets").path],
      ]
      sources = [icons]
    }
    let config = work.appending(path: "glyphsmith.json")
    let bytes = try JSONSerialization.data(
      withJSONObject: derived, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    if (try? Data(contentsOf: config)) != bytes {
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      try bytes.write(to: config, options: .atomic)
    }
    return IconProject(sources: sources, derivedConfig: config)
  }
}

/// What `glyphsmith build --plan --json` says the build reads and writes.
struct Plan {
  /// Every icon file and `-dark` file the build reads (absolute: the derived project's
  /// `icons` is).
  var inputs: [URL]
  /// Each platform's output folder (`outputFolders`), in platform-name order.
  var outputFolders: [URL]

  /// Runs the plan (writes nothing) and reads it.
  /// - Throws: `PluginError` with the tool's diagnostics when it exits non-zero (an invalid
  ///   project, an unreadable icon) or prints no plan.
  static func run(tool: URL, config: URL) throws -> Plan {
    let process = Process()
    process.executableURL = tool
    process.arguments = ["build", "--plan", "--json", "--config", config.path]
    process.currentDirectoryURL = config.deletingLastPathComponent()
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
          + "\n(glyphsmith build --plan --json --config \(config.path) exited \(process.terminationStatus))"
      )
    }
    guard let plan = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let icons = plan["icons"] as? [[String: Any]],
      let folders = plan["outputFolders"] as? [String: String]
    else { throw PluginError("\(config.path): glyphsmith printed no plan") }
    let base = config.deletingLastPathComponent()
    let inputs = icons.flatMap { icon in
      [icon["path"], icon["darkPath"]].compactMap { $0 as? String }
        .map { URL(fileURLWithPath: $0, relativeTo: base).standardized }
    }
    return Plan(
      inputs: inputs,
      outputFolders: folders.keys.sorted().compactMap { folders[$0] }
        .map { URL(fileURLWithPath: $0, relativeTo: base).standardized })
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
