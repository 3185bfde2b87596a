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

extension StringProtocol {
  /// The text with every occurrence of `target` replaced by `replacement`, searched from the
  /// start without overlaps, as Foundation's `replacingOccurrences(of:with:)` does (an empty
  /// `target` changes nothing).
  package func replacingEvery(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return String(self) }
    return String(self).replacing(target, with: replacement)
  }

  /// The text with each `%XX` (two hex digits) made the byte it names, as Foundation's
  /// `removingPercentEncoding` does; `nil` when a `%` is not followed by two hex digits or the
  /// bytes are not UTF-8.
  package var percentDecoded: String? {
    var bytes: [UInt8] = []
    var utf8 = Array(self.utf8)[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let pair = Array(utf8.prefix(2))
      guard pair.count == 2, pair.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt8(String(decoding: pair, as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}

extension StringProtocol {
  /// The text percent-encoded as one URL path segment, as Foundation's
  /// `addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?",
  /// "#"]))` encodes it: ASCII letters, digits and `!$&'()*+,-.:=@_~` kept, every other byte
  /// of the UTF-8 as `%XX` (upper-case hex).
  package var percentEncodedPathSegment: String {
    let kept = Set("!$&'()*+,-.:=@_~".utf8)
    var out = ""
    for byte in utf8 {
      let isAlphanumeric =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      if isAlphanumeric || kept.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        out.unicodeScalars.append("%")
        out.unicodeScalars.append(digits[Int(byte >> 4)])
        out.unicodeScalars.append(digits[Int(byte & 15)])
      }
    }
    return out
  }
}
