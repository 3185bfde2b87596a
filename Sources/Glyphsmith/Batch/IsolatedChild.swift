import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Runs one input's work in a forked child process, so a crash, hang or memory blow-up while
/// reading or rendering it ends in a message and exit 2 instead of taking the command down.
/// The child inherits stdin and stdout (`-o -` still streams); its stderr is collected and
/// passed on when it exits normally. Forking before any library is touched keeps a single
/// `render` as quick to start as before.
package enum IsolatedChild {
  /// Runs `body` in a child limited to `budget.maxMemoryMB` of memory and
  /// `budget.timeoutSeconds`; returns `body`'s status, or `failure` when the child was killed
  /// (then nothing of its stderr is shown).
  /// - Returns: `(status, nil)` when the child exited with `status`; `(2, failure)` else.
  package static func run(
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
