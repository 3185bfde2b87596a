import CFrontHandoff
import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// The two executables (issue 15): the light `glyphsmith` front maps none of the rendering
/// stack, answers help, `compare` and `validate` itself, and hands everything that draws to
/// `glyphsmith-render` beside it.
@Suite struct FrontCLITests {
  /// The shared libraries the dynamic loader maps for `executable` (`ldd`'s own mechanism:
  /// `LD_TRACE_LOADED_OBJECTS` makes ld.so list them and exit).
  static func libraries(_ executable: URL) throws -> String {
    try CLIRunner.run(
      [], environment: ["LD_TRACE_LOADED_OBJECTS": "1"], executable: executable
    ).stdoutText
  }

  static let renderExecutable = CLIRunner.executable.deletingLastPathComponent()
    .appendingPathComponent(RenderHandoff.executableName)

  #if os(Linux)
    @Test func theFrontMapsNoRenderingLibrary() throws {
      let front = try Self.libraries(CLIRunner.executable)
      #expect(front.contains("libpng16"))
      for name in ["libcairo", "librsvg", "libpango", "libfontconfig", "libharfbuzz", "libxml2"] {
        #expect(!front.contains(name), "the front maps \(name)")
      }
      let render = try Self.libraries(Self.renderExecutable)
      #expect(render.contains("librsvg") && render.contains("libcairo"))
    }
  #endif

  /// The rule and platform indexes below the engine (what the front prints) name exactly the
  /// engine's checks and writers, in their order.
  @Test func indexesBelowTheEngineMatchItsRegistries() {
    #expect(LintRuleIndex.entries.map(\.id) == LintRule.allCases.map(\.rawValue))
    #expect(AssetPlatformIndex.entries.map(\.name) == AssetPlatform.allCases.map(\.rawValue))
    #expect(AssetsOptions().platforms == [.ios])
    // The built-in platforms first, the default marked; a new platform follows them.
    #expect(AssetPlatformIndex.helpList.hasPrefix("ios (default), android, web"))
  }

  /// Every help and the usage errors print the same bytes and exit codes from both executables.
  @Test func bothExecutablesAnswerAlike() throws {
    var cases: [[String]] = [[], ["--help"], ["help"], ["nope"], ["rendr"], ["help", "nope"]]
    cases += [
      ["-V"], ["version"], ["--version", "extra"], ["help", "help"], ["__worker", "junk"],
    ]
    // Every command of the one list (`CommandIndex`), `build` and `init` included.
    for name in CommandIndex.names {
      cases += [
        [name, "--help"], ["help", name], [name, "-h", "x"], [name, "--no-such-option"],
      ]
    }
    for verb in ["check", "record", "review"] { cases += [["golden", verb, "--help"]] }
    for arguments in cases {
      let front = try CLIRunner.run(arguments)
      let render = try CLIRunner.run(arguments, executable: Self.renderExecutable)
      #expect(front.status == render.status, "\(arguments)")
      #expect(front.stdout == render.stdout, "\(arguments)")
      #expect(front.stderr == render.stderr, "\(arguments)")
    }
  }

