import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Rule 6: the CSS `transform` property in an element's `style` attribute wins over its
/// `transform` attribute (SVG 2 §8.5, "The transform property", and CSS Transforms 1 §5: a
/// declaration overrides the presentation attribute; the initial `transform-origin` of an SVG
/// element without a CSS layout box is `0 0`, so the CSS functions map one to one onto the
/// attribute's). librsvg 2.54 applies the property only where no attribute is given. The
/// rewrite writes the declaration that wins (the last valid one, an `!important` one first;
/// the property name in any letter case) into the attribute (`none` removes the attribute)
/// and drops the declarations; a value the attribute cannot say (percentages, font units, 3D
/// functions, a `transform-origin` or `transform-box`) is left alone. A style sheet's
/// `transform` is written into the attribute too where `sheetLookup` can decide it.
enum CSSTransformRewrite: FidelityRewrite {
  static let name = "css-transform"

  /// The elements the sheets' `transform` is written onto: those with a `transform`
  /// attribute of their own in SVG 1.1 (where librsvg 2.54 keeps the attribute).
  static let transformable: Set<String> = [
    "g", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text",
    "image", "a", "switch", "clipPath",
  ]

  static func apply(_ root: xmlNodePtr) -> Bool {
    // CSS Syntax 3 §5.4.5, CSS Cascade 4 §6: a declaration CSS rejects is dropped when the
    // sheet is parsed, for every element it would match; librsvg 2.54 applies some of them
    // (`translate(10,0)` on an element without the attribute: issue 38 fifth trial F5), so
    // they are removed from the sheets, whatever the selector.
    var changed = SheetDeclarations.rewrite(root, property: "transform") { value, _ in
      isCertainlyInvalid(value) ? .remove : .keep
    }
    let sheet = sheetLookup(root)
    // A sheet may declare `transform` where `sheetLookup` cannot decide it: a `none` won by
    // the `style` attribute then stays there, where it beats any sheet in librsvg 2.54 too.
    let sheetMentionsTransform = SVGNormalizer.allElements(root).contains { node in
      SVGNormalizer.name(node) == "style"
        && (SVGPreflight.text(xmlNodeGetContent(node))?.lowercased().contains("transform")
          ?? false)
    }
    for node in SVGNormalizer.allElements(root) {
      let attribute = SVGNormalizer.attributeNode(node, "transform")
      let ownAttribute = attribute.map { $0.pointee.ns == nil } ?? false
      let isClipPath = SVGNormalizer.name(node) == "clipPath"
      guard let style = styleTransform(node) else {
        // No `transform` in `style`: the sheet's wins over the attribute (issue 38 trial
        // finding 8), and goes onto every clip path (third trial M3).
        // Without an attribute librsvg 2.54 applies a sheet's transform itself, but not an
        // `!important` one nor a CSS-wide keyword (issue 38 fourth trial M-e: 200 px of 1,600
        // vs Chromium, the rect not moved).
        guard let sheet, transformable.contains(SVGNormalizer.name(node)),
          let rule = sheet.rule(for: node),
          attribute == nil
            ? isClipPath || rule.important || cssWideKeywords.contains(rule.value.lowercased())
              || !librsvgReadsAsIs(rule.value)
            : ownAttribute,
          let value = attributeValue(rule.value, node, sheet: sheet)
        else { continue }
        switch value {
        case .none:
          guard attribute != nil else { continue }
          SVGNormalizer.removeAttribute(node, "transform")
        case .transform(let converted):
          xmlSetProp(node, "transform", converted)
        }
        changed = true
        continue
      }
      // Another origin or box: the attribute cannot say it; left alone.
      guard !style.origin else { continue }
      // CSS Cascade 4 §6: the `style` attribute's declaration wins over the sheets' unless
      // a sheet's is `!important` and its is not; with no valid declaration of its own, the
      // sheet's wins over the attribute (issue 38 third trial M5).
      let rule = sheet?.rule(for: node)
      var winner: String?
      if let (value, important) = style.declared,
        styleWins(important: important, over: rule?.important)
      {
        winner = value
      } else if let rule, rule.important || ownAttribute || isClipPath {
        winner = rule.value
      }
      let rest = style.kept.joined(separator: ";").trimmingWhitespace()
      func setStyle(_ text: String) {
        if text.isEmpty {
          SVGNormalizer.removeAttribute(node, "style")
        } else {
          xmlSetProp(node, "style", text)
        }
      }
      // Only invalid declarations and no sheet rule to write: CSS drops them, so they are
      // removed (librsvg 2.54 applies some, `translate(10,0)`, where there is no attribute:
      // issue 38 fifth trial F5), and the attribute or a sheet's value applies.
      guard let winner, let value = attributeValue(winner, node, sheet: sheet) else {
        if style.declared == nil, style.invalid.allSatisfy(isCertainlyInvalid) {
          setStyle(rest)
          changed = true
        }
        continue
      }
      switch value {
      case .none:
        SVGNormalizer.removeAttribute(node, "transform")
        // A sheet's transform would apply again once the attribute is gone.
        setStyle(
          sheetMentionsTransform
            ? rest + (rest.isEmpty || rest.hasSuffix(";") ? "" : ";") + "transform:none" : rest)
      case .transform(let converted):
        xmlSetProp(node, "transform", converted)
        setStyle(rest)
      }
      changed = true
    }
    return changed
  }

