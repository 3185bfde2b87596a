import FoundationEssentials
import Glibc
import GlyphsmithCore

extension LintSeverity {
  /// Decodes a severity from its name; an unknown name is a `DecodingError.dataCorrupted`
  /// whose description says the value, where it is and the allowed ones (the config loader
  /// prints it), instead of Foundation's "Cannot initialize LintSeverity from invalid String
  /// value".
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let severity = LintSeverity(rawValue: text) else {
      let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "\(path.isEmpty ? "" : path + ": ")unknown severity '\(text)'; use error, warning, info or off"
        ))
    }
    self = severity
  }
}
