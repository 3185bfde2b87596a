import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

extension BudgetOptions {
  /// The limits and budget the options give, each read as `group` declares it (its kind and,
  /// when not given, its default; `DefaultsCLITests` checks those are the engine's own).
  /// - Throws: `UsageError` for a value that is not of its declared kind.
  static func parse(_ parsed: ParsedArguments) throws -> (InputLimits, WorkerPool.Budget) {
    var budget = WorkerPool.Budget()
    budget.timeoutSeconds = try parsed.number("timeout") ?? budget.timeoutSeconds
    budget.maxMemoryMB = try parsed.whole("max-memory") ?? budget.maxMemoryMB
    return (try inputLimits(parsed), budget)
  }

  /// The input limits `limits` gives (`--max-pixels`, `--max-use`, `--max-text`,
  /// `--max-ref-depth`, `--max-filters`, `--max-kernel`), each as
  /// declared, the engine's defaults where not given.
  /// - Throws: `UsageError` for a value that is not of its declared kind.
  static func inputLimits(_ parsed: ParsedArguments) throws -> InputLimits {
    var limits = InputLimits()
    limits.maxPixels = try parsed.whole("max-pixels") ?? limits.maxPixels
    limits.maxUse = try parsed.whole("max-use") ?? limits.maxUse
    limits.maxText = try parsed.whole("max-text") ?? limits.maxText
    limits.maxReferenceDepth = try parsed.whole("max-ref-depth") ?? limits.maxReferenceDepth
    limits.maxFilters = try parsed.whole("max-filters") ?? limits.maxFilters
    limits.maxKernel = try parsed.whole("max-kernel") ?? limits.maxKernel
    return limits
  }

  /// This executable's path, for starting workers.
  static var executablePath: String { Platform.executablePath }
}

/// A command's options with the input limits (`BudgetOptions.limits`) its artwork is read
/// under, for the commands that read artwork in their own process.
struct Limited<Options> {
  /// The command's own options.
  var options: Options
  /// `--max-pixels`, `--max-use` and `--max-text`, or the defaults.
  var limits: InputLimits

  /// Makes `limits` the process's input limits (`InputLimits.current`, which every load
  /// reads) and returns `options`.
  func applied() -> Options {
    InputLimits.setCurrent(limits)
    return options
  }
}
