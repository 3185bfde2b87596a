import Foundation

/// Budgets on what one input may cost, checked before librsvg or libpng sees it: the cheap
/// counts that turn a few hostile bytes into seconds or gigabytes of work are refused up
/// front with a message naming the file (the per-input time and memory budgets are the
/// process isolation's, see `WorkerPool` in the engine).
public struct InputLimits: Sendable, Equatable {
  /// Largest PNG input in pixels (width x height), checked against the PNG header before
  /// decoding (default 40 million: a 6324 px square, 160 MB of RGBA).
  public var maxPixels: Int = 40_000_000
  /// Most `<use>` instances an SVG may expand to, counted through nested uses before librsvg
  /// parses it (default 10,000).
  public var maxUse: Int = 10_000

  /// The defaults.
  public init() {}

  /// The limits every load uses unless given others: the defaults until a command sets its
  /// options' values with `setCurrent`.
  public static var current: InputLimits { store.value }

  /// Makes `limits` the process-wide default (the CLI calls this once after parsing).
  public static func setCurrent(_ limits: InputLimits) { store.value = limits }

  private static let store = LockedLimits()
}

/// `InputLimits.current` behind a lock.
private final class LockedLimits: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = InputLimits()
  var value: InputLimits {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}
