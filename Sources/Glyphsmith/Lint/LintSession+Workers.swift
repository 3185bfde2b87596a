import Foundation

/// A worker's answer for one file: its report, or the error why it could not be linted (the
/// error itself, so the parent prints the worker's message and keeps its category).
struct LintWorkerReply: Codable {
  var report: LintFileReport?
  var failure: GlyphsmithError?
}

/// What every file a lint worker lints shares, sent once as its first line: the options
/// (the `--config` file already loaded into them), the folder inputs a config is looked for
/// at, the `--explain` folder and the input limits. Each file then comes as its path.
struct LintWorkerContext: Codable {
  var options: LintOptions
  var roots: [String]
  var explainFolder: String?
  var limits: InputLimits
}

extension LintSession {
  /// Lints `paths` in worker processes; the results carry reports only (no renders).
  func lintInWorkers(_ paths: [String], isolation: WorkerIsolation)
    -> [Result<LintResult, GlyphsmithError>]
  {
    var done = 0
    // The worker is told everything: the context, then each file's path (JSON strings).
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let context = LintWorkerContext(
      options: options, roots: roots, explainFolder: explainFolder, limits: InputLimits.current)
    let replies = WorkerPool.run(
      context: (try? encoder.encode(context)) ?? Data("{}".utf8),
      items: paths.map { (try? encoder.encode($0)) ?? Data("\"\"".utf8) }, jobs: jobs,
      command: isolation.workerCommand, budget: isolation.budget,
      progress: {
        done += 1
        progress(done, paths.count)
      })
    return replies.enumerated().map { index, reply in
      let path = paths[index]
      switch reply {
      case .success(let line):
        guard let decoded = try? JSONDecoder().decode(LintWorkerReply.self, from: line) else {
          return .failure(.unusable(path: path, problem: "the linter's reply could not be read"))
        }
        if let report = decoded.report { return .success(LintResult(report: report, renders: [:])) }
        return .failure(
          decoded.failure ?? .unusable(path: path, problem: "the linter's reply was empty"))
      case .failure(let failure):
        return .failure(.unusable(path: path, problem: failure.problem))
      }
    }
  }

  /// The worker side of `isolation`: reads the context (`LintWorkerContext`), then lints
  /// each file whose path it is sent and answers its report, until the pool closes stdin.
  /// It reads no arguments: everything comes over the pipe.
  package static func serveWorker() -> Never {
    let decoder = JSONDecoder()
    WorkerPool.serve { line -> ((Data) -> Data)? in
      guard let context = try? decoder.decode(LintWorkerContext.self, from: line) else {
        return nil
      }
      InputLimits.setCurrent(context.limits)
      var session = LintSession(
        inputs: [], options: context.options, explainFolder: context.explainFolder, jobs: 1)
      session.roots = context.roots
      return { line in
        guard let path = try? decoder.decode(String.self, from: line) else {
          return Data("{}".utf8)
        }
        let reply: LintWorkerReply
        do {
          reply = LintWorkerReply(report: try session.lint(path: path).report)
        } catch {
          reply = LintWorkerReply(failure: GlyphsmithError.wrap(error, path: path))
        }
        return (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8)
      }
    }
  }
}
