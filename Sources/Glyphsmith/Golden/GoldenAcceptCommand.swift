import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The exact `glyphsmith golden record` command that accepts one failure of a golden check,
/// printed in its stderr line, its `--json` result (`accept`), its JUnit test case and the
/// HTML report: `glyphsmith golden record ACTUAL GOLDEN --only PATH` (and `--prune` for a
/// golden whose actual image is gone), each argument quoted for a POSIX shell when needed.
package enum GoldenAcceptCommand {
  /// The command for `entry` with the folders as the user gave them; `nil` for a pass and an
  /// unreadable file (nothing to accept: the file needs fixing).
  package static func command(for entry: GoldenEntry, actual: String, golden: String) -> String? {
    switch entry.status {
    case .passed, .unreadable: return nil
    case .differs, .sizeChanged, .missingGolden:
      return command(paths: [entry.path], actual: actual, golden: golden, prune: false)
    case .extraGolden:
      return command(paths: [entry.path], actual: actual, golden: golden, prune: true)
    }
  }

  /// `glyphsmith golden record ACTUAL GOLDEN --only P1 --only P2 ...[ --prune]`.
  package static func command(paths: [String], actual: String, golden: String, prune: Bool)
    -> String
  {
    (["glyphsmith", "golden", "record", quote(actual), quote(golden)]
      + paths.flatMap { ["--only", quote(globEscaped($0))] } + (prune ? ["--prune"] : []))
      .joined(separator: " ")
  }

  /// `path` with the glob characters of `GoldenSelection` (`*`, `?`, `[`, `\`) escaped with
  /// `\`, so that `--only` selects exactly it.
  package static func globEscaped(_ path: String) -> String {
    var out = ""
    for c in path {
      if "*?[\\".contains(c) { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// `text` as one POSIX shell word: as is when it holds only `A-Za-z0-9` and `_./@%+=:,-`,
  /// else in single quotes (a single quote as `'\''`).
  package static func quote(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ($0.value < 128 && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
          || "_./@%+=:,-".unicodeScalars.contains($0)
      }
    if plain { return text }
    return "'" + text.replacingEvery("'", with: "'\\''") + "'"
  }
}
