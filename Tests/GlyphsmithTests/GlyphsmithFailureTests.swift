import Foundation
import Glyphsmith
import Testing

private let circle = svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>")

@Suite("Failure categories and the engine jobs behind the CLI")
struct GlyphsmithFailureTests {
  /// Each engine error with its category (the CLI exits 2 for usage and unusable input, 1 for
  /// the answer "no").
  static let categories: [(any GlyphsmithFailure, FailureCategory)] = [
    (GlyphsmithError.unreadable(path: "a.svg", reason: "no such file"), .unusableInput),
    (GlyphsmithError.emptyArtwork(path: "a.svg"), .unusableInput),
    (GlyphsmithError.nameCollision(name: "a", first: "a.svg", second: "A.svg"), .unusableInput),
    (GlyphsmithError.invalidColor("#12"), .usage),
    (GlyphsmithError.invalidOption("--x"), .usage),
    (GlyphsmithError.writeFailed(path: "o.png", reason: "read-only"), .unusableInput),
    (GlyphsmithError.render(.cairo(status: "no memory")), .unusableInput),
    (GlyphsmithError.unusable(path: "o.png", problem: "nothing to draw"), .unusableInput),
    (RenderError.unsupportedFormat(path: "a.gif"), .unusableInput),
    (
      CompareError.sizeMismatch(
        path: "b.png", expected: ImageSize(width: 2, height: 2),
        actual: ImageSize(width: 3, height: 2)), .answerIsNo
    ),
    (CompareError.invalidOption("--threshold"), .usage),
    (GoldenError.missingFolder(path: "g", role: "golden"), .unusableInput),
    (GoldenError.invalidManifest(path: "g/golden.json", reason: "bad"), .unusableInput),
  ]

  @Test func everyErrorHasItsCategoryAndItsDescriptionAsMessage() {
    for (error, category) in Self.categories {
      #expect(error.category == category, "\(error)")
      #expect(error.message == error.description)
    }
  }

  /// `namesFile` (which decides whether a command prefixes its name) agrees with the message:
  /// a message naming no file is exactly the one that starts `error: `.
  @Test func namesFileTellsWhetherTheMessageNamesAFile() {
    for (error, _) in Self.categories {
      #expect(error.namesFile == !error.description.hasPrefix("error: "), "\(error)")
    }
    #expect(!GlyphsmithError.render(.text(message: "no font")).namesFile)
    #expect(GlyphsmithError.render(.invalidSVG(path: "a.svg", message: "bad")).namesFile)
    #expect(
      !CompareError.sizeMismatch(
        path: nil, expected: ImageSize(width: 1, height: 1), actual: ImageSize(width: 2, height: 1)
      ).namesFile)
  }

  /// Workers hand their parent the error itself: it comes back equal, with its category and
  /// message.
  @Test func engineErrorsCrossTheWorkerPipeIntact() throws {
    let errors: [GlyphsmithError] = [
      .unreadable(path: "a.svg", reason: "no such file"), .invalidOption("--x"),
      .render(.forbiddenReference(path: "a.svg", reference: "b.png", reason: "outside")),
      .render(.cairo(status: RenderError.cairoNoMemory)),
      .unusable(path: "a.svg", problem: "the renderer crashed on this file (SIGABRT)"),
    ]
    let decoded = try JSONDecoder().decode(
      [GlyphsmithError].self, from: JSONEncoder().encode(errors))
    #expect(decoded == errors)
    #expect(
      decoded.map(\.category) == [
        .unusableInput, .usage, .unusableInput, .unusableInput, .unusableInput,
      ])
  }

  @Test func unusableNamesTheOutput() {
    #expect(
      GlyphsmithError.unusable(path: "s.png", problem: "nothing to draw").description
        == "s.png: error: nothing to draw")
  }

  @Test func failureKeepsEngineErrorsAndWrapsOthersWithThePath() {
    let golden = GlyphsmithError.failure(
      GoldenError.missingFolder(path: "g", role: "golden"), path: "x")
    #expect(golden as? GoldenError == .missingFolder(path: "g", role: "golden"))
    let render = GlyphsmithError.failure(RenderError.unsupportedFormat(path: "a.gif"), path: "x")
    #expect(render as? RenderError == .unsupportedFormat(path: "a.gif"))
    struct Other: Error, CustomStringConvertible { var description: String { "boom" } }
    let other = GlyphsmithError.failure(Other(), path: "in.svg")
    #expect(other as? GlyphsmithError == .unreadable(path: "in.svg", reason: "boom"))
  }

  @Test func contactSheetJobReportsBadInputsAndStillWritesTheSheet() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = try folder.write("a.svg", circle)
    let bad = try folder.write("b.svg", "<svg not svg")
    var render = RenderOptions()
    render.role = .tabBar
    render.scale = 1
    var sheet = ContactSheet()
    sheet.scale = 1
    let output = folder.path("sheet.png")
    var lines: [String] = []
    let outcome = try ContactSheetJob(
      inputs: [good, folder.path("missing.svg"), bad], output: output, render: render,
      sheet: sheet
    ).run { lines.append($0) }
    #expect(outcome == .unusableInput)
    #expect(lines.count == 2)
    #expect(
      lines.first == "\(folder.path("missing.svg")): error: cannot read: no such file or folder")
    #expect(lines.last?.hasPrefix("\(bad): error: invalid SVG: ") == true)
    let image = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output)), path: output)
    let size = sheet.size(forCount: 1)
    #expect(image.width == size.width && image.height == size.height)
  }

  @Test func contactSheetJobRefusesASheetOverTheSizeLimit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = try folder.write("a.svg", circle)
    var sheet = ContactSheet()
    sheet.scale = 100
    let output = folder.path("sheet.png")
    #expect(
      throws: GlyphsmithError.unusable(
        path: output,
        problem:
          "the sheet would be 19200x7800 px for 3 icons, over 16384 px a side; use --limit N, --columns N or a smaller --scale"
      )
    ) {
      try ContactSheetJob(
        inputs: [good, good, good], output: output, render: RenderOptions(), sheet: sheet
      ).run { _ in }
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func contactSheetJobWithNothingToDraw() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let output = folder.path("sheet.png")
    #expect(
      throws: GlyphsmithError.unusable(
        path: output, problem: "no .svg or .png icons in the inputs; nothing to draw")
    ) {
      try ContactSheetJob(
        inputs: [folder.path(".")], output: output, render: RenderOptions(),
        sheet: ContactSheet()
      ).run { _ in }
    }
  }
}
