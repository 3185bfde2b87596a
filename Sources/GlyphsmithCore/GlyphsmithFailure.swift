/// What kind of "not done" an error or an outcome is. The CLI turns it into an exit code
/// (`docs/formats.md`: usage and unusable input exit 2, the answer "no" exits 1); the engine
/// never exits.
public enum FailureCategory: Sendable, Equatable {
  /// Bad or missing options, or a combination the engine cannot use (exit 2).
  case usage
  /// An input could not be read, rendered or written (exit 2).
  case unusableInput
  /// The tool worked and the answer is "no": images differ, lint errors, catalog findings
  /// (exit 1).
  case answerIsNo
}

/// The one protocol every engine error enum conforms to: a category and a message in
/// compiler form (`path: error: what; the fix`), which is `description`.
public protocol GlyphsmithFailure: Error, CustomStringConvertible {
  /// Which exit code the CLI gives for this error.
  var category: FailureCategory { get }
  /// Whether the message names a file (`path: error: ...`); when it does not
  /// (`error: ...`), the command prints its own name before it.
  var namesFile: Bool { get }
}

extension GlyphsmithFailure {
  /// The message as printed on stderr; the same as `description`.
  public var message: String { description }
}

extension GlyphsmithError: GlyphsmithFailure {
  /// `invalidColor` and `invalidOption` are usage; everything else is an unusable input.
  public var category: FailureCategory {
    switch self {
    case .invalidColor, .invalidOption: return .usage
    case .unreadable, .emptyArtwork, .nameCollision, .writeFailed, .render, .unusable:
      return .unusableInput
    }
  }

  /// Every case names its file but `invalidColor`, `invalidOption` and the rendering errors
  /// that have none.
  public var namesFile: Bool {
    switch self {
    case .invalidColor, .invalidOption: return false
    case .render(let error): return error.namesFile
    case .unreadable, .emptyArtwork, .nameCollision, .writeFailed, .unusable: return true
    }
  }
}

extension RenderError: GlyphsmithFailure {
  /// Every rendering error is an unusable input.
  public var category: FailureCategory { .unusableInput }

  /// Cairo, PNG encoding and text errors name no file; the others name their input.
  public var namesFile: Bool {
    switch self {
    case .cairo, .pngEncode, .text: return false
    case .invalidSVG, .invalidPNG, .unsupportedFormat, .tooLarge, .forbiddenReference,
      .noUsableSize:
      return true
    }
  }
}

extension CompareError: GlyphsmithFailure {
  /// A size mismatch is the answer "no" (exit 1); an invalid option is usage.
  public var category: FailureCategory {
    switch self {
    case .sizeMismatch: return .answerIsNo
    case .invalidOption: return .usage
    }
  }

  /// A size mismatch names its file when it has one; an invalid option names none.
  public var namesFile: Bool {
    switch self {
    case .sizeMismatch(let path, _, _): return path != nil
    case .invalidOption: return false
    }
  }
}

extension GoldenError: GlyphsmithFailure {
  /// A missing folder or an unreadable `golden.json` stops the run: unusable input.
  public var category: FailureCategory { .unusableInput }
  /// Both cases name the folder or `golden.json`.
  public var namesFile: Bool { true }
}

extension GlyphsmithError {
  /// Any error as a `GlyphsmithFailure`: engine failures as they are, the rendering layer's
  /// errors kept, anything else as `unreadable(path:)`.
  public static func failure(_ error: Error, path: String) -> any GlyphsmithFailure {
    if let error = error as? any GlyphsmithFailure { return error }
    return wrap(error, path: path)
  }
}
