import Foundation

/// Test-only: a strict grammar of `android:pathData` that every Android path parser reads the
/// same way (`android.util.PathParser`, the support library's `PathParser` of API 21-23, which
/// mis-read SVGO's compact forms): commands `M`, `L`, `C`, `Z` only, each written; numbers
/// `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?` (a digit before the point, no exponent, no trailing
/// zero, no `0.5.5` run-together, no `-0`); `x,y` pairs; one space between tokens. Returns the
/// first violation, or `nil` when `data` is valid.
enum AndroidPathGrammar {
  static func violation(_ data: String) -> String? {
    let tokens = data.split(separator: " ", omittingEmptySubsequences: false)
    guard tokens.first == "M" else { return "must start with M" }
    var i = 0
    while i < tokens.count {
      let command = tokens[i]
      let pairs: Int
      switch command {
      case "M", "L": pairs = 1
      case "C": pairs = 3
      case "Z": pairs = 0
      default: return "'\(command)' is not a command (M, L, C, Z) at token \(i)"
      }
      for k in 0..<pairs {
        let index = i + 1 + k
        guard index < tokens.count else { return "\(command) at token \(i) lacks points" }
        let pair = tokens[index].split(separator: ",", omittingEmptySubsequences: false)
        guard pair.count == 2 else { return "'\(tokens[index])' is not x,y" }
        for number in pair where !isNumber(number) { return "'\(number)' is not a plain decimal" }
      }
      i += 1 + pairs
    }
    return nil
  }

  static func isNumber(_ text: Substring) -> Bool {
    var s = text[...]
    if s.hasPrefix("-") { s = s.dropFirst() }
    let parts = s.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCIIDigitCharacter), whole == "0" || !whole.hasPrefix("0")
    else { return false }
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter),
        !fraction.hasSuffix("0")
      else { return false }
    }
    if text.hasPrefix("-") && s.allSatisfy({ $0 == "0" || $0 == "." }) { return false }
    return true
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
