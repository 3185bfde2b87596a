import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Runs a batch's inputs in worker processes, so that a crash, a hang or a memory blow-up
/// while reading or rendering one input fails that input alone.
///
/// The pool starts `jobs` workers with `command` (the same executable with a hidden worker
/// subcommand), sends each the batch's context as its first line on stdin (one JSON value:
/// what every input shares, such as output folders and limits), then one input per line (one
/// JSON value: a plan item, everything the worker needs), and reads one reply line per input
/// from its stdout. A worker that dies (a signal, or exiting) or passes `budget.timeoutSeconds`
/// on one input is reaped (killed first when late), and a new worker takes the next input.
/// An input whose worker died (a crash, an exit, its memory budget) is run once more, first
/// in a new worker, and fails with `WorkerFailure` only when it dies there too: a library's
/// state broken by an earlier input of the same worker (a font cache poisoned by one file)
/// crashes on the next one, which is not that file's fault, and which inputs share a worker
/// depends on `jobs`. A timeout is not run again. Workers limit their own memory (`serve`).
/// Replies are returned in input order, so the number of workers never changes the result.
///
/// Once `keepWorkersBetweenRuns()` is called (`build --watch`, issue 36), a worker that
/// answered all its inputs is not ended at the end of a run: it waits, idle, for the next run
/// started with the same command, memory budget and context, which sends it its inputs
/// instead of starting a process (a save's start and first render in a fresh process were
/// about a quarter of its CPU). Isolation is unchanged: a kept worker that dies on an input
/// is reaped and its input run once more in a new worker, as for any worker; one found dead
/// while idle is reaped and replaced without costing any input its second chance.
package enum WorkerPool {
  /// Per-input budgets: the last line of defence behind the cheap checks before rendering.
  package struct Budget: Sendable, Equatable {
    /// Wall-clock seconds one input may take (`--timeout`, default 10).
    package var timeoutSeconds: Double = 10
    /// Memory one worker may use in MB (`--max-memory`, default 200: an icon needs far less,
    /// issue 23): `RLIMIT_DATA`, the heap and private mappings, set by the worker itself.
    package var maxMemoryMB: Int = 200
    /// The defaults.
    package init() {}
  }

  /// Why an input got no reply.
  package enum WorkerFailure: Error, Equatable, Sendable {
    /// The worker died from `signal` (its name, e.g. `SIGABRT`).
    case crashed(signal: String)
    /// The input took longer than `seconds`; the worker was killed.
    case timedOut(seconds: Double)
    /// The worker ran out of its `megabytes` of memory.
    case outOfMemory(megabytes: Int)
    /// The worker exited with `status` without replying.
    case exited(status: Int32)
    /// No worker could be started (its pipes or the process), for `reason` (the system's,
    /// `Platform.Failure.reason`): not the file's fault (trial M4: with `ulimit -n 6` it was
    /// "the renderer stopped with status 127 on this file").
    case cannotStart(reason: String)

    /// What went wrong, without the path: `the renderer crashed on this file (SIGABRT); ...`.
    package var problem: String {
      switch self {
      case .crashed(let signal) where signal == "SIGXFSZ":
        // Not the file's fault (issue 32, eighth trial finding 7: `ulimit -f 8`).
        return
          "the renderer was stopped by SIGXFSZ: a file it wrote passed the file size limit (ulimit -f); raise the limit and build again"
      case .crashed(let signal) where signal == "SIGPIPE":
        // Not the file's fault either (trial t36b F5: `render -o - | head -c 10`).
        return
          "the renderer was stopped by SIGPIPE: the program reading its output closed the pipe before everything was written"
      case .crashed(let signal) where signal == "SIGXCPU":
        return
          "the renderer was stopped by SIGXCPU: it passed the CPU time limit (ulimit -t); raise the limit or simplify the file"
      case .crashed(let signal):
        return "the renderer crashed on this file (\(signal)); check or simplify the file"
      case .timedOut(let seconds):
        return "rendering took longer than \(seconds.cleanSeconds) s (--timeout); "
          + "simplify the file or raise --timeout"
      case .outOfMemory(let megabytes):
        return "rendering needs more than \(megabytes) MB (--max-memory); "
          + "simplify the file or raise --max-memory"
      case .exited(let status):
        return "the renderer stopped with status \(status) on this file"
      case .cannotStart(let reason):
        return "cannot start the renderer: \(reason)"
      }
    }

    /// The message for `path`, in compiler form.
    package func message(path: String) -> String { "\(path): error: \(problem)" }
  }

  /// How many inputs a worker is sent ahead: the one it works on and one waiting in its pipe
  /// (issue 34: with one, each worker sat idle while this process read its answer and sent
  /// the next input).
  static let queueDepth = 2

  /// The environment variable a worker reads its memory budget (MB) from.
  package static let memoryVariable = "GLYPHSMITH_WORKER_MAX_MEMORY_MB"

  /// The memory budget this process was started with as a worker, in MB.
  package static var workerMemoryMB: Int? {
    ProcessInfo.processInfo.environment[memoryVariable].flatMap { Int($0) }
  }

  /// Workers idle between runs, by what they were started with (`keepWorkersBetweenRuns`).
  final class KeptWorkers: @unchecked Sendable {
    /// What a kept worker can serve: its command, its memory budget and its context line.
    struct Key: Equatable {
      var command: [String]
      var maxMemoryMB: Int
      var context: Data
    }
    /// How many distinct keys keep workers (a `build --lint --watch` has an `assets` and a
    /// `lint` pool); the least recently used key's workers are ended past it.
    static let keys = 4
    private let lock = PlainLock()
    private var enabled = false
    /// Idle workers by key, the most recently kept key last.
    private var idle: [(key: Key, workers: [Worker])] = []

    /// From now on workers are kept between runs.
    func enable() {
      lock.lock()
      enabled = true
      lock.unlock()
    }

    /// Whether workers are kept between runs.
    var isEnabled: Bool {
      lock.lock()
      defer { lock.unlock() }
      return enabled
    }

    /// An idle worker started with `key`, taken out of the kept ones; one found dead (its
    /// stdout readable: an idle worker writes nothing) is ended and reaped on the way.
    func take(_ key: Key) -> Worker? {
      while true {
        lock.lock()
        guard let slot = idle.firstIndex(where: { $0.key == key }), !idle[slot].workers.isEmpty
        else {
          lock.unlock()
          return nil
        }
        let worker = idle[slot].workers.removeLast()
        if idle[slot].workers.isEmpty { idle.remove(at: slot) }
        lock.unlock()
        if worker.isIdleAndAlive { return worker }
        worker.close()
      }
    }

    /// Keeps `worker` (alive, with no input) for a later run with `key`; ends the workers of
    /// the least recently kept keys past `keys`. `false` when workers are not kept.
    func keep(_ worker: Worker, key: Key) -> Bool {
      lock.lock()
      guard enabled else {
        lock.unlock()
        return false
      }
      var workers = [worker]
      if let slot = idle.firstIndex(where: { $0.key == key }) {
        workers = idle.remove(at: slot).workers + workers
      }
      idle.append((key, workers))
      var ended: [Worker] = []
      while idle.count > Self.keys { ended += idle.removeFirst().workers }
      lock.unlock()
      for worker in ended { worker.close() }
      return true
    }

    /// The process ids of the idle workers (for tests).
    var pids: [Int32] {
      lock.lock()
      defer { lock.unlock() }
      return idle.flatMap { $0.workers.map(\.pid) }
    }
  }

  /// The workers kept between runs of this process.
  static let kept = KeptWorkers()

  /// From now on a worker that answered all its inputs waits for the next run with the same
  /// command, memory budget and context instead of ending (`build --watch`, issue 36: a
  /// save's build no longer starts a process). The kept workers end with this process (their
  /// stdin closes; Ctrl-C ends them first, `Interruption`).
  package static func keepWorkersBetweenRuns() { kept.enable() }

  /// The process ids of the workers kept idle between runs, for tests.
  package static var keptWorkerIDs: [Int32] { kept.pids }

  /// Runs `items` on up to `jobs` workers started with `command` (executable path first):
  /// each worker is sent `context` first, then items one at a time. `context` and every item
  /// are one line each: they must not contain a newline byte (JSON without pretty printing
  /// has none). `progress()` is called after each input, on the calling thread.
  /// `reaped()` is called, on the calling thread, once a worker that died or was killed
  /// midway is reaped, before its input runs again: what it left half done can be put right
  /// first (a set it had moved aside, `AssetsJob.cleanStaleStaging`).
  /// - Returns: per item, in order, the worker's reply line (without the newline) or its
  ///   failure.
  package static func run(
    context: Data, items: [Data], jobs: Int, command: [String], budget: Budget,
    progress: () -> Void = {}, reaped: () -> Void = {}
  ) -> [Result<Data, WorkerFailure>] {
    run(
      context: context, count: items.count, item: { items[$0] }, jobs: jobs, command: command,
      budget: budget, progress: progress, reaped: reaped)
  }

  /// `run(context:items:...)` with the items made when first sent: `item(index)` is called on
  /// the calling thread just before item `index` goes to a worker (again for a retry), so
  /// encoding the inputs overlaps the workers' rendering instead of delaying their start
  /// (issue 34: encoding 1,776 planned icons up front cost 46 ms before any worker began).
  /// `replied(index, line)` is called, on the calling thread, as each reply arrives (before
  /// `progress()`), so the caller can decode it while the workers go on.
  package static func run(
    context: Data, count: Int, item: (Int) -> Data, jobs: Int, command: [String],
    budget: Budget, progress: () -> Void = {}, reaped: () -> Void = {},
    replied: (Int, Data) -> Void = { _, _ in }
  ) -> [Result<Data, WorkerFailure>] {
    var results = [Result<Data, WorkerFailure>?](repeating: nil, count: count)
    guard count > 0 else { return [] }
    ProjectReadCounter.countWorkerPool()
    Platform.ignoreBrokenPipes()
    var next = 0
    var workers: [Worker] = []
    let slots = max(1, min(jobs, count))
    // Inputs whose worker died on them, to run again as the first input of a new worker
    // (each once: `retried`).
    var retries: [Int] = []
    var retried = Set<Int>()
    // Inputs sent to a worker that died or was killed before it began them: theirs is no
    // fault, they are sent again as they were (before the next input in order).
    var requeued: [Int] = []
    var remaining: Bool { next < count || !requeued.isEmpty }
    let key = KeptWorkers.Key(command: command, maxMemoryMB: budget.maxMemoryMB, context: context)
    let keeping = kept.isEnabled

    /// Sends the worker its next input: a retry when it is `fresh` and one waits, else one
    /// requeued, else the next input in order. `false` when there is none.
    @discardableResult
    func assign(_ worker: Worker, fresh: Bool) -> Bool {
      let index: Int
      if fresh, !retries.isEmpty {
        index = retries.removeFirst()
      } else if !requeued.isEmpty {
        index = requeued.removeFirst()
      } else {
        guard next < count else { return false }
        index = next
        next += 1
      }
      // A worker that died before taking the input is counted when it is reaped.
      _ = worker.send(index, item: item(index), timeout: budget.timeoutSeconds)
      return true
    }
    /// Keeps `queueDepth` inputs with the worker, so it starts the next the moment it
    /// answers one instead of waiting for this process to read the answer and send another.
    func fill(_ worker: Worker, fresh: Bool) {
      var fresh = fresh
      while worker.queue.count < queueDepth, assign(worker, fresh: fresh) { fresh = false }
    }
    /// The inputs `worker` was sent after the one it was working on, to send again.
    func requeueWaiting(_ worker: Worker) {
      requeued = Array(worker.queue.dropFirst()) + requeued
    }
    func startWorker() -> Worker? {
      guard remaining || !retries.isEmpty else { return nil }
      // A retry goes to a new process; anything else may go to a kept one.
      if keeping, retries.isEmpty, let worker = kept.take(key) {
        fill(worker, fresh: false)
        return worker
      }
      let worker: Worker
      do {
        worker = try Worker(command: command, budget: budget, context: context)
      } catch {
        // Cannot start at all: the remaining inputs fail the same way, for the system's
        // reason (too many open files, no memory), not the file's.
        let failure = WorkerFailure.cannotStart(reason: error.reason)
        for index in retries + requeued {
          results[index] = .failure(failure)
          progress()
        }
        retries = []
        requeued = []
        while next < count {
          results[next] = .failure(failure)
          next += 1
          progress()
        }
        return nil
      }
      fill(worker, fresh: true)
      return worker
    }
    for _ in 0..<slots { if let w = startWorker() { workers.append(w) } }

    while !workers.isEmpty {
      let now = monotonicSeconds()
      let nearest = workers.compactMap(\.deadline).min() ?? now + 1
      let wait = Int32(max(0, min(1000, (nearest - now) * 1000)).rounded(.up))
      let descriptors = workers.flatMap { [$0.output, $0.errors] }
      guard let readable = Platform.waitReadable(descriptors, milliseconds: wait) else { break }
      var finished: [Int] = []
      // Workers that answered everything they were sent and are alive: kept when workers
      // are kept between runs.
      var idle: Set<Int> = []
      for (slot, worker) in workers.enumerated() {
        if readable[slot * 2 + 1] { worker.drainErrors() }
        var alive = true
        if readable[slot * 2] {
          var answered: [(Int, Data)] = []
          alive = worker.readReplies { index, line in answered.append((index, line)) }
          // The worker gets its next inputs first; the answers are handled while it works.
          if alive {
            fill(worker, fresh: false)
            if worker.queue.isEmpty {
              finished.append(slot)
              idle.insert(slot)
            }
          }
          for (index, line) in answered {
            results[index] = .success(line)
            replied(index, line)
            progress()
          }
        }
        if alive, let deadline = worker.deadline, monotonicSeconds() >= deadline {
          worker.kill()
          _ = worker.reap(budget: budget)
          reaped()
          if let index = worker.current {
            results[index] = .failure(.timedOut(seconds: budget.timeoutSeconds))
            progress()
          }
          requeueWaiting(worker)
          finished.append(slot)
        } else if !alive {
          let failure = worker.reap(budget: budget)
          if worker.current != nil { reaped() }
          if let index = worker.current {
            if retried.insert(index).inserted {
              retries.append(index)
            } else {
              results[index] = .failure(failure)
              progress()
            }
          }
          requeueWaiting(worker)
          finished.append(slot)
        }
      }
      for slot in Set(finished).sorted(by: >) {
        let worker = workers.remove(at: slot)
        if !(keeping && idle.contains(slot) && worker.queue.isEmpty && kept.keep(worker, key: key)) {
          worker.close()
        }
        if remaining || !retries.isEmpty, let replacement = startWorker() {
          workers.append(replacement)
        }
      }
      // A worker that finished its last input while others died keeps going with theirs.
      for worker in workers where worker.queue.count < queueDepth { fill(worker, fresh: false) }
    }
    for worker in workers { worker.close() }
    return results.map { $0 ?? .failure(.exited(status: -1)) }
  }

  /// The worker side: limits this process's memory to `GLYPHSMITH_WORKER_MAX_MEMORY_MB`,
  /// restores the default action of crash signals (no backtrace; the pool names the signal),
  /// reads the context (the first line on stdin) and gives it to `start`, then answers each
  /// further line (one item) with the handler's reply and a newline on stdout until stdin
  /// closes. Anything else printed to stdout goes to stderr instead.
  /// - Parameter start: given the context line, returns the handler of one item line; `nil`
  ///   when the context cannot be used (the worker exits with status 1, and the pool fails
  ///   its input with `WorkerFailure.exited`). A reply must not contain a newline byte.
  package static func serve(_ start: (Data) -> ((Data) -> Data)?) -> Never {
    if let mb = workerMemoryMB, mb > 0 { Platform.limitMemory(megabytes: mb) }
    Platform.restoreCrashSignals()
    let replies = Platform.duplicate(1)
    Platform.redirect(1, to: 2)
    var buffer: [UInt8] = []
    var handle: ((Data) -> Data)? = nil
    while true {
      let chunk: ArraySlice<UInt8>
      do throws(Platform.Failure) {
        chunk = try Platform.readSome(0, upTo: 4096)
      } catch {
        if error.isInterrupted { continue }
        exit(0)
      }
      if chunk.isEmpty { exit(0) }
      buffer += chunk
      while let newline = buffer.firstIndex(of: 10) {
        let line = Data(buffer[..<newline])
        buffer.removeSubrange(...newline)
        guard let handler = handle else {
          guard let made = start(line) else { exit(1) }
          handle = made
          continue
        }
        var reply = handler(line)
        reply.append(10)
        let written = reply.withUnsafeBytes { (try? Platform.writeAll(replies, $0)) != nil }
        if !written { exit(1) }
      }
    }
  }

  /// Whether a crashed process's last words say it ran out of memory: Rust ("memory
  /// allocation of N bytes failed"), GLib ("failed to allocate"), Swift ("could not allocate
  /// memory"), C++ (`std::bad_alloc`), cairo ("out of memory").
  static func soundsOutOfMemory(_ text: String) -> Bool {
    let lower = text.lowercased()
    return outOfMemoryWords.contains { lower.contains($0) }
  }

  /// What a library prints when an allocation fails (Rust's `alloc` error, GLib, C++,
  /// Swift), lower case: stderr holding one of them before a crash means out of memory.
  static let outOfMemoryWords = [
    "memory allocation of", "failed to allocate", "could not allocate", "bad_alloc",
    "out of memory",
  ]

  static func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// One worker process and its three pipes.
  final class Worker {
    let pid: Int32
    let input: Int32
    let output: Int32
    let errors: Int32
    /// The inputs sent to it and not answered yet, in order: it works on the first
    /// (`current`), the others wait in its pipe.
    private(set) var queue: [Int] = []
    /// The input it is working on.
    var current: Int? { queue.first }
    /// When the current input's time is up.
    var deadline: Double?
    private var pending: [UInt8] = []
    /// Seconds an input may take (`Budget.timeoutSeconds`), as `send` was given.
    private var timeout = 0.0
    /// The last 8 KiB of its stderr, for classifying a crash.
    private(set) var stderrTail: [UInt8] = []

    /// Starts a worker and sends it `context` (its first line).
    /// - Throws: the `Platform.Failure` of the pipe or the spawn that failed (`EMFILE`).
    init(command: [String], budget: Budget, context: Data) throws(Platform.Failure) {
      guard let toChild = Platform.makePipe() else { throw Platform.Failure.last }
      guard let fromChild = Platform.makePipe() else {
        let failure = Platform.Failure.last
        for fd in [toChild.read, toChild.write] { Platform.close(fd) }
        throw failure
      }
      guard let errChild = Platform.makePipe() else {
        let failure = Platform.Failure.last
        for fd in [toChild.read, toChild.write, fromChild.read, fromChild.write] {
          Platform.close(fd)
        }
        throw failure
      }
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_BACKTRACE"] = "enable=no"
      environment[WorkerPool.memoryVariable] = "\(budget.maxMemoryMB)"
      let env = environment.map { "\($0.key)=\($0.value)" }.sorted()
      let spawned = Platform.spawnReporting(
        command, environment: env, stdin: toChild.read, stdout: fromChild.write,
        stderr: errChild.write)
      for fd in [toChild.read, fromChild.write, errChild.write] { Platform.close(fd) }
      let child: Int32
      switch spawned {
      case .success(let pid): child = pid
      case .failure(let failure):
        for fd in [toChild.write, fromChild.read, errChild.read] { Platform.close(fd) }
        throw failure
      }
      pid = child
      Interruption.adopt(child)
      input = toChild.write
      output = fromChild.read
      errors = errChild.read
      // A worker that dies before reading it fails its first input when reaped.
      _ = (context + [10]).withUnsafeBytes { try? Platform.writeAll(input, $0) }
    }

    /// Sends input `index`, whose line is `item`; `false` when the worker is gone.
    func send(_ index: Int, item: Data, timeout: Double) -> Bool {
      queue.append(index)
      self.timeout = timeout
      if queue.count == 1 { deadline = WorkerPool.monotonicSeconds() + timeout }
      return (item + [10]).withUnsafeBytes { raw in (try? Platform.writeAll(input, raw)) != nil }
    }

    /// Reads what is available; calls `reply(index, line)` for each complete line. Returns
    /// `false` at end of file (the worker died or exited).
    func readReplies(_ reply: (Int, Data) -> Void) -> Bool {
      let chunk: ArraySlice<UInt8>
      do throws(Platform.Failure) {
        chunk = try Platform.readSome(output, upTo: 65536)
      } catch {
        return error.isInterrupted
      }
      if chunk.isEmpty { return false }
      pending += chunk
      while let newline = pending.firstIndex(of: 10) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        if let index = current {
          reply(index, line)
          queue.removeFirst()
          // The next input waiting starts now; its time counts from here.
          deadline = queue.isEmpty ? nil : WorkerPool.monotonicSeconds() + timeout
        }
      }
      return true
    }

    func drainErrors() {
      guard let chunk = try? Platform.readSome(errors, upTo: 8192), !chunk.isEmpty else { return }
      stderrTail += chunk
      if stderrTail.count > 8192 { stderrTail.removeFirst(stderrTail.count - 8192) }
    }

    func kill() { Platform.kill(pid) }

    /// Whether the worker, sent nothing it has not answered, is still there: its stdout is
    /// neither closed nor holding anything (it writes only replies).
    var isIdleAndAlive: Bool {
      queue.isEmpty && pending.isEmpty
        && Platform.waitReadable([output], milliseconds: 0).map { !$0[0] } == true
    }

    /// Waits for the process and says why it ended.
    func reap(budget: Budget) -> WorkerFailure {
      // Collect the last words (the pipe closes when the process is gone).
      let status = Platform.waitForExit(pid)
      Interruption.release(pid)
      Platform.makeNonBlocking(errors)
      for _ in 0..<8 { drainErrors() }
      let words = String(decoding: stderrTail, as: UTF8.self)
      let signal = status & 0x7f
      if WorkerPool.soundsOutOfMemory(words) { return .outOfMemory(megabytes: budget.maxMemoryMB) }
      if signal != 0 && signal != 0x7f { return .crashed(signal: Platform.signalName(signal)) }
      return .exited(status: (status >> 8) & 0xff)
    }

    func close() {
      for fd in [input, output, errors] { Platform.close(fd) }
      // Closing stdin ends a healthy worker; a stuck one is killed.
      if !Platform.hasExited(pid) {
        Platform.sleep(microseconds: 1000)
        if !Platform.hasExited(pid) {
          Platform.kill(pid)
          _ = Platform.waitForExit(pid)
        }
      }
      Interruption.release(pid)
    }
  }
}

extension Double {
  /// Seconds for messages: `10`, `2.5`, `0.015`: every digit given (trial t36c L1: `%.1f` said
  /// `0.0 s` for `--timeout 0.001`).
  var cleanSeconds: String {
    self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self)
  }
}
