import Foundation
import GlyphsmithCore

/// `--timeout`, `--max-memory`, `--max-pixels`, `--max-use` and `--max-text`: what one input
/// may cost (issue 13's budgets, sized for icons by issue 23), shared by the commands that
/// read artwork (render, assets, build, lint), which include `group` in their declaration.
package enum BudgetOptions {
  /// The five options, declared once; each including command parses and lists them.
  package static let group = OptionGroup(
    name: "budget",
    options: [
      .value(
        "timeout", "S", kind: .positiveNumber(maximum: 86400), default: "10",
        help: "seconds one input may take to read and render (default 10)"),
      .value(
        "max-memory", "MB", kind: .integer(minimum: 64, maximum: 1 << 30), default: "200",
        help: "memory one input's renderer may use (default 200)"),
      .value(
        "max-pixels", "N", kind: .integer(minimum: 1, maximum: 16384 * 16384),
        default: "16777216",
        help: """
          largest PNG input, or image inside an SVG, in pixels, checked
          before decoding (default 16777216, 4096 x 4096)
          """),
      .value(
        "max-use", "N", kind: .integer(minimum: 0, maximum: .max), default: "10000",
        help: "most <use> instances an SVG may expand to (default 10000)"),
      .value(
        "max-text", "N", kind: .integer(minimum: 0, maximum: .max), default: "4096",
        help: "most characters of <text> an SVG may hold (default 4096)"),
    ])

  /// The parser's table of the five options.
  package static var specs: [OptionSpec] { group.options.map(\.spec) }
}
