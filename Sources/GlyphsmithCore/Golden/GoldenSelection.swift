import FoundationEssentials
import Glibc

/// Which relative paths a `golden record --only` (or an accept from `golden review`) touches:
/// paths and globs relative to the actual folder, matched against the listed relative paths,
/// never opened as given (a pattern cannot reach outside the folders).
///
/// A pattern matches a relative path when it is the path itself, a folder above it
/// (`tabs` or `tabs/` matches `tabs/home.png`), or a glob over the whole path: `*` and `?`
/// match within one path component, `**` any number of components, `[abc]`, `[a-z]` and
/// `[!a]` one character of a set, `\` escapes the next character (as in gitignore and
/// `fnmatch(3)` with `FNM_PATHNAME`).
///
/// A pattern that is a plain word (no `/`, no glob character, not ending in `.png`) is also
/// an icon name (`iconNames(of:)`): `bell` selects every golden of the icon bell in any
/// folder, at every scale and in every variant: `bell.png`, `bell@2x.png`, `tabs/bell@3x.png`,
/// `bell-dark@2x.png`, `bell-compact@2x.png`, `badge/bell@2x-light.png`.
///
/// A plain file name (no `/`, no glob character) also selects the files of that name in any
/// folder, with or without `.png`: `star.png` and `star@2x` select
/// `Icons.xcassets/star.imageset/star.png` and `.../star@2x.png` (issue 39's trial).
/// `resolvingPaths(inside:)` turns a path given from the current folder
/// (`out/Icons.xcassets/star.imageset/star.png` for the actual folder `out`) into the path
/// relative to the folder it lies in.
public struct GoldenSelection: Sendable, Equatable {
  /// The patterns, as given.
  public var patterns: [String]
  /// Whether every pattern is a plain relative path (no glob character): the record can look
  /// those files up directly instead of listing both folders.
  public var isExactPaths: Bool

  /// A selection of `patterns` (paths, folders or globs).
  public init(patterns: [String]) {
    self.patterns = patterns.map(Self.trimmed)
    isExactPaths = false
  }

  /// A selection of exactly these relative paths (no glob meaning): `golden review`'s accept.
  public init(exactPaths: [String]) {
    patterns = exactPaths
    isExactPaths = true
  }

  /// Whether `path` is selected.
  public func matches(_ path: String) -> Bool {
    if isExactPaths { return patterns.contains(path) }
    return patterns.contains { Self.matches(pattern: $0, path: path) }
  }

  /// The patterns that select none of `paths`, in the order given (for a warning).
  public func unmatched(in paths: [String]) -> [String] {
    patterns.filter { pattern in
      !paths.contains { isExactPaths ? $0 == pattern : Self.matches(pattern: pattern, path: $0) }
    }
  }

  /// This selection with each pattern that, read as a path from `currentFolder`, lies inside
  /// one of `folders` (the actual and golden folders) rewritten relative to that folder (the
  /// first that holds it); other patterns, and an exact selection, as they are.
  public func resolvingPaths(inside folders: [String], currentFolder: String) -> GoldenSelection {
    guard !isExactPaths else { return self }
    func absolute(_ path: String) -> String {
      let joined = path.hasPrefix("/") ? path : currentFolder + "/" + path
      return URL(fileURLWithPath: joined).standardizedFileURL.resolvingSymlinksInPath().path
    }
    let roots = folders.map(absolute)
    var result = self
    result.patterns = patterns.map { pattern in
      guard pattern.contains("/") else { return pattern }
      let full = absolute(pattern)
      for root in roots where full.hasPrefix(root == "/" ? root : root + "/") {
        return Self.trimmed(String(full.dropFirst(root == "/" ? 1 : root.count + 1)))
      }
      return pattern
    }
    return result
  }

  /// `./` prefixes and trailing `/` removed; a folder pattern stays a prefix.
  static func trimmed(_ pattern: String) -> String {
    var text = Substring(pattern)
    while text.hasPrefix("./") { text = text.dropFirst(2) }
    while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }

  /// Whether `pattern` selects `path`: equal, a folder above it, a glob over it, or (a plain
  /// word) the name of its icon.
  public static func matches(pattern: String, path: String) -> Bool {
    if pattern == path || path.hasPrefix(pattern + "/") { return true }
    if isIconName(pattern), iconNames(of: path).contains(pattern) { return true }
    if isPlainName(pattern), let name = path.split(separator: "/").last,
      name == pattern || name == pattern + ".png"
    {
      return true
    }
    let p = Array(pattern.unicodeScalars)
    let s = Array(path.unicodeScalars)
    if glob(p[...], s[...]) { return true }
    // A glob that names a folder (`tabs/*`) selects what is below it.
    var prefix = s[...]
    while let slash = prefix.lastIndex(of: "/") {
      prefix = s[..<slash]
      if glob(p[...], prefix) { return true }
    }
    return false
  }

  /// The suffixes of a variant that glyphsmith's outputs and tests add to an icon's name:
  /// `-compact` (the compact tab-bar image set), `-dark` and `-light` (appearances).
  public static let variantSuffixes = ["-compact", "-dark", "-light"]

