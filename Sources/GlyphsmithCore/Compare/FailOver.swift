/// How many differing pixels are allowed before a comparison fails: a count (`25`) or a share of
/// all pixels (`0.5%`). Encodes as its text.
public enum FailOver: Sendable, Hashable, Codable, CustomStringConvertible {
  /// At most this many differing pixels pass.
  case pixels(Int)
  /// At most this percentage (0-100) of all pixels may differ.
  case percent(Double)

  /// Nothing may differ (the strict default).
  public static let zero = FailOver.pixels(0)

  /// Parses `N` (whole number ≥ 0) or `P%` (0-100).
  /// - Throws: `CompareError.invalidOption` for anything else.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasSuffix("%") {
      guard let value = Double(trimmed.dropLast()), value.isFinite, (0...100).contains(value) else {
        throw CompareError.invalidOption(
          "--fail-over needs a pixel count or a percentage 0-100 such as 0.5%, got '\(text)'")
      }
      self = .percent(value)
    } else {
      guard let value = Int(trimmed), value >= 0 else {
        throw CompareError.invalidOption(
          "--fail-over needs a pixel count or a percentage 0-100 such as 0.5%, got '\(text)'")
      }
      self = .pixels(value)
    }
  }

  /// Whether `mismatched` of `total` pixels is over the limit.
  public func isExceeded(mismatched: Int, total: Int) -> Bool {
    switch self {
    case .pixels(let limit): return mismatched > limit
    case .percent(let limit):
      return total > 0 && Double(mismatched) * 100 > limit * Double(total)
    }
  }

  /// `25` or `0.5%`.
  public var description: String {
    switch self {
    case .pixels(let n): return String(n)
    case .percent(let p):
      return (p == p.rounded() ? String(Int(p)) : String(p)) + "%"
    }
  }

  /// Reads a whole number of pixels (at least 0) or a `"P%"` string.
  /// - Throws: `DecodingError.dataCorrupted` for anything else.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let n = try? container.decode(Int.self) {
      guard n >= 0 else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "failOver must be at least 0")
      }
      self = .pixels(n)
      return
    }
    let text = try container.decode(String.self)
    do { try self.init(parsing: text) } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "failOver must be N or P%, got '\(text)'")
    }
  }

  /// Writes its `description`: `N` for pixels, `P%` for a share.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
