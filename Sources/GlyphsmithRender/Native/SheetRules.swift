import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The rules of a document's style sheets that declare one property, read without a CSS
/// engine (librsvg has none to lend): only a selector that is one compound of a type (or
/// `*`), ids and classes is decided, and the value an element gets from the sheets is the
/// last declaration of the most specific matching rule (CSS Cascade 4 §6.4, Selectors 4 §17).
/// Used by `use-symbol` (a symbol's `overflow`) and `css-transform` (an element's
/// `transform`), each of which leaves the document to librsvg when `rules` is `nil`.
enum SheetRules {
  /// One selector of a rule declaring the property, with the declared value.
  struct Rule {
    var type: String?
    var ids: [String]
    var classes: [String]
    var value: String
    /// Whether the declaration is `!important` (only with `rules(allowImportant: true)`).
    var important = false
    /// The compounds before the subject, nearest first, each with whether it is joined by
    /// the child combinator (`>`) rather than the descendant one (whitespace); only with
    /// `rules(combinators: true)` (Selectors 4 §16.1, §16.2).
    var context: [(compound: Rule, child: Bool)] = []

    /// Selectors 4 §17: (ids, classes, types), summed over the compounds.
    var specificity: [Int] {
      var out = [ids.count, classes.count, type == nil || type == "*" ? 0 : 1]
      for part in context {
        let more = part.compound.specificity
        out = zip(out, more).map { $0 + $1 }
      }
      return out
    }

    /// CSS Cascade 4 §6: an `!important` declaration first, then specificity.
    var precedence: [Int] { [important ? 1 : 0] + specificity }

    /// Whether the selector matches `node` (type, every id, every class, and its context).
    func matches(_ node: xmlNodePtr) -> Bool {
      guard matches(Element(node)) else { return false }
      guard !context.isEmpty else { return true }
      var failed: Set<[Int]> = []
      return contextMatches(node.pointee.parent, 0, &failed)
    }

    /// Whether `context[index...]` matches from `start` (the parent of the element the
    /// compound before matched) upwards. A descendant combinator tries each ancestor; a
    /// failed (compound, element) pair is remembered, so the work is bounded by the number
    /// of compounds times the depth (Selectors 4 §16).
    private func contextMatches(
      _ start: xmlNodePtr?, _ index: Int, _ failed: inout Set<[Int]>
    ) -> Bool {
      guard index < context.count else { return true }
      let (compound, child) = context[index]
      var current = start
      while let node = current, node.pointee.type == XML_ELEMENT_NODE {
        let key = [index, Int(bitPattern: UnsafeRawPointer(node))]
        if !failed.contains(key) {
          if compound.matches(Element(node)),
            contextMatches(node.pointee.parent, index + 1, &failed)
          {
            return true
          }
          failed.insert(key)
        }
        if child { return false }
        current = node.pointee.parent
      }
      return false
    }

    /// Whether the compound selector matches an element read once (`Element`).
    func matches(_ element: Element) -> Bool {
      if let type, type != "*", type != element.name { return false }
      if ids.contains(where: { $0 != element.id }) { return false }
      return classes.allSatisfy { element.classes.contains($0) }
    }
  }

  /// What a compound selector looks at in an element: its name, `id` and classes, read once
  /// per element however many rules ask (256 rules x 20,000 elements read each element's
  /// classes 256 times: issue 38 third trial).
  struct Element {
    var name: String
    var id: String?
    var classes: Set<String>

    init(_ node: xmlNodePtr) {
      name = SVGNormalizer.name(node)
      id = SVGNormalizer.attribute(node, "id")
      classes = Set(
        (SVGNormalizer.attribute(node, "class") ?? "").split(whereSeparator: \.isWhitespace)
          .map(String.init))
    }
  }

  /// Most rules read for one property: each element asks each rule, so a sheet of more is
  /// left undecided (a hostile file costs no more than before).
  static let maximumRules = 256

