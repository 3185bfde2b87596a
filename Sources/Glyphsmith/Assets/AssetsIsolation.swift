import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore

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

/// A worker's answer for one input: its result (with its failure and its warnings as data,
/// the error and the `Diagnostic`s themselves, so the parent keeps their kind, path and
/// severity; the result's own JSON holds only their text) and the time it spent in the
/// libraries and writing files (for `--stats`).
struct AssetsWorkerReply: Codable {
  var result: AssetInputResult
  var failure: GlyphsmithError?
  var warnings: [Diagnostic]
  var taskSeconds: Double
  var librarySeconds: Double
  var writeSeconds: Double
  /// Seconds of canonical SVG reading (`CanonicalReadClock`); absent from an older worker.
  var canonicalSeconds: Double? = nil
  /// The SHA-256 of each file written (`AssetInputResult.writtenHashes`) as one string of
  /// path, NUL, hash, NUL, ... (a path holds no NUL): one JSON string, not a dictionary
  /// the decoder walks key by key; absent from an older worker.
  var hashes: String? = nil

  /// `hashes` packed from hash by path (sorted by path, for the same bytes every run).
  static func packed(_ hashes: [String: String]) -> String? {
    hashes.isEmpty
      ? nil : hashes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }.joined(separator: "\0")
  }

  /// The reply of a line in either form: compact (`compactLine`) or JSON.
  /// - Throws: what `init(compactLine:decoder:)` or `JSONDecoder` throws.
  static func decode(_ line: Data, decoder: JSONDecoder) throws -> AssetsWorkerReply {
    if WorkerMessage.isCompact(line) {
      return try AssetsWorkerReply(compactLine: line, decoder: decoder)
    }
    return try decoder.decode(AssetsWorkerReply.self, from: line)
  }

  /// Hash by path from `packed`'s string; empty for `nil` or a malformed one.
  static func unpacked(_ text: String?) -> [String: String] {
    guard let parts = text?.split(separator: "\0", omittingEmptySubsequences: false),
      parts.count % 2 == 0
    else { return [:] }
    var found: [String: String] = [:]
    for index in stride(from: 0, to: parts.count, by: 2) {
      found[String(parts[index])] = String(parts[index + 1])
    }
    return found
  }
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
    var canonicalSeconds = 0.0
  }

  /// Processes every icon of every part's plan (with its planned output sets): in workers
  /// with the first job's `isolation` (one pool for all the parts whose jobs tell workers the
  /// same context, as a build's groups do; each planned icon carries its options), else on
  /// threads here. Results are per part, in plan order, with each icon's task seconds, and
  /// the workers' clocks per part.
  /// `unchanged`: each icon's `upToDateResult`, by position in the parts' plans in order
  /// (part by part), found by the caller (`staleOutputs`); those not `nil` are answered
  /// with it, the others rendered.
  static func processAll(
    _ parts: [(job: AssetsJob, plan: Plan)], counter: ProgressCounter,
    unchanged: [AssetInputResult?]
  ) -> ([[(AssetInputResult, Double)]], [WorkerClocks]) {
    // Every icon of every part, in order: (part, icon index).
    let items = parts.indices.flatMap { part in parts[part].plan.icons.indices.map { (part, $0) } }
    let threads = parts.first?.job.options.jobs ?? 1
    var timed = parts.map { part in
      part.plan.icons.map { icon -> (AssetInputResult, Double) in
        // Each position is filled below.
        (
          AssetInputResult(
            path: icon.path, name: icon.name, status: .failed,
            role: part.job.options.role.rawValue, shape: nil, sizePt: nil, files: [],
            failure: nil, warnings: []), 0
        )
      }
    }
    var clocks = parts.map { _ in WorkerClocks() }
    guard let isolation = parts.first?.job.isolation else {
      let done = ParallelMap.map(count: items.count, jobs: threads) { position in
        defer { counter.tick() }
        if let result = unchanged[position] { return (result, 0.0) }
        let (part, index) = items[position]
        let (job, plan) = parts[part]
        let start = DispatchTime.now().uptimeNanoseconds
        let result = job.process(plan.icons[index], sets: plan.sets[index])
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      for (position, (part, index)) in items.enumerated() { timed[part][index] = done[position] }
      return (timed, clocks)
    }
    // Inputs whose outputs are up to date are answered here; only the others go to workers
    // (a rerun with nothing changed starts none).
    for result in unchanged where result != nil { counter.tick() }
    for (position, (part, index)) in items.enumerated() {
      if let result = unchanged[position] { timed[part][index] = (result, 0) }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let contexts = parts.map { part in
      (try? encoder.encode(
        AssetsWorkerContext(
          catalogPath: part.job.catalogPath,
          outputFolders: Dictionary(
            uniqueKeysWithValues: part.job.outputFolders.map { ($0.rawValue, $1) }),
          namespace: part.job.options.namespace, limits: InputLimits.current)))
        ?? Data("{}".utf8)
    }
    // The records' hashes each worker would read for its icons (`RecordedHashIndex`, after
    // the journal moved the replaced ones aside, as a worker reads them), of the folders of
    // the stale icons' sets, read here once per part and handed with each icon
    // (`recordedForWorker`): a fresh worker then decodes no record (issue 36).
    var folders = parts.map { _ in Set<String>() }
    // A folder shared by every icon (an Android density folder: a set not written whole) is
    // read for the files the stale icons' sets write there alone, the names
    // `recordedForWorker` hands (issue 36: its 1,776 hashes were indexed for one icon).
    var wholeFolders = parts.map { _ in Set<String>() }
    var names = parts.map { _ in [String: Set<String>]() }
    for (position, (part, index)) in items.enumerated() where unchanged[position] == nil {
      let sets = parts[part].plan.sets[index]
      for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
        let folder = OutputManifest.normalised(set.folder)
        folders[part].insert(folder)
        if set.whole {
          wholeFolders[part].insert(folder)
          continue
        }
        var own = Set(set.files.map(\.name) + set.texts.map(\.name))
        if let icon = set.icon { own.insert(icon.name) }
        names[part][folder, default: []].formUnion(own)
      }
    }
    let recordIndexes = parts.indices.map { part in
      folders[part].isEmpty
        ? [:]
        : RecordedHashIndex.read(
          roots: parts[part].job.outputRoots, folders: folders[part],
          names: names[part].filter { !wholeFolders[part].contains($0.key) })
    }
    // One pool per distinct context, in order of first use (a build's groups share one).
    var pools: [Data] = []
    for context in contexts where !pools.contains(context) { pools.append(context) }
    for context in pools {
      let stale = items.indices.filter {
        unchanged[$0] == nil && contexts[items[$0].0] == context
      }
      // Each input is encoded as it is sent and each reply decoded as it arrives, while the
      // workers render the others (issue 34).
      // Both in the compact form (`WorkerMessage`; issue 36: JSON on both sides of each
      // message was 12 % of the run's CPU), the options JSON made once per distinct value.
      let decoder = JSONDecoder()
      var decodedReplies = [AssetsWorkerReply?](repeating: nil, count: stale.count)
      var options = OptionsCache()
      let poolStart = Date()
      let replies = WorkerPool.run(
        context: context, count: stale.count,
        item: {
          let (part, index) = items[stale[$0]]
          let icon = parts[part].plan.icons[index]
          return icon.compactTaskLine(
            options: options.text(icon.options),
            recorded: recordedForWorker(parts[part].plan.sets[index], index: recordIndexes[part]))
        },
        jobs: threads, command: isolation.workerCommand, budget: isolation.budget,
        progress: { counter.tick() },
        // A worker killed between the two renames of a set's swap left it moved aside: put
        // back before its icon runs again, so the user's files in it are kept.
        reaped: { AssetsJob.cleanStaleStaging(Set(parts.flatMap(\.job.outputRoots)).sorted()) },
        replied: { decodedReplies[$0] = try? AssetsWorkerReply.decode($1, decoder: decoder) })
      for (slot, (position, reply)) in zip(stale, replies).enumerated() {
        let (part, index) = items[position]
        let input = parts[part].plan.icons[index]
        var failed = timed[part][index].0
        switch reply {
        case .success:
          guard let decoded = decodedReplies[slot] else {
            failed.failure = .unusable(
              path: input.path, problem: "the renderer's reply could not be read")
            timed[part][index] = (failed, 0)
            continue
          }
          clocks[part].librarySeconds += decoded.librarySeconds
          clocks[part].writeSeconds += decoded.writeSeconds
          clocks[part].canonicalSeconds += decoded.canonicalSeconds ?? 0
          var result = decoded.result
          result.failure = decoded.failure
          result.warnings = decoded.warnings
          if let hashes = decoded.hashes {
            result.writtenHashes = WrittenHashes(AssetsWorkerReply.unpacked(hashes))
          }
          timed[part][index] = (result, decoded.taskSeconds)
        case .failure(let failure):
          failed.failure = .unusable(path: input.path, problem: failure.problem)
          // What the worker wrote before it died is on disk: the run's summary counts it
          // (`N failed (M partly written)`; issue 32, eighth trial finding 7).
          failed.files = Self.writtenSince(poolStart, sets: parts[part].plan.sets[index])
          timed[part][index] = (failed, 0)
        }
      }
    }
    return (timed, clocks)
  }

  /// The planned files of `sets` (fallbacks included) that are on disk modified at `start`
  /// or later: what a worker that died wrote of its icon in this run (PNG sizes from their
  /// headers, 0 for other files).
  static func writtenSince(_ start: Date, sets: [PlannedAssetSet]) -> [WrittenFile] {
    var files: [WrittenFile] = []
    for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
      for file in set.files {
        let path = set.folder + "/" + file.name
        guard
          let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          let modified = attributes[.modificationDate] as? Date, modified >= start
        else { continue }
        let size = FileManager.default.contents(atPath: path).flatMap(PNGCodec.size(of:))
        files.append(
          WrittenFile(path: file.reportPath, width: size?.width ?? 0, height: size?.height ?? 0))
      }
    }
    return files
  }

  /// Each icon's `upToDateResult` (its outputs already carry its planned fingerprint; `nil`:
  /// it is rendered and written), by position in the parts' plans in order, found in
  /// parallel (`jobs` of the first part's options), and the output paths (standardized
  /// absolute, as `plannedOutputs` gives them: set folders, drawables) the stale ones will
  /// replace, fallbacks and the files each set folder holds included (issue 32, eighth
  /// trial: the journal drops the recorded hashes of those before they are replaced,
  /// `OutputManifest.replacing`). A set written file by file into a shared folder (an
  /// Android density folder, `PlannedAssetSet.whole` false) replaces its own files alone,
  /// not the folder (issue 36: each save of one icon moved the hashes of every drawable of
  /// the record aside, 8,880 for 1,776 icons, and read and hashed them all back).
  static func staleOutputs(
    _ parts: [(job: AssetsJob, plan: Plan)]
  ) -> (unchanged: [AssetInputResult?], replaced: Set<String>) {
    let items = parts.indices.flatMap { part in parts[part].plan.icons.indices.map { (part, $0) } }
    let threads = parts.first?.job.options.jobs ?? 1
    let unchanged = ParallelMap.map(count: items.count, jobs: threads) { position in
      let (part, index) = items[position]
      return parts[part].job.upToDateResult(
        parts[part].plan.icons[index], sets: parts[part].plan.sets[index])
    }
    var replaced: Set<String> = []
    for (position, (part, index)) in items.enumerated() where unchanged[position] == nil {
      let sets = parts[part].plan.sets[index]
      for set in sets + sets.flatMap({ $0.fallback ?? [] }) {
        if set.whole { replaced.insert(OutputManifest.normalised(set.folder)) }
        for file in set.files { replaced.insert(OutputManifest.normalised(set.folder + "/" + file.name)) }
        for text in set.texts { replaced.insert(OutputManifest.normalised(set.folder + "/" + text.name)) }
      }
    }
    return (unchanged, replaced)
  }

  /// The worker side of `isolation`: reads the context (`AssetsWorkerContext`) from the
  /// pool, then executes each planned icon it is sent (`PlannedIcon`, as JSON) with a job of
  /// that icon's options and answers its result, until the pool closes stdin. It reads no
  /// arguments, project file or folder: everything comes over the pipe.
  package static func serveWorker() -> Never {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let decoder = JSONDecoder()
    var options = OptionsCache()
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
        let planned =
          WorkerMessage.isCompact(line)
          ? try? PlannedIcon.task(compactLine: line, options: { try options.options($0) })
          : (try? decoder.decode(PlannedIcon.self, from: line)).map { ($0, nil) }
        guard let (icon, recorded) = planned else { return Data("{}".utf8) }
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
        return job.serveOne(icon, recorded: recorded, encoder: encoder)
      }
    }
  }

  /// The reply line for `icon`, processed here in a worker; `recorded`: the records' hashes
  /// of its sets' folders the parent handed (`recordedForWorker`), else read here.
  private func serveOne(
    _ icon: PlannedIcon, recorded: [String: [String: String]]?, encoder: JSONEncoder
  ) -> Data {
    let libraryBefore = LibraryClock.seconds
    let writeBefore = writeClock.seconds
    let canonicalBefore = CanonicalReadClock.seconds
    let start = DispatchTime.now().uptimeNanoseconds
    // The parent sends only icons it found out of date.
    var result = process(icon, knownStale: true, recorded: recorded)
    if case .render(.cairo(let status)) = result.failure, status == RenderError.cairoNoMemory {
      let failure = WorkerPool.WorkerFailure.outOfMemory(
        megabytes: WorkerPool.workerMemoryMB ?? WorkerPool.Budget().maxMemoryMB)
      result.failure = .unusable(path: icon.path, problem: failure.problem)
    }
    let reply = AssetsWorkerReply(
      result: result, failure: result.failure, warnings: result.warnings,
      taskSeconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
      librarySeconds: LibraryClock.seconds - libraryBefore,
      writeSeconds: writeClock.seconds - writeBefore,
      canonicalSeconds: CanonicalReadClock.seconds - canonicalBefore,
      hashes: nil)
    // The compact form; the parent reads JSON too (a reply that could not be encoded).
    return (try? reply.compactLine(encoder: encoder)) ?? Data("{}".utf8)
  }
}
