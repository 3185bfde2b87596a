import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What a VectorDrawable cannot express for one icon (`VectorDrawableWriter`): each problem as
/// a phrase naming the element when one can be named (`masks or group opacity (<mask
/// id="m"> line 4)`), and what it can express only from a higher API level than asked for
/// (`requirements`, each a sentence with its fix). The caller names the file
/// (`GlyphsmithError.unusable`).
package struct VectorDrawableError: Error, Equatable, CustomStringConvertible {
  /// The things that cannot be written, in the order found.
  package var problems: [String]
  /// What can be written only at a higher `minSdk`: `gradients need minSdk 24 ...`.
  package var requirements: [String]

  /// An error of `problems` and `requirements`.
  package init(problems: [String], requirements: [String] = []) {
    self.problems = problems
    self.requirements = requirements
  }

  /// `a VectorDrawable cannot express P1; P2`, then the requirements, `; ` between.
  package var description: String {
    var parts: [String] = []
    if !problems.isEmpty {
      parts.append("a VectorDrawable cannot express " + problems.joined(separator: "; "))
    }
    return (parts + requirements).joined(separator: "; ")
  }
}
