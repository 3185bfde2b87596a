import Foundation
import GlyphsmithCore
import Testing

/// `VectorPageSize`: the page size read from a PDF's or SVG's header bytes, as the catalog
/// check reads it for every vector image set.
@Suite("vector page size")
struct VectorPageSizeTests {
  @Test func pdfMediaBoxAfterABinaryStream() throws {
    // A stream that is not UTF-8 (and holds "[" and "]") before the page object, as cairo
    // writes its content streams before the page.
    var data = Data("%PDF-1.5\n1 0 obj\n<< /Length 6 >>\nstream\n".utf8)
    data.append(contentsOf: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0xC3])
    data.append(Data("\nendstream\n2 0 obj\n<< /Type /Page /MediaBox [ 0 0 25 24.5 ] >>\n".utf8))
    let size = try #require(VectorPageSize.size(of: data, fileExtension: "PDF"))
    #expect(size.width == 25 && size.height == 24.5)
    #expect(VectorPageSize.wholeSize(of: data, fileExtension: "pdf") == (25, 25))
    // A slice that does not start at index 0 reads the same.
    let slice = (Data("junk".utf8) + data).dropFirst(4)
    #expect(VectorPageSize.wholeSize(of: slice, fileExtension: "pdf") == (25, 25))
    #expect(VectorPageSize.size(of: Data("/MediaBox [0 0 25]".utf8), fileExtension: "pdf") == nil)
    #expect(VectorPageSize.size(of: Data("/MediaBox [0 0 0 9]".utf8), fileExtension: "pdf") == nil)
    #expect(VectorPageSize.size(of: Data("/MediaBox [0 0 9 9".utf8), fileExtension: "pdf") == nil)
  }

  @Test func svgRootWidthAndHeight() throws {
    func size(_ text: String) -> (width: Int, height: Int) {
      VectorPageSize.wholeSize(of: Data(text.utf8), fileExtension: "svg")
    }
    #expect(size("<?xml version=\"1.0\"?>\n<svg width=\"25\" height=\"30px\">") == (25, 30))
    #expect(size("<svg xmlns='http://www.w3.org/2000/svg'\nwidth='18pt' height='9pt'/>") == (24, 12))
    #expect(size("<svg width=\"100%\" height=\"100%\">") == (0, 0))
    #expect(size("<svg viewBox=\"0 0 24 24\">") == (0, 0))
    #expect(size("<svg width=\"24\" height=\"24\"") == (0, 0))  // no end of the tag
    #expect(size("no svg here") == (0, 0))
  }

  @Test func readsOnlyWhatTheFileHolds() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("vps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("a.svg")
    try Data("<svg width=\"25\" height=\"25\"/>".utf8).write(to: file)
    let size = try #require(VectorPageSize.read(atPath: file.path))
    #expect(size.width == 25 && size.height == 25)
    #expect(VectorPageSize.read(atPath: folder.path) == nil)  // a folder is no file
    #expect(VectorPageSize.read(atPath: folder.appendingPathComponent("none.pdf").path) == nil)
  }
}
