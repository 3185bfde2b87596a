#if canImport(Glibc)
  import Glibc
#endif
import GlyphsmithCore

/// How the light `glyphsmith` front hands a command that draws to the full executable:
/// `execv` of `glyphsmith-render`, found beside the front's own file (`/proc/self/exe`), with
/// the same argv. The process is replaced (same pid, no process left waiting), so exit codes,
/// stdout and stderr are the full tool's own.
package enum RenderHandoff {
  /// The full executable's file name; `scripts/install` puts it beside `glyphsmith`.
  package static let executableName = "glyphsmith-render"

  /// The bytes of `glyphsmith-render`'s path beside the running executable (symbolic links
  /// resolved; `argv[0]`'s folder when `/proc/self/exe` cannot be read), NUL-terminated.
  /// Bytes, not a String: a folder name need not be UTF-8.
  package static var executablePath: [CChar] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    var path: [CChar] =
      count > 0 ? Array(buffer[0..<count]) : Array(CommandLine.arguments[0].utf8CString.dropLast())
    let slash = CChar(UInt8(ascii: "/"))
    path = path.lastIndex(of: slash).map { Array(path[...$0]) } ?? [CChar(UInt8(ascii: ".")), slash]
    return path + executableName.utf8CString
  }

  /// Replaces this process with `glyphsmith-render` and the same arguments; when that cannot
  /// be started, prints `glyphsmith: error: cannot start PATH: REASON` and exits 2.
  package static func exec() -> Never {
    let path = executablePath
    execv(path, CommandLine.unsafeArgv)
    let reason = String(cString: strerror(errno))
    let name = String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    Terminal.error(
      "glyphsmith: error: cannot start \(name): \(reason) (install it beside glyphsmith: "
        + "scripts/install installs both)")
    exit(ExitCode.failure.rawValue)
  }
}

extension CommandEntry {
  /// An entry of the light front for a subcommand that draws: `--help`/`-h` (before any `--`)
  /// prints `help` here, as `Subcommand.main` does; anything else is handed to
  /// `glyphsmith-render` (`RenderHandoff.exec`).
  package static func handOff(name: String, summary: String, help: String) -> CommandEntry {
    CommandEntry(
      name: name, summary: summary, help: help,
      main: { arguments in
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
          Terminal.output(help)
          return .success
        }
        RenderHandoff.exec()
      })
  }
}
