import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One finding of the launcher safe-zone check (`AndroidLauncherJob.safeZone`), built on the
/// one finding type: a `Diagnostic` of kind `safe-zone` about the foreground's file.
public struct SafeZoneFinding: Sendable, Equatable {
  /// The finding: an error for ink outside the 72 dp visible square, a warning for ink
  /// outside the 66 dp safe circle.
  public var finding: Diagnostic
  /// How far the ink reaches from the layer's centre, in dp: across or down for the error,
  /// as a radius for the warning; `nil` when not measured.
  public var reachDp: Double? = nil
  /// The bound it passes, in dp from the centre: 36 (half the visible square) or 33 (the
  /// safe circle's radius); `nil` when not measured.
  public var limitDp: Double? = nil

  /// An error (ink outside the 72 dp visible square) rather than a warning (outside the
  /// 66 dp safe circle).
  public var isError: Bool { finding.isError }
  /// The compiler-form line, `path: warning: ...` or `path: error: ...` (`finding`'s
  /// description).
  public var diagnostic: String { finding.description }

  /// A finding; see the properties.
  public init(_ finding: Diagnostic, reachDp: Double? = nil, limitDp: Double? = nil) {
    self.finding = finding
    self.reachDp = reachDp
    self.limitDp = limitDp
  }
}
