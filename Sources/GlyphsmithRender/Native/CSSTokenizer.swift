import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A CSS Syntax Level 3 tokenizer (W3C CSS Syntax Module Level 3, section 4 "Tokenization")
/// and the serialisation of its tokens back into text, for the canonical read
/// (`CanonicalSVG`): every CSS text librsvg's parser (cssparser, the same algorithm) reads
/// is re-written as its tokens, so that comments, escapes and white space no longer hide a
/// value from the checks (`font-size/**/:1e9px` becomes `font-size:1e9px`, `\66 ont-size` is
/// `font-size`, a number keeps the digits it was written with).
///
/// Not a CSS parser: no rules, declarations or values, only tokens.
enum CSSTokenizer {
  /// One token (section 4: "Tokenization"). Numbers keep their representation (the
  /// characters they were written with, as the specification's "representation").
  enum Token: Equatable {
    case whitespace
    case ident(String)
    case function(String)
    case atKeyword(String)
    /// `#name`; `isID` when the name would start an identifier.
    case hash(String, isID: Bool)
    case string(String)
    /// A string cut by a newline: kept as written (`raw`), it reads as bad again.
    case badString(raw: String)
    case url(String)
    /// An unclosed or malformed `url(`: kept as written.
    case badURL(raw: String)
    case delim(Unicode.Scalar)
    case number(String)
    case percentage(String)
    case dimension(String, unit: String)
    case cdo, cdc, colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
    /// A comment: dropped by `canonical`, kept by `tokens` for the separator rule.
    case comment
  }

  // MARK: - Canonical text

  /// `css` re-written as its tokens: comments dropped, every run of white space one space,
  /// escapes resolved (an identifier keeps only the escapes it needs to stay one), strings in
  /// double quotes, white space at either end removed. Where a dropped comment was the only
  /// separator of two tokens that would merge (`1/**/px`), one space separates them.
  /// `url` rewrites each URL (`url(...)` and the string of `url("...")`); what it throws,
  /// this throws.
  /// Text that `isPlain` is returned as it is.
  static func canonical(
    _ css: String, url: (String) throws -> String = { $0 }
  ) throws -> String {
    if isPlain(css) { return css }
    let tokens = tokenize(css)
    // A `String`, appended in place: `UnicodeScalarView.append(contentsOf:)` copied the
    // whole text at each token (30,000 `@media` rules took over 10 s, issue 38 third trial).
    var out = ""
    out.reserveCapacity(css.utf8.count)
    var previous: Token?
    var commentSince = false
    var i = 0
    var start = tokens.startIndex
    var end = tokens.endIndex
    while start < end, tokens[start] == .whitespace || tokens[start] == .comment { start += 1 }
    while end > start, tokens[end - 1] == .whitespace || tokens[end - 1] == .comment { end -= 1 }
    i = start
    while i < end {
      var token = tokens[i]
      i += 1
      if token == .comment {
        commentSince = true
        continue
      }
      if token == .whitespace {
        // Runs (and comments inside them) are one space.
        if previous == .whitespace { continue }
        out.append(previous == .delim("\\") ? "\n" : " ")
        previous = .whitespace
        commentSince = false
        continue
      }
      if case .url(let value) = token {
        token = .url(try url(value))
      } else if case .string(let value) = token, case .function(let name)? = previous,
        name.lowercased() == "url"
      {
        token = .string(try url(value))
      }
      if commentSince, let previous, needsSeparator(previous, token) { out.append(" ") }
      out += serialize(token)
      previous = token
      commentSince = false
    }
    return out
  }