  /// The rules of the document's sheets that declare `property` (lower-case), in document
  /// order, or `nil` when one of them has a selector this does not decide, sits in an
  /// at-rule, or is `!important` (unless `allowImportant`: then the rule is marked), or when
  /// there are more than `maximumRules`. `valid`, when given, says which values CSS accepts:
  /// a declaration it rejects is dropped (CSS Syntax 3 §5.4.5), so a rule's earlier valid
  /// one applies, and a rule with none does not declare the property.
  /// With `combinators`, a selector may also join compounds with the descendant and child
  /// combinators (`#c rect`, `svg > g path`); the rules then match only through `value(for:)`
  /// and `rule(for:)` (not `Lookup`).
  static func rules(
    declaring property: String, _ root: xmlNodePtr, allowImportant: Bool = false,
    combinators: Bool = false, valid: ((String) -> Bool)? = nil
  ) -> [Rule]? {
    var out: [Rule] = []
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "style" {
      let text = SymbolSheetCheck.withoutComments(
        SVGPreflight.text(xmlNodeGetContent(node)) ?? "")
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "{") {
        guard let close = rest[open...].firstIndex(of: "}") else {
          // A block left open at the end is closed there (CSS Syntax 3 §5.4.7) and its
          // declarations apply: not read here, so undecided when it may declare `property`.
          if rest[open...].lowercased().contains(property) { return nil }
          break
        }
        let prelude = rest[..<open].trimmingWhitespaceAndNewlines()
        let block = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        var value: String?
        var important = false
        for declaration in block.split(separator: ";") {
          let parts = declaration.split(separator: ":", maxSplits: 1)
          if parts.count == 2,
            parts[0].trimmingWhitespaceAndNewlines().lowercased() == property
          {
            var text = parts[1].trimmingWhitespaceAndNewlines()
            var isImportant = false
            if allowImportant, let bang = text.lastIndex(of: "!"),
              text[text.index(after: bang)...].trimmingWhitespace()
                .lowercased() == "important"
            {
              text = text[..<bang].trimmingWhitespaceAndNewlines()
              isImportant = true
            }
            if let valid, !text.contains("!"), !valid(text) { continue }
            // CSS Cascade 4 §6.4: an important declaration beats a later normal one.
            if important && !isImportant { continue }
            value = text
            important = isImportant
          }
        }
        guard let value else { continue }
        if block.contains("{") || prelude.contains("@") || value.contains("!") { return nil }
        for selector in prelude.split(separator: ",") {
          let text = selector.trimmingWhitespaceAndNewlines()
          guard
            var rule = combinators ? complex(text, value) : compound(text, value)
          else { return nil }
          rule.important = important
          out.append(rule)
          if out.count > maximumRules { return nil }
        }
      }
    }
    return out
  }

  /// `selector` as a `Rule` of compounds joined by descendant or child combinators, or `nil`
  /// when a compound is not `[type|*]?(#id|.class)*` or another combinator (`+`, `~`) or
  /// anything else appears.
  static func complex(_ selector: String, _ value: String) -> Rule? {
    let tokens = selector.replacingEvery(">", with: " > ")
      .split(whereSeparator: \.isWhitespace).map(String.init)
    var compounds: [(Rule, Bool)] = []
    var child = false
    for token in tokens {
      if token == ">" {
        guard !compounds.isEmpty, !child else { return nil }
        child = true
        continue
      }
      guard let part = compound(token, value) else { return nil }
      compounds.append((part, child))
      child = false
    }
    guard var subject = compounds.last?.0, !child else { return nil }
    // Nearest first: each compound's combinator is the one after it, toward the subject.
    for index in stride(from: compounds.count - 2, through: 0, by: -1) {
      subject.context.append((compounds[index].0, compounds[index + 1].1))
    }
    return subject
  }

  /// `selector` as a `Rule`, or `nil` when it is not `[type|*]?(#id|.class)*`.
  static func compound(_ selector: String, _ value: String) -> Rule? {
    var rule = Rule(type: nil, ids: [], classes: [], value: value)
    var rest = Substring(selector)
    func name() -> String {
      let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      rest = rest.dropFirst(n.count)
      return String(n)
    }
    if rest.first == "*" {
      rule.type = "*"
      rest = rest.dropFirst()
    } else if let first = rest.first, first.isLetter {
      rule.type = name()
    }
    while let first = rest.first {
      rest = rest.dropFirst()
      let part = name()
      guard isIdentifier(part) else { return nil }
      switch first {
      case "#": rule.ids.append(part)
      case ".": rule.classes.append(part)
      default: return nil
      }
    }
    return selector.isEmpty ? nil : rule
  }

  /// Whether `name` is a CSS identifier (CSS Syntax 3 §4.3.9, without escapes): not empty,
  /// and not starting with a digit, nor with `-` then a digit or nothing. `.1m`, `#2r` and
  /// `.-1m` are invalid selectors, so their rule is dropped by CSS (Selectors 4 §3.1, CSS
  /// Syntax 3 §9); reading them as classes applied the rule (issue 38 third trial H4).
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, !first.isNumber else { return false }
    if first == "-" {
      let second = name.dropFirst().first
      guard let second, !second.isNumber else { return false }
    }
    return true
  }

  /// Rules indexed by the one name each needs in an element (its first id, else its first
  /// class, else its type), so that an element is matched against the rules that may match
  /// it only: the work per element is bounded by those, not by the sheet (256 `transform`
  /// rules x 20,000 classed rects took over 10 s: issue 38 third trial).
  struct Lookup {
    let rules: [Rule]
    private var buckets: [String: [Int]] = [:]

    init(_ rules: [Rule]) {
      self.rules = rules
      for (index, rule) in rules.enumerated() {
        buckets[Self.key(rule), default: []].append(index)
      }
    }

    private static func key(_ rule: Rule) -> String {
      if let id = rule.ids.first { return "#" + id }
      if let name = rule.classes.first { return "." + name }
      return rule.type ?? "*"
    }

    /// The value the rules give `node`, as `SheetRules.value(for:_:)`.
    func value(for node: xmlNodePtr) -> String? {
      rule(for: node)?.value
    }

    /// The rule that gives `node` its value (an `!important` one first, then the last of the
    /// most specific), or `nil` when none matches.
    func rule(for node: xmlNodePtr) -> Rule? {
      guard !rules.isEmpty else { return nil }
      let element = Element(node)
      var candidates = (buckets["*"] ?? []) + (buckets[element.name] ?? [])
      if let id = element.id { candidates += buckets["#" + id] ?? [] }
      for name in element.classes { candidates += buckets["." + name] ?? [] }
      var best: Rule?
      for index in candidates.sorted() where rules[index].matches(element) {
        let rule = rules[index]
        if let current = best, rule.precedence.lexicographicallyPrecedes(current.precedence) {
          continue
        }
        best = rule
      }
      return best
    }
  }

  /// The value `rules` give `node` (the last of the most specific matching rules), or `nil`
  /// when none matches.
  static func value(for node: xmlNodePtr, _ rules: [Rule]) -> String? {
    rule(for: node, rules)?.value
  }

  /// The rule of `rules` that gives `node` its value (an `!important` one first, then the
  /// last of the most specific), or `nil` when none matches.
  static func rule(for node: xmlNodePtr, _ rules: [Rule]) -> Rule? {
    guard !rules.isEmpty else { return nil }
    let element = Element(node)
    var best: Rule?
    for rule in rules
    where rule.matches(element) && (rule.context.isEmpty || rule.matches(node)) {
      if let current = best, rule.precedence.lexicographicallyPrecedes(current.precedence) {
        continue
      }
      best = rule
    }
    return best
  }
}
