/// Exit codes of every subcommand (`docs/formats.md`, as diff(1) and ImageMagick `compare`).
enum ExitCode: Int32 {
  /// Done and nothing wrong.
  case success = 0
  /// The tool worked and the answer is "no" (lint errors, images differ, catalog findings).
  case negative = 1
  /// The tool could not do its job for at least one input (usage, unreadable input, write).
  case failure = 2
}
