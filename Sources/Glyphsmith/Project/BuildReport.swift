import Foundation

/// The `--json` report of `glyphsmith build`: `assets`' report (`version`, `inputs`,
/// `warnings`, `catalogFindings`, `error`) plus the project file, the outputs removed and the
/// icons skipped.
public struct BuildReport: Codable, Equatable, Sendable {
  /// Schema version, 1.
  public var version = 1
  /// The project file read.
  public var config: String
  /// One entry per built icon, in icon order (as `AssetsReport.inputs`).
  public var inputs: [AssetInputResult]
  /// Warnings about the icons as a whole.
  public var warnings: [String]
  /// Catalog findings after the run (as `AssetsReport.catalogFindings`).
  public var catalogFindings: [String]
  /// Outputs removed (their source is gone or no longer makes them), paths as printed.
  public var removed: [String]
  /// Icons a rule skipped.
  public var skipped: [String]
  /// Why the build could not run, else `nil`.
  public var error: String?

  /// The report of a finished build.
  public init(config: String, result: ProjectBuild.Result) {
    self.config = config
    inputs = result.report.inputs
    warnings = result.report.warnings
    catalogFindings = result.report.catalogFindings
    removed = result.removed
    skipped = result.skipped
    error = result.report.error
  }

  /// The report of a build that could not run.
  public init(config: String, error: String) {
    self.config = config
    inputs = []
    warnings = []
    catalogFindings = []
    removed = []
    skipped = []
    self.error = error
  }
}
