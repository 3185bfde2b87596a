import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `AndroidLauncherJob.run` wrote and found.
public struct AndroidLauncherResult: Sendable {
  /// Every file written, as paths, in the order written.
  public var files: [String] = []
  /// Warnings and errors, in order: the foreground's load warnings, the safe-zone check,
  /// a monochrome layer of more than one colour, a background with transparency, layers
  /// written as PNG instead of VectorDrawable.
  public var findings: [Diagnostic] = []
  /// Remarks that are not problems: without an inset given, that the canvas was fitted into
  /// the safe zone (`AndroidLauncherOptions.defaultInsetNote`).
  public var notes: [Diagnostic] = []
  /// How many of `findings` are errors.
  public var errors: Int { findings.filter(\.isError).count }
  /// `.answerIsNo` when a diagnostic is an error (the files are written all the same), else
  /// `nil`.
  public var outcome: FailureCategory? { errors > 0 ? .answerIsNo : nil }
}
