import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `--timeout`, `--max-memory`, `--max-pixels`, `--max-use`, `--max-text`, `--max-ref-depth`,
/// `--max-filters` and `--max-kernel`: what one input
/// may cost (issue 13's budgets, sized for icons by issue 23). The commands that read each
/// input in a worker process of its own (render, assets, build, lint) include `group`, all
/// five; the commands that read artwork in their own process (sheet, symbol, appicon, the
/// previews that take icons: tab-bar, toolbar, table-view, badge, dots) include `limits`, the
/// three bounds checked before an input is decoded, since there is no process of its own to
/// time out or cap.
package enum BudgetOptions {
  /// `--timeout` and `--max-memory`: what one input's worker process may take.
  package static let process = OptionGroup(
    name: "process budget",
    options: [
      .value(
        "timeout", "S", kind: .seconds(minimum: 0.01, maximum: 86400), default: "10",
        help: "seconds one input may take to read and render (default 10)"),
      .value(
        "max-memory", "MB", kind: .integer(minimum: 64, maximum: 1 << 30), default: "200",
        help: "memory one input's renderer may use (default 200)"),
    ])

  /// `--max-pixels`, `--max-use`, `--max-text`, `--max-ref-depth`, `--max-filters` and
  /// `--max-kernel`: the input limits (`InputLimits`), checked
  /// before an input is decoded or handed to librsvg.
  package static let limits = OptionGroup(
    name: "input limits",
    options: [
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
      .value(
        "max-ref-depth", "N", kind: .integer(minimum: 1, maximum: 500), default: "32",
        help: """
          longest chain of references (use, href, clip-path, mask,
          filter, marker) an SVG may hold (default 32, at most 500)
          """),
      .value(
        "max-filters", "N", kind: .integer(minimum: 0, maximum: .max), default: "200",
        help: """
          most filter primitives an SVG may draw, each instance counted
          (default 200)
          """),
      .value(
        "max-kernel", "N", kind: .integer(minimum: 1, maximum: 20), default: "9",
        help: "largest feConvolveMatrix order (default 9, at most 20)"),
    ])

  /// All five options, declared once (`process`, then `limits`); each including command
  /// parses and lists them.
  package static let group = OptionGroup(
    name: "budget", options: process.options + limits.options)

  /// The parser's table of the five options.
  package static var specs: [OptionSpec] { group.options.map(\.spec) }
}
