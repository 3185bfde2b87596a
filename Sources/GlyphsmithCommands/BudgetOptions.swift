import Foundation
import GlyphsmithCore

/// `--timeout`, `--max-memory`, `--max-pixels`, `--max-use` and `--max-text`: what one input
/// may cost (issue 13's budgets, sized for icons by issue 23), shared by the commands that
/// read artwork.
package enum BudgetOptions {
  /// The option specs to add to a command's list.
  package static let specs: [OptionSpec] = [
    .value("timeout"), .value("max-memory"), .value("max-pixels"), .value("max-use"),
    .value("max-text"),
  ]

  /// Help lines for the five options.
  package static let help = """
      --timeout S           seconds one input may take to read and render (default 10)
      --max-memory MB       memory one input's renderer may use (default 200)
      --max-pixels N        largest PNG input, or image inside an SVG, in pixels, checked
                            before decoding (default 16777216, 4096 x 4096)
      --max-use N           most <use> instances an SVG may expand to (default 10000)
      --max-text N          most characters of <text> an SVG may hold (default 4096)
    """
}
