import Foundation

/// What a VectorDrawable cannot express for one icon (`VectorDrawableWriter`): each problem as
/// a phrase naming the element when one can be named (`masks or group opacity (<mask
/// id="m"> line 4)`). The caller names the file (`GlyphsmithError.unusable`).
package struct VectorDrawableError: Error, Equatable, CustomStringConvertible {
  /// The things that cannot be written, in the order found.
  package var problems: [String]

  /// An error of `problems`.
  package init(problems: [String]) { self.problems = problems }

  /// `a VectorDrawable cannot express P1; P2`.
  package var description: String {
    "a VectorDrawable cannot express " + problems.joined(separator: "; ")
  }
}
