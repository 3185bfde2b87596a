import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Reads SVG path data (SVG 2 §9.3) far enough to find zero-length subpaths: commands,
/// numbers and arc flags, with the current point tracked. It does not build geometry;
/// librsvg draws the path.
enum PathData {
  /// `d` with every zero-length subpath that has a drawing command (`M x y z`, `M x y l0 0`,
  /// `M x y h0`, a curve whose points all coincide) replaced by `M x y h ε M x y`, where
  /// Cairo draws the square caps; `nil` when there is none or `d` does not parse.
  static func squareCapFix(_ d: String, epsilon: Double) -> String? {
    guard let commands = parse(d) else { return nil }
    // Subpaths: runs of commands starting at a moveto, or at a drawing command after a close.
    var output = ""
    var changed = false
    var index = 0
    while index < commands.count {
      var end = index + 1
      var closed = commands[index].letter == "Z"
      while end < commands.count {
        let letter = commands[end].letter
        if letter == "M" || (closed && letter != "Z") { break }
        if letter == "Z" { closed = true }
        end += 1
      }
      let run = commands[index..<end]
      let start = run.first!.start
      let draws = run.contains { $0.letter != "M" }
      let zero = run.allSatisfy { command in command.points.allSatisfy { $0 == start } }
      if draws && zero {
        output += "M\(num(start.x)) \(num(start.y))h\(num(epsilon))M\(num(start.x)) \(num(start.y))"
        changed = true
      } else {
        for command in run { output += command.text }
      }
      index = end
    }
    return changed ? output : nil
  }

  struct Point: Equatable {
    var x: Double
    var y: Double
  }

  /// One command as written (`text`, its own letter and numbers, rewritten with an explicit
  /// letter when implicit), its absolute letter, the subpath start, and every point it
  /// names (end and control points, absolute) with its start point.
  struct Command {
    var letter: Character
    var text: String
    var start: Point
    var points: [Point]
    /// The numbers as written (for `A`: rx, ry, rotation, flags, end point).
    var values: [Double] = []
  }

  /// An upper bound of the length of `d`'s outline in user units: the control polygon of
  /// every segment (a Bézier curve is never longer than it), and for an arc a full ellipse of
  /// its radii or, when they are too small to reach (SVG 2 B.2.5 scales them up), a circle
  /// over its chord; `nil` when `d` does not parse. For `SVGPreflight`'s dash count.
  static func lengthBound(_ d: String) -> Double? {
    guard let commands = parse(d) else { return nil }
    var total = 0.0
    var current = Point(x: 0, y: 0)
    func distance(_ a: Point, _ b: Point) -> Double { hypot(b.x - a.x, b.y - a.y) }
    for command in commands {
      if command.letter == "M" {
        current = command.points.last ?? current
        continue
      }
      if command.letter == "A", command.values.count == 7, let end = command.points.last {
        let chord = distance(current, end)
        total += 2 * Double.pi * max(abs(command.values[0]), abs(command.values[1]), chord / 2)
        current = end
        continue
      }
      for point in command.points {
        total += distance(current, point)
        current = point
      }
    }
    return total
  }

  static func num(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(Int64(value)) : String(cFormat: "%.9g", value)
  }

  private static let arity: [Character: Int] = [
    "M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0,
  ]

  /// The commands of `d`, or `nil` on anything unexpected.
  static func parse(_ d: String) -> [Command]? {
    let chars = Array(d.utf8)
    var i = 0
    var out: [Command] = []
    var current = Point(x: 0, y: 0)
    var subpathStart = Point(x: 0, y: 0)
    var letter: UInt8 = 0

    func skipSeparators() {
      while i < chars.count,
        chars[i] == 0x20 || chars[i] == 0x09 || chars[i] == 0x0A || chars[i] == 0x0D
          || chars[i] == 0x2C
      {
        i += 1
      }
    }
    func number() -> Double? {
      skipSeparators()
      let begin = i
      if i < chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-") { i += 1 }
      var digits = false
      var dot = false
      while i < chars.count {
        let c = chars[i]
        if c >= 0x30 && c <= 0x39 {
          digits = true
        } else if c == UInt8(ascii: "."), !dot {
          dot = true
        } else {
          break
        }
        i += 1
      }
      if digits, i < chars.count, chars[i] == UInt8(ascii: "e") || chars[i] == UInt8(ascii: "E") {
        var j = i + 1
        if j < chars.count, chars[j] == UInt8(ascii: "+") || chars[j] == UInt8(ascii: "-") {
          j += 1
        }
        if j < chars.count, chars[j] >= 0x30 && chars[j] <= 0x39 {
          i = j
          while i < chars.count, chars[i] >= 0x30 && chars[i] <= 0x39 { i += 1 }
        }
      }
      guard digits else { return nil }
      return Double(String(decoding: chars[begin..<i], as: UTF8.self))
    }
    func flag() -> Double? {
      skipSeparators()
      guard i < chars.count, chars[i] == 0x30 || chars[i] == 0x31 else { return nil }
      defer { i += 1 }
      return chars[i] == 0x31 ? 1 : 0
    }

    while true {
      skipSeparators()
      if i >= chars.count { break }
      let c = chars[i]
      let isLetter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
      if isLetter {
        letter = c
        i += 1
      } else if letter == 0 || letter == UInt8(ascii: "z") || letter == UInt8(ascii: "Z") {
        return nil
      }
      let relative = letter >= 0x61
      let upper = Character(Unicode.Scalar(relative ? letter - 32 : letter))
      guard let count = arity[upper] else { return nil }
      var values: [Double] = []
      for k in 0..<count {
        let v = upper == "A" && (k == 3 || k == 4) ? flag() : number()
        guard let v else { return nil }
        values.append(v)
      }
      let from = current
      var points: [Point] = []
      func absolute(_ x: Double, _ y: Double) -> Point {
        relative ? Point(x: from.x + x, y: from.y + y) : Point(x: x, y: y)
      }
      switch upper {
      case "M":
        current = absolute(values[0], values[1])
        subpathStart = current
        points = [current]
      case "L", "T":
        current = absolute(values[0], values[1])
        points = [current]
      case "H":
        current = Point(x: relative ? from.x + values[0] : values[0], y: from.y)
        points = [current]
      case "V":
        current = Point(x: from.x, y: relative ? from.y + values[0] : values[0])
        points = [current]
      case "C":
        points = [
          absolute(values[0], values[1]), absolute(values[2], values[3]),
          absolute(values[4], values[5]),
        ]
        current = points[2]
      case "S", "Q":
        points = [absolute(values[0], values[1]), absolute(values[2], values[3])]
        current = points[1]
      case "A":
        current = absolute(values[5], values[6])
        points = [current]
      default:  // Z
        current = subpathStart
        points = [current]
      }
      let text =
        String(UnicodeScalar(letter))
        + values.map { num($0) }.joined(separator: " ")
      out.append(
        Command(
          letter: upper == "M" ? "M" : upper, text: text,
          start: upper == "M" ? current : subpathStart, points: points, values: values))
      // After a moveto, more pairs are linetos.
      if upper == "M" { letter = relative ? UInt8(ascii: "l") : UInt8(ascii: "L") }
    }
    return out
  }
}
