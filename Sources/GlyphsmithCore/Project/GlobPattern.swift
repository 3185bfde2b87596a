import FoundationEssentials
import Glibc

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
  ///
  /// Bounded (issue 33: five `**/` segments on a 60-deep tree took 9.7 s, six over 100 s by
  /// backtracking): the set of path positions each pattern segment can reach is carried
  /// forward once per segment, so the cost is the pattern's segments times the path's
  /// (linear in the path's length), each segment matched by `matchSegment` in time
  /// proportional to the product of the two lengths at worst.
  public func matches(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map {
      Array($0)
    }
    let n = parts.count
    // reach[j]: the segments so far can match exactly the first j path parts.
    var reach = [Bool](repeating: false, count: n + 1)
    reach[0] = true
    for segment in segments {
      var next = [Bool](repeating: false, count: n + 1)
      if segment == "**" {
        // Zero or more whole parts.
        var any = false
        for j in 0...n {
          any = any || reach[j]
          next[j] = any
        }
      } else {
        let pattern = Array(segment)
        for j in 0..<n where reach[j] && Self.matchSegment(pattern, parts[j]) {
          next[j + 1] = true
        }
      }
      reach = next
      if !reach.contains(true) { return false }
    }
    return reach[n]
  }

  /// Whether one path part matches one pattern segment (`*`, `?`, brackets, literals): the
  /// classic two-pointer wildcard match, going back only to the last `*`, so no more than
  /// pattern length times part length steps.
  private static func matchSegment(_ p: [Character], _ s: [Character]) -> Bool {
    var i = 0
    var j = 0
    var star: (p: Int, s: Int)?
    while j < s.count {
      if i < p.count, p[i] == "*" {
        star = (i + 1, j)
        i += 1
        continue
      }
      if i < p.count, let width = step(p, i, s[j]) {
        i += width
        j += 1
        continue
      }
      guard let last = star else { return false }
      // The last `*` takes one character more.
      i = last.p
      j = last.s + 1
      star = (last.p, last.s + 1)
    }
    while i < p.count, p[i] == "*" { i += 1 }
    return i == p.count
  }

  /// How many pattern characters at `i` match `ch` (a literal or `?`: 1; a bracket: its
  /// length), or `nil` when they do not.
  private static func step(_ p: [Character], _ i: Int, _ ch: Character) -> Int? {
    switch p[i] {
    case "?": return 1
    case "[":
      guard let (matched, rest) = bracket(p[(i + 1)...], ch), matched else { return nil }
      return rest.startIndex - i
    default:
      return p[i] == ch ? 1 : nil
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
