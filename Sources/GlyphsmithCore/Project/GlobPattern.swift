import Foundation

/// A path glob as `glyphsmith.json`'s `rules[].match` takes it, matched against a path
/// relative to the icons folder with `/` separators: `*` any run of characters but `/`, `**`
/// any run of whole path segments (also none: `brand/**` matches `brand/a.svg` and
/// `brand/x/b.svg`, `**/a.svg` matches `a.svg`), `?` one character but `/`, `[abc]`, `[a-z]`
/// and `[!a-z]` (or `[^a-z]`) one character of (or not of) a set. Everything else matches
/// itself, case-sensitively, as gitignore and `.editorconfig` globs do.
public struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let segments: [String]

  /// Why a pattern cannot be used.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// An empty pattern.
    case empty
    /// A `[` without its `]`.
    case unclosedBracket
    /// A pattern starting with `/` or holding `.` or `..` segments (paths are relative to
    /// the icons folder).
    case notRelative

    /// One lowercase sentence.
    public var description: String {
      switch self {
      case .empty: return "the pattern is empty"
      case .unclosedBracket: return "'[' without its closing ']'"
      case .notRelative:
        return "patterns are relative to the icons folder: no leading '/', no '.' or '..' segments"
      }
    }
  }

  /// A glob from its text.
  /// - Throws: `Problem` for an empty pattern, an unclosed `[` or a path that is not relative.
  public init(_ pattern: String) throws(Problem) {
    guard !pattern.isEmpty else { throw .empty }
    let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if pattern.hasPrefix("/") || segments.contains(where: { $0 == "." || $0 == ".." }) {
      throw .notRelative
    }
    for segment in segments where !Self.bracketsClosed(Array(segment)) {
      throw .unclosedBracket
    }
    self.pattern = pattern
    self.segments = segments
  }

  /// The pattern as written.
  public var description: String { pattern }

  /// Whether `path` (relative, `/`-separated) matches the whole pattern.
  public func matches(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    return Self.match(segments[...], parts[...])
  }

  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      // `**` takes zero or more whole segments.
      for skip in 0...path.count where match(rest, path.dropFirst(skip)) { return true }
      return false
    }
    guard let segment = path.first else { return false }
    return matchSegment(Array(first)[...], Array(segment)[...])
      && match(pattern.dropFirst(), path.dropFirst())
  }

  private static func matchSegment(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>)
    -> Bool
  {
    guard let c = p.first else { return s.isEmpty }
    switch c {
    case "*":
      let rest = p.dropFirst()
      for skip in 0...s.count where matchSegment(rest, s.dropFirst(skip)) { return true }
      return false
    case "?":
      return !s.isEmpty && matchSegment(p.dropFirst(), s.dropFirst())
    case "[":
      guard let ch = s.first, let (matched, rest) = bracket(p.dropFirst(), ch) else {
        return false
      }
      return matched && matchSegment(rest, s.dropFirst())
    default:
      return s.first == c && matchSegment(p.dropFirst(), s.dropFirst())
    }
  }

  /// Whether `ch` is in the set starting after `[`, and the pattern after its `]`.
  private static func bracket(_ p: ArraySlice<Character>, _ ch: Character)
    -> (Bool, ArraySlice<Character>)?
  {
    var i = p.startIndex
    var negate = false
    if i < p.endIndex, p[i] == "!" || p[i] == "^" {
      negate = true
      i += 1
    }
    var found = false
    var first = true
    while i < p.endIndex {
      if p[i] == "]" && !first { return (found != negate, p[(i + 1)...]) }
      first = false
      if i + 2 < p.endIndex, p[i + 1] == "-", p[i + 2] != "]" {
        if p[i] <= ch && ch <= p[i + 2] { found = true }
        i += 3
      } else {
        if p[i] == ch { found = true }
        i += 1
      }
    }
    return nil
  }

  private static func bracketsClosed(_ chars: [Character]) -> Bool {
    var i = 0
    while i < chars.count {
      if chars[i] == "[" {
        guard bracket(chars[(i + 1)...], "\u{0}") != nil else { return false }
        var j = i + 1
        if j < chars.count, chars[j] == "!" || chars[j] == "^" { j += 1 }
        j += 1  // a `]` first in the set is a member
        while j < chars.count, chars[j] != "]" { j += 1 }
        i = j + 1
      } else {
        i += 1
      }
    }
    return true
  }
}
