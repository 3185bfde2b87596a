import Foundation

/// One finding of the launcher safe-zone check (`AndroidLauncherJob.safeZone`), built on the
/// one finding type: a `Diagnostic` of kind `safe-zone` about the foreground's file.
public struct SafeZoneFinding: Sendable, Equatable {
  /// The finding: an error for ink outside the 72 dp visible square, a warning for ink
  /// outside the 66 dp safe circle.
  public var finding: Diagnostic

  /// An error (ink outside the 72 dp visible square) rather than a warning (outside the
  /// 66 dp safe circle).
  public var isError: Bool { finding.isError }
  /// The compiler-form line, `path: warning: ...` or `path: error: ...` (`finding`'s
  /// description).
  public var diagnostic: String { finding.description }

  /// A finding; see the properties.
  public init(_ finding: Diagnostic) {
    self.finding = finding
  }
}
