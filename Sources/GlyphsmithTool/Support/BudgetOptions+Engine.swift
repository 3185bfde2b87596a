import Foundation
import Glyphsmith
import GlyphsmithCommands

extension BudgetOptions {
  /// The limits and budget the options give, each read as `group` declares it (its kind and,
  /// when not given, its default; `DefaultsCLITests` checks those are the engine's own).
  /// - Throws: `UsageError` for a value that is not of its declared kind.
  static func parse(_ parsed: ParsedArguments) throws -> (InputLimits, WorkerPool.Budget) {
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
    budget.timeoutSeconds = try parsed.number("timeout") ?? budget.timeoutSeconds
    budget.maxMemoryMB = try parsed.whole("max-memory") ?? budget.maxMemoryMB
    limits.maxPixels = try parsed.whole("max-pixels") ?? limits.maxPixels
    limits.maxUse = try parsed.whole("max-use") ?? limits.maxUse
    limits.maxText = try parsed.whole("max-text") ?? limits.maxText
    return (limits, budget)
  }

  /// This executable's path, for starting workers.
  static var executablePath: String { Platform.executablePath }
}
