import GlyphsmithCore

/// The name, summary and help of `glyphsmith lint`, here in `GlyphsmithCommands` so that the
/// light `glyphsmith` front prints them without the rendering engine; the subcommand in
/// `glyphsmith-render` uses the same texts.
package enum LintText {
  package static let name = "lint"
  package static let summary = "find what will not survive the pixel size an icon is shown at"
  /// The command declared once: `parse`, the usage and this help all come from it.
  package static let declaration = CommandDeclaration(
    name: name,
    summary: summary,
    synopsis: """
      INPUT... [--role R] [--size PT | --compact] [--scales 1,2,3]
      [--json] [--explain DIR] [--strict] [--config FILE] [--jobs N]
      """,
    discussion: """
      Renders each icon (an .svg or .png file, or a folder searched recursively) at the role's
      target size at each scale, plus once at 12 px per pt, and checks its pixels and its SVG
      structure for detail that turns to mush at that size (HIG "Icons", "Page controls").
      A NAME.symbolset folder (a custom SF Symbol) is linted as its Regular-S outline at the
      role's size: tab-bar or toolbar, where symbols show.
      Diagnostics go to stderr as `path:line:col: warning: [rule] message`.

      rules:
      \(LintRuleIndex.helpText)
      """,
    options: [
      .value(
        "role", "R",
        kind: .choice(["plain", "tab-bar", "toolbar", "indicator", "android-launcher"]),
        default: "tab-bar",
        help: """
          tab-bar (default), toolbar, indicator, plain; decides the size and
          the severities. android-launcher instead checks each input as an
          adaptive icon's foreground (its canvas the 108 dp layer): ink
          outside the 66 dp safe circle is a warning, outside the 72 dp
          square launchers show an error (with --strict only; no --json)
          """),
      .value(
        "size", "PT", kind: .positiveNumber,
        help: "target size in pt instead of the role's HIG size"),
      .flag(
        "compact", help: "compact tab bar sizes, as render --compact (tab-bar role, no --size)"),
      .value(
        "scales", "LIST", default: "1,2,3",
        help: """
          scales to check, from 1,2,3 (default 1,2,3; the iOS roles ship
          @2x and @3x only, so @1x findings are info unless --scales names 1)
          """),
      .flag(
        "json",
        help: """
          print {"version": 1, "files": [{"path", "role", "sizePt",
          "findings": [{"rule", "severity", "message", "line", "column",
          "scale", "box", "value", "limit", "count"}]}]} on stdout
          """),
      .value(
        "explain", "DIR", kind: .path,
        help: """
          write a PNG per finding: the render enlarged with the problem
          marked, beside the glyph at its real size
          """),
      .flag("strict", help: "warnings count as errors for the exit code"),
      .value(
        "config", "FILE", kind: .path,
        help: """
          limits and severities (JSON, see docs/lint.md); default:
          glyphsmith.json in the folder of each input, if any
          """),
      .value(
        "jobs", "N", kind: .count, help: "threads (default: all cores); never changes the output"),
    ],
    including: [BudgetOptions.group],
    helpColumn: 20,
    footer: """
      Silence a rule for one element with data-glyphsmith-ignore="rule ..." (on the root
      <svg>: the whole file), or a comment <!-- glyphsmith-ignore: rule --> before it;
      <!-- glyphsmith-ignore-file: rule --> silences it for the file.

      Exit: 0 no errors; 1 errors (with --strict, also warnings); 2 an input could not be
      read or rendered (the others are still linted), or a usage error.
      """,
    abridgedSynopsis: true)
  /// The `--help` text, generated from `declaration`.
  package static var help: String { declaration.help }
}
