#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock with `lock()` and `unlock()`, as Foundation's `NSLock` gave one
/// (not recursive), without Foundation (which links ICU; issue 37): a POSIX mutex.
package final class PlainLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A new, unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits for the lock and takes it.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
