import Foundation
import Glyphsmith
import Testing

/// Issue 32, the new-user trial's costliest finding: `"web": {"folder": "../pk/web/icons"}`,
/// another project's output folder, was taken with exit 0; the project wrote there, took the
/// other's sets of its icons' names as its own, and pointed back it removed them. An output
/// folder whose record another project's build wrote is refused before anything is written
/// (every kind: the catalog, the folder holding `res`, the web folder), and a build never
/// prunes what another project's record lists.
@Suite("Another project's output folder")
struct OtherProjectCLITests {
  typealias O = OwnershipCLITests

  /// `pk`'s file: every platform, each in a folder of its own.
  static let pkConfig = """
    {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
     "android": {"res": "android/res"}, "web": {"folder": "web/icons"}}
    """

  /// Two projects side by side in a fresh folder: `pk` (bell, heart, house; `pkConfig`),
  /// built, and `pa` (bell, camera, heart) with the file `pa`, not built.
  static func projects(pa paConfig: String, pk pkFile: String = pkConfig) throws -> (
    pk: URL, pa: URL
  ) {
    let root = try temporaryFolder()
    let pk = root.appendingPathComponent("pk")
    let pa = root.appendingPathComponent("pa")
    for (folder, names) in [(pk, ["bell", "heart", "house"]), (pa, ["bell", "camera", "heart"])] {
      let icons = folder.appendingPathComponent("icons")
      try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
      for name in names {
        try FileManager.default.copyItem(
          at: O.icons.appendingPathComponent(name + ".svg"),
          to: icons.appendingPathComponent(name + ".svg"))
      }
    }
    try O.write(pkFile, to: pk.appendingPathComponent("glyphsmith.json"))
    try O.write(paConfig, to: pa.appendingPathComponent("glyphsmith.json"))
    let built = try CLIRunner.run(["build", "--quiet"], in: pk)
    #expect(built.status == 0)
    #expect(built.stderr == "")
    return (pk, pa)
  }

  /// The error of `pa`'s key `key` naming `pk`'s folder `value`, whose record is `record`.
  static func refusal(_ key: String, _ value: String, record: String, writer: String) -> String {
    "glyphsmith.json: error: '\(key)' is '\(value)', another project's output folder: its record of outputs (\(record)) was written by \(writer); two projects writing and pruning one folder replace and remove each other's icons, so give '\(key)' a folder of its own\n"
  }

  @Test(arguments: [
    (
      "ios.catalog", #""ios": {"catalog": "../pk/App/Icons.xcassets"}"#, "../pk/App/Icons.xcassets",
      "../pk/App/Icons.xcassets/.glyphsmith-outputs.json"
    ),
    (
      "android.res", #""android": {"res": "../pk/android/res"}"#, "../pk/android/res",
      "../pk/android/.glyphsmith-outputs.json"
    ),
    (
      "web.folder", #""web": {"folder": "../pk/web/icons"}"#, "../pk/web/icons",
      "../pk/web/icons/.glyphsmith-outputs.json"
    ),
  ])
  func anotherProjectsOutputFolderIsRefusedBeforeAnythingIsWritten(
    key: String, block: String, value: String, record: String
  ) throws {
    let (pk, pa) = try Self.projects(pa: #"{"version": 1, "icons": "icons", \#(block)}"#)
    let pkBefore = CopiedMarkCLITests.hashes(pk)
    let paBefore = try ProjectCLITests.snapshot(pa)
    let expected = Self.refusal(
      key, value, record: record, writer: "the build of another project, ../pk/glyphsmith.json")
    let run = try CLIRunner.run(["build"], in: pa)
    #expect(run.status == 2)
    #expect(AdoptMarkedCLITests.planningFailed(run.stderr) == expected)
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: pa)
    #expect(plan.status == 2)
    #expect(plan.stderr == expected)
    #expect(CopiedMarkCLITests.hashes(pk) == pkBefore)
    #expect(try ProjectCLITests.snapshot(pa) == paBefore)
    // `pk` builds on as before, its record naming its own file.
    let again = try CLIRunner.run(["build", "--quiet"], in: pk)
    #expect(again.status == 0)
    #expect(again.stderr == "")
    #expect(CopiedMarkCLITests.hashes(pk) == pkBefore)
  }

