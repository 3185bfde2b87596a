import Foundation
import GlyphsmithCore

/// `--timeout`, `--max-memory`, `--max-pixels` and `--max-use`: what one input may cost
/// (issue 13's budgets), shared by the commands that read artwork.
package enum BudgetOptions {
  /// The option specs to add to a command's list.
  package static let specs: [OptionSpec] = [
    .value("timeout"), .value("max-memory"), .value("max-pixels"), .value("max-use"),
  ]

  /// Help lines for the four options.
  package static let help = """
      --timeout S           seconds one input may take to read and render (default 10)
      --max-memory MB       memory one input's renderer may use (default 1024)
      --max-pixels N        largest PNG input in pixels, checked before decoding
                            (default 40000000)
      --max-use N           most <use> instances an SVG may expand to (default 10000)
    """
}
