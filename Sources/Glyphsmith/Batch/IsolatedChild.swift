import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one input's work in a forked child process, so a crash, hang or memory blow-up while
/// reading or rendering it ends in a message and exit 2 instead of taking the command down.
/// The child inherits stdin and stdout (`-o -` still streams); its stderr is collected and
/// passed on when it exits normally. Forking before any library is touched keeps a single
/// `render` as quick to start as before.
public enum IsolatedChild {
  /// Runs `body` in a child limited to `budget.maxMemoryMB` of memory and
  /// `budget.timeoutSeconds`; returns `body`'s status, or `failure` when the child was killed
  /// (then nothing of its stderr is shown).
  /// - Returns: `(status, nil)` when the child exited with `status`; `(2, failure)` else.
  public static func run(
    budget: WorkerPool.Budget, _ body: () -> Int32
  ) -> (status: Int32, failure: WorkerPool.WorkerFailure?) {
    var errors: [Int32] = [0, 0]
    guard closeOnExecPipe(&errors) == 0 else { return (body(), nil) }
    fflush(nil)
    let pid = fork()
    if pid < 0 {
      close(errors[0])
      close(errors[1])
      return (body(), nil)
    }
    if pid == 0 {
      close(errors[0])
      dup2(errors[1], 2)
      for sig in [SIGABRT, SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGTRAP] { signal(sig, SIG_DFL) }
      WorkerPool.limitMemory(megabytes: budget.maxMemoryMB)
      let status = body()
      fflush(nil)
      _exit(status)
    }
    close(errors[1])
    defer { close(errors[0]) }
    let deadline = WorkerPool.monotonicSeconds() + budget.timeoutSeconds
    var captured: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    var timedOut = false
    while true {
      let left = deadline - WorkerPool.monotonicSeconds()
      if left <= 0 {
        timedOut = true
        break
      }
      var fd = pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&fd, 1, Int32(min(1000, (left * 1000).rounded(.up))))
      if ready < 0 && errno != EINTR { break }
      if ready <= 0 { continue }
      let n = chunk.withUnsafeMutableBytes { read(errors[0], $0.baseAddress!, 8192) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      captured += chunk[0..<n]
    }
    if timedOut { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if timedOut { return (2, .timedOut(seconds: budget.timeoutSeconds)) }
    let signal = status & 0x7f
    let words = String(decoding: captured, as: UTF8.self)
    if signal != 0 && signal != 0x7f {
      if WorkerPool.soundsOutOfMemory(words) {
        return (2, .outOfMemory(megabytes: budget.maxMemoryMB))
      }
      return (2, .crashed(signal: WorkerPool.signalName(signal)))
    }
    captured.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let w = write(2, raw.baseAddress! + offset, raw.count - offset)
        if w <= 0 { break }
        offset += w
      }
    }
    return ((status >> 8) & 0xff, nil)
  }
}
