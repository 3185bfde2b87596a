import Foundation
import Glyphsmith
import GlyphsmithCommands
import GlyphsmithTool
import Testing

/// An option's default is declared once (`OptionDeclaration.defaultValue`): the typed readers
/// return it for an absent option, the help states the same value, and it is the engine's own
/// default where the engine has one, so help and behaviour cannot drift.
@Suite("declared defaults")
struct DefaultsCLITests {
  /// Every `(default N)` (also `default: N`, `N,N,N`) with a number that an option's help
  /// text states: `(default 10)`, `(default 1,2,3; ...)`, `(default 16777216, 4096 x 4096)`.
  static func statedNumbers(_ help: String) -> [String] {
    let text = help.replacingOccurrences(of: "\n", with: " ")
    let pattern = #/\(default:? ([0-9.]+(?:,[0-9.]+)*)(?:\)|;|, )/#
    return text.matches(of: pattern).map { String($0.output.1) }
  }

  @Test(arguments: CommandIndex.names)
  func theHelpStatesEveryDeclaredDefault(_ name: String) throws {
    let declaration = try #require(CommandIndex.declarations.first { $0.name == name })
    for option in declaration.options where option.isOption {
      let help = option.help.replacingOccurrences(of: "\n", with: " ")
      if let value = option.defaultValue {
        let stated = ["default \(value)", "default: \(value)", "\(value) (default"].contains {
          help.contains($0)
        }
        // Options named only in the text have no entry to state it in.
        #expect(stated || option.listing == .inText, "--\(option.name): \(value)")
      }
      for number in Self.statedNumbers(option.help) {
        #expect(option.defaultValue == number, "--\(option.name) says default \(number)")
      }
    }
  }

  /// A declared default is a value of the option's kind, and the typed reader returns it when
  /// the option is absent.
  @Test(arguments: CommandIndex.names)
  func everyDefaultIsOfItsKindAndIsWhatTheReaderReturns(_ name: String) throws {
    let declaration = try #require(CommandIndex.declarations.first { $0.name == name })
    let absent = try declaration.parse([])
    for option in declaration.options where option.defaultValue != nil {
      let value = option.defaultValue!
      let given = try declaration.parse(["--" + option.name, value])
      switch option.kind {
      case .positiveNumber, .points, .seconds:
        #expect(try given.number(option.name) == Double(value))
        #expect(try absent.number(option.name) == Double(value))
      case .integer:
        #expect(try given.whole(option.name) == Int(value))
        #expect(try absent.whole(option.name) == Int(value))
      case .choice(let values):
        #expect(values.contains(value))
      default:
        #expect(absent.valueOrDefault(option.name) == value)
      }
    }
  }

  static func declared(_ command: String, _ option: String) -> String? {
    CommandIndex.declarations.first { $0.name == command }?.options
      .first { $0.name == option }?.defaultValue
  }

