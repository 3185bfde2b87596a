/// What `glyphsmith appicon` prints, assembled by the engine.
extension AppIconResult {
  /// The stderr lines, in order: warnings, validator findings, then
  /// `wrote FOLDER (N PNG files)` (`unchanged FOLDER ...` when it was left alone).
  package var lines: [String] {
    let count = files.count
    return (diagnostics + findings.map(\.diagnostic)).descriptions
      + ["\(unchanged ? "unchanged" : "wrote") \(folder) (\(counted(count, "PNG file")))"]
  }

  /// `nil` when the written icon set is valid; `.answerIsNo` when the validator has findings.
  package var outcome: FailureCategory? { findings.isEmpty ? nil : .answerIsNo }
}
