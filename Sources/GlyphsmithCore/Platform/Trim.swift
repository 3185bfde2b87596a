/// Trimming as Foundation's `trimmingCharacters(in:)` does with its predefined sets, without
/// Foundation's `CharacterSet` (importing Foundation links ICU; the binaries import only
/// FoundationEssentials, issue 37).
///
/// The sets are corelibs Foundation's (Swift 6.3.1), listed scalar by scalar from
/// `CharacterSet.contains` over every scalar: `.whitespaces` is U+0009 and General Category Zs
/// plus U+200B (ZERO WIDTH SPACE), `.newlines` U+000A to U+000D, U+0085, U+2028 and U+2029.
/// `TrimTests` checks both lists against Foundation's sets over all of Unicode.
package enum TrimSet {
  /// Foundation's `CharacterSet.whitespaces`.
  package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// Foundation's `CharacterSet.newlines`.
  package static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}

extension String {
  /// `StringProtocol.trimmingWhitespace` compiled for `String`: the generic one, called from
  /// another module, instantiated its slice types and appended scalar by scalar at run time
  /// (0.46 M instructions of a single `render`'s SVG checks, issue 36). Same scalars.
  package func trimmingWhitespace() -> String {
    trimmingScalars(where: TrimSet.isWhitespace)
  }

  /// `StringProtocol.trimmingWhitespaceAndNewlines` compiled for `String`, as above.
  package func trimmingWhitespaceAndNewlines() -> String {
    trimmingScalars(where: { TrimSet.isWhitespace($0) || TrimSet.isNewline($0) })
  }
}

extension StringProtocol {
  /// The string without the leading and trailing scalars `drop` accepts; the scalars between
  /// stay as they are.
  package func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !drop($0) })!
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
  }

  /// `trimmingCharacters(in: .whitespaces)`.
  package func trimmingWhitespace() -> String {
    trimmingScalars(where: TrimSet.isWhitespace)
  }

  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  package func trimmingWhitespaceAndNewlines() -> String {
    trimmingScalars(where: { TrimSet.isWhitespace($0) || TrimSet.isNewline($0) })
  }

  /// `trimmingCharacters(in: .newlines)`.
  package func trimmingNewlines() -> String {
    trimmingScalars(where: TrimSet.isNewline)
  }

  /// `trimmingCharacters(in: CharacterSet(charactersIn: characters))`: the scalars of
  /// `characters` trimmed from both ends.
  package func trimming(scalarsIn characters: String) -> String {
    let set = Set(characters.unicodeScalars)
    return trimmingScalars(where: { set.contains($0) })
  }
}