  /// Whether `pattern` can be an icon name: no `/`, no glob character (`*`, `?`, `[`, `\`),
  /// not ending in `.png` (that is a file's path).
  public static func isIconName(_ pattern: String) -> Bool {
    !pattern.isEmpty && !pattern.contains { "/*?[\\".contains($0) }
      && !pattern.lowercased().hasSuffix(".png")
  }

  /// Whether `pattern` is a plain file name: no `/` and no glob character.
  public static func isPlainName(_ pattern: String) -> Bool {
    !pattern.isEmpty && !pattern.contains { "/*?[\\".contains($0) }
  }

  /// The icon names the golden at `path` answers to: its file name without `.png`, then
  /// without a scale (`@2x`, `@1.5x`) and each variant suffix (`variantSuffixes`), in the
  /// order they are removed from the end: `tabs/bell-compact-dark@2x.png` answers to
  /// `bell-compact-dark`, `bell-compact` and `bell`; `badge/99@2x-light.png` to `99`. A stem
  /// that still holds the scale is no name.
  public static func iconNames(of path: String) -> [String] {
    var stem = Substring(path.split(separator: "/").last ?? "")
    guard stem.lowercased().hasSuffix(".png") else { return [] }
    stem = stem.dropLast(4)
    var names: [String] = []
    while !stem.isEmpty {
      if let scale = scaleSuffix(stem) {
        // What was collected still held the scale (`99@2x-light`): no name.
        names.removeAll()
        stem = stem.dropLast(scale)
        continue
      }
      names.append(String(stem))
      guard let variant = variantSuffixes.first(where: { stem.hasSuffix($0) }),
        stem.count > variant.count
      else { break }
      stem = stem.dropLast(variant.count)
    }
    return names
  }

  /// The length of `stem`'s scale suffix (`@2x`: 3), or `nil` when it has none.
  private static func scaleSuffix(_ stem: Substring) -> Int? {
    guard stem.hasSuffix("x"), let at = stem.lastIndex(of: "@") else { return nil }
    let number = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
    guard !number.isEmpty, Double(number) != nil, stem.startIndex < at else { return nil }
    return stem.distance(from: at, to: stem.endIndex)
  }

  /// The glob match proper: `*`, `?`, `**`, `[...]` and `\`, `/` matched only by itself.
  static func glob(_ p: ArraySlice<Unicode.Scalar>, _ s: ArraySlice<Unicode.Scalar>) -> Bool {
    var p = p
    var s = s
    while let c = p.first {
      switch c {
      case "*":
        if p.dropFirst().first == "*" {
          // `**`: any number of characters, `/` included; `**/` also matches nothing.
          var rest = p.dropFirst(2)
          if rest.first == "/" {
            // `a/**/b`: `b` at the start of any later component.
            rest = rest.dropFirst()
            var tail = s
            while true {
              if glob(rest, tail) { return true }
              guard let slash = tail.firstIndex(of: "/") else { return false }
              tail = tail[(slash + 1)...]
            }
          }
          var tail = s
          while true {
            if glob(rest, tail) { return true }
            guard !tail.isEmpty else { return false }
            tail = tail.dropFirst()
          }
        }
        let rest = p.dropFirst()
        var tail = s
        while true {
          if glob(rest, tail) { return true }
          guard let next = tail.first, next != "/" else { return false }
          tail = tail.dropFirst()
        }
      case "?":
        guard let next = s.first, next != "/" else { return false }
        p = p.dropFirst()
        s = s.dropFirst()
      case "[":
        guard let next = s.first, next != "/",
          let (matched, rest) = bracket(p.dropFirst(), next)
        else {
          // An unclosed `[` is a literal.
          guard s.first == "[" else { return false }
          p = p.dropFirst()
          s = s.dropFirst()
          continue
        }
        guard matched else { return false }
        p = rest
        s = s.dropFirst()
      case "\\" where p.count > 1:
        guard s.first == p[p.index(after: p.startIndex)] else { return false }
        p = p.dropFirst(2)
        s = s.dropFirst()
      default:
        guard s.first == c else { return false }
        p = p.dropFirst()
        s = s.dropFirst()
      }
    }
    return s.isEmpty
  }

  /// A bracket expression after its `[`: whether `c` is in it and the pattern after `]`;
  /// `nil` when the bracket is not closed.
  static func bracket(_ p: ArraySlice<Unicode.Scalar>, _ c: Unicode.Scalar)
    -> (Bool, ArraySlice<Unicode.Scalar>)?
  {
    var p = p
    var negated = false
    if p.first == "!" || p.first == "^" {
      negated = true
      p = p.dropFirst()
    }
    var matched = false
    var first = true
    while let x = p.first {
      if x == "]" && !first { return (matched != negated, p.dropFirst()) }
      first = false
      let rest = p.dropFirst()
      if rest.first == "-", let upper = rest.dropFirst().first, upper != "]" {
        if x.value <= c.value && c.value <= upper.value { matched = true }
        p = rest.dropFirst(2)
      } else {
        if x == c { matched = true }
        p = rest
      }
    }
    return nil
  }
}
