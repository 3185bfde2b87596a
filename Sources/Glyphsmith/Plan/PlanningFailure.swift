import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Every problem a plan found that stops the whole run before anything is written or pruned
/// (issue 32): symbol names that collide with each other, with an image set of the run, or
/// with an asset that stays in the catalog. Printed one line each, in input order.
public struct PlanningFailure: GlyphsmithFailure, Equatable, Sendable {
  /// The problems, each naming its input (`path: error: ...`).
  public var errors: [GlyphsmithError]

  /// A failure of `errors` (at least one).
  public init(_ errors: [GlyphsmithError]) {
    self.errors = errors
  }

  /// Each problem's line, joined by newlines.
  public var description: String { errors.map(\.description).joined(separator: "\n") }

  /// An unusable input (exit 2).
  public var category: FailureCategory { .unusableInput }

  /// Every line names its input.
  public var namesFile: Bool { true }
}