  /// The CSS-wide keywords (CSS Values 4 §7.3), valid for `transform` as for any property.
  static let cssWideKeywords: Set<String> = ["initial", "inherit", "unset", "revert"]

  /// A winning `transform` value as the attribute says it.
  enum AttributeValue: Equatable {
    /// `none`: no attribute.
    case none
    /// The attribute's text.
    case transform(String)
  }

  /// The winning CSS `value` of `node`'s `transform` as the attribute says it, or `nil` when
  /// it cannot (left alone). A CSS-wide keyword is resolved first (CSS Cascade 4 §7):
  /// `transform` is not inherited, so `initial`, `unset` and `revert` (no user-agent or
  /// user rule sets it) are `none`, and `inherit` takes the parent's transform (its
  /// attribute, written already since parents come first, else its sheet value, else
  /// `none`). librsvg 2.54 drops the keywords, so the attribute stayed (issue 38 fourth
  /// trial M-f: 200 px of 1,600 vs Chromium for `transform: initial`).
  static func attributeValue(
    _ value: String, _ node: xmlNodePtr, sheet: SheetRules.Lookup?
  ) -> AttributeValue? {
    let keyword = value.trimmingWhitespace().lowercased()
    if keyword == "none" { return AttributeValue.none }
    guard cssWideKeywords.contains(keyword) else {
      return svgTransform(value).map { .transform($0) }
    }
    guard keyword == "inherit", let parent = node.pointee.parent,
      parent.pointee.type == XML_ELEMENT_NODE
    else { return AttributeValue.none }
    // The parent's own `style` declaration (one left there, which the attribute cannot say),
    // or a keyword in its sheet value: not read.
    if styleTransform(parent) != nil { return nil }
    if let own = SVGNormalizer.attribute(parent, "transform") {
      return SVGValueGrammar.transform(own) != nil ? .transform(own) : nil
    }
    guard let inherited = sheet?.value(for: parent) else { return AttributeValue.none }
    if cssWideKeywords.contains(inherited.lowercased()) { return nil }
    return attributeValue(inherited, parent, sheet: nil)
  }

  /// What an element's `style` attribute says of `transform`: the declaration that wins
  /// among its own (the last valid one, an `!important` one first; the property name in any
  /// letter case), whether it declares `transform-origin` or `transform-box`, and its other
  /// declarations; `nil` when it declares no `transform`, valid or not.
  static func styleTransform(
    _ node: xmlNodePtr
  ) -> (declared: (String, Bool)?, origin: Bool, kept: [Substring], invalid: [String])? {
    guard let style = SVGNormalizer.attribute(node, "style"),
      style.lowercased().contains("transform")
    else { return nil }
    var declared: (String, Bool)?
    var any = false
    var kept: [Substring] = []
    var origin = false
    var invalid: [String] = []
    for declaration in style.split(separator: ";", omittingEmptySubsequences: false) {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      let property = parts.first?.trimmingWhitespace().lowercased() ?? ""
      if property == "transform-origin" || property == "transform-box" { origin = true }
      guard parts.count == 2, property == "transform" else {
        kept.append(declaration)
        continue
      }
      any = true
      // CSS Cascade 4 §6.4: of the valid declarations the last wins, an `!important` one
      // over any that is not; an invalid one is dropped when parsed (CSS Syntax 3), so an
      // earlier valid one still applies (issue 38 trial findings 8, 9).
      let (value, isImportant) = importance(parts[1])
      guard isCSSTransform(value) else {
        invalid.append(value)
        continue
      }
      guard isImportant || !(declared?.1 ?? false) else { continue }
      declared = (value, isImportant)
    }
    return any ? (declared, origin, kept, invalid) : nil
  }

