import FoundationEssentials
import Glibc

/// The comparison options of a golden folder: pixelmatch's options plus the allowed count.
/// Strict by default: threshold 0.05, checkerboard blend, anti-aliased pixels counted
/// (`includeAA` true), YIQ metric, no differing pixel allowed.
///
/// Why anti-aliasing counts for goldens (unlike pixelmatch's default): pixelmatch's detector
/// exists for renders that differ from machine to machine; Glyphsmith's renders are
/// deterministic and `golden.json` pins the renderer. An icon is almost all edges, so a 10 %
/// heavier stroke changes mostly pixels the detector calls anti-aliasing: with it, 32 of 40
/// such Lucide regressions passed (issue 9; `scripts/stroke-experiment.sh`).
public struct GoldenOptions: Sendable, Equatable, Codable {
  /// pixelmatch's options (threshold 0.05 unless set).
  public var pixelmatch: PixelmatchOptions
  /// Differing pixels allowed per image (default 0).
  public var failOver: FailOver

  /// The strict threshold of goldens.
  public static let strictThreshold = 0.05

  /// Whether anti-aliased pixels count when `golden.json` (or its key) does not say: true.
  public static let defaultIncludeAA = true

  /// Strict options: threshold 0.05, checkerboard blend, anti-aliased pixels counted, YIQ
  /// metric, no differing pixel allowed.
  public init() {
    pixelmatch = PixelmatchOptions()
    pixelmatch.threshold = Self.strictThreshold
    pixelmatch.includeAA = Self.defaultIncludeAA
    failOver = .zero
  }

  /// The keys an `options` object may hold, with the allowed values of `blend` and `metric`.
  public static let shape: JSONShape = .object([
    "threshold": .any, "includeAA": .any, "alpha": .any, "aaColor": .any, "diffColor": .any,
    "diffColorAlt": .any, "diffMask": .any, "ignore": .any, "failOver": .any,
    "blend": .oneOf(PixelmatchBlend.allCases.map(\.rawValue)),
    "metric": .oneOf(PixelmatchMetric.allCases.map(\.rawValue)),
  ])

  private enum Key: String, CodingKey { case threshold, includeAA, failOver }

  /// Decodes pixelmatch's keys and `failOver` from one object; missing keys stay strict
  /// (threshold 0.05, `includeAA` true, no differing pixel).
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    pixelmatch = try PixelmatchOptions(from: decoder)
    if !container.contains(.threshold) { pixelmatch.threshold = Self.strictThreshold }
    if !container.contains(.includeAA) { pixelmatch.includeAA = Self.defaultIncludeAA }
    failOver = try container.decodeIfPresent(FailOver.self, forKey: .failOver) ?? .zero
  }

  /// Encodes pixelmatch's keys and `failOver` into one object.
  public func encode(to encoder: Encoder) throws {
    try pixelmatch.encode(to: encoder)
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(failOver, forKey: .failOver)
  }
}
