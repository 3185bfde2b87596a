import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// docs/contributing.md's claim, checked from the registries rather than from a list kept here:
/// a lint rule, a platform or a subcommand added as it says (a file and a registry line) is
/// reachable from the CLI: named by the help of both executables, accepted where the CLI and
/// the project file take it, and in the schema; likewise every role (`Role.allCases`) in the
/// hand-written roles tables, and every output format (`OutputFormats.all`) where its
/// `choices` say. Each test enumerates the registry (or, for subcommands, the list
/// the help prints from the executables' `subcommands`), so a new entry is checked without an
/// edit here.
@Suite struct RegistryReachabilityCLITests {
  static let renderExecutable = FrontCLITests.renderExecutable

  static let circleSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\
    <circle cx="12" cy="12" r="8"/></svg>
    """

  /// `docs/glyphsmith.schema.json`, parsed.
  static func schema() throws -> [String: Any] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/glyphsmith.schema.json")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  /// The value at `path` of nested JSON objects.
  static func member(_ object: Any?, _ path: String...) -> Any? {
    path.reduce(object) { ($0 as? [String: Any])?[$1] }
  }

  /// The names of the `subcommands:` section of `glyphsmith --help` from `executable`, in
  /// order: what `Dispatcher` prints from the executable's `subcommands` list.
  static func helpedSubcommands(_ executable: URL? = nil) throws -> [String] {
    let help = try CLIRunner.run(["--help"], executable: executable)
    #expect(help.status == 0)
    let lines = help.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "subcommands:") else { return [] }
    return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  // MARK: - Lint rules

  /// Every registered rule (`LintRegistry.rules`, through `LintRule.allCases`) is in the
  /// `lint --help` of both executables, is accepted by a lint config (`--config`, the
  /// project file's `lint.rules` and `lint.roles.<role>`), and is in the schema's lists.
  @Test func everyLintRuleIsReachable() throws {
    let rules = LintRule.allCases.map(\.rawValue)
    #expect(!rules.isEmpty)
    for executable in [CLIRunner.executable, Self.renderExecutable] {
      let help = try CLIRunner.run(["lint", "--help"], executable: executable)
      #expect(help.status == 0)
      for rule in rules {
        #expect(
          help.stdoutText.contains("\n  \(rule) "),
          "\(rule) is not in \(executable.lastPathComponent) lint --help")
      }
    }

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("circle.svg")
    try Data(Self.circleSVG.utf8).write(to: svg)
    func lint(rules ids: [String]) throws -> CLIResult {
      let settings = ids.map { "\"\($0)\": {\"severity\": \"off\"}" }.joined(separator: ", ")
      let byRole = Role.allCases.map { "\"\($0.rawValue)\": {\(settings)}" }
        .joined(separator: ", ")
      let config = folder.appendingPathComponent("lint.json")
      try Data("{\"rules\": {\(settings)}, \"roles\": {\(byRole)}}".utf8).write(to: config)
      return try CLIRunner.run(["lint", svg.path, "--config", config.path, "--scales", "2"])
    }
    let all = try lint(rules: rules)
    #expect(all.status == 0, "a registered rule id is refused by a lint config: \(all.stderr)")
    #expect(!all.stderr.contains("error:"), "\(all.stderr)")
    let unknown = try lint(rules: ["no-such-rule"])
    #expect(unknown.status == 2 && unknown.stderr.contains("no-such-rule"), "\(unknown.stderr)")

    let schema = try Self.schema()
    let lint = Self.member(schema, "properties", "lint", "properties")
    let topLevel = Self.member(lint, "rules", "propertyNames", "enum") as? [String]
    let byRole =
      Self.member(lint, "roles", "additionalProperties", "propertyNames", "enum") as? [String]
    for rule in rules {
      #expect(topLevel?.contains(rule) == true, "\(rule) is not in the schema's lint.rules")
      #expect(byRole?.contains(rule) == true, "\(rule) is not in the schema's lint.roles")
    }
  }

  // MARK: - Platforms

  /// Every registered platform (`AssetPlatformRegistry.writers`, through
  /// `AssetPlatform.allCases`) is in the `assets --help` of both executables, is written by
  /// `assets --platform` (all of them in one run, each leaving files in its folder), and is
  /// in the schema: a top-level key of the project file and a value of `platforms`.
  @Test func everyPlatformIsReachable() throws {
    let platforms = AssetPlatform.allCases.map(\.rawValue)
    #expect(!platforms.isEmpty)
    for executable in [CLIRunner.executable, Self.renderExecutable] {
      let help = try CLIRunner.run(["assets", "--help"], executable: executable)
      #expect(help.status == 0)
      let line = help.stdoutText.split(separator: "\n").first { $0.contains("--platform") }
      for platform in platforms {
        #expect(
          line?.contains(platform) == true,
          "\(platform) is not in \(executable.lastPathComponent) assets --help's --platform line")
      }
    }

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Data(Self.circleSVG.utf8).write(to: icons.appendingPathComponent("circle.svg"))
    let out = folder.appendingPathComponent("out")
    let result = try CLIRunner.run([
      "assets", icons.path, "-o", out.appendingPathComponent("Icons.xcassets").path,
      "--platform", platforms.joined(separator: ","),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let written = try FileManager.default.subpathsOfDirectory(atPath: out.path)
    #expect(written.count > platforms.count, "\(written)")
    let unknown = try CLIRunner.run([
      "assets", icons.path, "-o", folder.appendingPathComponent("x.xcassets").path,
      "--platform", "no-such-platform",
    ])
    #expect(unknown.status == 2 && unknown.stderr.contains("no-such-platform"))

    let schema = try Self.schema()
    let properties = Self.member(schema, "properties") as? [String: Any]
    let values = Self.member(schema, "$defs", "icon", "properties", "platforms", "items", "enum")
    for platform in platforms {
      #expect(properties?[platform] != nil, "the project file has no '\(platform)' key")
      #expect(
        (values as? [String])?.contains(platform) == true,
        "\(platform) is not a value of the schema's platforms")
    }
  }

  // MARK: - Output formats

  /// The help entry of `option` (its first line, from `  ` + `option`, and the lines under
  /// it) in `help`, as its words: lowercase names with `-`, the punctuation dropped.
  static func entryWords(_ help: String, option: String) -> Set<String> {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  " + option) }) else { return [] }
    let entry = [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("      ") }
    return Set(
      entry.joined(separator: " ").split { !($0.isLetter || $0.isNumber || $0 == "-") }
        .map(String.init))
  }

  /// Every registered output format (`OutputFormats.all`) is reachable where its `choices`
  /// say. A `.render` choice is in the `-f/--format` entry of both executables' `render
  /// --help`, and `render -f NAME` writes a file; an `.android` one is in the
  /// `--android-format` entry of `assets --help`, `assets --platform android --android-format
  /// NAME` writes drawables, and it is in the schema's `android.format`; a `.catalog` one is
  /// in the schema's `ios.format` and per-icon `format`, and a project taking it there builds.
  /// A format with no choice is one a platform writes by itself: the plan of every platform
  /// (`assets --plan --json`) names it. An unknown name is a usage error naming the
  /// registry's.
  @Test func everyOutputFormatIsReachable() throws {
    #expect(!OutputFormats.all.isEmpty)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let icons = folder.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let svg = icons.appendingPathComponent("circle.svg")
    try Data(Self.circleSVG.utf8).write(to: svg)
    let schema = try Self.schema()
    var helps: [String: [String]] = [:]
    for executable in [CLIRunner.executable, Self.renderExecutable] {
      for command in ["render", "assets"] {
        let help = try CLIRunner.run([command, "--help"], executable: executable)
        #expect(help.status == 0)
        helps[command, default: []].append(help.stdoutText)
      }
    }
    let plan = try CLIRunner.run([
      "assets", icons.path, "-o", folder.appendingPathComponent("plan/Icons.xcassets").path,
      "--platform", AssetPlatform.allCases.map(\.rawValue).joined(separator: ","), "--plan",
      "--json",
    ])
    #expect(plan.status == 0, "\(plan.stderr)")

    for format in OutputFormats.all {
      if format.choices.isEmpty {
        #expect(
          plan.stdoutText.contains("\"\(format.name)\""),
          "\(format.name) has no choice and no platform plans it")
      }
      for choice in format.choices {
        let name = choice.name
        switch choice.place {
        case .render:
          for help in helps["render"]! {
            #expect(
              Self.entryWords(help, option: "-f, --format").contains(name),
              "\(name) is not in render --help's -f/--format entry")
          }
          let out = folder.appendingPathComponent("render-\(name)").path
          let result = try CLIRunner.run(["render", svg.path, "-o", out, "-f", name])
          #expect(result.status == 0, "render -f \(name): \(result.stderr)")
          #expect(FileManager.default.fileExists(atPath: out), "render -f \(name) wrote nothing")
        case .android:
          for help in helps["assets"]! {
            #expect(
              Self.entryWords(help, option: "--android-format").contains(name),
              "\(name) is not in assets --help's --android-format entry")
          }
          let out = folder.appendingPathComponent("android-\(name)")
          let result = try CLIRunner.run([
            "assets", icons.path, "-o", out.path, "--platform", "android",
            "--android-format", name,
          ])
          #expect(result.status == 0, "--android-format \(name): \(result.stderr)")
          let written = (try? FileManager.default.subpathsOfDirectory(atPath: out.path)) ?? []
          #expect(!written.isEmpty, "--android-format \(name) wrote nothing")
          let values = Self.member(schema, "properties", "android", "properties", "format", "enum")
          #expect(
            (values as? [String])?.contains(name) == true, "\(name) not in android.format")
        case .catalog:
          for pointer in [
            ["properties", "ios", "properties", "format", "enum"],
            ["$defs", "icon", "properties", "format", "enum"],
            ["$defs", "rule", "properties", "format", "enum"],
          ] {
            let values = pointer.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] }
            #expect(
              (values as? [String])?.contains(name) == true,
              "\(name) not in the schema's \(pointer.joined(separator: "/"))")
          }
          let project = folder.appendingPathComponent("project-\(name)")
          try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
          try FileManager.default.copyItem(at: icons, to: project.appendingPathComponent("icons"))
          try Data(
            """
            {"version": 1, "icons": "icons",
             "ios": {"catalog": "Icons.xcassets", "format": "\(name)"},
             "defaults": {"format": "\(name)"},
             "rules": [{"match": "*.svg", "format": "\(name)"}]}
            """.utf8
          ).write(to: project.appendingPathComponent("glyphsmith.json"))
          let result = try CLIRunner.run(["build"], in: project)
          #expect(result.status == 0, "a project with format \(name): \(result.stderr)")
        }
      }
    }

    let unknown = try CLIRunner.run(["render", svg.path, "-o", "-", "-f", "no-such-format"])
    #expect(unknown.status == 2, "\(unknown.stderr)")
    #expect(
      unknown.stderr.contains(
        "-f/--format: \(OutputFormatIndex.spoken(OutputFormats.names(for: .render))), got"),
      "\(unknown.stderr)")
    let android = try CLIRunner.run([
      "assets", icons.path, "-o", folder.appendingPathComponent("x").path, "--platform",
      "android", "--android-format", "no-such-format",
    ])
    #expect(android.status == 2, "\(android.stderr)")
    #expect(
      android.stderr.contains(
        "--android-format: \(OutputFormatIndex.spoken(ProjectConfig.androidFormats)), got"),
      "\(android.stderr)")
  }

  // MARK: - Roles

  /// Every role (`Role.allCases`) is a row of the roles table of `render --help` and
  /// `assets --help` (`RoleHelpTable`, written by hand below the engine) and of README.md's,
  /// is named by the `--role` line of `render`, `assets` and `lint --help`, is accepted by
  /// `render --role`, and is in the schema's role lists.
  @Test func everyRoleIsReachable() throws {
    let roles = Role.allCases.map(\.rawValue)
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"), encoding: .utf8)
    for command in ["render", "assets", "lint"] {
      let help = try CLIRunner.run([command, "--help"]).stdoutText
      let line = help.split(separator: "\n").first { $0.hasPrefix("  --role R") }
      for role in roles {
        #expect(line?.contains(role) == true, "\(role) is not on \(command) --help's --role line")
        if command != "lint" {
          #expect(help.contains("\n  \(role) "), "\(role) is not in \(command) --help's table")
        }
      }
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("circle.svg")
    try Data(Self.circleSVG.utf8).write(to: svg)
    let schema = try Self.schema()
    for role in roles {
      #expect(readme.contains("| `\(role)` |"), "README.md's roles table has no \(role) row")
      let out = folder.appendingPathComponent("\(role).png").path
      let result = try CLIRunner.run(["render", svg.path, "-o", out, "--role", role])
      #expect(result.status == 0, "render --role \(role): \(result.stderr)")
      for definition in ["icon", "rule"] {
        let values = Self.member(schema, "$defs", definition, "properties", "role", "enum")
        #expect((values as? [String])?.contains(role) == true, "\(role) not in \(definition).role")
      }
    }
  }

  // MARK: - Subcommands

  /// Every subcommand the executables register is listed by both helps in the same order,
  /// answers `--help` and `help NAME` alike from both (exit 0, a usage line naming it), and
  /// is documented (`glyphsmith NAME` in README.md or docs/, beside the generated api.md).
  @Test func everySubcommandIsReachable() throws {
    let names = try Self.helpedSubcommands()
    #expect(names.count >= 17, "\(names)")
    #expect(try Self.helpedSubcommands(Self.renderExecutable) == names)
    // The help lists exactly the one list of commands, in its order.
    #expect(names == CommandIndex.names)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let docs = root.appendingPathComponent("docs")
    let pages =
      try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") && $0 != "api.md" }
      .map { try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8) }
      + [try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)]
    for name in names {
      for arguments in [[name, "--help"], ["help", name]] {
        let front = try CLIRunner.run(arguments)
        let render = try CLIRunner.run(arguments, executable: Self.renderExecutable)
        #expect(front.status == 0 && render.status == 0, "\(arguments)")
        #expect(front.stdout == render.stdout, "\(arguments)")
        #expect(front.stdoutText.hasPrefix("usage: glyphsmith \(name)"), "\(arguments)")
      }
      #expect(
        pages.contains { $0.contains("glyphsmith \(name)") },
        "no page of docs/ or README.md shows `glyphsmith \(name)`")
    }
  }

  /// docs/contributing.md's recipe for a subcommand: one file (its declaration, `parse` and
  /// `run`) and one line in `CommandIndex.commands`, then `scripts/update-generated`. Checked
  /// from the list: each command's type is declared in one file of `Sources/` that holds its
  /// `CommandDeclaration(name: "NAME"`, `parse` and `run`; no source but `CommandIndex.swift`
  /// registers it (`Type.self`, `.entry`, `.declaration`; the front's own list of the commands
  /// it runs, `compare` and `validate`, aside), there on one line; and the front's generated
  /// list is the list, name, summary and help (what both executables print, checked above and
  /// by `FrontCLITests.bothExecutablesAnswerAlike`).
  @Test func aSubcommandIsOneFileAndOneLine() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    var files: [String: String] = [:]
    let walk = try #require(FileManager.default.enumerator(atPath: sources.path))
    for case let file as String in walk
    where file.hasSuffix(".swift") && !file.hasSuffix("+Generated.swift") {
      files[file] = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
    }
    let index = "GlyphsmithTool/CommandIndex.swift"
    let indexLines = try #require(files[index]).split(separator: "\n")
    let runByTheFront = ["GlyphsmithFront/main.swift": ["CompareCommand", "ValidateCommand"]]
    for command in CommandIndex.commands {
      let type = String(describing: command)
      let name = command.declaration.name
      let declaring = files.filter {
        $0.value.contains(" \(type): DeclaredSubcommand {")
      }
      #expect(declaring.count == 1, "\(type) is declared in \(declaring.keys.sorted())")
      if let text = declaring.first?.value {
        #expect(text.contains("CommandDeclaration(\n    name: \"\(name)\","), "\(type)")
        #expect(text.contains("func parse(") && text.contains("func run("), "\(type)")
      }
      let registration = try Regex("\\b\(type)\\.(self|entry|declaration)\\b")
      for (file, text) in files where file != index && !declaring.keys.contains(file) {
        guard text.contains(registration) else { continue }
        #expect(runByTheFront[file]?.contains(type) == true, "\(file) registers \(type)")
      }
      #expect(
        indexLines.filter { $0.contains(registration) }.count == 1,
        "\(type) is not on one line of \(index)")
    }
    #expect(
      CommandTextIndex.entries
        == CommandIndex.declarations.map {
          CommandTextIndex.Entry(name: $0.name, summary: $0.summary, help: $0.help)
        },
      "CommandTextIndex+Generated.swift is stale: run scripts/update-generated")
  }
}
