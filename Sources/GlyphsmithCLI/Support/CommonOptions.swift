import Foundation
import Glyphsmith

/// Options shared by subcommands, turned from strings into engine values.
enum CommonOptions {
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

  static func color(_ text: String?, option: String) throws -> RGBA8? {
    guard let text else { return nil }
    do { return try ColorParser.parse(text) } catch {
      throw UsageError(message: "--\(option): invalid colour '\(text)'; use \(ColorParser.forms)")
    }
  }

  static func scales(_ text: String?) throws -> [Int]? {
    guard let text else { return nil }
    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && (1...3).contains($0!) }) else {
      throw UsageError(message: "--scales needs a list of 1, 2, 3 such as '1,2,3', got '\(text)'")
    }
    var seen = Set<Int>()
    return parts.compactMap { $0 }.filter { seen.insert($0).inserted }.sorted()
  }
}
