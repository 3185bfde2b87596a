import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a batch's inputs in worker processes, so that a crash, a hang or a memory blow-up
/// while reading or rendering one input fails that input alone.
///
/// The pool starts `jobs` workers with `command` (the same executable with a hidden worker
/// subcommand), sends each an input index on its stdin (`"INDEX\n"`) and reads one reply line
/// from its stdout. A worker that dies (a signal, or exiting) or passes `budget.timeoutSeconds`
/// on one input is reaped (killed first when late), that input fails with `WorkerFailure`, and
/// a new worker takes the next input. Workers limit their own memory (`serve`). Replies are
/// returned in input order, so the number of workers never changes the result.
public enum WorkerPool {
  /// Per-input budgets: the last line of defence behind the cheap checks before rendering.
  public struct Budget: Sendable, Equatable {
    /// Wall-clock seconds one input may take (`--timeout`, default 10).
    public var timeoutSeconds: Double = 10
    /// Memory one worker may use in MB (`--max-memory`, default 1024): `RLIMIT_DATA`, the heap
    /// and private mappings, set by the worker itself.
    public var maxMemoryMB: Int = 1024
    /// The defaults.
    public init() {}
  }

  /// Why an input got no reply.
  public enum WorkerFailure: Error, Equatable, Sendable {
    /// The worker died from `signal` (its name, e.g. `SIGABRT`).
    case crashed(signal: String)
    /// The input took longer than `seconds`; the worker was killed.
    case timedOut(seconds: Double)
    /// The worker ran out of its `megabytes` of memory.
    case outOfMemory(megabytes: Int)
    /// The worker exited with `status` without replying.
    case exited(status: Int32)

    /// What went wrong, without the path: `the renderer crashed on this file (SIGABRT); ...`.
    public var problem: String {
      switch self {
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
      }
    }

    /// The message for `path`, in compiler form.
    public func message(path: String) -> String { "\(path): error: \(problem)" }
  }

  /// The environment variable a worker reads its memory budget (MB) from.
  public static let memoryVariable = "GLYPHSMITH_WORKER_MAX_MEMORY_MB"

  /// The memory budget this process was started with as a worker, in MB.
  public static var workerMemoryMB: Int? {
    ProcessInfo.processInfo.environment[memoryVariable].flatMap { Int($0) }
  }

  /// Runs `count` inputs on up to `jobs` workers started with `command` (executable path
  /// first). `progress()` is called after each input, on the calling thread. Input `i` is sent
  /// to a worker as `wireIndex(i)` (the index in the worker's own plan; the identity by default).
  /// - Returns: per input, the worker's reply line (without the newline) or its failure.
  public static func run(
    count: Int, jobs: Int, command: [String], budget: Budget,
    wireIndex: (Int) -> Int = { $0 }, progress: () -> Void = {}
  ) -> [Result<Data, WorkerFailure>] {
    var results = [Result<Data, WorkerFailure>?](repeating: nil, count: count)
    guard count > 0 else { return [] }
    signal(SIGPIPE, SIG_IGN)
    var next = 0
    var workers: [Worker] = []
    let slots = max(1, min(jobs, count))

    func assign(_ worker: Worker) {
      guard next < count else { return }
      let index = next
      next += 1
      if worker.send(index, as: wireIndex(index), timeout: budget.timeoutSeconds) == false {
        // Died before taking the input: counted when it is reaped.
        worker.current = index
      }
    }
    func startWorker() -> Worker? {
      guard next < count else { return nil }
      guard let worker = Worker(command: command, budget: budget) else {
        // Cannot start at all: the remaining inputs fail the same way.
        while next < count {
          results[next] = .failure(.exited(status: 127))
          next += 1
          progress()
        }
        return nil
      }
      assign(worker)
      return worker
    }
    for _ in 0..<slots { if let w = startWorker() { workers.append(w) } }

    while !workers.isEmpty {
      let now = monotonicSeconds()
      let nearest = workers.compactMap(\.deadline).min() ?? now + 1
      var fds: [pollfd] = []
      for worker in workers {
        fds.append(pollfd(fd: worker.output, events: Int16(POLLIN), revents: 0))
        fds.append(pollfd(fd: worker.errors, events: Int16(POLLIN), revents: 0))
      }
      let wait = Int32(max(0, min(1000, (nearest - now) * 1000)).rounded(.up))
      let ready = poll(&fds, nfds_t(fds.count), wait)
      if ready < 0 && errno != EINTR { break }
      var finished: [Int] = []
      for (slot, worker) in workers.enumerated() {
        if fds[slot * 2 + 1].revents != 0 { worker.drainErrors() }
        var alive = true
        if fds[slot * 2].revents != 0 {
          alive = worker.readReplies { index, line in
            results[index] = .success(line)
            progress()
          }
          if alive, worker.current == nil {
            if next < count { assign(worker) } else { finished.append(slot) }
          }
        }
        if alive, let deadline = worker.deadline, monotonicSeconds() >= deadline {
          worker.kill()
          _ = worker.reap(budget: budget)
          if let index = worker.current {
            results[index] = .failure(.timedOut(seconds: budget.timeoutSeconds))
            progress()
          }
          finished.append(slot)
        } else if !alive {
          let failure = worker.reap(budget: budget)
          if let index = worker.current {
            results[index] = .failure(failure)
            progress()
          }
          finished.append(slot)
        }
      }
      for slot in Set(finished).sorted(by: >) {
        let worker = workers.remove(at: slot)
        worker.close()
        if next < count, let replacement = startWorker() { workers.append(replacement) }
      }
    }
    for worker in workers { worker.close() }
    return results.map { $0 ?? .failure(.exited(status: -1)) }
  }

