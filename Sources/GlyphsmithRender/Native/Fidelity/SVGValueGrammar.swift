import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The attribute grammars the fidelity rewrites check values against (SVG 2 §4.3 "Basic
/// data types", SVG 1.1 §7.6 "The transform attribute"), written as librsvg 2.55.90 and later
/// parse them: a value that does not match is invalid, and the rewrites drop it.
enum SVGValueGrammar {
  // MARK: - Numbers

  /// A scanner over one attribute value's bytes.
  struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    mutating func skipSpaces() {
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Skips `wsp* ,? wsp*` (SVG's comma-wsp, also empty). Returns whether it saw a comma.
    @discardableResult
    mutating func skipCommaSpaces() -> Bool {
      skipSpaces()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
      index += 1
      skipSpaces()
      return true
    }

    /// Consumes `c` when it is next.
    mutating func take(_ c: Character) -> Bool {
      guard index < bytes.count, bytes[index] == c.asciiValue! else { return false }
      index += 1
      return true
    }

    /// An SVG number (`[+-]? (digits | digits? . digits) ([eE] [+-]? digits)?`), or `nil`
    /// with the position unchanged.
    mutating func number() -> Double? {
      let begin = index
      var i = index
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i += 1
      }
      var digits = 0
      while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        i += 1
        digits += 1
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        var j = i + 1
        var fraction = 0
        while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
          j += 1
          fraction += 1
        }
        if fraction > 0 {
          i = j
          digits += fraction
        }
      }
      guard digits > 0 else { return nil }
      if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
        var j = i + 1
        if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
          j += 1
        }
        if j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
          while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
          i = j
        }
      }
      guard let value = Double(String(decoding: bytes[begin..<i], as: UTF8.self)),
        value.isFinite
      else { return nil }
      index = i
      return value
    }

    /// The ASCII letters (or `%`) next, lower-cased.
    mutating func unit() -> String {
      let begin = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
        index += 1
        return "%"
      }
      while index < bytes.count,
        (bytes[index] >= 0x41 && bytes[index] <= 0x5A)
          || (bytes[index] >= 0x61 && bytes[index] <= 0x7A)
      {
        index += 1
      }
      return String(decoding: bytes[begin..<index], as: UTF8.self).lowercased()
    }
  }

  /// The units librsvg reads in a `<length>`.
  static let lengthUnits: Set<String> = ["", "px", "pt", "pc", "in", "cm", "mm", "em", "ex", "%"]

  /// CSS Values 4 §6.2: user units per absolute length unit, at 96 px per inch (`q` is a
  /// quarter millimetre); no unit is user units.
  static let absoluteUnits: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
    "pt": 96.0 / 72, "pc": 16,
  ]

  /// `text` as one number or absolute `<length>` (units in any letter case, white space
  /// around allowed) in user units, or `nil` (`%`, `em`, `ex`, anything else).
  static func absoluteLength(_ text: String) -> Double? {
    var scanner = Scanner(text)
    scanner.skipSpaces()
    guard let value = scanner.number() else { return nil }
    let unit = scanner.unit()
    scanner.skipSpaces()
    guard scanner.atEnd, let perUnit = absoluteUnits[unit] else { return nil }
    return value * perUnit
  }

  /// `text` as one `<number>` (white space around allowed), or `nil`.
  static func number(_ text: String) -> Double? {
    var scanner = Scanner(text)
    scanner.skipSpaces()
    guard let value = scanner.number() else { return nil }
    scanner.skipSpaces()
    return scanner.atEnd ? value : nil
  }

  /// `text` as one `<length>` or `<percentage>`: its number and unit, or `nil`.
  static func length(_ text: String) -> (value: Double, unit: String)? {
    var scanner = Scanner(text)
    scanner.skipSpaces()
    guard let value = scanner.number() else { return nil }
    let unit = scanner.unit()
    scanner.skipSpaces()
    guard scanner.atEnd, lengthUnits.contains(unit) else { return nil }
    return (value, unit)
  }

  /// `text` as a `<number>` or `<percentage>` (a stop's `offset`), as a fraction.
  static func numberOrPercentage(_ text: String) -> Double? {
    var scanner = Scanner(text)
    scanner.skipSpaces()
    guard let value = scanner.number() else { return nil }
    let percent = scanner.take("%")
    scanner.skipSpaces()
    guard scanner.atEnd else { return nil }
    return percent ? value / 100 : value
  }

  // MARK: - Transform lists

  /// An affine matrix `[a b c d e f]` as in SVG's `matrix()`.
  struct Matrix: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    /// `self` followed by `other` (`other` applied first to points: `self * other`).
    func then(_ other: Matrix) -> Matrix {
      Matrix(
        a: a * other.a + c * other.b, b: b * other.a + d * other.b,
        c: a * other.c + c * other.d, d: b * other.c + d * other.d,
        e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    /// Whether the matrix maps the plane onto itself (a finite, non-zero determinant).
    var isInvertible: Bool {
      let determinant = a * d - b * c
      return determinant.isFinite && determinant != 0
    }
  }

  /// `text` as a `<transform-list>` (SVG 1.1 §7.6; empty is the identity), its matrix, or
  /// `nil` when it does not match the grammar.
  static func transform(_ text: String) -> Matrix? {
    var scanner = Scanner(text)
    var matrix = Matrix()
    scanner.skipSpaces()
    var first = true
    while !scanner.atEnd {
      if !first { scanner.skipCommaSpaces() }
      first = false
      let name = scanner.unit()
      scanner.skipSpaces()
      guard scanner.take("(") else { return nil }
      scanner.skipSpaces()
      var arguments: [Double] = []
      while let value = scanner.number() {
        arguments.append(value)
        scanner.skipCommaSpaces()
      }
      guard scanner.take(")") else { return nil }
      guard let step = step(name, arguments) else { return nil }
      matrix = matrix.then(step)
      scanner.skipSpaces()
    }
    return matrix
  }

  private static func step(_ name: String, _ v: [Double]) -> Matrix? {
    switch (name, v.count) {
    case ("matrix", 6): return Matrix(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
    case ("translate", 1): return Matrix(e: v[0])
    case ("translate", 2): return Matrix(e: v[0], f: v[1])
    case ("scale", 1): return Matrix(a: v[0], d: v[0])
    case ("scale", 2): return Matrix(a: v[0], d: v[1])
    case ("rotate", 1), ("rotate", 3):
      let angle = v[0] * .pi / 180
      let rotation = Matrix(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
      guard v.count == 3 else { return rotation }
      return Matrix(e: v[1], f: v[2]).then(rotation).then(Matrix(e: -v[1], f: -v[2]))
    case ("skewx", 1): return Matrix(c: tan(v[0] * .pi / 180))
    case ("skewy", 1): return Matrix(b: tan(v[0] * .pi / 180))
    default: return nil
    }
  }
}
