import CInProcessGuard
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Runs one input's work isolated, so a crash, hang or memory blow-up while reading or
/// rendering it ends in a message and exit 2 instead of taking the command down: in this
/// process under a guard when the caller can say beforehand what a failure prints (`Report`),
/// else in a forked child. Either way stdin and stdout stay the command's (`-o -` still
/// streams), and what the work writes to stderr is held and passed on only when it ends
/// normally.
package enum IsolatedChild {
  /// What a failure of the work ends in, formatted before the work starts: a signal handler
  /// can only write bytes made earlier.
  package struct Report {
    /// The exact stderr text the command writes for `failure` (the same text the forked
    /// path's caller writes when `run` returns that failure).
    package var text: (WorkerPool.WorkerFailure) -> String
    /// The command's exit status after such a failure.
    package var status: Int32

    /// A report of `text` and `status`.
    package init(text: @escaping (WorkerPool.WorkerFailure) -> String, status: Int32) {
      self.text = text
      self.status = status
    }
  }

  /// The signals the guard turns into the crash report: the crash signals proper, then those
  /// a process raises on itself by a file size or CPU limit, a bad system call, or a write to
  /// a closed pipe (`-o -` into `head`): each ended the forked child too.
  static let guardedSignals = Platform.crashSignals + [SIGXFSZ, SIGXCPU, SIGSYS, SIGPIPE]

  /// Runs `body` limited to `budget.maxMemoryMB` of memory (`RLIMIT_DATA`) and
  /// `budget.timeoutSeconds`; returns `body`'s status, or `failure` when the work was killed
  /// (then nothing of its stderr is shown).
  ///
  /// With a `report`, `body` runs in this process under `CInProcessGuard` (issue 36: the fork
  /// cost a single `render` 1.7 ms of CPU and 325 page faults): a crash signal, the timeout or
  /// an out-of-memory crash writes `report.text` of that failure and ends the process with
  /// `report.status`, the bytes the forked path's caller writes, so `run` returns only when
  /// `body` did. Without a report, or when the guard cannot be set up (no memfd), `body` runs
  /// in a forked child and a failure is returned.
  /// - Returns: `(status, nil)` when `body` ended with `status`; `(2, failure)` else.
  package static func run(
    budget: WorkerPool.Budget, report: Report? = nil, _ body: () -> Int32
  ) -> (status: Int32, failure: WorkerPool.WorkerFailure?) {
    if let report, !forkRequired, let status = runGuarded(budget: budget, report: report, body) {
      return (status, nil)
    }
    return runForked(budget: budget, body)
  }

  /// Debug builds: `GLYPHSMITH_ISOLATION=fork` sends every input to the forked child, so the
  /// tests check both paths with the same inputs and messages.
  private static var forkRequired: Bool {
    #if GLYPHSMITH_FAULT_INJECTION
      return getenv("GLYPHSMITH_ISOLATION").map { String(cString: $0) } == "fork"
    #else
      return false
    #endif
  }

  /// `body` under the guard; nil when the guard could not be set up (nothing ran).
  private static func runGuarded(
    budget: WorkerPool.Budget, report: Report, _ body: () -> Int32
  ) -> Int32? {
    let signals = guardedSignals
    let texts =
      [
        report.text(.timedOut(seconds: budget.timeoutSeconds)),
        report.text(.outOfMemory(megabytes: budget.maxMemoryMB)),
      ] + crashTexts(report, signals: signals) + WorkerPool.outOfMemoryWords
    // strdup'd copies: the guard copies them again, so they are freed at once.
    let copies = texts.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    guard !copies.contains(where: { $0 == nil }) else { return nil }
    let pointers = copies.map { UnsafePointer($0) }
    let armed = pointers.withUnsafeBufferPointer { all in
      signals.withUnsafeBufferPointer { numbers in
        var guardTexts = glyphsmith_guard_texts(
          timed_out: all[0], out_of_memory: all[1], signals: numbers.baseAddress,
          crashed: all.baseAddress! + 2, count: Int32(signals.count),
          words: all.baseAddress! + 2 + signals.count,
          word_count: Int32(WorkerPool.outOfMemoryWords.count), exit_status: report.status)
        return glyphsmith_guard_begin(budget.timeoutSeconds, &guardTexts) == 0
      }
    }
    guard armed else { return nil }
    let restoreLimit = Platform.lowerMemoryLimit(megabytes: budget.maxMemoryMB)
    let status = body()
    restoreLimit()
    fflush(nil)
    glyphsmith_guard_end()
    return status
  }

  /// `report.text(.crashed(signal: name))` for each of `signals` (`Platform.signalName`),
  /// made from one text with a marker in the name's place: formatting each (the report names
  /// the file, as the display shows it) cost a single `render` 0.31 M instructions (issue 36).
  /// The composed text is checked against the formatted one for SIGABRT; a report whose text
  /// holds the marker elsewhere, or composes otherwise, is formatted for each signal.
  static func crashTexts(_ report: Report, signals: [Int32]) -> [String] {
    let formatted = { (number: Int32) in report.text(.crashed(signal: Platform.signalName(number))) }
    let marker = Array("GLYPHSMITH_SIGNAL_NAME".utf8)
    let text = Array(report.text(.crashed(signal: String(decoding: marker, as: UTF8.self))).utf8)
    // The marker's places in the text, by bytes (it is ASCII, so either side is UTF-8 too).
    let places = text.count < marker.count ? [] : (0...(text.count - marker.count)).filter {
      text[$0..<($0 + marker.count)].elementsEqual(marker)
    }
    guard places.count == 1 else { return signals.map(formatted) }
    let parts = [
      String(decoding: text[..<places[0]], as: UTF8.self),
      String(decoding: text[(places[0] + marker.count)...], as: UTF8.self),
    ]
    let composed = { (number: Int32) -> String in
      // SIGXFSZ, SIGXCPU and SIGPIPE have their own words (`WorkerFailure.problem`).
      [SIGXFSZ, SIGXCPU, SIGPIPE].contains(number)
        ? formatted(number) : parts[0] + Platform.signalName(number) + parts[1]
    }
    guard composed(SIGABRT) == formatted(SIGABRT) else { return signals.map(formatted) }
    return signals.map(composed)
  }

  /// `body` in a forked child; its stderr collected and written when it exits normally.
  private static func runForked(
    budget: WorkerPool.Budget, _ body: () -> Int32
  ) -> (status: Int32, failure: WorkerPool.WorkerFailure?) {
    guard let errors = Platform.makePipe() else { return (body(), nil) }
    guard let pid = Platform.fork() else {
      Platform.close(errors.read)
      Platform.close(errors.write)
      return (body(), nil)
    }
    if pid == 0 {
      Platform.close(errors.read)
      Platform.redirect(2, to: errors.write)
      Platform.restoreCrashSignals()
      // Past `ulimit -f` the write fails (EFBIG) and the writer removes its staging file and
      // names the output, as appicon does, instead of the child dying of SIGXFSZ with the
      // staging file left behind and the input blamed (trial t36b F7).
      signal(SIGXFSZ, SIG_IGN)
      Platform.limitMemory(megabytes: budget.maxMemoryMB)
      Platform.exitChild(body())
    }
    Platform.close(errors.write)
    defer { Platform.close(errors.read) }
    let deadline = WorkerPool.monotonicSeconds() + budget.timeoutSeconds
    var captured: [UInt8] = []
    var timedOut = false
    while true {
      let left = deadline - WorkerPool.monotonicSeconds()
      if left <= 0 {
        timedOut = true
        break
      }
      let wait = Int32(min(1000, (left * 1000).rounded(.up)))
      guard let readable = Platform.waitReadable([errors.read], milliseconds: wait) else { break }
      if !readable[0] { continue }
      let chunk: ArraySlice<UInt8>
      do throws(Platform.Failure) {
        chunk = try Platform.readSome(errors.read, upTo: 8192)
      } catch {
        if error.isInterrupted { continue }
        break
      }
      if chunk.isEmpty { break }
      captured += chunk
    }
    if timedOut { Platform.kill(pid) }
    let status = Platform.waitForExit(pid)
    if timedOut { return (2, .timedOut(seconds: budget.timeoutSeconds)) }
    let signal = status & 0x7f
    let words = String(decoding: captured, as: UTF8.self)
    if signal != 0 && signal != 0x7f {
      if WorkerPool.soundsOutOfMemory(words) {
        return (2, .outOfMemory(megabytes: budget.maxMemoryMB))
      }
      return (2, .crashed(signal: Platform.signalName(signal)))
    }
    captured.withUnsafeBytes { raw in _ = try? Platform.writeAll(2, raw) }
    return ((status >> 8) & 0xff, nil)
  }
}
