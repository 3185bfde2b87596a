import Foundation

/// A worker's answer for one file: its report, or the error why it could not be linted (the
/// error itself, so the parent prints the worker's message and keeps its category).
struct LintWorkerReply: Codable {
  var report: LintFileReport?
  var failure: GlyphsmithError?
}

extension LintSession {
  /// Lints `paths` in worker processes; the results carry reports only (no renders).
  func lintInWorkers(_ paths: [String], isolation: WorkerIsolation)
    -> [Result<LintResult, GlyphsmithError>]
  {
    var done = 0
    // The worker collects the same files from the same arguments: each item is a file's
    // index in that list (the context is empty).
    let replies = WorkerPool.run(
      context: Data("{}".utf8), items: paths.indices.map { Data("\($0)".utf8) }, jobs: jobs,
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

  /// The worker side of `isolation`: collects the files of `inputs` as `run` does and answers
  /// each file index from the pool with its report, until the pool closes stdin.
  package func serveWorker() -> Never {
    let (files, _) = collectFiles()
    WorkerPool.serve { _ in { line in
      guard let index = Int(String(decoding: line, as: UTF8.self)), files.indices.contains(index)
      else { return Data("{}".utf8) }
      let reply: LintWorkerReply
      do {
        reply = LintWorkerReply(report: try lint(path: files[index]).report)
      } catch {
        reply = LintWorkerReply(failure: GlyphsmithError.wrap(error, path: files[index]))
      }
      return (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8)
    } }
  }
}
