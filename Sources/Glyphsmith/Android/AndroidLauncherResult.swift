import Foundation

/// What `AndroidLauncherJob.run` wrote and found.
public struct AndroidLauncherResult: Sendable {
  /// Every file written, as paths, in the order written.
  public var files: [String] = []
  /// Warnings and errors in the compiler form (`path: warning: ...`): the safe-zone check,
  /// layers written as PNG instead of VectorDrawable, a monochrome layer of more than one
  /// colour, a background with transparency.
  public var diagnostics: [String] = []
  /// How many of `diagnostics` are errors.
  public var errors = 0
  /// `.answerIsNo` when a diagnostic is an error (the files are written all the same), else
  /// `nil`.
  public var outcome: FailureCategory? { errors > 0 ? .answerIsNo : nil }
}
