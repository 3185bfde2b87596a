import Foundation
import GlyphsmithRender
import Testing

// docs/render.md's table of rewrites names every fidelity rule (issue 38), with its file.

@Suite("Fidelity rules are documented")
struct FidelityDocumentationTests {
  @Test func everyRuleHasARowInRenderMD() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/render.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(FidelityRewrites.names.count == 11)
    for name in FidelityRewrites.names {
      #expect(rows.contains { $0.hasPrefix("| `\(name)` (`Fidelity/") }, "\(name)")
    }
  }
}