  /// Whether `css` is already in canonical form by a cheap test: only letters, digits, `#`,
  /// `-`, `.`, `,`, `%`, `(`, `)` and single inner spaces (`round`, `#ff0000`, `0 0 24 24`,
  /// `url(#a)`, `rotate(45 12 12)`), none of which a comment, escape, string or run of
  /// white space can hide in.
  static func isPlain(_ css: String) -> Bool {
    var previousSpace = true
    for b in css.utf8 {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "#"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "("),
        UInt8(ascii: ")"):
        previousSpace = false
      case UInt8(ascii: " "):
        if previousSpace { return false }
        previousSpace = true
      default:
        return false
      }
    }
    return !previousSpace || css.isEmpty
  }

  // MARK: - Serialisation

  /// The text of one token, which the tokenizer reads back as the same token.
  static func serialize(_ token: Token) -> String {
    switch token {
    case .whitespace: return " "
    case .comment: return ""
    case .ident(let name): return identifier(name)
    case .function(let name): return identifier(name) + "("
    case .atKeyword(let name): return "@" + identifier(name)
    case .hash(let name, let isID): return "#" + (isID ? identifier(name) : nameCodePoints(name))
    case .string(let value): return string(value)
    case .badString(let raw), .badURL(let raw): return raw
    case .url(let value):
      var out = "url("
      for s in value.unicodeScalars {
        if s == "\"" || s == "'" || s == "(" || s == ")" || s == "\\" || isWhitespace(s)
          || isNonPrintable(s)
        {
          out += hexEscape(s)
        } else {
          out.unicodeScalars.append(s)
        }
      }
      return out + ")"
    case .delim(let scalar): return String(scalar)
    case .number(let repr): return repr
    case .percentage(let repr): return repr + "%"
    case .dimension(let repr, let unit):
      // A unit read as an exponent (`1` `e3` would be `1e3`) keeps its `e` escaped.
      var text = identifier(unit)
      let hasExponent = repr.contains("e") || repr.contains("E")
      if !hasExponent, let first = text.unicodeScalars.first, first == "e" || first == "E" {
        let rest = text.unicodeScalars.dropFirst()
        let second = rest.first
        let third = rest.dropFirst().first
        if let second,
          isDigit(second)
            || ((second == "+" || second == "-") && third.map(isDigit) == true)
        {
          text = hexEscape(first) + String(String.UnicodeScalarView(rest))
        }
      }
      return repr + text
    case .cdo: return "<!--"
    case .cdc: return "-->"
    case .colon: return ":"
    case .semicolon: return ";"
    case .comma: return ","
    case .openSquare: return "["
    case .closeSquare: return "]"
    case .openParen: return "("
    case .closeParen: return ")"
    case .openCurly: return "{"
    case .closeCurly: return "}"
    }
  }

  /// CSSOM's "serialize an identifier": escapes only what would end or change it.
  static func identifier(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var out = ""
    for (index, s) in scalars.enumerated() {
      if s == "\0" {
        out += "\u{FFFD}"
      } else if isNonPrintable(s) || s == "\u{7F}" {
        out += hexEscape(s)
      } else if index == 0 && isDigit(s) {
        out += hexEscape(s)
      } else if index == 1 && isDigit(s) && scalars[0] == "-" {
        out += hexEscape(s)
      } else if index == 0 && s == "-" && scalars.count == 1 {
        out += "\\-"
      } else if isNameCodePoint(s) {
        out.unicodeScalars.append(s)
      } else {
        out += "\\"
        out.unicodeScalars.append(s)
      }
    }
    return out
  }

  /// A hash's name that does not start an identifier (`#0a`): name code points as they are.
  static func nameCodePoints(_ name: String) -> String {
    var out = ""
    for s in name.unicodeScalars {
      if isNameCodePoint(s) {
        out.unicodeScalars.append(s)
      } else if isNonPrintable(s) || s == "\u{7F}" {
        out += hexEscape(s)
      } else {
        out += "\\"
        out.unicodeScalars.append(s)
      }
    }
    return out
  }

  /// CSSOM's "serialize a string": in double quotes, `"` and `\` escaped, control
  /// characters as hex escapes.
  static func string(_ value: String) -> String {
    var out = "\""
    for s in value.unicodeScalars {
      if s == "\0" {
        out += "\u{FFFD}"
      } else if isNonPrintable(s) || s == "\u{7F}" || s == "\n" || s == "\r" || s == "\u{C}" {
        out += hexEscape(s)
      } else if s == "\"" || s == "\\" {
        out += "\\"
        out.unicodeScalars.append(s)
      } else {
        out.unicodeScalars.append(s)
      }
    }
    return out + "\""
  }

  static func hexEscape(_ s: Unicode.Scalar) -> String {
    "\\" + String(s.value, radix: 16) + " "
  }

  /// Whether `b`, written right after `a`, would be read as part of one token with it
  /// (CSS Syntax Level 3, section 9 "Serialization", the pairs that need a comment between).
  static func needsSeparator(_ a: Token, _ b: Token) -> Bool {
    let identLike: Bool = {
      switch b {
      case .ident, .function, .url, .badURL, .number, .percentage, .dimension: return true
      case .delim("-"), .cdc: return true
      default: return false
      }
    }()
    switch a {
    case .ident:
      if case .openParen = b { return true }
      return identLike
    case .atKeyword, .hash, .dimension:
      return identLike
    case .delim("#"), .delim("-"):
      return identLike
    case .number:
      switch b {
      case .ident, .function, .url, .badURL, .number, .percentage, .dimension, .delim("%"):
        return true
      default: return false
      }
    case .delim("@"):
      switch b {
      case .ident, .function, .url, .badURL, .delim("-"), .cdc: return true
      default: return false
      }
    case .delim("."), .delim("+"):
      switch b {
      case .number, .percentage, .dimension: return true
      default: return false
      }
    case .delim("/"):
      return b == .delim("*")
    case .delim("\\"):
      return true
    default:
      return false
    }
  }

  // MARK: - Tokenizer

  /// The tokens of `css`, comments included (section 4.3.1 "Consume a token"), after the
  /// input preprocessing of section 3.3 (CR, FF and CR LF are LF; NUL is U+FFFD).
  static func tokenize(_ css: String) -> [Token] {
    var reader = Reader(css)
    var tokens: [Token] = []
    while let token = reader.next() { tokens.append(token) }
    return tokens
  }

  struct Reader {
    var s: [Unicode.Scalar]
    var i = 0

    init(_ css: String) {
      var out: [Unicode.Scalar] = []
      out.reserveCapacity(css.unicodeScalars.count)
      var previousCR = false
      for c in css.unicodeScalars {
        if c == "\r" {
          out.append("\n")
          previousCR = true
          continue
        }
        if c == "\n" && previousCR {
          previousCR = false
          continue
        }
        previousCR = false
        out.append(c == "\u{C}" ? "\n" : c == "\0" ? "\u{FFFD}" : c)
      }
      s = out
    }

    func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < s.count ? s[i + k] : nil }

    mutating func next() -> Token? {
      guard let c = peek() else { return nil }
      if c == "/" && peek(1) == "*" {
        i += 2
        while i < s.count && !(s[i] == "*" && peek(1) == "/") { i += 1 }
        i = min(s.count, i + 2)
        return .comment
      }
      if isWhitespace(c) {
        while let d = peek(), isWhitespace(d) { i += 1 }
        return .whitespace
      }
      switch c {
      case "\"", "'":
        i += 1
        return consumeString(ending: c)
      case "#":
        if let d = peek(1), isNameCodePoint(d) || validEscape(at: i + 1) {
          i += 1
          let isID = startsIdentifier(at: i)
          return .hash(consumeName(), isID: isID)
        }
        i += 1
        return .delim(c)
      case "(":
        i += 1
        return .openParen
      case ")":
        i += 1
        return .closeParen
      case "+", ".":
        if startsNumber(at: i) { return consumeNumeric() }
        i += 1
        return .delim(c)
      case ",":
        i += 1
        return .comma
      case "-":
        if startsNumber(at: i) { return consumeNumeric() }
        if peek(1) == "-" && peek(2) == ">" {
          i += 3
          return .cdc
        }
        if startsIdentifier(at: i) { return consumeIdentLike() }
        i += 1
        return .delim(c)
      case ":":
        i += 1
        return .colon
      case ";":
        i += 1
        return .semicolon
      case "<":
        if peek(1) == "!" && peek(2) == "-" && peek(3) == "-" {
          i += 4
          return .cdo
        }
        i += 1
        return .delim(c)
      case "@":
        if startsIdentifier(at: i + 1) {
          i += 1
          return .atKeyword(consumeName())
        }
        i += 1
        return .delim(c)
      case "[":
        i += 1
        return .openSquare
      case "\\":
        if validEscape(at: i) { return consumeIdentLike() }
        i += 1
        return .delim(c)
      case "]":
        i += 1
        return .closeSquare
      case "{":
        i += 1
        return .openCurly
      case "}":
        i += 1
        return .closeCurly
      default:
        if isDigit(c) { return consumeNumeric() }
        if isNameStart(c) { return consumeIdentLike() }
        i += 1
        return .delim(c)
      }
    }

    func validEscape(at k: Int) -> Bool {
      guard k < s.count, s[k] == "\\" else { return false }
      return k + 1 < s.count ? s[k + 1] != "\n" : true
    }

    func startsIdentifier(at k: Int) -> Bool {
      guard k < s.count else { return false }
      let c = s[k]
      if c == "-" {
        guard k + 1 < s.count else { return false }
        let d = s[k + 1]
        return isNameStart(d) || d == "-" || validEscape(at: k + 1)
      }
      if isNameStart(c) { return true }
      return c == "\\" && validEscape(at: k)
    }

    func startsNumber(at k: Int) -> Bool {
      guard k < s.count else { return false }
      let c = s[k]
      let d = k + 1 < s.count ? s[k + 1] : nil
      if c == "+" || c == "-" {
        if let d, isDigit(d) { return true }
        if d == ".", k + 2 < s.count, isDigit(s[k + 2]) { return true }
        return false
      }
      if c == "." { return d.map(isDigit) ?? false }
      return isDigit(c)
    }

    /// Section 4.3.7, called after the backslash.
    mutating func consumeEscape() -> Unicode.Scalar {
      guard let c = peek() else { return "\u{FFFD}" }
      if isHex(c) {
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let d = peek(), isHex(d) {
          value = value * 16 + UInt32(String(d), radix: 16)!
          i += 1
          digits += 1
        }
        if let w = peek(), isWhitespace(w) { i += 1 }
        if value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF {
          return "\u{FFFD}"
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      i += 1
      return c
    }

    mutating func consumeName() -> String {
      var out = String.UnicodeScalarView()
      while let c = peek() {
        if isNameCodePoint(c) {
          out.append(c)
          i += 1
        } else if validEscape(at: i) {
          i += 1
          out.append(consumeEscape())
        } else {
          break
        }
      }
      return String(out)
    }

    mutating func consumeString(ending: Unicode.Scalar) -> Token {
      let start = i - 1
      var out = String.UnicodeScalarView()
      while let c = peek() {
        if c == ending {
          i += 1
          return .string(String(out))
        }
        if c == "\n" {
          return .badString(raw: String(String.UnicodeScalarView(s[start..<i])))
        }
        if c == "\\" {
          guard let d = peek(1) else {
            i += 1
            continue
          }
          if d == "\n" {
            i += 2
            continue
          }
          i += 1
          out.append(consumeEscape())
          continue
        }
        out.append(c)
        i += 1
      }
      return .string(String(out))
    }

    mutating func consumeNumeric() -> Token {
      let start = i
      if let c = peek(), c == "+" || c == "-" { i += 1 }
      while let c = peek(), isDigit(c) { i += 1 }
      if peek() == ".", let d = peek(1), isDigit(d) {
        i += 2
        while let c = peek(), isDigit(c) { i += 1 }
      }
      if let e = peek(), e == "e" || e == "E" {
        if let d = peek(1), isDigit(d) {
          i += 2
          while let c = peek(), isDigit(c) { i += 1 }
        } else if let sign = peek(1), sign == "+" || sign == "-", let d = peek(2), isDigit(d) {
          i += 3
          while let c = peek(), isDigit(c) { i += 1 }
        }
      }
      let repr = String(String.UnicodeScalarView(s[start..<i]))
      if startsIdentifier(at: i) { return .dimension(repr, unit: consumeName()) }
      if peek() == "%" {
        i += 1
        return .percentage(repr)
      }
      return .number(repr)
    }

    mutating func consumeIdentLike() -> Token {
      let name = consumeName()
      guard peek() == "(" else { return .ident(name) }
      i += 1
      guard name.lowercased() == "url" else { return .function(name) }
      var k = i
      while k < s.count, isWhitespace(s[k]) { k += 1 }
      if k < s.count, s[k] == "\"" || s[k] == "'" {
        // `url(` then a string: a function token; the white space before it is dropped.
        i = k
        return .function(name)
      }
      return consumeURL(start: i - name.unicodeScalars.count - 1)
    }

    mutating func consumeURL(start: Int) -> Token {
      var out = String.UnicodeScalarView()
      while let c = peek(), isWhitespace(c) { i += 1 }
      while true {
        guard let c = peek() else { return .url(String(out)) }
        if c == ")" {
          i += 1
          return .url(String(out))
        }
        if isWhitespace(c) {
          while let d = peek(), isWhitespace(d) { i += 1 }
          if peek() == nil { return .url(String(out)) }
          if peek() == ")" {
            i += 1
            return .url(String(out))
          }
          return consumeBadURL(start: start)
        }
        if c == "\"" || c == "'" || c == "(" || isNonPrintable(c) {
          return consumeBadURL(start: start)
        }
        if c == "\\" {
          if validEscape(at: i) {
            i += 1
            out.append(consumeEscape())
            continue
          }
          return consumeBadURL(start: start)
        }
        out.append(c)
        i += 1
      }
    }

    mutating func consumeBadURL(start: Int) -> Token {
      while let c = peek() {
        if c == ")" {
          i += 1
          break
        }
        if validEscape(at: i) {
          i += 1
          _ = consumeEscape()
          continue
        }
        i += 1
      }
      return .badURL(raw: String(String.UnicodeScalarView(s[max(0, start)..<i])))
    }
  }

  // MARK: - Code point classes (section 4.2)

  static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
  static func isHex(_ c: Unicode.Scalar) -> Bool {
    isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
  }
  static func isNameStart(_ c: Unicode.Scalar) -> Bool {
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
  }
  static func isNameCodePoint(_ c: Unicode.Scalar) -> Bool {
    isNameStart(c) || isDigit(c) || c == "-"
  }
  static func isNonPrintable(_ c: Unicode.Scalar) -> Bool {
    c.value <= 0x08 || c.value == 0x0B || (c.value >= 0x0E && c.value <= 0x1F)
      || c.value == 0x7F
  }
  static func isWhitespace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" }
}
