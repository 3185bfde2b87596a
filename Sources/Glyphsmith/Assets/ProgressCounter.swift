import Foundation

/// Counts finished inputs across threads and forwards `(done, total)`.
final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  let total: Int
  let report: @Sendable (Int, Int) -> Void

  init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
    self.total = total
    self.report = report
  }

  func tick() {
    lock.lock()
    done += 1
    let now = done
    lock.unlock()
    report(now, total)
  }
}
