import Foundation
import Glyphsmith
import Testing

/// Issue 32: a run that fails removes nothing. Found by the new-user trial: switching
/// `android.format` to `vector` with a hand-made `drawable/bell.xml` failed bell (exit 2) and
/// yet removed bell's own PNGs.
@Suite("A failed run removes nothing")
struct FailedRunCLITests {
  typealias O = OwnershipCLITests

  @Test func aPlanningErrorOnAnIconRemovesNothingOfItAndTheNextGoodRunPrunes() throws {
    let folder = try O.project(#"{"version": 1, "icons": "icons", "android": {"res": "android/res"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let bellPNGs = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
      res.appendingPathComponent("drawable-\($0)/bell.png")
    }
    let before = try bellPNGs.map { ContentHash.sha256(try Data(contentsOf: $0)) }
    try O.write("<vector/>\n", to: res.appendingPathComponent("drawable/bell.xml"))
    try O.write(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "vector"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))

    let failed = try CLIRunner.run(["build"], in: folder)
    #expect(failed.status == 2)
    let lines = failed.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "icons/bell.svg: error: android/res/drawable/bell.xml exists and was not made by glyphsmith; move it or pass --force"
    )
    #expect(lines.count == 2)
    #expect(failed.stderr.hasSuffix("1 failed; 0 removed\n"))
    #expect(try bellPNGs.map { ContentHash.sha256(try Data(contentsOf: $0)) } == before)
    #expect(O.read(res.appendingPathComponent("drawable/bell.xml")) == "<vector/>\n")

    // Moved away, the next run succeeds and removes bell's PNGs.
    try FileManager.default.removeItem(at: res.appendingPathComponent("drawable/bell.xml"))
    let good = try CLIRunner.run(["build"], in: folder)
    #expect(good.status == 0)
    #expect(
      (good.stdoutText + good.stderr).contains(
        "android/res/drawable-mdpi/bell.png: removed (icons/bell.svg no longer makes it)"))
    #expect(bellPNGs.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
  }
}
