/// "Did you mean": the names a word that was not found is a near miss of, for unknown
/// options, subcommands and golden's verbs alike (one rule, so every list answers the same
/// way).
package enum Suggestion {
  /// The names of `names` that `word` is a near miss of, in the order of `names`: every name
  /// `word` is the start of (at least 2 characters: `out` of `output`, `max` of `max-pixels`,
  /// `max-use` and `max-text`), else the nearest by edit distance when it is a typo (at most 2
  /// edits, or a third of the name), else none. A word is no near miss of itself.
  package static func near(_ word: String, among names: [String]) -> [String] {
    if word.count >= 2 {
      let extended = names.filter { $0.count > word.count && $0.hasPrefix(word) }
      if !extended.isEmpty { return extended }
    }
    let typed = Array(word)
    let scored = names.filter { $0 != word }.map {
      (name: $0, distance: distance(typed, Array($0)))
    }
    guard let nearest = scored.min(by: { $0.distance < $1.distance }),
      nearest.distance <= max(2, nearest.name.count / 3)
    else { return [] }
    return [nearest.name]
  }

  /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: `names` quoted (each with `prefix`, such as
  /// `--`) for "did you mean ...?".
  package static func alternatives(_ names: [String], prefix: String = "") -> String {
    let quoted = names.map { "'\(prefix)\($0)'" }
    guard let last = quoted.last else { return "" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
  }

  /// Levenshtein distance (insertions, deletions and substitutions of one character).
  package static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
