import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith __worker COMMAND ARGS...`: the hidden worker a batch command starts for its
/// `WorkerPool` (not listed in help). `__worker assets` (for `assets` and `build` alike) reads
/// everything from stdin: the context, then one planned icon per line; `__worker lint ARGS`
/// parses the parent's own arguments and answers file indices.
enum WorkerCommand {
  /// The hidden subcommand's name.
  static let name = Dispatcher.workerName

  static func main(_ arguments: [String]) -> ExitCode {
    guard let command = arguments.first else { return .failure }
    switch command {
    case AssetsCommand.name:
      AssetsJob.serveWorker()
    case LintCommand.name:
      guard let options = try? LintCommand.parse(Array(arguments.dropFirst())),
        let session = try? LintCommand.session(options)
      else {
        return .failure
      }
      session.serveWorker()
    default:
      return .failure
    }
  }
}
