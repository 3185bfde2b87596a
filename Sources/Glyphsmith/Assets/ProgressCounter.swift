import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// Counts finished inputs across threads and forwards `(done, total)`.
final class ProgressCounter: Sendable {
  private let done = Atomic<Int>(0)
  let total: Int
  let report: @Sendable (Int, Int) -> Void

  init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
    self.total = total
    self.report = report
  }

  func tick() {
    let now = done.wrappingAdd(1, ordering: .relaxed).newValue
    report(now, total)
  }
}
