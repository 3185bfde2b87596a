import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith __worker COMMAND ARGS...`: the hidden worker a batch command starts for its
/// `WorkerPool` (not listed in help). It reads everything from stdin, never the parent's
/// arguments: the context, then one item per line: `__worker assets` (for `assets` and
/// `build` alike) a planned icon, `__worker lint` a planned file (`PlannedLintFile`).
package enum WorkerCommand {
  /// The hidden subcommand's name.
  static let name = Dispatcher.workerName

  /// Serves the worker protocol of `arguments[0]` (`assets` or `lint`) on stdin and stdout.
  /// - Returns: `.failure` for a missing or unknown command, said in one line on stderr (it
  ///   was silent); otherwise the worker exits itself.
  package static func main(_ arguments: [String]) -> ExitCode {
    guard let command = arguments.first, [AssetsCommand.name, LintCommand.name].contains(command)
    else {
      Terminal.error(
        "glyphsmith \(name): error: "
          + (arguments.first.map { "unknown worker '\($0)'" } ?? "missing the worker's command")
          + "; use \(AssetsCommand.name) or \(LintCommand.name)"
          + " (internal: batch commands start it)")
      return .failure
    }
    // Ctrl-C reaches the workers too: each ends once its file write in flight is whole.
    Interruption.exitOnSignal()
    switch command {
    case AssetsCommand.name:
      // One small icon after another: the heap is reused rather than given back each time.
      Platform.keepFreedHeapForReuse()
      AssetsJob.serveWorker()
    case LintCommand.name:
      // Each icon allocates a few MB of short-lived pixel buffers (see `LintCommand.session`).
      Platform.keepLargeBuffersOnHeap()
      LintSession.serveWorker()
    default:
      return .failure
    }
  }
}