  /// A declaration's value without its `!important` (any letter case, trimmed), and whether
  /// it had one.
  static func importance(_ text: Substring) -> (value: String, important: Bool) {
    var value = text.trimmingWhitespace()
    let isImportant = value.lowercased().hasSuffix("!important")
    if isImportant {
      value = String(value.dropLast("!important".count)).trimmingWhitespace()
    }
    return (value, isImportant)
  }

  /// CSS Cascade 4 §6.4 within one `style` attribute: the declaration of `property` (name in
  /// any letter case) that wins among `node`'s own, the last one `valid` accepts, an
  /// `!important` one over any that is not; `nil` when none.
  static func styleDeclaration(
    _ node: xmlNodePtr, _ property: String, valid: (String) -> Bool = { !$0.isEmpty }
  ) -> (value: String, important: Bool)? {
    guard let style = SVGNormalizer.attribute(node, "style") else { return nil }
    var declared: (value: String, important: Bool)?
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingWhitespace().lowercased() == property
      else { continue }
      let (value, isImportant) = importance(parts[1])
      guard valid(value), isImportant || !(declared?.important ?? false) else { continue }
      declared = (value, isImportant)
    }
    return declared
  }

  /// CSS Cascade 4 §6.4: whether a `style` attribute's declaration (`important` or not) wins
  /// over a sheet rule's (`sheet`: whether it is `!important`; `nil`: no rule): an inline
  /// declaration beats the sheets' unless only the sheet's is `!important`, and an inline
  /// `!important` one beats every sheet's.
  static func styleWins(important: Bool, over sheet: Bool?) -> Bool {
    important || !(sheet ?? false)
  }

  /// The sheets' `transform` rules (`SheetRules`, `!important` ones marked, invalid values
  /// dropped), or `nil` when there are none or they cannot be decided, or a rule declares
  /// `transform-origin` or `transform-box`.
  static func sheetLookup(_ root: xmlNodePtr) -> SheetRules.Lookup? {
    guard
      let rules = SheetRules.rules(
        declaring: "transform", root, allowImportant: true, valid: isCSSTransform),
      !rules.isEmpty,
      SheetRules.rules(declaring: "transform-origin", root)?.isEmpty ?? false,
      SheetRules.rules(declaring: "transform-box", root)?.isEmpty ?? false
    else { return nil }
    return SheetRules.Lookup(rules)
  }

  /// Whether CSS certainly rejects `value` as a `transform` (`isCSSTransform` fails and it
  /// holds no function whose arguments are only checked when the value is computed: `var()`,
  /// `env()`, `attr()`, or math `calc()`, `min()`, `max()`, `clamp()`, which `isCSSTransform`
  /// does not read). Such a declaration is dropped when parsed (CSS Syntax 3 §5.4.5).
  static func isCertainlyInvalid(_ value: String) -> Bool {
    guard !isCSSTransform(value) else { return false }
    let lowered = value.lowercased()
    return !["var(", "env(", "attr(", "calc(", "min(", "max(", "clamp("].contains {
      lowered.contains($0)
    }
  }

  /// The CSS transform functions (CSS Transforms 1 §13, CSS Transforms 2 §12).
  static let cssFunctions: Set<String> = [
    "matrix", "translate", "translatex", "translatey", "scale", "scalex", "scaley", "rotate",
    "skew", "skewx", "skewy", "matrix3d", "translate3d", "translatez", "scale3d", "scalez",
    "rotate3d", "rotatex", "rotatey", "rotatez", "perspective",
  ]

  /// Whether `value` is a valid CSS `transform` value: `none`, or CSS transform functions
  /// (names of `cssFunctions`) whose arguments follow CSS syntax (CSS Transforms 1 §13, CSS
  /// Values 4 §2.6): separated by commas (`translate(20px 0)` and `translate(20px,)` are
  /// invalid, unlike in the attribute), each a number with an optional unit or `%`, lengths
  /// and angles with a unit unless zero, `matrix` and `scale` plain numbers (`scale` also
  /// `%`), and the 2D functions' argument counts. An invalid value drops the declaration
  /// (CSS Syntax 3), so the attribute or an earlier declaration stays: issue 38 third trial
  /// H3. A valid value `svgTransform` cannot express leaves the element alone.
  static func isCSSTransform(_ value: String) -> Bool {
    let lowered = value.lowercased().trimmingWhitespace()
    if lowered == "none" || cssWideKeywords.contains(lowered) { return true }
    var rest = Substring(lowered)
    guard !rest.isEmpty else { return false }
    while !rest.isEmpty {
      let name = rest.prefix { $0.isLetter || $0.isNumber }
      guard cssFunctions.contains(String(name)) else { return false }
      rest = rest.dropFirst(name.count)
      guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return false }
      let inside = rest[rest.index(after: rest.startIndex)..<close]
      guard !inside.contains("("),
        let arguments = cssArguments(inside), validArguments(String(name), arguments)
      else { return false }
      rest = rest[rest.index(after: close)...].drop { $0.isWhitespace }
    }
    return true
  }

  /// The comma-separated arguments of a CSS function, each (value, unit: "" / a unit /
  /// "%"), or `nil` when one is empty or not a CSS number with an optional unit.
  static func cssArguments(_ inside: Substring) -> [(Double, String)]? {
    var out: [(Double, String)] = []
    for part in inside.split(separator: ",", omittingEmptySubsequences: false) {
      let text = part.trimmingWhitespaceAndNewlines()
      var scanner = SVGValueGrammar.Scanner(text)
      guard !text.isEmpty, let number = scanner.number() else { return nil }
      let unit = scanner.take("%") ? "%" : scanner.unit()
      guard scanner.atEnd, unit.allSatisfy({ $0 == "%" || $0.isLetter }) else { return nil }
      out.append((number, unit))
    }
    return out
  }

  /// Whether CSS accepts `arguments` for the function `name` (lower-case): counts and units
  /// of the 2D functions (CSS Transforms 1 §13.1); the 3D ones are not checked further.
  static func validArguments(_ name: String, _ arguments: [(Double, String)]) -> Bool {
    let angleUnits: Set<String> = ["deg", "rad", "grad", "turn"]
    func length(_ a: (Double, String)) -> Bool {
      a.1 == "%" || (a.1.isEmpty ? a.0 == 0 : !angleUnits.contains(a.1))
    }
    func angle(_ a: (Double, String)) -> Bool { a.1.isEmpty ? a.0 == 0 : angleUnits.contains(a.1) }
    func number(_ a: (Double, String)) -> Bool { a.1.isEmpty }
    let count = arguments.count
    switch name {
    case "translate": return (1...2).contains(count) && arguments.allSatisfy(length)
    case "translatex", "translatey": return count == 1 && length(arguments[0])
    case "scale":
      return (1...2).contains(count) && arguments.allSatisfy { number($0) || $0.1 == "%" }
    case "scalex", "scaley": return count == 1 && (number(arguments[0]) || arguments[0].1 == "%")
    case "rotate", "skewx", "skewy": return count == 1 && angle(arguments[0])
    case "skew": return (1...2).contains(count) && arguments.allSatisfy(angle)
    case "matrix": return count == 6 && arguments.allSatisfy(number)
    default: return count > 0
    }
  }

  /// The CSS transform function names as librsvg 2.54 reads them (letter case exact).
  static let librsvgFunctions: Set<String> = [
    "matrix", "translate", "translateX", "translateY", "scale", "scaleX", "scaleY", "rotate",
    "skew", "skewX", "skewY",
  ]

  /// Whether librsvg 2.54 reads the sheet value `value` itself: its function names spelt as
  /// `librsvgFunctions` and its units `px` or `deg` only. A value CSS reads otherwise
  /// (`TRANSLATE(10px,0)`, `rotate(0.25turn)`, `translate(0.1in,0)`, `scale(50%)`) is not
  /// applied by librsvg on an element without the attribute (issue 38 sixth trial M3: 244-316
  /// px of 1,600 vs Chromium), so `css-transform` writes it into the attribute.
  static func librsvgReadsAsIs(_ value: String) -> Bool {
    let text = Array(value.trimmingWhitespace().utf8)
    if String(decoding: text, as: UTF8.self).lowercased() == "none" { return true }
    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    var i = 0
    while i < text.count {
      if isLetter(text[i]) {
        // A function name: letters, digits, `-` up to a `(`.
        var j = i
        while j < text.count, isLetter(text[j]) || isDigit(text[j]) || text[j] == 0x2D { j += 1 }
        var k = j
        while k < text.count, text[k] == 0x20 { k += 1 }
        if k < text.count, text[k] == 0x28,
          !librsvgFunctions.contains(String(decoding: text[i..<j], as: UTF8.self))
        {
          return false
        }
        i = j
      } else if isDigit(text[i]) || text[i] == 0x2E {
        // A number (with its exponent) and its unit.
        var j = i
        while j < text.count, isDigit(text[j]) || text[j] == 0x2E { j += 1 }
        if j < text.count, text[j] | 0x20 == 0x65 {
          var k = j + 1
          if k < text.count, text[k] == 0x2B || text[k] == 0x2D { k += 1 }
          if k < text.count, isDigit(text[k]) {
            j = k
            while j < text.count, isDigit(text[j]) { j += 1 }
          }
        }
        var u = j
        while u < text.count, isLetter(text[u]) || text[u] == 0x25 { u += 1 }
        guard ["", "px", "deg"].contains(String(decoding: text[j..<u], as: UTF8.self))
        else { return false }
        i = u
      } else {
        i += 1
      }
    }
    return true
  }

  /// A CSS `<transform-list>` in the `transform` attribute's grammar, or `nil` when it holds
  /// a function, unit or argument count the attribute cannot express.
  static func svgTransform(_ css: String) -> String? {
    var scanner = SVGValueGrammar.Scanner(css)
    var out: [String] = []
    scanner.skipSpaces()
    while !scanner.atEnd {
      let name = scanner.unit()
      guard scanner.take("(") else { return nil }
      var arguments: [(Double, String)] = []
      scanner.skipSpaces()
      while let value = scanner.number() {
        arguments.append((value, scanner.unit()))
        scanner.skipCommaSpaces()
      }
      guard scanner.take(")"), let function = function(name, arguments) else { return nil }
      out.append(function)
      scanner.skipSpaces()
    }
    return out.isEmpty ? nil : out.joined(separator: " ")
  }

  /// One CSS transform function as the attribute's, or `nil`.
  private static func function(_ name: String, _ arguments: [(Double, String)]) -> String? {
    // Absolute lengths as user units (CSS Values 4 §6.2, 96 px per inch: `in`, `cm`, `mm`,
    // `q`, `pt`, `pc`; issue 38 sixth trial M3); a number only when zero.
    func length(_ a: (Double, String)) -> String? {
      if a.1.isEmpty { return a.0 == 0 ? "0" : nil }
      return SVGValueGrammar.absoluteUnits[a.1].map { PathData.num(a.0 * $0) }
    }
    func degrees(_ a: (Double, String)) -> Double? {
      switch a.1 {
      case "deg": return a.0
      case "rad": return a.0 * 180 / .pi
      case "grad": return a.0 * 0.9
      case "turn": return a.0 * 360
      case "" where a.0 == 0: return 0
      default: return nil
      }
    }
    func angle(_ a: (Double, String)) -> String? { degrees(a).map(PathData.num) }
    func number(_ a: (Double, String)) -> String? { a.1.isEmpty ? PathData.num(a.0) : nil }
    // CSS Transforms 2 §12: a scale factor may be a percentage.
    func factor(_ a: (Double, String)) -> String? {
      a.1 == "%" ? PathData.num(a.0 / 100) : number(a)
    }
    let count = arguments.count
    switch name {
    case "translate" where count == 1 || count == 2:
      guard let x = length(arguments[0]) else { return nil }
      guard count == 2 else { return "translate(\(x))" }
      return length(arguments[1]).map { "translate(\(x) \($0))" }
    case "translatex" where count == 1:
      return length(arguments[0]).map { "translate(\($0))" }
    case "translatey" where count == 1:
      return length(arguments[0]).map { "translate(0 \($0))" }
    case "scale" where count == 1 || count == 2:
      guard let x = factor(arguments[0]) else { return nil }
      guard count == 2 else { return "scale(\(x))" }
      return factor(arguments[1]).map { "scale(\(x) \($0))" }
    case "scalex" where count == 1:
      return factor(arguments[0]).map { "scale(\($0) 1)" }
    case "scaley" where count == 1:
      return factor(arguments[0]).map { "scale(1 \($0))" }
    case "rotate" where count == 1:
      return angle(arguments[0]).map { "rotate(\($0))" }
    case "skewx" where count == 1:
      return angle(arguments[0]).map { "skewX(\($0))" }
    case "skewy" where count == 1:
      return angle(arguments[0]).map { "skewY(\($0))" }
    case "skew" where count == 1:
      return angle(arguments[0]).map { "skewX(\($0))" }
    case "skew" where count == 2:
      // skew(ax, ay) is matrix(1 tan(ay) tan(ax) 1 0 0), not skewX(ax) skewY(ay).
      guard let ax = degrees(arguments[0]), let ay = degrees(arguments[1]) else { return nil }
      let tx = PathData.num(tan(ax * .pi / 180))
      let ty = PathData.num(tan(ay * .pi / 180))
      return "matrix(1 \(ty) \(tx) 1 0 0)"
    case "matrix" where count == 6:
      let numbers = arguments.compactMap(number)
      return numbers.count == 6 ? "matrix(\(numbers.joined(separator: " ")))" : nil
    default:
      return nil
    }
  }
}
