extension StringProtocol {
  /// The range of the last occurrence of `target` (compared as `String` compares: by
  /// canonical equivalence), searched from the end as Foundation's `range(of:options:
  /// .backwards)` does; `nil` when there is none or `target` is empty.
  package func lastRange(of target: String) -> Range<Index>? {
    guard !target.isEmpty else { return nil }
    var start = endIndex
    while start > startIndex {
      start = index(before: start)
      if self[start...].starts(with: target) {
        return start..<index(start, offsetBy: target.count)
      }
    }
    return nil
  }

  /// The range of the first occurrence of `target` with ASCII letters compared without case
  /// (`@MEDIA` finds `@media`), as Foundation's `range(of:options: .caseInsensitive)` finds the
  /// ASCII words this package looks for; other characters compare as `String` compares them.
  /// `nil` when there is none or `target` is empty.
  package func firstRangeIgnoringASCIICase(of target: String) -> Range<Index>? {
    guard !target.isEmpty else { return nil }
    func folded(_ c: Character) -> Character {
      guard c.isASCII, let ascii = c.asciiValue, (65...90).contains(ascii) else { return c }
      return Character(Unicode.Scalar(ascii + 32))
    }
    let wanted = target.map(folded)
    var start = startIndex
    while start < endIndex {
      var i = start
      var matched = 0
      while matched < wanted.count, i < endIndex, folded(self[i]) == wanted[matched] {
        i = index(after: i)
        matched += 1
      }
      if matched == wanted.count { return start..<i }
      start = index(after: start)
    }
    return nil
  }
}
