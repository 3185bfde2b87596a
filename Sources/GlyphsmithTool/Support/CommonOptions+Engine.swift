import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// The options shared by subcommands that need the full engine's types (roles, shapes,
/// platforms); the rest of `CommonOptions` is in `GlyphsmithCommands`.
extension CommonOptions {
  static func role(_ text: String?, default fallback: Role) throws -> Role {
    guard let text else { return fallback }
    guard let role = Role(rawValue: text) else {
      throw UsageError(
        message:
          "unknown role '\(text)'; use one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return role
  }

  static func shape(_ text: String?) throws -> GlyphShape? {
    guard let text else { return nil }
    guard let shape = GlyphShape(rawValue: text) else {
      throw UsageError(message: "unknown shape '\(text)'; use circle, square, wide or tall")
    }
    return shape
  }


  /// `--platform`: a comma-separated list of the names in `AssetPlatformRegistry`; nil when
  /// not given.
  /// - Throws: `UsageError` naming the known platforms when the list is empty or a name is
  ///   unknown.
  static func platforms(_ text: String?) throws -> [AssetPlatform]? {
    guard let text else { return nil }
    let known = AssetPlatform.allCases.map(\.rawValue).joined(separator: ", ")
    guard !text.trimmingWhitespace().isEmpty else {
      throw UsageError(message: "--platform takes \(known) (comma-separated), got ''")
    }
    return try text.split(separator: ",").map { word in
      guard let platform = AssetPlatform(rawValue: word.trimmingWhitespace())
      else {
        throw UsageError(message: "--platform takes \(known) (comma-separated), got '\(word)'")
      }
      return platform
    }
  }
}
