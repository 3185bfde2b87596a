import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Runs independent tasks on a fixed number of threads and returns results in input order,
/// so `--jobs` changes speed and never output or its order.
package enum ParallelMap {
  /// Calls `body` for each index in `0..<count` on up to `jobs` threads; result `i` is
  /// `body(i)`. `body` must be safe to call concurrently for different indices.
  package static func map<T>(count: Int, jobs: Int, _ body: (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    let next = Atomic<Int>(0)
    let workers = max(1, min(jobs, count))
    withoutActuallyEscaping(body) { body in
      results.withUnsafeMutableBufferPointer { buffer in
        // Each index is claimed once, so each slot is written by one thread, and `body` is
        // safe to call concurrently by this function's contract: nothing is shared unguarded.
        nonisolated(unsafe) let slots = buffer
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if index >= count { return }
            slots[index] = body(index)
          }
        }
      }
    }
    return results.map { $0! }
  }

  /// The number of cores this process may use (the default of `--jobs`).
  package static var availableCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
