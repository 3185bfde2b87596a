import Foundation
import Synchronization

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
  public static var current: InputLimits { store.withLock { $0 } }

  /// Makes `limits` the process-wide default (the CLI calls this once after parsing).
  public static func setCurrent(_ limits: InputLimits) { store.withLock { $0 = limits } }

  /// The process-wide default, behind a lock.
  private static let store = Mutex(InputLimits())
}
