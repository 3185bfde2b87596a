import Foundation
import GlyphsmithCLISupport
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// For every command (`CommandIndex`, the list both executables are built from): every option
/// its parser takes appears in its `--help` as printed by the executable, and every option the
/// help lists is taken by the executable. `lint` accepted the five budget options while its
/// help named none of them.
@Suite("help lists what the parser takes")
struct HelpCoverageCLITests {
  /// Options a command takes without naming them anywhere in its help, each with why: only
  /// compare's benchmark switch.
  static let unlisted: [String: Set<String>] = [
    // Prints decode/compare/write times on stderr, for `bench/compare`; not a user option.
    "compare": ["timing"]
  ]

  /// The `--name`s of the entry labels of `help`'s options sections: the lines from a line
  /// at column 0 ending in `options:` (or `options (...):`) to the next empty line, those that
  /// start with `  -`, up to the two spaces before their help text.
  static func listedOptions(_ help: String) -> Set<String> {
    var names = Set<String>()
    var inSection = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        inSection = false
      } else if !line.hasPrefix(" ") && line.contains("options") && line.hasSuffix(":") {
        inSection = true
      } else if inSection && line.hasPrefix("  -") {
        let label = line.dropFirst(2).components(separatedBy: "  ")[0]
        names.formUnion(optionNames(label))
      }
    }
    return names
  }

  /// Every `--name` in `text`.
  static func optionNames(_ text: String) -> Set<String> {
    var names = Set<String>()
    var rest = Substring(text)
    while let range = rest.range(of: "--") {
      let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      if !name.isEmpty { names.insert(String(name)) }
      rest = rest[range.upperBound...].dropFirst(name.count)
    }
    return names
  }

  @Test(arguments: CommandIndex.names)
  func everyOptionTakenIsInTheHelp(_ name: String) throws {
    let declaration = try #require(CommandIndex.declarations.first { $0.name == name })
    let result = try CLIRunner.run([name, "--help"])
    #expect(result.status == 0)
    let help = result.stdoutText
    let listed = Self.listedOptions(help)
    let named = Self.optionNames(help)
    // What the command takes: its declaration's table, and --quiet (`Subcommand.main`).
    let taken = Set(declaration.specs.map(\.name) + [CommandDeclaration.quiet.name])
      .subtracting(["help"])
    let allowed = Self.unlisted[name] ?? []
    for option in taken.subtracting(allowed).sorted() {
      #expect(listed.contains(option) || named.contains(option), "--\(option) is not in the help")
    }
    // An option the help names only in its text (init's two, appicon's Android ones) is
    // declared so, never an entry that went missing.
    let inText = Set(declaration.options.filter { $0.listing == .inText }.map(\.name))
    #expect(taken.subtracting(allowed).subtracting(listed) == inText)
    for option in allowed { #expect(!named.contains(option)) }
    #expect(listed.subtracting(taken) == [], "listed but not taken")
  }

  /// The executable itself (not the declaration) takes every option its help lists: none is
  /// an unknown option. Run in an empty folder, where each run stops at a missing input.
  @Test(arguments: CommandIndex.names)
  func theExecutableTakesEveryListedOption(_ name: String) throws {
    let help = try CLIRunner.run([name, "--help"]).stdoutText
    let declaration = try #require(CommandIndex.declarations.first { $0.name == name })
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let listed = Self.listedOptions(help)
    #expect(!listed.isEmpty || name == "init")
    for option in listed.sorted() {
      let takesValue = declaration.options.contains { $0.name == option && $0.valueName != nil }
      // `build --watch` would watch the folder until stopped; --json makes it a usage error
      // that still shows --watch was taken.
      var extra = name == "build" && option == "watch" ? ["--json"] : []
      // `build` looks for glyphsmith.json here and in every folder above: a stray one above
      // the temporary folder (in /tmp, say) would be built. A file that is not there keeps
      // the run inside the folder (it fails at once, after the option was taken).
      if name == "build" && option != "config" {
        extra += ["--config", folder.appendingPathComponent("glyphsmith.json").path]
      }
      let result = try CLIRunner.run(
        [name, "--" + option] + (takesValue ? ["x"] : []) + extra, in: folder,
        executable: FrontCLITests.renderExecutable)
      #expect(!result.stderr.contains("unknown option"), "\(name) --\(option): \(result.stderr)")
      #expect(!result.stderr.contains("needs a value"), "\(name) --\(option): \(result.stderr)")
    }
  }

  /// What the two tests above compare is what the commands parse: no command reads argv with
  /// a table of its own (`ArgumentParser.parse`) instead of its declaration's, and every
  /// command file parses through `declaration.parse`.
  @Test func everyCommandParsesThroughItsDeclaration() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    var commandFiles = 0
    for folder in ["GlyphsmithTool", "GlyphsmithToolMain", "GlyphsmithCommands", "GlyphsmithFront"]
    {
      let root = sources.appendingPathComponent(folder)
      let files = try #require(FileManager.default.enumerator(atPath: root.path))
      for case let file as String in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        #expect(!text.contains("ArgumentParser.parse("), "\(folder)/\(file)")
        guard text.contains(": DeclaredSubcommand {") else { continue }
        commandFiles += 1
        #expect(text.contains("try declaration.parse(arguments)"), "\(folder)/\(file)")
      }
    }
    #expect(commandFiles == CommandIndex.names.count)
  }

  /// The drift this fixes: `lint --help` lists every option `lint` takes.
  @Test func lintHelpListsTheBudgetOptions() throws {
    let help = try CLIRunner.run(["lint", "--help"]).stdoutText
    #expect(
      help.contains(
        "  --timeout S       seconds one input may take to read and render (default 10)\n"))
    #expect(
      Self.listedOptions(help).isSuperset(of: [
        "timeout", "max-memory", "max-pixels", "max-use", "max-text", "role", "jobs",
      ]))
  }
}
