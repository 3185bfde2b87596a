import FoundationEssentials
import Synchronization

/// Budgets on what one input may cost, checked before librsvg or libpng sees it: the cheap
/// counts that turn a few hostile bytes into seconds or gigabytes of work are refused up
/// front with a message naming the file (the per-input time and memory budgets are the
/// process isolation's, see `WorkerPool` in the engine).
public struct InputLimits: Sendable, Equatable, Codable {
  /// Largest PNG input, and image inside an SVG, in pixels (width x height), checked against
  /// the header before decoding (default 16,777,216: a 4096 px square, 64 MB of RGBA; icon
  /// artwork is at most 1024 px, the App Store icon, so defaults keep an input well under
  /// 200 MB, issue 23).
  public var maxPixels: Int = 4096 * 4096
  /// Most characters of text an SVG's `<text>` elements may hold, entities substituted
  /// (default 4096; an icon's text is a few words).
  public var maxText: Int = 4096
  /// Most `<use>` instances an SVG may expand to, counted through nested uses before librsvg
  /// parses it (default 10,000).
  public var maxUse: Int = 10_000
  /// Longest chain of references an SVG may hold (`use`, `href` of gradients and patterns,
  /// `clip-path`, `mask`, `filter`, markers, paint servers), counted on its canonical tree
  /// before librsvg reads it (default 32; librsvg follows each by recursion, and a
  /// 1,000-long mask chain overflows its stack; at most 500).
  public var maxReferenceDepth: Int = 32
  /// Most filter primitives an SVG may draw, each filtered element counted as often as
  /// `use`, markers and other references draw it (default 200; each costs milliseconds).
  public var maxFilters: Int = 200
  /// Largest `feConvolveMatrix` `order` (kernel side, in cells) an SVG may hold (default 9;
  /// librsvg 2.54 panics at 25; at most 20).
  public var maxKernel: Int = 9

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
