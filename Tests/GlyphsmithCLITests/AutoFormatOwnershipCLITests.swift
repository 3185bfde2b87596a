import Foundation
import Testing

/// Trial (fx-auto) H1 and H2: `android.format auto` (`--android-format auto`) writes either
/// `drawable/NAME.xml` or the five density PNGs, which one known only when the icon renders.
/// A hand-made file at a path of either format was not checked before writing: with the
/// icon falling back to PNGs, `bell.xml` was removed and three of the five PNGs written
/// before the user's `drawable-xxhdpi/bell.png` stopped the icon (H1); with the icon
/// expressible, `bell.xml` was written beside that PNG, exit 0, a duplicate resource (H2).
/// Both fail the icon by name before anything is written, with `vector`'s error.
@Suite("android.format auto: a hand-made file at either format's path")
struct AutoFormatOwnershipCLITests {
  /// Lucide's bell (stroked paths a VectorDrawable expresses).
  static let bell = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" \
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M10.268 21a2 2 0 0 0 3.464 0"/>
    <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"/>
    </svg>
    """

  /// The bell with a blur on its first path, which a VectorDrawable cannot express.
  static let blurred = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" \
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <filter id="b"><feGaussianBlur stdDeviation="0.5"/></filter>
    <path filter="url(#b)" d="M10.268 21a2 2 0 0 0 3.464 0"/>
    <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"/>
    </svg>
    """

