import Foundation
import Testing

/// A FIFO (or socket, or device) named like an input must fail that input at once, never wait
/// for a writer: found by a new user whose `assets`, `sheet` and `compare` hung forever on
/// `mkfifo f.svg` (and `render`/`lint` blamed a 10 s render timeout).
@Suite("special files among the inputs")
struct SpecialFilesCLITests {
  @Test(.timeLimit(.minutes(2)))
  func aFIFOFailsAloneInEveryCommand() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(
      to: dir.appendingPathComponent("in/good.svg"), createFolder: true)
    // Every command under `timeout`, so a regression fails here instead of hanging the suite.
    let script = #"""
      set -u
      mkfifo in/f.svg f.png
      run() {
        timeout 20 "$GLYPHSMITH" "$@" >/dev/null 2>err.txt
        echo "$1 $? $(head -c 400 err.txt | tr '\n' '|')"
      }
      "$GLYPHSMITH" render in/good.svg -o good.png --width 20
      mkdir act gold && cp good.png act/ && cp good.png gold/
      mkfifo act/f.png && cp good.png gold/f.png
      run render in/f.svg -o x.png
      run lint in/f.svg
      run compare f.png good.png
      run sheet in -o sheet.png
      run assets in -o C.xcassets
      run golden check act gold
      ls C.xcassets
      """#
    let result = try runShell(script, in: dir)
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    let fifo = "is not a regular file (a FIFO, socket or device); give a file"
    #expect(lines.contains("render 2 in/f.svg: error: cannot read: \(fifo)|"))
    #expect(
      lines.contains(
        "lint 2 in/f.svg: error: cannot read: \(fifo)|1 file: 0 errors, 0 warnings, 0 info; 1 could not be linted|"
      ))
    #expect(lines.contains("compare 2 f.png: error: cannot read: \(fifo)|"))
    #expect(lines.contains { $0.hasPrefix("sheet 2 in/f.svg: error: cannot read: \(fifo)") })
    #expect(lines.contains { $0.hasPrefix("assets 2 in/f.svg: error: cannot read: \(fifo)") })
    #expect(
      lines.contains {
        $0.hasPrefix("golden 2 ") && $0.contains("|act/f.png: error: cannot read: \(fifo)|")
      })
    // The good input beside the FIFO was still written, and the sheet drawn.
    #expect(lines.contains("good.imageset"))
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("sheet.png").path))
  }
}

@Suite("names a sheet cannot draw")
struct SheetNameCLITests {
  /// A name that is not UTF-8 or that no pinned font covers labels its cell with `\xFF` or "?"
  /// and never stops the sheet (it failed whole: "no pinned font has a glyph for U+10FFFF").
  @Test func namesNoFontCoversStillGiveASheet() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(
      to: dir.appendingPathComponent("in/\u{65B0}.svg"), createFolder: true)
    let result = try runShell(
      #"cp "in/\#u{65B0}.svg" "in/$(printf 'bad\377').svg" && "$GLYPHSMITH" sheet in -o s.png"#,
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.png").path))
  }

  /// The warnings `render` prints for a file, `sheet` prints too (it dropped them).
  @Test func sheetPrintsTheRenderWarnings() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="10" "#
      + #"height="10"/><image href="../../etc/passwd" width="5" height="5"/></svg>"#
    try Data(svg.utf8).write(to: dir.appendingPathComponent("in/ref.svg"), createFolder: true)
    let result = try runShell(#""$GLYPHSMITH" sheet in -o s.png"#, in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix("in/ref.svg: warning: dropped reference '../../etc/passwd': "))
  }
}

extension Data {
  fileprivate func write(to url: URL, createFolder: Bool) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try write(to: url)
  }
}