  @Test func eachRecordNamesTheProjectFileOfTheBuildThatWroteIt() throws {
    let (pk, _) = try Self.projects(
      pa: #"{"version": 1, "icons": "icons", "web": {"folder": "w"}}"#)
    for folder in ["App/Icons.xcassets", "web/icons"] {
      let record = try PruneOwnershipCLITests.record(pk.appendingPathComponent(folder))
      #expect(record["project"] as? String == "../../glyphsmith.json")
    }
    let android = try PruneOwnershipCLITests.record(pk.appendingPathComponent("android"))
    #expect(android["project"] as? String == "../glyphsmith.json")
    // A copy of the whole project is its own project: the path is relative.
    let copy = pk.deletingLastPathComponent().appendingPathComponent("pk-copy")
    try FileManager.default.copyItem(at: pk, to: copy)
    let run = try CLIRunner.run(["build", "--quiet"], in: copy)
    #expect(run.status == 0)
    #expect(run.stderr == "")
  }

  /// Rewrites the record of outputs in `folder` with `edit` applied.
  static func editRecord(_ folder: URL, _ edit: (inout [String: Any]) -> Void) throws {
    let url = folder.appendingPathComponent(".glyphsmith-outputs.json")
    var record = try ProjectCLITests.json(url)
    edit(&record)
    try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]).write(to: url)
  }

  @Test func aRecordFromBeforeRecordsNamedTheirProjectIsTold() throws {
    let (pk, pa) = try Self.projects(
      pa: #"{"version": 1, "icons": "icons", "web": {"folder": "../pk/web/icons"}}"#)
    let web = pk.appendingPathComponent("web/icons")
    // Written by an earlier version: no project; its outputs are made from pk's icons.
    try Self.editRecord(web) { $0["project"] = nil }
    let pkBefore = CopiedMarkCLITests.hashes(pk)
    let byIcons = try CLIRunner.run(["build"], in: pa)
    #expect(byIcons.status == 2)
    #expect(
      AdoptMarkedCLITests.planningFailed(byIcons.stderr)
        == Self.refusal(
          "web.folder", "../pk/web/icons", record: "../pk/web/icons/.glyphsmith-outputs.json",
          writer:
            "the build of another project, from icons outside this project's icons folder (../pk/icons/bell.svg)"
        ))
    // One whose output folders do not list it.
    try Self.editRecord(web) { $0["folders"] = ["ios": "../../App/Icons.xcassets"] }
    let byFolders = try CLIRunner.run(["build"], in: pa)
    #expect(byFolders.status == 2)
    #expect(
      AdoptMarkedCLITests.planningFailed(byFolders.stderr)
        == Self.refusal(
          "web.folder", "../pk/web/icons", record: "../pk/web/icons/.glyphsmith-outputs.json",
          writer:
            "the build of another project, whose output folders (ios ../pk/App/Icons.xcassets) are not this one"
        ))
    #expect(
      CopiedMarkCLITests.hashes(pk).filter { !$0.key.hasSuffix("outputs.json") }
        == pkBefore.filter { !$0.key.hasSuffix("outputs.json") })
  }

  // The trial's second half: the folder a project's record lists as its own earlier web
  // folder is another project's now; pruning it removed that project's sets (here pk's,
  // made from pa's icons, which pk shares).
  @Test func aBuildNeverPrunesAFolderAnotherProjectsRecordLists() throws {
    let (pk, pa) = try Self.projects(
      pa: """
        {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
         "web": {"folder": "web"}}
        """,
      pk: #"{"version": 1, "icons": "../pa/icons", "web": {"folder": "web/icons"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: pa).status == 0)
    // pa's catalog record says its web folder was pk's (as an earlier version let it be).
    try Self.editRecord(pa.appendingPathComponent("App/Icons.xcassets")) {
      $0["folders"] = ["ios": ".", "web": "../../../pk/web/icons"]
    }
    let pkBefore = CopiedMarkCLITests.hashes(pk)
    #expect(
      O.names(pk.appendingPathComponent("web/icons"))
        == [".glyphsmith-outputs.json", "bell", "camera", "heart"])
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: pa)
    #expect(plan.status == 0)
    let printed = try JSONSerialization.jsonObject(with: plan.stdout) as? [String: Any]
    #expect(printed?["remove"] as? [String] == [])
    let run = try CLIRunner.run(["build"], in: pa)
    #expect(run.status == 0)
    #expect(
      run.stderr.hasSuffix("; 3 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(CopiedMarkCLITests.hashes(pk) == pkBefore)
  }
  /// `pk` with iOS (`App/Icons.xcassets`) and web (`web`), built, beside `pa` naming pk's
  /// catalog; then pk's file moved into `pk/config` (its paths fixed), as the fourth trial did.
  static func movedProject() throws -> (pk: URL, pa: URL) {
    let (pk, pa) = try projects(
      pa: #"{"version": 1, "icons": "icons", "ios": {"catalog": "../pk/App/Icons.xcassets"}}"#,
      pk: """
        {"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"},
         "web": {"folder": "web"}}
        """)
    try FileManager.default.removeItem(at: pk.appendingPathComponent("glyphsmith.json"))
    try O.write(
      """
      {"version": 1, "icons": "../icons", "ios": {"catalog": "../App/Icons.xcassets"},
       "web": {"folder": "../web"}}
      """, to: pk.appendingPathComponent("config/glyphsmith.json"))
    return (pk, pa)
  }

  static let goneRefusal =
    "glyphsmith.json: error: 'ios.catalog' is '../pk/App/Icons.xcassets', whose record of outputs (../pk/App/Icons.xcassets/.glyphsmith-outputs.json) was written by the build of ../pk/glyphsmith.json, a file that is gone, from icons outside this project's icons folder; if that project's file was moved, build it there to take its folders back, or build here with --force to make 'ios.catalog' this project's\n"

  // Found by the fourth new-user trial: pk's file moved into pk/config; pa, which names pk's
  // catalog, built with exit 0, rewrote the project of both of pk's records (its web folder
  // too, which pa never names) and listed pk's sets as its own; pk's own build was then
  // refused as "another project's output folder".
  @Test func aRecordWhoseProjectFileIsGoneIsNotTakenOverByAnotherProject() throws {
    let (pk, pa) = try Self.movedProject()
    let pkBefore = CopiedMarkCLITests.hashes(pk)
    let refused = try CLIRunner.run(["build"], in: pa)
    #expect(refused.status == 2)
    #expect(AdoptMarkedCLITests.planningFailed(refused.stderr) == Self.goneRefusal)
    let plan = try CLIRunner.run(["build", "--plan", "--json"], in: pa)
    #expect(plan.status == 2)
    #expect(plan.stderr == Self.goneRefusal)
    #expect(CopiedMarkCLITests.hashes(pk) == pkBefore)
    // pk's own build, from its file's new place, takes its folders back.
    let config = pk.appendingPathComponent("config")
    let back = try CLIRunner.run(["build"], in: config)
    #expect(back.status == 0)
    #expect(back.stderr.hasSuffix("; 3 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    for (folder, project) in [
      ("App/Icons.xcassets", "../../config/glyphsmith.json"), ("web", "../config/glyphsmith.json"),
    ] {
      let record = try PruneOwnershipCLITests.record(pk.appendingPathComponent(folder))
      #expect(record["project"] as? String == project)
    }
    let again = try CLIRunner.run(["build"], in: pa)
    #expect(again.status == 2)
    #expect(
      AdoptMarkedCLITests.planningFailed(again.stderr)
        == Self.refusal(
          "ios.catalog", "../pk/App/Icons.xcassets",
          record: "../pk/App/Icons.xcassets/.glyphsmith-outputs.json",
          writer: "the build of another project, ../pk/config/glyphsmith.json"))
  }

  @Test func forceTakesTheNamedFolderOfAGoneProjectAndNoOtherFolderOfIt() throws {
    let (pk, pa) = try Self.movedProject()
    let web = pk.appendingPathComponent("web")
    let webBefore = CopiedMarkCLITests.hashes(web)
    let forced = try CLIRunner.run(["build", "--force"], in: pa)
    #expect(forced.status == 0)
    #expect(forced.stderr.hasSuffix("; 0 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    let catalog = try PruneOwnershipCLITests.record(pk.appendingPathComponent("App/Icons.xcassets"))
    #expect(catalog["project"] as? String == "../../../pa/glyphsmith.json")
    #expect(catalog["folders"] as? [String: String] == ["ios": "."])
    // pk's web folder, which pa does not name, is left byte for byte, record and all.
    #expect(CopiedMarkCLITests.hashes(web) == webBefore)
  }
}
