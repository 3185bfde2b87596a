import Foundation
import Testing

@Suite("docs/api.md, the library reference, is generated from the sources")
struct APIReferenceTests {
  /// Regenerate with `scripts/update-api-docs` (or `GLYPHSMITH_UPDATE_DOCS=1 swift test
  /// --filter APIReferenceTests`).
  @Test func docsAreCurrent() throws {
    let url = APIReference.root.appendingPathComponent("docs/api.md")
    let generated = try APIReference.markdown()
    let current = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    if ProcessInfo.processInfo.environment["GLYPHSMITH_UPDATE_DOCS"] == "1", generated != current {
      try Data(generated.utf8).write(to: url, options: .atomic)
      return
    }
    #expect(
      generated == current,
      "docs/api.md is stale: run scripts/update-api-docs and commit the result")
  }

  /// The house rule: every public declaration has a `///` comment.
  @Test func everyPublicDeclarationIsDocumented() throws {
    let missing = try APIReference.modules.flatMap { try APIReference.declarations(folder: $0.1) }
      .filter { $0.summary.isEmpty }.map { "\($0.location): \($0.signature)" }
    #expect(missing == [], "\(missing.joined(separator: "\n"))")
  }

  /// The reading of declarations, on a known text.
  @Test func declarationsAreReadWithTheirDocumentation() {
    let text = """
      /// A thing.
      ///
      /// More about it.
      public struct Thing: Sendable {
        /// Its size, pt.
        public var size: Double = 3
        /// Makes one.
        @discardableResult
        public func make(
          a: Int,
          b: String = "{"
        ) throws -> Int {
          0
        }
        var hidden = 1
      }

      extension Thing {
        /// Another.
        public static let other = Thing()
      }
      """
    let found = APIReference.declarations(in: text, path: "T.swift")
    #expect(
      found == [
        .init(
          signature: "public struct Thing: Sendable", summary: "A thing.", container: nil,
          location: "T.swift:4"),
        .init(
          signature: "public var size: Double", summary: "Its size, pt.",
          container: "struct Thing", location: "T.swift:6"),
        .init(
          signature: "public func make(a: Int, b: String = \"{\") throws -> Int",
          summary: "Makes one.", container: "struct Thing", location: "T.swift:9"),
        .init(
          signature: "public static let other", summary: "Another.",
          container: "extension Thing", location: "T.swift:20"),
      ])
  }
}
