/// A part of a hand-written document that is generated from the code: the text between two
/// marker comments (`<!-- rules:begin -->` ... `<!-- rules:end -->`), as docs/lint.md's rules
/// table and docs/project.md's per-icon keys table are kept (`scripts/update-generated`).
package struct MarkedSection: Sendable {
  /// The comment that opens the section, e.g. `<!-- rules:begin -->`.
  package var begin: String
  /// The comment that closes it, e.g. `<!-- rules:end -->`.
  package var end: String

  /// A section between `begin` and `end`.
  package init(begin: String, end: String) {
    self.begin = begin
    self.end = end
  }

  /// `document` with the text between the markers replaced by a newline and `body`; `nil`
  /// when a marker is missing or they are out of order.
  package func replacing(in document: String, with body: String) -> String? {
    guard let opening = document.firstRange(of: begin),
      let closing = document[opening.upperBound...].firstRange(of: end)
    else { return nil }
    return document[..<opening.upperBound] + "\n" + body + document[closing.lowerBound...]
  }
}
