import Foundation

/// One finding of the launcher safe-zone check (`AndroidLauncherJob.safeZone`).
public struct SafeZoneFinding: Sendable, Equatable {
  /// An error (ink outside the 72 dp visible square) rather than a warning (outside the
  /// 66 dp safe circle).
  public var isError: Bool
  /// The compiler-form line, `path: warning: ...` or `path: error: ...`.
  public var diagnostic: String

  /// A finding; see the properties.
  public init(isError: Bool, diagnostic: String) {
    self.isError = isError
    self.diagnostic = diagnostic
  }
}
