import Foundation
import Glyphsmith
import GlyphsmithCommands

extension BudgetOptions {
  /// The limits and budget the options give (defaults for those absent).
  /// - Throws: `UsageError` for values that are not positive numbers.
  static func parse(_ parsed: ParsedArguments) throws -> (InputLimits, WorkerPool.Budget) {
    var limits = InputLimits()
    var budget = WorkerPool.Budget()
    if let seconds = try parsed.positiveDouble("timeout", maximum: 86400) {
      budget.timeoutSeconds = seconds
    }
    if let mb = try parsed.integer("max-memory", minimum: 64, maximum: 1 << 30) {
      budget.maxMemoryMB = mb
    }
    if let pixels = try parsed.integer("max-pixels", maximum: 16384 * 16384) {
      limits.maxPixels = pixels
    }
    if let uses = try parsed.integer("max-use", minimum: 0) { limits.maxUse = uses }
    if let characters = try parsed.integer("max-text", minimum: 0) { limits.maxText = characters }
    return (limits, budget)
  }

  /// This executable's path, for starting workers.
  static var executablePath: String { Platform.executablePath }
}
