import Dispatch
import Synchronization

/// Accumulates the time spent inside librsvg, Cairo and libpng calls, across threads, so that
/// benchmarks can report Glyphsmith's own overhead per render (`bench/render`).
///
/// Each measured call costs two monotonic clock reads and one relaxed atomic add.
package enum LibraryClock {
  private static let nanoseconds = Atomic<UInt64>(0)

  /// Seconds spent inside the C libraries since the process started (or the last `reset`).
  package static var seconds: Double {
    Double(nanoseconds.load(ordering: .relaxed)) / 1e9
  }

  /// Sets the total back to zero.
  package static func reset() {
    nanoseconds.store(0, ordering: .relaxed)
  }

  /// Runs `body`, adding its duration to the total.
  package static func measure<T>(_ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer {
      nanoseconds.add(DispatchTime.now().uptimeNanoseconds &- start, ordering: .relaxed)
    }
    return try body()
  }
}

/// Accumulates the time spent in the canonical read of SVG documents (`CanonicalSVG.read`:
/// the libxml2 read, the canonical rewrite and writing it out; the checks that read its tree
/// apart), across threads, so `--stats` and `bench/render` can show what reading every
/// document canonically costs (issue 33: under 5 % of the batch time).
package enum CanonicalReadClock {
  private static let nanoseconds = Atomic<UInt64>(0)

  /// Seconds spent in canonical reads since the process started.
  package static var seconds: Double {
    Double(nanoseconds.load(ordering: .relaxed)) / 1e9
  }

  /// Adds `nanoseconds` of canonical reading to the total.
  package static func add(_ elapsed: UInt64) {
    nanoseconds.add(elapsed, ordering: .relaxed)
  }
}
