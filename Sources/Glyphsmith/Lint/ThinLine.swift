/// A connected run of ink thinner than a limit, found on the high-resolution geometry
/// (`LintGeometry.thinLines`): what `inner-lines` (those bordering a hole) and `thin-strokes`
/// (those bordering none) report.
struct ThinLine {
  /// The run's pixels' box and area, in high-resolution px.
  var component: PixelComponent
  /// Whether a pixel of the run touches (4-connected) a hole of the background.
  var bordersHole: Bool
  /// The run's width in px at the scale asked for: twice the deepest ink distance in it,
  /// less the half pixel the anti-aliased edge adds, over k.
  var widthPx: Double
  /// Whether the run touches (8-connected) ink at least as wide as the limit: the run widens
  /// into a thicker shape, so it is that shape's end, not a stroke of its own.
  var touchesThickInk: Bool
  /// The run's long side in px at the scale asked for.
  var lengthPx: Double

  /// The longest taper in pt that is a tip rather than a stroke (ours, issue 22: a point
  /// narrowing to nothing over at most 2 pt, such as Bootstrap's `twitter` and `reply-fill`
  /// tips and the slivers a slash cuts from a filled shape, `bell-slash`, Heroicons'
  /// `bookmark-slash`, reads as the end of the shape it belongs to).
  static let taperLengthPt = 2.0

  /// Whether the run is a short point narrowing to nothing at `scale` px per pt: it widens
  /// into thick ink and is at most `taperLengthPt` long, so measured along it, it is the end
  /// of a wider shape (an intended tip), not a stroke thinner than the limit;
  /// `ThinLineCheck` reports it as `info` at most.
  func isTaper(scale: Int) -> Bool {
    touchesThickInk && lengthPx <= Self.taperLengthPt * Double(scale)
  }
}

extension LintGeometry {
  /// The runs of ink thinner than `limitPx` px at a scale of `k` high-resolution px per px
  /// (outside the opening by a disc of that diameter), 8-connected, at least 1.5 px long at
  /// that scale (shorter ones are the corners of joins), in label order.
  func thinLines(limitPx: Double, k: Double) -> [ThinLine] {
    let thin = band(from: 0, below: limitPx * k / 2)
    guard thin.contains(1) else { return [] }
    let (labels, components) = PixelOps.components(
      thin, width: width, height: height, eightConnected: true)
    var bordersHole = [Bool](repeating: false, count: components.count)
    var deepest = [Double](repeating: 0, count: components.count)
    var touchesThick = [Bool](repeating: false, count: components.count)
    // Ink outside the thin band (`ink` 1, no label): as wide as the limit or wider. Row by
    // row, so a pixel's neighbours are found without dividing its index. In bounds: i = y *
    // width + x with x < width, y < height; the neighbours read are tested to lie on the grid
    // (x0...x1, y0...y1 and the four sides); the five grids hold width * height values, a
    // label indexes its component's arrays and a background label `isHole`.
    labels.withUnsafeBufferPointer { lab in
      ink.withUnsafeBufferPointer { inkPx in
        backgroundLabels.withUnsafeBufferPointer { back in
          isHole.withUnsafeBufferPointer { hole in
            inkDistance.withUnsafeBufferPointer { dist in
              func thick(_ j: Int) -> Bool { inkPx[j] == 1 && lab[j] < 0 }
              func touchesHole(_ j: Int) -> Bool {
                let b = back[j]
                return b >= 0 && hole[Int(b)]
              }
              for y in 0..<height {
                let row = y &* width
                for x in 0..<width {
                  let i = row &+ x
                  let label = lab[i]
                  guard label >= 0 else { continue }
                  let l = Int(label)
                  deepest[l] = max(deepest[l], dist[i])
                  if !touchesThick[l] {
                    let y0 = max(0, y &- 1)
                    let y1 = min(height &- 1, y &+ 1)
                    let x0 = max(0, x &- 1)
                    let x1 = min(width &- 1, x &+ 1)
                    search: for ny in y0...y1 {
                      for nx in x0...x1 where thick(ny &* width &+ nx) {
                        touchesThick[l] = true
                        break search
                      }
                    }
                  }
                  if bordersHole[l] { continue }
                  if (x &+ 1 < width && touchesHole(i &+ 1)) || (x > 0 && touchesHole(i &- 1))
                    || (y &+ 1 < height && touchesHole(i &+ width))
                    || (y > 0 && touchesHole(i &- width))
                  {
                    bordersHole[l] = true
                  }
                }
              }
            }
          }
        }
      }
    }
    return components.indices.compactMap { l in
      let c = components[l]
      let long = Double(max(c.boxWidth, c.boxHeight))
      guard long >= 1.5 * k else { return nil }
      return ThinLine(
        component: c, bordersHole: bordersHole[l],
        widthPx: max(0, 2 * deepest[l].squareRoot() - 0.5) / k,
        touchesThickInk: touchesThick[l], lengthPx: long / k)
    }
  }
}
