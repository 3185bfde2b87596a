import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 10: a style sheet, or an `@media` rule inside one, applies only when its media query
/// list matches, and Glyphsmith draws for a screen (SVG 2 §6.3, the `style` element's `media`
/// attribute; CSS Conditional 3 §6, `@media`; CSS Media Queries 4 §2: a list matches when
/// one of its queries does).
///
/// librsvg 2.54 and resvg 0.44 apply every `<style>` whatever its `media`, and librsvg 2.54
/// drops every `@media` rule, whatever its query. The rewrite removes a `<style>` whose list
/// certainly matches no screen, replaces an `@media` rule whose list certainly matches a
/// screen by the rules it holds, and removes one that certainly does not. A query is decided
/// by `evaluate`: by its media type (`all` and `screen` match; `print`, `speech`, the
/// deprecated and unknown types match nothing, §2.3), `not` negating it, and a query that does
/// not parse being `not all` (§3.2, so `print,` is `print, not all`); a media feature is not
/// decided (the size Glyphsmith draws at is not the icon's), so a query that needs one counts
/// as undecided: its sheet stays and its `@media` rule is left to librsvg.
enum StyleMediaRewrite: FidelityRewrite {
  static let name = "style-media"

  static func apply(_ root: xmlNodePtr) -> Bool {
    var changed = false
    let sheets = SVGNormalizer.allElements(root).filter { SVGNormalizer.name($0) == "style" }
    for node in sheets {
      if let media = SVGNormalizer.attribute(node, "media"), !matchesScreen(media) {
        xmlUnlinkNode(node)
        xmlFreeNode(node)
        changed = true
        continue
      }
      guard let text = SVGPreflight.text(xmlNodeGetContent(node)),
        text.firstRangeIgnoringASCIICase(of: "@media") != nil,
        let rewritten = resolvingMediaRules(text)
      else { continue }
      while let child = node.pointee.children {
        xmlUnlinkNode(child)
        xmlFreeNode(child)
      }
      xmlAddChild(node, xmlNewDocText(node.pointee.doc, rewritten))
      changed = true
    }
    return changed
  }

  /// Whether the media query list `media` may match a screen (`true` when undecided).
  static func matchesScreen(_ media: String) -> Bool {
    listValue(media) ?? true
  }

  /// A media query list's value: `true` when a query matches a screen, `false` when none
  /// can, `nil` when undecided. An empty list is `true` (Media Queries 4 §2.1).
  static func listValue(_ media: String) -> Bool? {
    if media.trimmingWhitespaceAndNewlines().isEmpty { return true }
    var undecided = false
    for query in splitTopLevel(media, on: ",") {
      switch evaluate(query) {
      case true?: return true
      case nil: undecided = true
      case false?: break
      }
    }
    return undecided ? nil : false
  }

  /// One token of a media query: a word, or a parenthesised block.
  enum Token: Equatable {
    case word(String)
    case block
    case other
  }

