import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A vector path as a list of absolute M, L, C, Z commands (`PathElement`), in the units its
/// holder states. Value type; every operation returns a new path.
package struct VectorPath: Sendable, Hashable {
  /// The commands in order.
  package var elements: [PathElement]

  /// A path of `elements`.
  package init(_ elements: [PathElement] = []) { self.elements = elements }

  /// Whether the path has no commands.
  package var isEmpty: Bool { elements.isEmpty }

  /// The command letters in order, e.g. `MLLCZ`: two paths with the same signature have the
  /// same command sequence (what SF Symbols interpolation needs, Apple "Creating custom
  /// symbol images for your app", "Interpolation").
  package var signature: String { String(elements.map(\.letter)) }

  /// The subpaths, each starting with its `move`. Commands before the first `move` start an
  /// implicit subpath at (0, 0); a subpath that is only a `move` is dropped (Cairo writes one
  /// after every `close`).
  package var subpaths: [VectorPath] {
    var result: [VectorPath] = []
    var current: [PathElement] = []
    func flush() {
      if current.count > 1 { result.append(VectorPath(current)) }
      current = []
    }
    for element in elements {
      switch element {
      case .move:
        flush()
        current = [element]
      case .close:
        if current.isEmpty { continue }
        current.append(element)
        flush()
      default:
        if current.isEmpty { current = [.move(PathPoint(x: 0, y: 0))] }
        current.append(element)
      }
    }
    flush()
    return result
  }

  /// Whether every subpath ends with `close`.
  package var isClosed: Bool { subpaths.allSatisfy { $0.elements.last == .close } }

  /// The path with every point mapped by `transform`.
  package func map(_ transform: (PathPoint) -> PathPoint) -> VectorPath {
    VectorPath(elements.map { $0.map(transform) })
  }

  /// The bounding box of all points, control points included (a superset of the ink);
  /// `nil` for an empty path.
  package var controlBounds: Rect? {
    let points = elements.flatMap(\.points)
    guard let first = points.first else { return nil }
    var minX = first.x
    var maxX = first.x
    var minY = first.y
    var maxY = first.y
    for p in points {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// SVG path data with absolute commands and numbers rounded to `decimals` places
  /// (`M1.5 2L3 4C...Z`); the same command sequence always gives the same letters.
  package func svgData(decimals: Int = 3) -> String {
    var out = ""
    let scale = pow(10, Double(decimals))
    func number(_ value: Double) -> String {
      Self.decimalText(value, decimals: decimals, scale: scale)
    }
    func pair(_ p: PathPoint) -> String { number(p.x) + " " + number(p.y) }
    for element in elements {
      if !out.isEmpty { out += " " }
      switch element {
      case .move(let p): out += "M" + pair(p)
      case .line(let p): out += "L" + pair(p)
      case .curve(let a, let b, let c): out += "C" + pair(a) + " " + pair(b) + " " + pair(c)
      case .close: out += "Z"
      }
    }
    return out
  }
}

extension VectorPath {
  /// `value` rounded to `decimals` places (`scale`: 10 to that power), trailing zeros and a
  /// trailing point dropped, never `-0`: the text `String(cFormat: "%.Nf")` gives, built from
  /// the rounded integer without a format string (`svgData` writes millions of numbers).
  static func decimalText(_ value: Double, decimals: Int, scale: Double) -> String {
    let scaled = (value * scale).rounded()
    // Below 1e15 the integer is exact and `scaled / scale` lies within a tenth of a last
    // place of it, so the printf text of the quotient is the integer's digits.
    guard scaled.magnitude < 1.0e15, decimals >= 0, decimals <= 15 else {
      var rounded = scaled / scale
      if rounded == 0 { rounded = 0 }  // no "-0"
      var text = String(cFormat: "%.\(decimals)f", rounded)
      if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
      return text
    }
    var n = Int64(scaled)
    if n == 0 { return "0" }
    let negative = n < 0
    if negative { n = -n }
    var divisor: Int64 = 1
    for _ in 0..<decimals { divisor *= 10 }
    var whole = String(n / divisor)
    var fraction = n % divisor
    if fraction != 0 {
      var places = decimals
      while fraction % 10 == 0 {
        fraction /= 10
        places -= 1
      }
      let digits = String(fraction)
      whole += "." + String(repeating: "0", count: places - digits.count) + digits
    }
    return negative ? "-" + whole : whole
  }

  /// The path without degenerate segments: lines to the current point (except a subpath's
  /// first, which draws a dot with caps) and curves whose control and end points all equal
  /// the current point. Two weights of a symbol whose only difference is such a segment
  /// draw and interpolate the same (Apple's exports carry them: `L` to the end of the
  /// preceding curve).
  package var withoutDegenerateSegments: VectorPath {
    var result: [PathElement] = []
    var current = PathPoint(x: 0, y: 0)
    var start = current
    var afterMove = false
    for element in elements {
      switch element {
      case .move(let p):
        current = p
        start = p
        afterMove = true
        result.append(element)
        continue
      case .line(let p):
        if p == current && !afterMove { continue }
        current = p
      case .curve(let a, let b, let c):
        if a == current && b == current && c == current { continue }
        current = c
      case .close:
        current = start
      }
      afterMove = false
      result.append(element)
    }
    return VectorPath(result)
  }
}
