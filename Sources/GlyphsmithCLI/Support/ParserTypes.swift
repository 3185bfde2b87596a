import Glyphsmith
import GlyphsmithCLISupport

// The argument parser lives in the `GlyphsmithCLISupport` library so that its tests can
// import it; these names make it visible to every file of the executable.

/// See `GlyphsmithCLISupport.UsageError`.
typealias UsageError = GlyphsmithCLISupport.UsageError
/// See `GlyphsmithCLISupport.OptionSpec`.
typealias OptionSpec = GlyphsmithCLISupport.OptionSpec
/// See `GlyphsmithCLISupport.ParsedArguments`.
typealias ParsedArguments = GlyphsmithCLISupport.ParsedArguments
/// See `GlyphsmithCLISupport.ArgumentParser`.
typealias ArgumentParser = GlyphsmithCLISupport.ArgumentParser

extension UsageError: GlyphsmithFailure {
  /// Always `.usage` (exit 2).
  package var category: FailureCategory { .usage }
}
