import GlyphsmithCore

/// Exit codes of every subcommand (`docs/formats.md`, as diff(1) and ImageMagick `compare`).
package enum ExitCode: Int32 {
  /// Done and nothing wrong.
  case success = 0
  /// The tool worked and the answer is "no" (lint errors, images differ, catalog findings).
  case negative = 1
  /// The tool could not do its job for at least one input (usage, unreadable input, write).
  case failure = 2

  /// The exit code for an outcome: `nil` (done) 0, `.answerIsNo` 1, `.usage` and
  /// `.unusableInput` 2.
  package init(_ category: FailureCategory?) {
    switch category {
    case nil: self = .success
    case .answerIsNo: self = .negative
    case .usage, .unusableInput: self = .failure
    }
  }
}
