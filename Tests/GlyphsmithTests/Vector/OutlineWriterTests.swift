import Foundation
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 34's `outline`: strokes become fills, one nonzero path per run of one colour (a new
/// one where shapes meet), and the outline renders like the source.
@Suite("outline: filled outlines only")
struct OutlineWriterTests {
  /// The outline SVG of `svg` (text), and its notes.
  func outline(_ svg: String) throws -> (text: String, notes: [String]) {
    let artwork = try Artwork(data: Data(svg.utf8), path: "a.svg", baseDirectory: nil)
    let model = try artwork.svg!.vectorModel()
    let (data, notes) = try OutlineWriter().outline(model, to: VectorTarget(canvasOf: model))
    return (String(decoding: data, as: UTF8.self), notes)
  }

  @Test("one colour: shapes apart share one path; a shape meeting one of them starts the next")
  func oneColourOnePath() throws {
    let (text, notes) = try outline(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path d="M10 12h10M15 7v10" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round"/>
      <rect x="2" y="2" width="4" height="4"/>
      <rect x="2" y="18" width="4" height="4"/>
      <rect x="14" y="14" width="8" height="8"/></svg>
      """)
    #expect(notes.isEmpty)
    let lines = text.split(separator: "\n")
    #expect(
      lines.first
        == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\" viewBox=\"0 0 24 24\">"
    )
    // The cross (x 9..21, y 6..18) and the two small squares are apart: one path of 3
    // shapes (the cross is 2 subpaths). The large square overlaps the cross: a second path.
    let paths = lines.filter { $0.hasPrefix("<path ") }
    #expect(paths.count == 2)
    #expect(paths.map { $0.components(separatedBy: " Z").count - 1 } == [4, 1])
    #expect(!text.contains("stroke"))
    #expect(!text.contains("evenodd"))
    #expect(paths.allSatisfy { $0.hasSuffix("fill=\"#000000\"/>") })
  }

  @Test(
    "coincident edges of two shapes blend twice as in the source (Lucide's align-vertical-space-between at 16 px)"
  )
  func coincidentEdges() throws {
    // A rect's stroked bottom edge lies on a stroked line (y = 21): one union would cover
    // the shared edge pixels once, 9 of 256 pixels lighter than the source at 16 px.
    let source = """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" \
      fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
      <rect width="14" height="6" x="5" y="15" rx="2"/><rect width="10" height="6" x="7" y="3" rx="2"/>
      <path d="M2 21h20"/><path d="M2 3h20"/></svg>
      """
    let text = try outline(source).text
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("<path ") }.count == 2)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let svg = try folder.write("a.svg", text)
    var options = RenderOptions()
    options.widthPx = 16
    options.heightPx = 16
    let png = try GlyphRenderer.render(
      try Artwork(data: Data(source.utf8), path: "a.svg", baseDirectory: nil), options: options
    ).image
    let drawn = try GlyphRenderer.render(try Artwork(path: svg), options: options).image
    #expect(try VectorTools.share(png, drawn) == 0)
  }

  @Test("colours in drawing order stay separate runs; an even-odd hole is kept under nonzero")
  func coloursAndHoles() throws {
    let (text, _) = try outline(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
      <path fill-rule="evenodd" d="M2 2h20v20H2z M7 7h10v10H7z" fill="red"/>
      <circle cx="12" cy="12" r="3" fill="blue"/>
      <circle cx="4" cy="4" r="1" fill="red"/></svg>
      """)
    let fills = text.split(separator: "\n").filter { $0.hasPrefix("<path ") }.map {
      $0.components(separatedBy: "fill=\"")[1].prefix(7)
    }
    #expect(fills == ["#FF0000", "#0000FF", "#FF0000"])
    #expect(!text.contains("fill-rule"))
  }

  @Test(
    "rendered by rsvg-convert and resvg at 16, 24 and 48 px, each sample outline matches the source (<= 0.5 %)"
  )
  func rendersLikeTheSource() throws {
    guard AndroidTools.find("rsvg-convert") != nil else {
      return AndroidTools.skip("rsvg-convert is not installed")
    }
    guard AndroidTools.resvg != nil else { return AndroidTools.skip("resvg is not installed") }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for input in VectorImageSetTests.icons {
      let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
      let text = try outline(try String(contentsOfFile: input, encoding: .utf8)).text
      #expect(!text.contains("stroke"), "\(name)")
      let svg = try folder.write(name + ".svg", text)
      for side in [16, 24, 48] {
        var options = RenderOptions()
        options.widthPx = side
        options.heightPx = side
        let png = try GlyphRenderer.render(try Artwork(path: input), options: options).image
        let png2 = svg + ".\(side).png"
        _ = try VectorTools.run(
          "rsvg-convert", ["-w", "\(side)", "-h", "\(side)", "-o", png2, svg])
        let share = try VectorTools.share(png, try ImageComparison.load(png2))
        #expect(share <= 0.005, "\(name) at \(side) px by rsvg-convert: \(share * 100) %")
        let png3 = svg + ".\(side).resvg.png"
        _ = try VectorTools.run("resvg", ["-w", "\(side)", "-h", "\(side)", svg, png3])
        let resvg = try VectorTools.share(png, try ImageComparison.load(png3))
        #expect(resvg <= 0.005, "\(name) at \(side) px by resvg: \(resvg * 100) %")
      }
    }
  }

  @Test("dashes and masks cannot be outlined: the error names them")
  func refusals() throws {
    #expect(throws: SVGImageWriter.Unexpressible.self) {
      try outline(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
        <path d="M2 12h20" stroke="#000" stroke-dasharray="2 2"/></svg>
        """)
    }
    do {
      _ = try outline(VectorImageSetTests.masked)
      Issue.record("a mask was outlined")
    } catch let error as SVGImageWriter.Unexpressible {
      #expect(
        error.problems == [
          "group opacity, masks, patterns or text (drawn as a reused group) (<circle id=\"dot\"> line 3)"
        ])
    }
  }
}
