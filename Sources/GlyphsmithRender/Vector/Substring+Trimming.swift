extension StringProtocol where SubSequence == Substring {
  /// The text without leading and trailing spaces and tabs: what `trimmingCharacters(in:
  /// .whitespaces)` leaves of the ASCII that cairo writes in its SVG output (style values,
  /// `rgb(...)` components), without Foundation's bridging to `NSString`.
  package var trimmingSpacesAndTabs: Substring {
    var text = self[...]
    while let first = text.utf8.first, first == 0x20 || first == 0x09 { text = text.dropFirst() }
    while let last = text.utf8.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
    return text
  }
}
