import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A worker's answer for one file: its report, or the error why it could not be linted (the
/// error itself, so the parent prints the worker's message and keeps its category).
struct LintWorkerReply: Codable {
  var report: LintFileReport?
  var failure: GlyphsmithError?
}

/// What every file a lint worker lints shares, sent once as its first line: the `--explain`
/// folder and the input limits. Each file then comes as its plan item (`PlannedLintFile`: its
/// path, hash and resolved options, the config among them).
struct LintWorkerContext: Codable {
  var explainFolder: String?
  var limits: InputLimits
}

extension LintSession {
  /// Lints the planned `files` in worker processes; the results carry reports only (no
  /// renders).
  func lintInWorkers(_ files: [PlannedLintFile], isolation: WorkerIsolation)
    -> [Result<LintResult, GlyphsmithError>]
  {
    var done = 0
    // The worker is told everything: the context, then each planned file (JSON).
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let context = LintWorkerContext(explainFolder: explainFolder, limits: InputLimits.current)
    let replies = WorkerPool.run(
      context: (try? encoder.encode(context)) ?? Data("{}".utf8),
      items: files.map { (try? encoder.encode($0)) ?? Data("{}".utf8) }, jobs: jobs,
      command: isolation.workerCommand, budget: isolation.budget,
      progress: {
        done += 1
        progress(done, files.count)
      })
    return replies.enumerated().map { index, reply in
      let path = files[index].path
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
  /// each planned file it is sent (`PlannedLintFile`) as planned and answers its report, until
  /// the pool closes stdin. It reads no arguments, collects no inputs and looks for no config:
  /// everything comes over the pipe.
  package static func serveWorker() -> Never {
    let decoder = JSONDecoder()
    WorkerPool.serve { line -> ((Data) -> Data)? in
      guard let context = try? decoder.decode(LintWorkerContext.self, from: line) else {
        return nil
      }
      InputLimits.setCurrent(context.limits)
      let session = LintSession(
        inputs: [], options: LintOptions(), explainFolder: context.explainFolder, jobs: 1)
      return { line in
        guard let file = try? decoder.decode(PlannedLintFile.self, from: line) else {
          return Data("{}".utf8)
        }
        let reply: LintWorkerReply
        do {
          reply = LintWorkerReply(report: try session.lint(planned: file).report)
        } catch {
          reply = LintWorkerReply(failure: GlyphsmithError.wrap(error, path: file.path))
        }
        return (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8)
      }
    }
  }
}
