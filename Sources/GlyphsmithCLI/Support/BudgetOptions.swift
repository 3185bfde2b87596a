import Foundation
import Glyphsmith

/// `--timeout`, `--max-memory`, `--max-pixels` and `--max-use`: what one input may cost
/// (issue 13's budgets), shared by the commands that read artwork.
enum BudgetOptions {
  /// The option specs to add to a command's list.
  static let specs: [OptionSpec] = [
    .value("timeout"), .value("max-memory"), .value("max-pixels"), .value("max-use"),
  ]

  /// Help lines for the four options.
  static let help = """
      --timeout S           seconds one input may take to read and render (default 10)
      --max-memory MB       memory one input's renderer may use (default 1024)
      --max-pixels N        largest PNG input in pixels, checked before decoding
                            (default 40000000)
      --max-use N           most <use> instances an SVG may expand to (default 10000)
    """

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
    return (limits, budget)
  }

  /// This executable's path, for starting workers.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