  /// The tokens of `query` (lower-cased words; a block whole), or `nil` when its parentheses
  /// do not balance.
  static func tokens(_ query: String) -> [Token]? {
    var out: [Token] = []
    var word = ""
    var depth = 0
    func flush() {
      if !word.isEmpty {
        out.append(word.allSatisfy { $0.isLetter || $0 == "-" } ? .word(word) : .other)
      }
      word = ""
    }
    for character in query.lowercased() {
      if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" {
          depth -= 1
          if depth == 0 { out.append(.block) }
        }
        continue
      }
      if character == "(" {
        flush()
        depth = 1
      } else if character == ")" {
        return nil
      } else if character.isWhitespace {
        flush()
      } else {
        word.append(character)
      }
    }
    flush()
    return depth == 0 ? out : nil
  }

  /// One media query on a screen: `true`, `false`, or `nil` when it needs a media feature.
  /// Media Queries 4 §3: `[not | only]? <media-type> [and <condition>]?` or a condition alone;
  /// anything else is `not all` (§3.2).
  static func evaluate(_ query: Substring) -> Bool? {
    guard let tokens = tokens(String(query)), !tokens.isEmpty else { return false }
    let reserved: Set<String> = ["not", "and", "or", "only", "layer"]
    // A condition: blocks joined by `and`/`or`, each perhaps after `not`.
    func isCondition(_ part: ArraySlice<Token>) -> Bool {
      var expectBlock = true
      for token in part {
        switch token {
        case .block where expectBlock: expectBlock = false
        case .word("not") where expectBlock: continue
        case .word("and") where !expectBlock, .word("or") where !expectBlock: expectBlock = true
        default: return false
        }
      }
      return !expectBlock
    }
    if case .block = tokens[0] { return isCondition(tokens[...]) ? nil : false }
    if tokens[0] == .word("not"), tokens.count > 1, tokens[1] == .block {
      return isCondition(tokens[...]) ? nil : false
    }
    var index = 0
    var negated = false
    if tokens[0] == .word("not") || tokens[0] == .word("only") {
      negated = tokens[0] == .word("not")
      index = 1
    }
    guard index < tokens.count, case .word(let type) = tokens[index], !reserved.contains(type)
    else { return false }
    let typeMatches = type == "all" || type == "screen"
    var value: Bool? = typeMatches
    if index + 1 < tokens.count {
      let rest = tokens[(index + 2)...]
      guard tokens[index + 1] == .word("and"), !rest.isEmpty, isCondition(rest),
        !rest.contains(.word("or"))
      else { return false }
      value = typeMatches ? nil : false
    }
    return negated ? value.map { !$0 } : value
  }

  /// `text` split at each `separator` outside parentheses.
  static func splitTopLevel(_ text: String, on separator: Character) -> [Substring] {
    var out: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      switch text[index] {
      case "(": depth += 1
      case ")": depth = max(0, depth - 1)
      case separator where depth == 0:
        out.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    out.append(text[start...])
    return out
  }

  /// `css` with each decided `@media` rule resolved (its rules in its place when its list
  /// matches a screen, nothing when it cannot), or `nil` when none was decided. Strings and
  /// comments are skipped; a rule whose block does not close is left alone.
  static func resolvingMediaRules(_ css: String) -> String? {
    resolvingMediaRules(Array(css.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `resolvingMediaRules` on UTF-8 bytes (every delimiter it looks for is ASCII).
  ///
  /// One pass, linear in the sheet: the blocks' closing braces are found first in one pass
  /// (`closingBraces`), and a matched `@media` rule's block is read in place, its closing
  /// brace dropped when reached. Issue 38 fourth trial: nested `@media screen {` blocks were
  /// read again at each level (each level scanned for its brace and copied its body: 4,000
  /// levels took 3.5 s, 8,000 needed more than 200 MB).
  static func resolvingMediaRules(_ chars: ArraySlice<UInt8>) -> [UInt8]? {
    let media = Array("@media".utf8)
    let closing = closingBraces(chars)
    var out: [UInt8] = []
    out.reserveCapacity(chars.count)
    var changed = false
    var i = chars.startIndex
    var depth = 0
    // The closing braces of the matched `@media` blocks being read, innermost last.
    var inlined: [Int] = []
    while i < chars.endIndex {
      if let last = inlined.last, i == last {
        // The body of an `@media` block starts at depth 0 and is balanced: it ends there.
        inlined.removeLast()
        depth = 0
        i += 1
        continue
      }
      let c = chars[i]
      if c == UInt8(ascii: "/"), i + 1 < chars.endIndex, chars[i + 1] == UInt8(ascii: "*") {
        let end = skipComment(chars, i)
        out += chars[i..<end]
        i = end
        continue
      }
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        let end = skipString(chars, i)
        out += chars[i..<end]
        i = end
        continue
      }
      if c == UInt8(ascii: "{") { depth += 1 }
      if c == UInt8(ascii: "}") { depth = max(0, depth - 1) }
      // A query list is short: looking for its `{` in the next 256 bytes keeps a sheet of
      // many `@media` words linear. A `;` before the `{` ends the at-rule there (CSS Syntax 3
      // §5.4.2: `@media screen; rect{...}` is an at-rule without a block, then a rule that
      // applies): left to librsvg, which reads it so (issue 38 third trial H5).
      if depth == 0, c == UInt8(ascii: "@"), i + 6 <= chars.endIndex,
        zip(chars[i..<(i + 6)], media).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
        let open = chars[(i + 6)..<min(chars.endIndex, i + 256)].firstIndex(
          of: UInt8(ascii: "{")),
        let close = closing[open],
        !chars[(i + 6)..<open].contains(UInt8(ascii: ";"))
      {
        let list = String(decoding: chars[(i + 6)..<open], as: UTF8.self)
        if let value = listValue(list) {
          changed = true
          if value {
            inlined.append(close)
            i = open + 1
          } else {
            i = close + 1
          }
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return changed ? out : nil
  }

  /// The closing brace of each `{` of `chars` outside comments and strings (those
  /// `matchingBrace` would find), by the opening brace's index, in one pass. A block that
  /// does not close has none.
  static func closingBraces(_ chars: ArraySlice<UInt8>) -> [Int: Int] {
    var out: [Int: Int] = [:]
    var open: [Int] = []
    var i = chars.startIndex
    while i < chars.endIndex {
      let c = chars[i]
      if c == UInt8(ascii: "/"), i + 1 < chars.endIndex, chars[i + 1] == UInt8(ascii: "*") {
        i = skipComment(chars, i)
        continue
      }
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        i = skipString(chars, i)
        continue
      }
      if c == UInt8(ascii: "{") { open.append(i) }
      if c == UInt8(ascii: "}"), let start = open.popLast() { out[start] = i }
      i += 1
    }
    return out
  }

  static func skipComment(_ chars: ArraySlice<UInt8>, _ start: Int) -> Int {
    var i = start + 2
    while i + 1 < chars.endIndex,
      !(chars[i] == UInt8(ascii: "*") && chars[i + 1] == UInt8(ascii: "/"))
    {
      i += 1
    }
    return min(chars.endIndex, i + 2)
  }

  /// The index just past the string starting at `start`.
  static func skipString(_ chars: ArraySlice<UInt8>, _ start: Int) -> Int {
    var i = start + 1
    while i < chars.endIndex, chars[i] != chars[start] {
      if chars[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    return min(chars.endIndex, i + 1)
  }
}