  static let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]

  /// The error `vector` gives (and now `auto`) for the user's `ROOT/res/drawable-xxhdpi/bell.png`.
  static func duplicate(input: String, root: String) -> String {
    "\(input): error: \(root)/res/drawable-xxhdpi/bell.png is a file of resource drawable/bell that glyphsmith did not make, and glyphsmith writes \(root)/res/drawable/bell.xml: one resource in two files fails Android's build in one folder (Duplicate resources), and in another qualifier's folder is used instead of glyphsmith's wherever that qualifier applies; move it or pass --force"
  }

  /// Every file below `folder`, sorted, relative.
  static func files(_ folder: URL) -> [String] {
    let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
    return paths.filter {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder)
      return !isFolder.boolValue
    }.sorted()
  }

  /// A project of `icons/bell.svg` with `android.format auto`, built once (the
  /// VectorDrawable), then the user's `drawable-xxhdpi/bell.png` ("HANDMADE") added.
  static func builtProject() throws -> URL {
    let folder = try temporaryFolder()
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(bell.utf8).write(to: icons.appendingPathComponent("bell.svg"))
    try Data(
      #"{"version":1,"icons":"icons","android":{"res":"android/res","format":"auto"}}"#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let first = try CLIRunner.run(["build"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let xxhdpi = folder.appendingPathComponent("android/res/drawable-xxhdpi")
    try FileManager.default.createDirectory(at: xxhdpi, withIntermediateDirectories: true)
    try Data("HANDMADE".utf8).write(to: xxhdpi.appendingPathComponent("bell.png"))
    return folder
  }

  /// H1 (the icon now falls back to PNGs) and H2 under `build` (still a VectorDrawable):
  /// the icon fails by name, nothing written or removed, `bell.xml` kept byte for byte.
  @Test(
    "build: a hand-made PNG at auto's fallback path fails the icon before anything is written",
    arguments: [true, false])
  func buildFailsBeforeWriting(blur: Bool) throws {
    let folder = try Self.builtProject()
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = folder.appendingPathComponent("android/res/drawable/bell.xml")
    let before = try Data(contentsOf: xml)
    if blur {
      try Data(Self.blurred.utf8).write(to: folder.appendingPathComponent("icons/bell.svg"))
    }
    let result = try CLIRunner.run(["build"], in: folder)
    #expect(result.status == 2, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(lines.first == Self.duplicate(input: "icons/bell.svg", root: "android"))
    #expect(lines.last?.hasPrefix("built 0 icons (0 PNG files) to android/res in ") == true)
    #expect(
      lines.last?.hasSuffix(
        "; 0 unchanged; 0 skipped; 1 failed; 0 removed (nothing was written or removed)") == true,
      "\(result.stderr)")
    #expect(try Data(contentsOf: xml) == before)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("android/res/drawable-xxhdpi/bell.png"))
        == Data("HANDMADE".utf8))
    #expect(
      Self.files(folder.appendingPathComponent("android")) == [
        ".glyphsmith-outputs.json", "res/drawable-xxhdpi/bell.png", "res/drawable/bell.xml",
      ])
  }

  /// H2: `assets --android-format auto` gave exit 0 and wrote `drawable/bell.xml` beside the
  /// user's PNG, where `vector` refuses; both now refuse alike.
  @Test("assets: auto refuses a hand-made PNG of the resource as vector does")
  func assetsRefusesAsVectorDoes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let xxhdpi = folder.appendingPathComponent("out/android/res/drawable-xxhdpi")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: xxhdpi, withIntermediateDirectories: true)
    try Data(Self.bell.utf8).write(to: input.appendingPathComponent("bell.svg"))
    try Data("HAND".utf8).write(to: xxhdpi.appendingPathComponent("bell.png"))
    let expected = Self.duplicate(input: "in/bell.svg", root: "out/android")
    for format in ["vector", "auto"] {
      let result = try CLIRunner.run(
        [
          "assets", "in", "-o", "out/I.xcassets", "--platform", "ios,android",
          "--android-format", format,
        ], in: folder)
      #expect(result.status == 2, "\(format): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count == 2, "\(format): \(result.stderr)")
      #expect(lines.first == expected, "\(format)")
      #expect(
        lines.last?.hasSuffix("; 0 unchanged; 1 failed") == true, "\(format): \(result.stderr)")
      #expect(
        Self.files(folder.appendingPathComponent("out/android")) == [
          ".glyphsmith-outputs.json", "res/drawable-xxhdpi/bell.png",
        ], "\(format)")
      #expect(try Data(contentsOf: xxhdpi.appendingPathComponent("bell.png")) == Data("HAND".utf8))
    }
  }

  /// With `--force`, the user's PNG goes as with `vector` when the VectorDrawable is written
  /// (it stayed beside `bell.xml`), and when the icon falls back to PNGs it is replaced by
  /// Glyphsmith's, which is kept (not removed as the displaced file once written).
  @Test("--force: auto removes the user's PNG beside its VectorDrawable, replaces it with its own PNG")
  func forceReplacesOrRemoves() throws {
    for blur in [false, true] {
      let folder = try Self.builtProject()
      defer { try? FileManager.default.removeItem(at: folder) }
      if blur {
        try Data(Self.blurred.utf8).write(to: folder.appendingPathComponent("icons/bell.svg"))
      }
      let result = try CLIRunner.run(["build", "--force"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      let replaced =
        "android/res/drawable-xxhdpi/bell.png: warning: not made by glyphsmith; replaced (--force)"
      let res = Self.files(folder.appendingPathComponent("android/res"))
      if blur {
        #expect(
          Array(lines.dropLast()) == [
            "android/res/drawable/bell.xml: removed (icons/bell.svg no longer makes it)",
            replaced,
            "icons/bell.svg: warning: a VectorDrawable cannot express filters (<path> line 3); writing PNG drawables instead",
          ], "\(result.stderr)")
        #expect(res == Self.densities.map { "drawable-\($0)/bell.png" }.sorted())
        let png = try Data(
          contentsOf: folder.appendingPathComponent("android/res/drawable-xxhdpi/bell.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 100)
      } else {
        #expect(Array(lines.dropLast()) == [replaced], "\(result.stderr)")
        #expect(res == ["drawable/bell.xml"])
      }
      #expect(lines.last?.contains("; 0 failed; ") == true, "\(result.stderr)")
    }
  }

  /// A folder at a fallback PNG's path (no resource file, so no duplicate) fails the icon
  /// too, before anything is written, as it does with `png`.
  @Test("a folder at auto's fallback PNG path fails the icon before anything is written")
  func folderAtFallbackPath() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(Self.bell.utf8).write(to: icons.appendingPathComponent("bell.svg"))
    try Data(
      #"{"version":1,"icons":"icons","android":{"res":"android/res","format":"auto"}}"#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    let mine = folder.appendingPathComponent("android/res/drawable-mdpi/bell.png")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: mine.appendingPathComponent("note.txt"))
    let result = try CLIRunner.run(["build"], in: folder)
    #expect(result.status == 2, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "icons/bell.svg: error: android/res/drawable-mdpi/bell.png exists and was not made by glyphsmith; move it or pass --force",
      "\(result.stderr)")
    #expect(lines.count == 2)
    #expect(
      Self.files(folder.appendingPathComponent("android/res")) == ["drawable-mdpi/bell.png/note.txt"])
  }

  /// A symbolic link at a fallback PNG's path fails the icon before anything is written,
  /// `--force` or not, as at any output path (nothing is written through a link).
  @Test("a link at auto's fallback PNG path fails the icon, --force or not")
  func linkAtFallbackPath() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(Self.bell.utf8).write(to: icons.appendingPathComponent("bell.svg"))
    try Data(
      #"{"version":1,"icons":"icons","android":{"res":"android/res","format":"auto"}}"#.utf8
    ).write(to: folder.appendingPathComponent("glyphsmith.json"))
    try Data("hi".utf8).write(to: folder.appendingPathComponent("elsewhere.png"))
    let xxhdpi = folder.appendingPathComponent("android/res/drawable-xxhdpi")
    try FileManager.default.createDirectory(at: xxhdpi, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: xxhdpi.appendingPathComponent("bell.png").path,
      withDestinationPath: "../../../elsewhere.png")
    for arguments in [["build"], ["build", "--force"]] {
      let result = try CLIRunner.run(arguments, in: folder)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      #expect(
        lines.first
          == "icons/bell.svg: error: android/res/drawable-xxhdpi/bell.png is a symbolic link (to ../../../elsewhere.png); glyphsmith never writes through a link in an output folder, --force neither: replace it with a real folder or file, or remove it",
        "\(arguments): \(result.stderr)")
      #expect(lines.count == 2)
      #expect(Self.files(folder.appendingPathComponent("android/res")) == ["drawable-xxhdpi/bell.png"])
      #expect(try Data(contentsOf: folder.appendingPathComponent("elsewhere.png")) == Data("hi".utf8))
    }
  }
}
