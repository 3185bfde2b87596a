import Foundation
import Glyphsmith
import Testing

/// Trial H4: an icons folder or a folder below it that cannot be listed was taken for an
/// empty one, so `build` and `assets --prune` removed its icons' outputs as "gone" (exit 0)
/// and `lint` skipped it silently. A folder that cannot be listed is an error naming it and
/// the system's reason, exit 2, and the run removes nothing. Run as user `nobody` through
/// `setpriv` (root reads a folder whatever its permissions), through the built executable.
@Suite("Unreadable folders")
struct UnreadableFolderCLITests {
  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">\
    <path d="M4 4h16v16H4z"/></svg>
    """

  static func chmod(_ mode: String, _ path: URL, recursive: Bool = false) throws {
    let run = try CLIRunner.run(
      (recursive ? ["-R"] : []) + [mode, path.path], executable: URL(fileURLWithPath: "/bin/chmod"))
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// A project: `icons/{bell,lock}.svg`, `icons/sub/camera.svg`, its catalog
  /// `App/Icons.xcassets`, everything readable and writable by anyone.
  static func project() throws -> URL {
    let dir = try temporaryFolder()
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(
      at: icons.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for name in ["bell.svg", "lock.svg", "sub/camera.svg"] {
      try Data(square.utf8).write(to: icons.appendingPathComponent(name))
    }
    try Data(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#.utf8
    ).write(to: dir.appendingPathComponent("glyphsmith.json"))
    try chmod("a+rwX", dir, recursive: true)
    return dir
  }

  /// Every path below `dir`, relative to it, sorted.
  static func paths(_ dir: URL) -> [String] {
    var out: [String] = []
    let walker = FileManager.default.enumerator(atPath: dir.path)
    while let relative = walker?.nextObject() as? String { out.append(relative) }
    return out.sorted()
  }

  /// `text` with each duration (`in 0.06 s`) as `in T s`.
  static func untimed(_ text: String) -> String {
    text.replacing(/in [0-9]+\.[0-9]+ s/, with: "in T s")
  }

  static func cleanUp(_ dir: URL) {
    try? chmod("a+rwX", dir, recursive: true)
    try? FileManager.default.removeItem(at: dir)
  }

  @Test func buildWithAnUnreadableSubFolderFailsAndRemovesNothing() throws {
    let dir = try Self.project()
    defer { Self.cleanUp(dir) }
    let first = try CLIRunner.runAsUnprivileged(["build"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = dir.appendingPathComponent("App/Icons.xcassets")
    let before = Self.paths(catalog)
    #expect(before.contains("sub/camera.imageset/camera.png"))
    try Self.chmod("000", dir.appendingPathComponent("icons/sub"))
    let run = try CLIRunner.runAsUnprivileged(["build"], in: dir)
    #expect(run.status == 2)
    #expect(
      Self.untimed(run.stderr)
        == "icons/sub: error: cannot read the folder: permission denied\n"
        + "built 0 icons (0 PNG files) to App/Icons.xcassets in T s; 2 unchanged; 0 skipped; "
        + "1 failed; 0 removed\n", "\(run.stderr)")
    #expect(Self.paths(catalog) == before)
    // `--plan` lists no removal either.
    let plan = try CLIRunner.runAsUnprivileged(["build", "--plan", "--json"], in: dir)
    #expect(!plan.stdoutText.contains("camera"), "\(plan.stdoutText)")
  }

  @Test func buildWithAnUnreadableIconsFolderFailsAndRemovesNothing() throws {
    let dir = try Self.project()
    defer { Self.cleanUp(dir) }
    let first = try CLIRunner.runAsUnprivileged(["build"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = dir.appendingPathComponent("App/Icons.xcassets")
    let before = Self.paths(catalog)
    #expect(before.count == 19, "\(before)")
    try Self.chmod("000", dir.appendingPathComponent("icons"))
    let run = try CLIRunner.runAsUnprivileged(["build"], in: dir)
    #expect(run.status == 2)
    #expect(
      Self.untimed(run.stderr)
        == "icons: error: cannot read the folder: permission denied\n"
        + "built 0 icons (0 PNG files) to App/Icons.xcassets in T s; 0 unchanged; 0 skipped; "
        + "1 failed; 0 removed (nothing was written or removed)\n", "\(run.stderr)")
    #expect(Self.paths(catalog) == before)
  }

  @Test func assetsPruneWithAnUnreadableSubFolderRemovesNothing() throws {
    let dir = try Self.project()
    defer { Self.cleanUp(dir) }
    let first = try CLIRunner.runAsUnprivileged(
      ["assets", "icons", "-o", "O.xcassets", "--prune"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let catalog = dir.appendingPathComponent("O.xcassets")
    let before = Self.paths(catalog)
    #expect(before.contains("sub/camera.imageset/camera.png"))
    try Self.chmod("000", dir.appendingPathComponent("icons/sub"))
    let run = try CLIRunner.runAsUnprivileged(
      ["assets", "icons", "-o", "O.xcassets", "--prune"], in: dir)
    #expect(run.status == 2)
    #expect(
      Self.untimed(run.stderr)
        == "icons/sub: error: cannot read the folder: permission denied\n"
        + "wrote 0 icons (0 PNG files) to O.xcassets in T s; 2 unchanged; 1 failed; 0 removed\n",
      "\(run.stderr)")
    #expect(Self.paths(catalog) == before)
  }

  @Test func lintNamesAnUnreadableFolder() throws {
    let dir = try Self.project()
    defer { Self.cleanUp(dir) }
    try Self.chmod("000", dir.appendingPathComponent("icons/sub"))
    let below = try CLIRunner.runAsUnprivileged(["lint", "icons"], in: dir)
    #expect(below.status == 2)
    #expect(
      below.stderr
        == "icons/sub: error: cannot read the folder: permission denied\n"
        + "2 files: 0 errors, 0 warnings, 0 info; 1 could not be linted\n", "\(below.stderr)")
    let given = try CLIRunner.runAsUnprivileged(["lint", "icons/sub"], in: dir)
    #expect(given.status == 2)
    #expect(
      given.stderr
        == "icons/sub: error: cannot read the folder: permission denied\n"
        + "0 files: 0 errors, 0 warnings, 0 info; 1 could not be linted\n", "\(given.stderr)")
  }
  /// Trial t36d M5: a glyphsmith.json without read permission was reported as missing
  /// ("cannot read: no such file"); it names the system's reason.
  @Test func anUnreadableProjectFileSaysWhy() throws {
    let dir = try Self.project()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.chmod("000", dir.appendingPathComponent("glyphsmith.json"))
    let run = try CLIRunner.runAsUnprivileged(["build"], in: dir)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("glyphsmith.json: error: cannot read: permission denied"),
      "\(run.stderr)")
    #expect(!run.stderr.contains("no such file"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("App").path))
  }
}
