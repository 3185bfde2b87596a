import Foundation

/// Accumulates the time spent inside librsvg, Cairo and libpng calls, across threads, so that
/// benchmarks can report Glyphsmith's own overhead per render (`bench/render`).
///
/// Each measured call costs two monotonic clock reads and one lock; nothing else changes.
public enum LibraryClock {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var nanoseconds: UInt64 = 0

  /// Seconds spent inside the C libraries since the process started (or the last `reset`).
  public static var seconds: Double {
    lock.lock()
    defer { lock.unlock() }
    return Double(nanoseconds) / 1e9
  }

  /// Sets the total back to zero.
  public static func reset() {
    lock.lock()
    nanoseconds = 0
    lock.unlock()
  }

  /// Runs `body`, adding its duration to the total.
  static func measure<T>(_ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer {
      let elapsed = DispatchTime.now().uptimeNanoseconds &- start
      lock.lock()
      nanoseconds &+= elapsed
      lock.unlock()
    }
    return try body()
  }
}
