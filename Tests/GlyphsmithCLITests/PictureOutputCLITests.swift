import Foundation
import Glyphsmith
import Testing

/// Pictures for people (`appicon --preview`, `sheet -o`) never replace a file that is not a
/// PNG, nor one of the run's inputs (issue 35's trial: `--preview fg.svg` turned the icon's
/// own source into a PNG, exit 0).
@Suite struct PictureOutputCLITests {
  static let icon = SheetCLITests.square("#ff0000")

  @Test func aPreviewOrSheetNeverReplacesTheUsersFilesOrItsInputs() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FirstContactCLITests.write(Self.icon, "fg.svg", in: dir)
    try FirstContactCLITests.write("my notes\n", "notes.txt", in: dir)
    func bytes(_ name: String) throws -> Data {
      try Data(contentsOf: dir.appendingPathComponent(name))
    }
    let source = try bytes("fg.svg")
    // The source itself as the preview of the bundle made from it.
    let own = try CLIRunner.run(
      ["appicon", "fg.svg", "--format", "icon", "-o", "out/App.icon", "--preview", "fg.svg"],
      in: dir)
    #expect(own.status == 2)
    #expect(own.stderr.contains("fg.svg: error: is an input of this run; give the picture another path"))
    #expect(try bytes("fg.svg") == source)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    // A file of the user's that is not a PNG, from the flat app icon and from sheet.
    let notes = try CLIRunner.run(
      ["appicon", "fg.svg", "-o", "A.xcassets", "--preview", "notes.txt"], in: dir)
    #expect(notes.status == 2)
    #expect(notes.stderr.contains("notes.txt: error: exists and is not a PNG"))
    #expect(try bytes("notes.txt") == Data("my notes\n".utf8))
    let sheet = try CLIRunner.run(["sheet", "fg.svg", "-o", "notes.txt"], in: dir)
    #expect(sheet.status == 2)
    #expect(sheet.stderr.contains("notes.txt: error: exists and is not a PNG"))
    #expect(try bytes("notes.txt") == Data("my notes\n".utf8))
    // A bundle's document as the preview of that bundle.
    let made = try CLIRunner.run(["appicon", "fg.svg", "--format", "icon", "-o", "B.icon"], in: dir)
    #expect(made.status == 0)
    let document = try bytes("B.icon/icon.json")
    let inside = try CLIRunner.run(["appicon", "B.icon", "--preview", "B.icon/icon.json"], in: dir)
    #expect(inside.status == 2)
    #expect(try bytes("B.icon/icon.json") == document)
    // A PNG (a preview made before) is replaced: pictures are drawn again on every run.
    let first = try CLIRunner.run(["appicon", "B.icon", "--preview", "p.png"], in: dir)
    #expect(first.status == 0)
    let again = try CLIRunner.run(["sheet", "fg.svg", "-o", "p.png"], in: dir)
    #expect(again.status == 0)
  }
}
