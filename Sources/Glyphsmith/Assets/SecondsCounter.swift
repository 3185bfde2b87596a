import Foundation

/// Adds up durations across threads.
final class SecondsCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var nanoseconds: UInt64 = 0
  func add(_ value: UInt64) {
    lock.lock()
    nanoseconds += value
    lock.unlock()
  }
  var seconds: Double {
    lock.lock()
    defer { lock.unlock() }
    return Double(nanoseconds) / 1e9
  }
}
