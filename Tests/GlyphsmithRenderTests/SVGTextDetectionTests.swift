import Foundation
import Testing

@testable import GlyphsmithRender

@Suite("SVG text detection (fonts set up only when text may be drawn)")
struct SVGTextDetectionTests {
  private func mayDrawText(_ svg: String) -> Bool { SVGDocument.mayDrawText(Data(svg.utf8)) }

  @Test func shapesAloneNeedNoFonts() {
    #expect(!mayDrawText(#"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h4"/></svg>"#))
    // Words that merely contain "text" outside an element name do not count.
    #expect(!mayDrawText(#"<svg class="lucide-file-text" id="context"><circle r="2"/></svg>"#))
    #expect(!mayDrawText(""))
  }

  @Test func textElementsInAnyPrefixNeedFonts() {
    #expect(mayDrawText(#"<svg><text x="1">A</text></svg>"#))
    #expect(mayDrawText(#"<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:text>A</s:text></s:svg>"#))
    #expect(mayDrawText("<svg><text"))
  }

  @Test func contentFromElsewhereCountsAsText() {
    #expect(mayDrawText(#"<!DOCTYPE svg [<!ENTITY t "x">]><svg/>"#))
    #expect(mayDrawText(#"<svg><use href="other.svg#a"/></svg>"#))
    #expect(mayDrawText(#"<svg><style>@import "a.css";</style></svg>"#))
  }
}
