import GlyphsmithCLISupport
import GlyphsmithCore

// The argument parser lives in the `GlyphsmithCLISupport` library so that its tests can
// import it; these names make it visible to every file of the executable.

/// See `GlyphsmithCLISupport.UsageError`.
package typealias UsageError = GlyphsmithCLISupport.UsageError
/// See `GlyphsmithCLISupport.OptionSpec`.
package typealias OptionSpec = GlyphsmithCLISupport.OptionSpec
/// See `GlyphsmithCLISupport.ParsedArguments`.
package typealias ParsedArguments = GlyphsmithCLISupport.ParsedArguments
/// See `GlyphsmithCLISupport.ArgumentParser`.
package typealias ArgumentParser = GlyphsmithCLISupport.ArgumentParser

extension UsageError: GlyphsmithFailure {
  /// Always `.usage` (exit 2).
  package var category: FailureCategory { .usage }
  /// A usage error names no file (`error: ...`).
  package var namesFile: Bool { false }
}
/// See `GlyphsmithCLISupport.CommandDeclaration`.
package typealias CommandDeclaration = GlyphsmithCLISupport.CommandDeclaration
/// See `GlyphsmithCLISupport.OptionDeclaration`.
package typealias OptionDeclaration = GlyphsmithCLISupport.OptionDeclaration
/// See `GlyphsmithCLISupport.OptionGroup`.
package typealias OptionGroup = GlyphsmithCLISupport.OptionGroup
/// See `GlyphsmithCLISupport.ValueKind`.
package typealias ValueKind = GlyphsmithCLISupport.ValueKind
/// See `GlyphsmithCLISupport.Suggestion`.
package typealias Suggestion = GlyphsmithCLISupport.Suggestion
