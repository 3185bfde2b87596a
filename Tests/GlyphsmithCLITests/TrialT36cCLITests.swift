import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// Trial t36c's smaller findings (L1-L5), through the built executable: exact stderr, exit
/// codes and the files on disk. F9 is `AndroidVectorCLITests.autoSwitchInAFailedRunLeavesOneFormat`.
@Suite("Trial t36c")
struct TrialT36cCLITests {
  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
    <path d="M2 2h20v20z"/></svg>
    """

  /// A folder holding `a.svg` (`square`).
  static func folderWithIcon() throws -> URL {
    let folder = try temporaryFolder()
    try Data(square.utf8).write(to: folder.appendingPathComponent("a.svg"))
    return folder
  }

  // MARK: - L1: --timeout

  /// `--timeout 1e300` named the px output limit of a generic maximum check; `0.001` ran and
  /// failed as "longer than 0.0 s". Seconds and the allowed range are named; below 0.01 s
  /// is refused.
  @Test(arguments: ["1e300", "86401", "0.001", "0", "-1", "nan", "inf"])
  func timeoutOutsideItsRangeNamesSecondsAndTheRange(_ value: String) throws {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CLIRunner.run(["render", "a.svg", "-o", "a.png", "--timeout", value], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glyphsmith render: error: --timeout needs a number of seconds from 0.01 to 86400, got '\(value)'\nsee 'glyphsmith help render'\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.png").path))
  }

  /// The ends of the range are taken, as given, by every command that has `--timeout`.
  @Test func timeoutsAtTheEndsOfTheRangeAreTaken() throws {
    let commands = CommandIndex.declarations.filter { $0.options.contains { $0.name == "timeout" } }
    #expect(commands.map(\.name).sorted() == ["assets", "build", "lint", "render"])
    for declaration in commands {
      for (value, seconds) in [("0.01", 0.01), ("86400", 86400.0), ("2.55", 2.55)] {
        #expect(try declaration.parse(["--timeout", value]).number("timeout") == seconds)
      }
    }
  }

  /// A timeout's message gives every digit of the seconds given.
  @Test func theTimeoutMessageGivesTheSecondsAsGiven() {
    #expect(
      WorkerPool.WorkerFailure.timedOut(seconds: 0.015).problem
        == "rendering took longer than 0.015 s (--timeout); simplify the file or raise --timeout")
    #expect(
      WorkerPool.WorkerFailure.timedOut(seconds: 2.5).problem
        == "rendering took longer than 2.5 s (--timeout); simplify the file or raise --timeout")
    #expect(
      WorkerPool.WorkerFailure.timedOut(seconds: 10).problem
        == "rendering took longer than 10 s (--timeout); simplify the file or raise --timeout")
  }

  // MARK: - L2: unreadable inputs

  /// `render - <&-` said "the file is empty"; a folder on stdin too.
  @Test(arguments: [
    (
      "\"$GLYPHSMITH\" render - -o x.png <&-",
      "-: error: cannot read: stdin is closed; pipe or redirect an SVG or PNG into it, or give a file\n"
    ),
    (
      "\"$GLYPHSMITH\" lint - <&-",
      "-: error: cannot read: stdin is closed; pipe or redirect an SVG or PNG into it, or give a file\n"
    ),
    ("\"$GLYPHSMITH\" render - -o x.png < /", "-: error: cannot read: stdin: is a directory\n"),
  ])
  func stdinThatCannotBeReadSaysWhy(script: String, expected: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runShell(script, in: folder)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    #expect(!run.stderr.contains("empty"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
  }

  /// EMFILE was told as "permission denied or I/O error". Some open-file limit between 3 and
  /// 12 lets the process start and fails the input's `open`: its line names the real reason,
  /// and no limit gives the old words.
  @Test func tooManyOpenFilesIsToldAsSuch() throws {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try runShell(
      "for n in 3 4 5 6 7 8 9 10 11 12; do (ulimit -n $n; \"$GLYPHSMITH\" render a.svg -o y.png); done",
      in: folder)
    #expect(
      run.stderr.contains("a.svg: error: cannot read: too many open files\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("permission denied"), "\(run.stderr)")
  }

  // MARK: - L3: `--`

  @Test(arguments: [
    (
      ["--", "render"],
      "glyphsmith: error: '--' ends the options of a subcommand, and the subcommand comes first: glyphsmith render [options] -- [inputs]\n"
    ),
    (
      ["--", "render", "a.svg"],
      "glyphsmith: error: '--' ends the options of a subcommand, and the subcommand comes first: glyphsmith render [options] -- [inputs]\n"
    ),
    (
      ["--"],
      "glyphsmith: error: '--' ends the options of a subcommand, and the subcommand comes first: use one of render, assets, build, init, sheet, badge, dots, tabbar, toolbar, searchbar, tableview, compare, lint, golden, validate, appicon, symbol, outline\n"
    ),
    (
      ["render", "a.svg", "-o", "--", "-h"],
      "glyphsmith render: error: --output needs a value before '--', which ends the options; for the value '--' itself write --output=--\nsee 'glyphsmith help render'\n"
    ),
  ])
  func doubleDashGetsASensibleHint(arguments: [String], expected: String) throws {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CLIRunner.run(arguments, in: folder)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == expected)
    #expect(!run.stderr.contains("--version"))
    #expect(OwnershipCLITests.names(folder) == ["a.svg"])
  }

  /// The value `--` on purpose, and `--` before an input that starts with `-`, still work.
  @Test func doubleDashStillEndsTheOptions() throws {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("a.svg"), to: folder.appendingPathComponent("-b.svg"))
    let named = try CLIRunner.run(["render", "a.svg", "--output=--"], in: folder)
    #expect(named.status == 0, "\(named.stderr)")
    let dashed = try CLIRunner.run(["render", "-o", "b.png", "--", "-b.svg"], in: folder)
    #expect(dashed.status == 0, "\(dashed.stderr)")
    #expect(OwnershipCLITests.names(folder) == ["--", "-b.svg", "a.svg", "b.png"])
  }

  // MARK: - L4: empty names

  /// `-o .xcassets` suggested `.xcassets.xcassets`.
  @Test(arguments: [
    (["symbol", "a.svg", "-o", ".xcassets"], ".xcassets", "Icons.xcassets"),
    (["assets", "a.svg", "-o", ".xcassets"], ".xcassets", "Icons.xcassets"),
    (["assets", "a.svg", "-o", "App/.XCASSETS/"], "App/.XCASSETS/", "App/Icons.xcassets"),
  ])
  func aBareXcassetsNameIsCalledEmpty(arguments: [String], catalog: String, suggested: String)
    throws
  {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CLIRunner.run(arguments, in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let name = catalog.split(separator: "/").last!
    #expect(
      run.stderr.hasPrefix(
        "\(catalog): warning: the catalog folder's name is empty (\(name) alone, a hidden folder); Xcode reads only NAME.xcassets folders as asset catalogs; use -o \(suggested)\n"
      ), "\(run.stderr)")
    #expect(!run.stderr.contains(".xcassets.xcassets"))
  }

  @Test(arguments: [
    (["init", ""], "FOLDER is empty; give a folder's name, or none for the current folder"),
    (
      ["init", "--icons", ""], "--icons is empty; give the icons folder's name, relative to FOLDER"
    ),
    (
      ["init", "--icons=", "."],
      "--icons is empty; give the icons folder's name, relative to FOLDER"
    ),
  ])
  func initRefusesAnEmptyName(arguments: [String], message: String) throws {
    let folder = try Self.folderWithIcon()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CLIRunner.run(arguments, in: folder)
    #expect(run.status == 2)
    #expect(run.stderr == "glyphsmith init: error: \(message)\nsee 'glyphsmith help init'\n")
    #expect(OwnershipCLITests.names(folder) == ["a.svg"])
  }

  // MARK: - L5: a deleted record

  /// Trial t36d M7: after the catalog's record was deleted, a build adopted a group folder
  /// holding only its `Contents.json` and that build's sets, so a group the user made in
  /// Xcode (`tools/`, the same bytes Glyphsmith writes) went with its last icon. Without a
  /// record the two cannot be told apart: such a group is never recorded, and stays.
  @Test func aGroupFoundAfterADeletedRecordIsNeverRemoved() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try OwnershipCLITests.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    try OwnershipCLITests.write(Self.square, to: folder.appendingPathComponent("icons/a.svg"))
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let group = catalog.appendingPathComponent("tools/Contents.json")
    let xcode = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    try OwnershipCLITests.write(xcode, to: group)
    try OwnershipCLITests.write(
      Self.square, to: folder.appendingPathComponent("icons/tools/wrench.svg"))
    #expect(try CLIRunner.run(["build"], in: folder).status == 0)
    try FileManager.default.removeItem(
      at: catalog.appendingPathComponent(".glyphsmith-outputs.json"))
    let rebuilt = try CLIRunner.run(["build"], in: folder)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/tools"))
    let pruned = try CLIRunner.run(["build"], in: folder)
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(
      pruned.stderr.split(separator: "\n").dropLast().map(String.init) == [
        "App/Icons.xcassets/tools/wrench.imageset: removed (its source icons/tools/wrench.svg is gone)"
      ], "\(pruned.stderr)")
    #expect(try String(contentsOf: group, encoding: .utf8) == xcode)
    #expect(OwnershipCLITests.names(catalog.appendingPathComponent("tools")) == ["Contents.json"])
  }
}