  /// The worker side: limits this process's memory to `GLYPHSMITH_WORKER_MAX_MEMORY_MB`,
  /// restores the default action of crash signals (no backtrace; the pool names the signal),
  /// then answers each `"INDEX\n"` on stdin with `handle(INDEX)` and a newline on stdout
  /// until stdin closes. Anything else printed to stdout goes to stderr instead.
  /// - Parameter handle: the reply for one input; must not contain a newline byte.
  public static func serve(_ handle: (Int) -> Data) -> Never {
    if let mb = workerMemoryMB, mb > 0 { limitMemory(megabytes: mb) }
    for sig in [SIGABRT, SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGTRAP] { signal(sig, SIG_DFL) }
    let replies = dup(1)
    dup2(2, 1)
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, 4096) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { exit(0) }
      buffer += chunk[0..<n]
      while let newline = buffer.firstIndex(of: 10) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        guard let index = Int(line) else { continue }
        var reply = handle(index)
        reply.append(10)
        reply.withUnsafeBytes { raw in
          var offset = 0
          while offset < raw.count {
            let w = write(replies, raw.baseAddress! + offset, raw.count - offset)
            if w < 0 && errno == EINTR { continue }
            if w <= 0 { exit(1) }
            offset += w
          }
        }
      }
    }
  }

  /// Sets `RLIMIT_DATA` (heap and private mappings) to `megabytes`.
  public static func limitMemory(megabytes: Int) {
    let bytes = rlim_t(megabytes) * 1024 * 1024
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    #if canImport(Glibc)
      _ = setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
    #else
      _ = setrlimit(RLIMIT_DATA, &limit)
    #endif
  }

  /// Whether a crashed process's last words say it ran out of memory: Rust ("memory
  /// allocation of N bytes failed"), GLib ("failed to allocate"), Swift ("could not allocate
  /// memory"), C++ (`std::bad_alloc`), cairo ("out of memory").
  static func soundsOutOfMemory(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.contains("memory allocation of") || lower.contains("failed to allocate")
      || lower.contains("could not allocate") || lower.contains("bad_alloc")
      || lower.contains("out of memory")
  }

  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGILL: return "SIGILL"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGTRAP: return "SIGTRAP"
    case SIGKILL: return "SIGKILL"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(signal)"
    }
  }

  static func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// One worker process and its three pipes.
  final class Worker {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let errors: Int32
    /// The input it is working on.
    var current: Int?
    /// When the current input's time is up.
    var deadline: Double?
    private var pending: [UInt8] = []
    /// The last 8 KiB of its stderr, for classifying a crash.
    private(set) var stderrTail: [UInt8] = []

    init?(command: [String], budget: Budget) {
      var toChild: [Int32] = [0, 0]
      var fromChild: [Int32] = [0, 0]
      var errChild: [Int32] = [0, 0]
      guard closeOnExecPipe(&toChild) == 0 else { return nil }
      guard closeOnExecPipe(&fromChild) == 0, closeOnExecPipe(&errChild) == 0 else {
        return nil
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
      posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
      posix_spawn_file_actions_adddup2(&actions, errChild[1], 2)
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_BACKTRACE"] = "enable=no"
      environment[WorkerPool.memoryVariable] = "\(budget.maxMemoryMB)"
      let env = environment.map { "\($0.key)=\($0.value)" }.sorted()
      var child: pid_t = 0
      let status = withCStrings(command) { argv in
        withCStrings(env) { envp in posix_spawn(&child, command[0], &actions, nil, argv, envp) }
      }
      Glibc.close(toChild[0])
      Glibc.close(fromChild[1])
      Glibc.close(errChild[1])
      guard status == 0 else {
        Glibc.close(toChild[1])
        Glibc.close(fromChild[0])
        Glibc.close(errChild[0])
        return nil
      }
      pid = child
      input = toChild[1]
      output = fromChild[0]
      errors = errChild[0]
    }

    /// Sends input `index`, written on the wire as `wire`; `false` when the worker is gone.
    func send(_ index: Int, as wire: Int, timeout: Double) -> Bool {
      current = index
      deadline = WorkerPool.monotonicSeconds() + timeout
      let line = Array("\(wire)\n".utf8)
      return line.withUnsafeBytes { raw in
        write(input, raw.baseAddress!, raw.count) == raw.count
      }
    }

    /// Reads what is available; calls `reply(index, line)` for each complete line. Returns
    /// `false` at end of file (the worker died or exited).
    func readReplies(_ reply: (Int, Data) -> Void) -> Bool {
      var chunk = [UInt8](repeating: 0, count: 65536)
      let n = chunk.withUnsafeMutableBytes { systemRead(output, $0.baseAddress!, 65536) }
      if n < 0 { return errno == EINTR || errno == EAGAIN }
      if n == 0 { return false }
      pending += chunk[0..<n]
      while let newline = pending.firstIndex(of: 10) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        if let index = current {
          reply(index, line)
          current = nil
          deadline = nil
        }
      }
      return true
    }

    func drainErrors() {
      var chunk = [UInt8](repeating: 0, count: 8192)
      let n = chunk.withUnsafeMutableBytes { systemRead(errors, $0.baseAddress!, 8192) }
      guard n > 0 else { return }
      stderrTail += chunk[0..<n]
      if stderrTail.count > 8192 { stderrTail.removeFirst(stderrTail.count - 8192) }
    }

    func kill() { _ = Glibc.kill(pid, SIGKILL) }

    /// Waits for the process and says why it ended.
    func reap(budget: Budget) -> WorkerFailure {
      // Collect the last words (the pipe closes when the process is gone).
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      var flags = fcntl(errors, F_GETFL)
      flags |= O_NONBLOCK
      _ = fcntl(errors, F_SETFL, flags)
      for _ in 0..<8 { drainErrors() }
      let words = String(decoding: stderrTail, as: UTF8.self)
      let signal = status & 0x7f
      if WorkerPool.soundsOutOfMemory(words) { return .outOfMemory(megabytes: budget.maxMemoryMB) }
      if signal != 0 && signal != 0x7f { return .crashed(signal: WorkerPool.signalName(signal)) }
      return .exited(status: (status >> 8) & 0xff)
    }

    func close() {
      Glibc.close(input)
      Glibc.close(output)
      Glibc.close(errors)
      var status: Int32 = 0
      // Closing stdin ends a healthy worker; a stuck one is killed.
      if waitpid(pid, &status, WNOHANG) == 0 {
        usleep(1000)
        if waitpid(pid, &status, WNOHANG) == 0 {
          _ = Glibc.kill(pid, SIGKILL)
          _ = waitpid(pid, &status, 0)
        }
      }
    }
  }
}

/// `pipe(2)` with both ends close-on-exec (so one worker never holds another's pipes);
/// returns 0 on success as `pipe` does.
func closeOnExecPipe(_ fds: inout [Int32]) -> Int32 {
  guard pipe(&fds) == 0 else { return -1 }
  for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  return 0
}

/// Calls `body` with a NULL-terminated C array of `strings`.
func withCStrings<R>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
) -> R {
  var pointers = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for p in pointers { free(p) } }
  return body(pointers)
}

extension Double {
  /// Seconds for messages: `10`, `2.5`.
  var cleanSeconds: String {
    self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(format: "%.1f", self)
  }
}

/// POSIX `read(2)`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}
