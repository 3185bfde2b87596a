import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// Adds up durations across threads.
final class SecondsCounter: Sendable {
  private let nanoseconds = Atomic<UInt64>(0)
  func add(_ value: UInt64) {
    nanoseconds.wrappingAdd(value, ordering: .relaxed)
  }
  var seconds: Double {
    Double(nanoseconds.load(ordering: .relaxed)) / 1e9
  }
}
