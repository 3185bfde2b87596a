/// One thing a batch run (`assets`, `build`) tells the user about its inputs and outputs, as
/// data: a warning or finding, or an input that failed. The commands print each as its
/// compiler-form line (`Diagnostic.description`, `GlyphsmithError.description`), in order;
/// nothing in the engine turns a notice into text.
public enum BatchNotice: Equatable, Sendable {
  /// A warning or finding: an input's warning, a planning or output-record warning, a
  /// catalog finding.
  case diagnostic(Diagnostic)
  /// An input that failed (missing, unreadable, not rendered or not written), with its
  /// error, which names the input.
  case failure(GlyphsmithError)
}

extension AssetsReport {
  /// What the report tells, in the order `assets` and `build` print it: the report's
  /// warnings, each input's warnings then its failure (inputs in order), the catalog
  /// findings.
  package var notices: [BatchNotice] {
    var notices = warnings.map(BatchNotice.diagnostic)
    for input in inputs {
      notices += input.warnings.map(BatchNotice.diagnostic)
      if let failure = input.failure { notices.append(.failure(failure)) }
    }
    return notices + catalogFindings.map(BatchNotice.diagnostic)
  }
}
