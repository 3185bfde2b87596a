import Foundation
import PackagePlugin

/// The command plugin (issue 37; docs/plugin.md): `swift package glyphsmith ARGUMENTS...` runs
/// `glyphsmith ARGUMENTS...` in the package's folder, e.g. `swift package
/// --allow-writing-to-package-directory glyphsmith build` (the `glyphsmith.json` found there or
/// above), `... glyphsmith lint Sources/App/Icons`, `... glyphsmith golden check ACTUAL
/// GOLDEN`. SwiftPM asks for write permission to the package folder first (or takes
/// `--allow-writing-to-package-directory`), since `build`, `assets` and `golden record` write
/// there.
///
/// The tool's stdout and stderr are the command's (SwiftPM prints both on its stdout); its
/// exit code is the plugin's: 0 stays 0, and for 1 ("no": lint findings, images that differ)
/// or 2 (could not do its job) SwiftPM prints `error: Plugin ended with exit code N` and exits
/// 1.
@main
struct GlyphsmithCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "glyphsmith").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      Diagnostics.error("glyphsmith ended by signal \(process.terminationStatus)")
      exit(2)
    }
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
  }
}
