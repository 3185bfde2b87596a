import GlyphsmithCLISupport

/// Options several drawing commands declare alike (badge, dots and the bar previews), written
/// once: `options: [.pngOutput, .scale, ...]`.
extension OptionDeclaration {
  /// `-o, --output FILE` for a command that writes one PNG and prints nothing else.
  package static let pngOutput = value(
    "output", short: "o", "FILE", help: "the PNG to write (required; - for stdout)")
  /// `-o, --output FILE` for a bar preview, whose `--json` also takes stdout.
  package static let barOutput = value(
    "output", short: "o", "FILE", help: "the PNG to write (required; - for stdout without --json)")
  /// `--scale N`: px per pt, 1 by default.
  package static let scale = value(
    "scale", "N", kind: .positiveNumber, default: "1",
    help: "px per pt: 1, 2, 3 for @1x, @2x, @3x (default 1)")
  /// `--appearance A` of a bar preview.
  package static let appearance = value(
    "appearance", "A", help: "light (default) or dark")
  /// `--palette P` of a bar preview.
  package static let palette = value("palette", "P", help: "ios18 (default) or ios26")
  /// `--idiom I` of a bar whose default width the help gives elsewhere (tab bar, toolbar).
  package static let idiom = value("idiom", "I", help: "phone (default) or pad")
  /// `--idiom I` of a preview whose width follows the idiom (search bar, table view).
  package static let idiomWithWidths = value(
    "idiom", "I", help: "phone (default, 393 pt wide) or pad (820 pt)")
}
