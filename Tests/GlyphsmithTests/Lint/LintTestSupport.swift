import Foundation

@testable import Glyphsmith

/// Lints SVG source held in memory (no config file lookup: `config` applies). Scales other
/// than the default 1, 2, 3 count as asked for explicitly (`--scales`), unless
/// `scalesExplicit` says otherwise.
func lint(
  _ source: String, role: Role = .tabBar, size: Double? = nil, scales: [Int] = [1, 2, 3],
  scalesExplicit: Bool? = nil, compact: Bool = false, config: LintConfig = LintConfig()
) throws -> LintFileReport {
  var options = LintOptions()
  options.role = role
  options.sizePt = size
  options.scales = scales
  options.scalesExplicit = scalesExplicit ?? (scales != [1, 2, 3])
  options.compact = compact
  options.config = config
  return try Linter.lint(
    data: Data(source.utf8), path: "test.svg", baseDirectory: nil, options: options
  ).report
}

/// The start of an SVG root element with the SVG namespace, to be closed by the caller.
let svgOpen = #"<svg xmlns="http://www.w3.org/2000/svg""#

/// A filled circle: the glyph every rule must leave alone.
let filledCircle = """
  \(svgOpen) viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>
  """

/// A 2 pt ring across 18 pt with a 0.5 pt bar through it (the issue's inner-line case).
let ringWithBar = """
  \(svgOpen) viewBox="0 0 18 18">
    <circle cx="9" cy="9" r="8" fill="none" stroke="black" stroke-width="2"/>
    <rect x="1" y="8.75" width="16" height="0.5"/>
  </svg>
  """

/// The default severity of `rule` for each role at a scale that ships (@2x), in
/// `Role.allCases` order (plain, tab-bar, toolbar, indicator).
func defaultSeverities(_ rule: LintRule) -> [LintSeverity] {
  Role.allCases.map { LintDefaults.shippedSeverity(rule, role: $0) }
}

/// The default severity of `rule` for each role at @1x with the default scales, in
/// `Role.allCases` order.
func oneXSeverities(_ rule: LintRule) -> [LintSeverity] {
  Role.allCases.map { LintDefaults.severity(rule, role: $0) }
}
