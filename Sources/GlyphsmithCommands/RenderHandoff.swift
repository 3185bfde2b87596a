import FoundationEssentials
import Glibc
import GlyphsmithCore

/// How the light `glyphsmith` front hands a command that draws to the full executable:
/// `execv` of `glyphsmith-render`, found beside the front's own file (`/proc/self/exe`), with
/// the same argv. The process is replaced (same pid, no process left waiting), so exit codes,
/// stdout and stderr are the full tool's own.
package enum RenderHandoff {
  /// The full executable's file name; `scripts/install` puts it beside `glyphsmith`.
  package static let executableName = "glyphsmith-render"

  /// `glyphsmith-render`'s path beside the running executable (`Platform.executablePath`,
  /// links resolved), or in the current folder when that path has no folder.
  package static var executablePath: String {
    let own = Platform.executablePath
    let folder = own.lastIndex(of: "/").map { String(own[...$0]) } ?? "./"
    return folder + executableName
  }

  /// Replaces this process with `glyphsmith-render` and the same arguments; when that cannot
  /// be started, prints `glyphsmith: error: cannot start PATH: REASON` and exits 2.
  package static func exec() -> Never {
    let path = executablePath
    // The front itself under that name would start itself for ever (trial t36b F4).
    let reason =
      Platform.isSameFile(path, Platform.executablePath)
      ? "it is this front itself, not the full tool"
      : Platform.replaceProcess(withExecutable: path)
    Terminal.error(
      "glyphsmith: error: cannot start \(FileName.display(path)): \(reason) (install it beside "
        + "glyphsmith: scripts/install installs both)")
    exit(ExitCode.failure.rawValue)
  }
}

extension CommandEntry {
  /// An entry of the light front for a subcommand that draws: `--help`/`-h` (before any `--`)
  /// prints `help` here (`printedHelp`, as `Subcommand.main`); anything else is handed to
  /// `glyphsmith-render` (`RenderHandoff.exec`).
  package static func handOff(name: String, summary: String, help: String) -> CommandEntry {
    CommandEntry(
      name: name, summary: summary, help: help,
      main: { arguments in
        if printedHelp(help, for: arguments) { return .success }
        RenderHandoff.exec()
      })
  }
}
