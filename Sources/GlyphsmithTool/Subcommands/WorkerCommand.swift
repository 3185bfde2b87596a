import Foundation
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith __worker COMMAND ARGS...`: the hidden worker a batch command starts for its
/// `WorkerPool` (not listed in help). It parses the parent's own arguments, plans the same
/// inputs and answers input indices on stdin until the parent closes it.
enum WorkerCommand {
  /// The hidden subcommand's name.
  static let name = Dispatcher.workerName

  static func main(_ arguments: [String]) -> ExitCode {
    guard let command = arguments.first else { return .failure }
    switch command {
    case AssetsCommand.name:
      guard let options = try? AssetsCommand.parse(Array(arguments.dropFirst())) else {
        return .failure
      }
      InputLimits.setCurrent(options.limits)
      let (files, _) = InputCollector.collectTree(options.inputs)
      let job = AssetsJob(catalogPath: options.catalog, options: options.assets)
      do { try job.serveWorker(collected: files) } catch { return .failure }
    case BuildCommand.name:
      // `__worker build CONFIG [budget options] GROUP`: one group of the parent's build.
      let rest = Array(arguments.dropFirst())
      guard rest.count >= 2, let group = Int(rest.last!),
        let parsed = try? BuildCommand.parse(Array(rest.dropFirst().dropLast())),
        let config = try? ProjectConfig.load(path: rest[0])
      else { return .failure }
      InputLimits.setCurrent(parsed.limits)
      do { try ProjectBuild(config: config).serveWorker(group: group) } catch { return .failure }
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