  /// The declared defaults are the engine's own where it has them.
  @Test func theDeclaredDefaultsAreTheEngines() {
    let budget = WorkerPool.Budget()
    let limits = InputLimits()
    #expect(Self.declared("lint", "timeout") == "\(Int(budget.timeoutSeconds))")
    #expect(Self.declared("lint", "max-memory") == "\(budget.maxMemoryMB)")
    #expect(Self.declared("lint", "max-pixels") == "\(limits.maxPixels)")
    #expect(Self.declared("lint", "max-use") == "\(limits.maxUse)")
    #expect(Self.declared("lint", "max-text") == "\(limits.maxText)")
    #expect(Self.declared("lint", "max-ref-depth") == "\(limits.maxReferenceDepth)")
    #expect(Self.declared("lint", "max-filters") == "\(limits.maxFilters)")
    #expect(Self.declared("lint", "max-kernel") == "\(limits.maxKernel)")
    let symbol = SymbolOptions()
    #expect(Self.declared("symbol", "ultralight").flatMap(Double.init) == symbol.ultralightFactor)
    #expect(Self.declared("symbol", "black").flatMap(Double.init) == symbol.blackFactor)
    #expect(Self.declared("assets", "min-sdk") == "\(AssetsOptions().minSdk)")
    #expect(
      Self.declared("render", "min-sdk")
        == "\(RenderJob(input: "", output: "", options: RenderOptions()).minSdk)")
    #expect(Self.declared("appicon", "min-sdk") == "\(AndroidLauncherOptions().minSdk)")
    #expect(AssetsOptions().scales == [1, 2, 3] && Self.declared("assets", "scales") == "1,2,3")
    #expect(LintOptions().scales == [1, 2, 3] && Self.declared("lint", "scales") == "1,2,3")
    #expect(Self.declared("render", "scale") == "\(Int(RenderOptions().scale))")
    #expect(Self.declared("sheet", "scale") == "\(Int(ContactSheet().scale))")
    #expect(Self.declared("sheet", "columns") == "\(ContactSheet().columns)")
    #expect(Self.declared("badge", "height") == "\(Int(Badge.defaultHeightPt))")
    #expect(Self.declared("badge", "max") == "\(Badge("1").maximum)")
    let pixelmatch = PixelmatchOptions()
    #expect(Self.declared("compare", "threshold") == "\(pixelmatch.threshold)")
    #expect(Self.declared("compare", "alpha") == "\(pixelmatch.alpha)")
    let aa = pixelmatch.aaColor
    #expect(Self.declared("compare", "aa-color") == "\(aa.r),\(aa.g),\(aa.b)")
    let diff = pixelmatch.diffColor
    #expect(Self.declared("compare", "diff-color") == "\(diff.r),\(diff.g),\(diff.b)")
    #expect(Self.declared("compare", "blend") == pixelmatch.blend.rawValue)
    #expect(Self.declared("compare", "metric") == pixelmatch.metric.rawValue)
    #expect(Self.declared("render", "role") == RenderOptions().role.rawValue)
    #expect(Self.declared("assets", "role") == AssetsOptions().role.rawValue)
    #expect(Self.declared("lint", "role") == LintOptions().role.rawValue)
  }

  /// A choice's values are the engine type's cases (`CaseIterable`), in order.
  @Test func choicesAreTheEnginesCases() throws {
    let shape = try #require(
      CommandIndex.declarations.first { $0.name == "render" }?.options.first { $0.name == "shape" })
    #expect(shape.kind == .choice(of: GlyphShape.self))
    let format = try #require(
      CommandIndex.declarations.first { $0.name == "assets" }?.options
        .first { $0.name == "android-format" })
    // --android-format takes the registry's Android names, then auto (no enum of its own).
    #expect(format.kind == .choice(["png", "vector", "vector-drawable", "auto"]))
    let roles = Role.allCases.map(\.rawValue)
    for command in ["render", "assets", "sheet", "lint"] {
      let role = try #require(
        CommandIndex.declarations.first { $0.name == command }?.options.first { $0.name == "role" })
      // lint's android-launcher (the safe-zone check) and icon-layer (Icon Composer layers)
      // are checks of their own, not roles of the engine.
      #expect(
        role.kind
          == .choice(command == "lint" ? roles + ["android-launcher", "icon-layer"] : roles))
    }
  }

  /// Through the executable: an absent option takes its declared default, a bad value gets
  /// the wording of its kind.
  @Test func theExecutableReadsValuesThroughTheDeclaration() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try CLIRunner.run(["lint", "x.svg", "--max-memory", "10"], in: folder)
    #expect(bad.status == 2)
    #expect(
      bad.stderr.hasPrefix(
        "glyphsmith lint: error: --max-memory needs a whole number of at least 64, got '10'\n"))
    let sheet = try CLIRunner.run(["sheet", "x.svg", "-o", "s.png", "--columns", "0"], in: folder)
    #expect(
      sheet.stderr.hasPrefix(
        "glyphsmith sheet: error: --columns needs a whole number of at least 1, got '0'\n"))
  }
}
