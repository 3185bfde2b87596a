import Foundation

/// How a batch isolates its inputs (`AssetsJob`, `LintSession`): each input is handled by a
/// worker process (`WorkerPool`), so a crash, hang or memory blow-up fails that input alone
/// with exit 2 and a message, and every other input is still done.
package struct WorkerIsolation: Sendable, Equatable {
  /// The command that starts one worker: the executable's path first. An `assets` worker
  /// reads everything from its stdin (`AssetsJob.serveWorker`), as a `lint` worker does
  /// (`LintSession.serveWorker`).
  package var workerCommand: [String]
  /// Per-input time and memory budgets.
  package var budget: WorkerPool.Budget

  /// Isolation with `workerCommand` and `budget`.
  package init(workerCommand: [String], budget: WorkerPool.Budget) {
    self.workerCommand = workerCommand
    self.budget = budget
  }
}

/// `assets`' isolation (the same as every batch's).
package typealias AssetsIsolation = WorkerIsolation

/// A worker's answer for one input: its result (with its failure, the error itself, so the
/// parent keeps its kind) and the time it spent in the libraries and writing files (for
/// `--stats`).
struct AssetsWorkerReply: Codable {
  var result: AssetInputResult
  var failure: GlyphsmithError?
  var taskSeconds: Double
  var librarySeconds: Double
  var writeSeconds: Double
}

/// What every icon a worker executes shares, sent once as its first line: where to write
/// and the input limits. Everything per icon comes with the icon (`PlannedIcon`).
struct AssetsWorkerContext: Codable {
  /// The catalog path the job was given (`AssetsJob.catalogPath`).
  var catalogPath: String
  /// Each platform's output folder, by `--platform` name, as the parent resolved them.
  var outputFolders: [String: String]
  /// `AssetsOptions.namespace`.
  var namespace: Bool
  /// The limits every input is loaded with (`InputLimits.current` in the parent).
  var limits: InputLimits
}

extension AssetsJob {
  /// Time the workers spent, added to the parent's own clocks.
  struct WorkerClocks {
    var librarySeconds = 0.0
    var writeSeconds = 0.0
  }

  /// Processes every input (`sets`: each one's planned output sets): in workers with
  /// `isolation`, else on threads here. Results are in input order with each input's task
  /// seconds.
  func processAll(
    _ inputs: [PlannedIcon], sets: [[PlannedAssetSet]], counter: ProgressCounter
  ) -> ([(AssetInputResult, Double)], WorkerClocks) {
    guard let isolation else {
      let timed = ParallelMap.map(count: inputs.count, jobs: options.jobs) { index in
        defer { counter.tick() }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = process(inputs[index], sets: sets[index])
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      return (timed, WorkerClocks())
    }
    // Inputs whose outputs are up to date are answered here, cheaply; only the others go to
    // workers (a rerun with nothing changed starts none).
    let unchanged = ParallelMap.map(count: inputs.count, jobs: options.jobs) { index in
      let result = upToDateResult(inputs[index], sets: sets[index])
      if result != nil { counter.tick() }
      return result
    }
    let stale = inputs.indices.filter { unchanged[$0] == nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let context = AssetsWorkerContext(
      catalogPath: catalogPath,
      outputFolders: Dictionary(uniqueKeysWithValues: outputFolders.map { ($0.rawValue, $1) }),
      namespace: options.namespace, limits: InputLimits.current)
    let replies = WorkerPool.run(
      context: (try? encoder.encode(context)) ?? Data("{}".utf8),
      items: stale.map { (try? encoder.encode(inputs[$0])) ?? Data("{}".utf8) },
      jobs: options.jobs, command: isolation.workerCommand, budget: isolation.budget,
      progress: { counter.tick() })
    var clocks = WorkerClocks()
    var timed: [(AssetInputResult, Double)] = inputs.indices.map { index in
      // Each stale position is filled from its worker's reply below.
      let placeholder = AssetInputResult(
        path: inputs[index].path, name: inputs[index].name, status: .failed,
        role: options.role.rawValue, shape: nil, sizePt: nil, files: [], failure: nil,
        warnings: [])
      return (unchanged[index] ?? placeholder, 0)
    }
    for (position, reply) in replies.enumerated() {
      let index = stale[position]
      let input = inputs[index]
      var failed = AssetInputResult(
        path: input.path, name: input.name, status: .failed, role: options.role.rawValue,
        shape: nil, sizePt: nil, files: [], failure: nil, warnings: [])
      switch reply {
      case .success(let line):
        guard let decoded = try? JSONDecoder().decode(AssetsWorkerReply.self, from: line) else {
          failed.failure = .unusable(
            path: input.path, problem: "the renderer's reply could not be read")
          timed[index] = (failed, 0)
          continue
        }
        clocks.librarySeconds += decoded.librarySeconds
        clocks.writeSeconds += decoded.writeSeconds
        var result = decoded.result
        result.failure = decoded.failure
        timed[index] = (result, decoded.taskSeconds)
      case .failure(let failure):
        failed.failure = .unusable(path: input.path, problem: failure.problem)
        timed[index] = (failed, 0)
      }
    }
    return (timed, clocks)
  }

  /// The worker side of `isolation`: reads the context (`AssetsWorkerContext`) from the
  /// pool, then executes each planned icon it is sent (`PlannedIcon`, as JSON) with a job of
  /// that icon's options and answers its result, until the pool closes stdin. It reads no
  /// arguments, project file or folder: everything comes over the pipe.
  package static func serveWorker() -> Never {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let decoder = JSONDecoder()
    WorkerPool.serve { line -> ((Data) -> Data)? in
      guard let context = try? decoder.decode(AssetsWorkerContext.self, from: line) else {
        return nil
      }
      InputLimits.setCurrent(context.limits)
      var folders: [AssetPlatform: String] = [:]
      for (name, folder) in context.outputFolders {
        if let platform = AssetPlatform(rawValue: name) { folders[platform] = folder }
      }
      // One job per resolved value (a build's groups), made when first needed.
      var jobs: [IconOptions: AssetsJob] = [:]
      return { line in
        guard let icon = try? decoder.decode(PlannedIcon.self, from: line) else {
          return Data("{}".utf8)
        }
        let job =
          jobs[icon.options]
          ?? {
            var options = AssetsOptions()
            options.icon = icon.options
            options.outputFolders = folders
            options.namespace = context.namespace
            options.jobs = 1
            let made = AssetsJob(catalogPath: context.catalogPath, options: options)
            jobs[icon.options] = made
            return made
          }()
        return job.serveOne(icon, encoder: encoder)
      }
    }
  }

  /// The reply line for `icon`, processed here in a worker.
  private func serveOne(_ icon: PlannedIcon, encoder: JSONEncoder) -> Data {
    let libraryBefore = LibraryClock.seconds
    let writeBefore = writeClock.seconds
    let start = DispatchTime.now().uptimeNanoseconds
    // The parent sends only icons it found out of date.
    var result = process(icon, knownStale: true)
    if case .render(.cairo(let status)) = result.failure, status == RenderError.cairoNoMemory {
      let failure = WorkerPool.WorkerFailure.outOfMemory(
        megabytes: WorkerPool.workerMemoryMB ?? WorkerPool.Budget().maxMemoryMB)
      result.failure = .unusable(path: icon.path, problem: failure.problem)
    }
    let reply = AssetsWorkerReply(
      result: result, failure: result.failure,
      taskSeconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
      librarySeconds: LibraryClock.seconds - libraryBefore,
      writeSeconds: writeClock.seconds - writeBefore)
    return (try? encoder.encode(reply)) ?? Data("{}".utf8)
  }
}