  /// The front alone (no glyphsmith-render beside it) still compares and prints help; a
  /// command that draws fails with a message naming the missing file (exit 2).
  @Test func withoutTheRenderExecutableTheFrontSaysWhatIsMissing() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let front = dir.appendingPathComponent("glyphsmith")
    try FileManager.default.copyItem(at: CLIRunner.executable, to: front)
    let png = try PNGCodec.encode(
      RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255]))
    try png.write(to: dir.appendingPathComponent("a.png"))

    let same = try CLIRunner.run(["compare", "a.png", "a.png"], in: dir, executable: front)
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdoutText.hasPrefix("a.png vs a.png: 0 of 2 pixels differ"), "\(same.stdoutText)")
    let help = try CLIRunner.run(["render", "--help"], in: dir, executable: front)
    #expect(help.status == 0 && help.stdoutText.hasPrefix("usage: glyphsmith render"))

    let render = try CLIRunner.run(["render", "a.png", "-o", "b.png"], in: dir, executable: front)
    #expect(render.status == 2)
    #expect(
      render.stderr
        == "glyphsmith: error: cannot start \(dir.resolvingSymlinksInPath().path)/glyphsmith-render: "
        + "no such file or directory (install it beside glyphsmith: scripts/install installs "
        + "both)\n", "\(render.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b.png").path))
  }

  /// A `glyphsmith-render` beside the front that is the front itself (a copy, a link) is
  /// named, exit 2, instead of the front starting itself for ever (trial t36b F4).
  @Test(arguments: ["copy", "link"])
  func aRenderExecutableThatIsTheFrontIsNamed(kind: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let front = dir.appendingPathComponent("glyphsmith")
    let render = dir.appendingPathComponent("glyphsmith-render")
    try FileManager.default.copyItem(at: CLIRunner.executable, to: front)
    if kind == "copy" {
      try FileManager.default.linkItem(at: front, to: render)
    } else {
      try FileManager.default.createSymbolicLink(atPath: render.path, withDestinationPath: "glyphsmith")
    }
    for arguments in [["--version"], ["render", "a.svg", "-o", "a.png"]] {
      let started = Date()
      let result = try CLIRunner.run(arguments, in: dir, executable: front)
      #expect(Date().timeIntervalSince(started) < 20)
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "glyphsmith: error: cannot start \(dir.resolvingSymlinksInPath().path)/glyphsmith-render: "
          + "it is this front itself, not the full tool (install it beside glyphsmith: "
          + "scripts/install installs both)\n", "\(result.stderr)")
    }
  }

  /// `glyphsmith_front_hands_off` of `glyphsmith` followed by `arguments`.
  static func handsOff(_ arguments: [String]) -> Int32 {
    let argv = (["glyphsmith"] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    return (argv + [nil]).withUnsafeBufferPointer {
      glyphsmith_front_hands_off(Int32(argv.count), $0.baseAddress!)
    }
  }

  /// The C first step keeps in the front what it answers itself: the help words and the
  /// commands of the front's `local:` list (`compare`, `validate`); every other command of the
  /// one list goes to glyphsmith-render at once, so a command added to `CommandIndex` needs no
  /// edit there.
  @Test func theCHandOffKeepsTheFrontsOwnWords() {
    var words: [String] = []
    while let word = glyphsmith_front_local_word(Int32(words.count)) {
      words.append(String(cString: word))
    }
    #expect(words == ["help", "--help", "-h", "compare", "validate"])
    #expect(glyphsmith_front_local_word(-1) == nil)
    // The `local:` list of Sources/GlyphsmithFront/main.swift.
    let local = [CompareCommand.entry, ValidateCommand.entry].map(\.name)
    for name in CommandIndex.names {
      #expect(Self.handsOff([name, "x"]) == (local.contains(name) ? 0 : 1), "\(name)")
    }
  }

  /// Which argv the C first step hands off (`glyphsmith_front_hands_off`): argv in, 1 (exec
  /// glyphsmith-render) or 0 (the Swift front answers) out. An unknown name goes too: both
  /// executables print the same error (`bothExecutablesAnswerAlike`).
  @Test(
    arguments: [
      ([String](), 0), (["render", "a.svg", "-o", "a.png"], 1), (["--version"], 1),
      (["__worker", "x"], 1), (["assets", "icons", "-o", "out"], 1), (["outline", "a.svg"], 1),
      (["render"], 1), (["render", "-h"], 0), (["render", "a.svg", "--help"], 0),
      (["render", "--", "--help"], 1), (["render", "a.svg", "--", "-h"], 1),
      (["compare", "a.png", "b.png"], 0), (["validate", "x.xcassets"], 0), (["help"], 0),
      (["help", "render"], 0), (["--help"], 0), (["-h"], 0), (["rendr", "a.svg"], 1),
      (["Render"], 1), (["--version", "--help"], 0), (["render", "--help=x"], 1),
      (["nope", "-h"], 0), (["lint", "--quiet", "a.svg", "-h"], 0), (["__worker"], 1),
    ] as [([String], Int32)])
  func theCHandOffDecidesFromArgvAlone(arguments: [String], expected: Int32) {
    #expect(Self.handsOff(arguments) == expected, "\(arguments)")
  }

  /// The front execs the `glyphsmith-render` beside it with argv unchanged (spaces and `--`
  /// included) for a command that draws and `--version`, and answers `--help` and `compare`
  /// itself: a stand-in script beside a copy of the front prints what it was given.
  @Test func theFrontExecsTheRenderExecutableWithTheSameArguments() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let front = dir.appendingPathComponent("glyphsmith")
    try FileManager.default.copyItem(at: CLIRunner.executable, to: front)
    let stand = dir.appendingPathComponent(RenderHandoff.executableName)
    try Data("#!/bin/sh\nprintf '[%s]' \"$0\" \"$@\"\nexit 7\n".utf8).write(to: stand)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stand.path)

    let drawn = try CLIRunner.run(
      ["render", "a b.svg", "-o", "-", "--", "-h"], in: dir, executable: front)
    #expect(drawn.status == 7)
    #expect(
      drawn.stdoutText
        == "[\(stand.resolvingSymlinksInPath().path)][render][a b.svg][-o][-][--][-h]")
    let version = try CLIRunner.run(["--version"], in: dir, executable: front)
    #expect(version.status == 7 && version.stdoutText.hasSuffix("[--version]"))
    let help = try CLIRunner.run(["render", "x.svg", "-h"], in: dir, executable: front)
    #expect(help.status == 0 && help.stdoutText.hasPrefix("usage: glyphsmith render"))
    let compare = try CLIRunner.run(["compare", "a.png", "a.png"], in: dir, executable: front)
    #expect(compare.status == 2 && !compare.stdoutText.contains("["), "\(compare.stdoutText)")
  }
}
