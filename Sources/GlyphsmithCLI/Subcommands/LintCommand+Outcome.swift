import Glyphsmith

/// Bridge from `LintCommand.run`'s exit code to the outcome `Subcommand.main` maps, until lint
/// runs through a `LintSession` engine type that reports its outcome itself.
extension LintCommand {
  /// `run(_:) -> ExitCode` as a `FailureCategory`: 1 the answer "no", 2 an unusable input.
  static func run(_ options: Options) throws -> FailureCategory? {
    let code: ExitCode = run(options)
    switch code {
    case .success: return nil
    case .negative: return .answerIsNo
    case .failure: return .unusableInput
    }
  }
}
