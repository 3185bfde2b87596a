import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the pipe the SIGINT/SIGTERM handler of `Interruption.exitOnSignal` writes
/// the signal's number into (`write(2)` is async-signal-safe; nothing else happens in it).
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// Ending the process on Ctrl-C (SIGINT) or SIGTERM with the shell's status for a signal
/// (128 + its number: 130, 143), never in the middle of a file write (issue 33): the handler
/// only wakes a thread, which stops new `AtomicFile` writes from starting, waits for the ones
/// in flight to be renamed into place, runs the caller's last step (ending worker processes)
/// and exits. So an interrupted build leaves every output whole (old or new) and no staging
/// file behind.
package enum Interruption {
  /// Writes that have begun and not yet ended (their staging file is on disk).
  private static let inFlight = Atomic<Int>(0)
  /// Set once the process is ending: no write begins after it.
  private static let stopping = Atomic<Bool>(false)
  /// Processes to end (SIGTERM, then waited for) before this one exits: the worker pool's.
  private static let children = Mutex<Set<Int32>>([])

  /// From now on SIGINT and SIGTERM end the process (status 128 + the signal) once no file
  /// write is in flight; the children registered by then are sent SIGTERM and waited for
  /// (at most 5 s in all) first. Both signals are unblocked too: a parent may start this
  /// process with them blocked (Foundation's `Process` does). Idempotent.
  package static func exitOnSignal() {
    guard interruptionPipe < 0, let pipe = Platform.makePipe() else { return }
    interruptionPipe = pipe.write
    let handler: @convention(c) (Int32) -> Void = { number in
      var byte = UInt8(truncatingIfNeeded: number)
      #if canImport(Glibc)
        _ = Glibc.write(interruptionPipe, &byte, 1)
      #else
        _ = Darwin.write(interruptionPipe, &byte, 1)
      #endif
    }
    Platform.installInterruptHandler(handler)
    let reader = pipe.read
    DetachedThread.start {
      var byte: UInt8 = 0
      while read(reader, &byte, 1) != 1 {}
      finish(status: 128 + Int32(byte))
    }
  }

  /// Stops new writes, waits (at most 5 s) for those in flight, ends the registered children,
  /// and exits with `status`.
  private static func finish(status: Int32) -> Never {
    stopping.store(true, ordering: .sequentiallyConsistent)
    let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
    while inFlight.load(ordering: .sequentiallyConsistent) > 0,
      DispatchTime.now().uptimeNanoseconds < deadline
    {
      usleep(1000)
    }
    let pids = children.withLock { $0 }
    for pid in pids { _ = systemKill(pid, SIGTERM) }
    for pid in pids {
      var waited: Int32 = 0
      while waitpid(pid, &waited, WNOHANG) == 0, DispatchTime.now().uptimeNanoseconds < deadline {
        usleep(1000)
      }
    }
    fflush(nil)
    _exit(status)
  }

  /// Runs `body` (one file write: staging file, then rename) as a write in flight; once the
  /// process is ending the calling thread waits here for the exit instead of starting it.
  package static func write<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent)
    if stopping.load(ordering: .sequentiallyConsistent) {
      inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
      while true { usleep(100_000) }
    }
    defer { inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
    return try body()
  }

  /// Registers a child process `finish` ends before exiting (a worker just started); one
  /// started while the process is ending is sent SIGTERM at once.
  package static func adopt(_ pid: Int32) {
    _ = children.withLock { $0.insert(pid) }
    if stopping.load(ordering: .sequentiallyConsistent) { _ = systemKill(pid, SIGTERM) }
  }

  /// Forgets the child `pid` (it was reaped).
  package static func release(_ pid: Int32) { _ = children.withLock { $0.remove(pid) } }
}
