extension LintRule {
  /// How much of the structure of a high-resolution render is lost at the target size.
  public static let detailLoss = LintRule(id: "detail-loss")
}

/// `detail-loss`: 1 - mean SSIM between the glyph as m times the pixels would show it (the
/// high-resolution render box-filtered to m x scale px per pt; m = 4 at @1x, 2 at @2x and @3x,
/// whose own pixels already hold most detail) and the real render at the scale with each px
/// enlarged to m x m, over windows of 4 x 4 target px that hold ink, every half px. A
/// straight-edged glyph loses little (its edges move by at most half a pixel); thin strokes,
/// narrow gaps and small parts that merge lose a lot.
struct DetailLossRule: LintCheck {
  /// Share of the high-resolution structure lost at the target size (1 - SSIM) above which
  /// `detail-loss` reports: 0.35. Our own measurement on the Lucide corpus at the tab-bar size
  /// @1x (docs/lint.md): about the worst 5 %.
  static let detailLoss = 0.35

  var id: LintRule { .detailLoss }
  var locatesPixelFindings: Bool { true }
  var summary: String { "share of the high-resolution structure lost (1 - SSIM), over 35 %" }
  var measures: String {
    "1 - mean SSIM (Wang et al. 2004) between the glyph as m times the pixels would show it "
      + "(the 12 px/pt render box-filtered to m x scale px/pt; m = 4 at @1x, 2 at @2x and @3x) "
      + "and the real render with each px enlarged m x m; 4 x 4 px windows every half px, only "
      + "windows with ink"
  }
  var valueAndLimit: String { "share 0-1 / 0.35" }

  /// A measure without a HIG rule behind it: info, but a warning for indicators, where
  /// detail matters most; `info` at a scale that does not ship (`LintDefaults.ships`).
  func defaultSeverity(role: Role, scale: Int, scalesExplicit: Bool) -> LintSeverity {
    LintDefaults.shipped(
      role == .indicator ? .warning : .info, role: role, scale: scale,
      scalesExplicit: scalesExplicit)
  }

  func defaultLimit(role: Role, sizePt: Double) -> Double { Self.detailLoss }

  func findings(in context: LintContext) -> [LintFinding] {
    // Scales with the same block and output size (@1x and @2x: 3 x 3 high-resolution px per
    // output px, m x the target's size) share one box-filtered reference.
    var filtered: [[Int]: [Float]] = [:]
    var findings: [LintFinding] = []
    for scale in context.scales {
      guard let target = context.targets[scale] else { continue }
      findings += detailLoss(context, target: target, scale: scale, filtered: &filtered)
    }
    return findings
  }

  /// The high-resolution coverage box-filtered to `width` x `height` px of `block` x `block`
  /// high-resolution px each (row-major; a block cut by the render's edge sums what it holds,
  /// still over `block`²).
  private static func boxFiltered(
    _ g: LintGeometry, block: Int, width: Int, height: Int
  ) -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    let norm = 1 / Float(block * block)
    let gw = g.width
    let gh = g.height
    // Each output px sums its block of high-resolution px row by row, left to right; the
    // blocks of one output row are summed side by side (one high-resolution row across all
    // of them, then the next), which keeps each sum's order of additions (so its value) and
    // reads the high-resolution rows in order. In bounds: yy < gh, xx < gw, x < width and
    // y * width + x < width * height.
    var sums = [Float](repeating: 0, count: width)
    g.grid.alpha.withUnsafeBufferPointer { hi in
      out.withUnsafeMutableBufferPointer { o in
        sums.withUnsafeMutableBufferPointer { sum in
          for y in 0..<height {
            let yEnd = min(gh, (y + 1) * block)
            for x in 0..<width { sum[x] = 0 }
            var yy = y * block
            while yy < yEnd {
              let rowBase = yy &* gw
              // Whole blocks of 2 or 3 px spelled out (the same additions in the same
              // order, without a loop of two or three turns per output px).
              let whole = min(width, gw / block)
              var x = 0
              if block == 3 {
                while x < whole {
                  let p = rowBase &+ x &* 3
                  sum[x] = ((sum[x] + hi[p]) + hi[p &+ 1]) + hi[p &+ 2]
                  x &+= 1
                }
              } else if block == 2 {
                while x < whole {
                  let p = rowBase &+ x &* 2
                  sum[x] = (sum[x] + hi[p]) + hi[p &+ 1]
                  x &+= 1
                }
              }
              while x < width {
                var s = sum[x]
                let xEnd = min(gw, (x + 1) * block)
                var xx = x * block
                while xx < xEnd {
                  s += hi[rowBase &+ xx]
                  xx &+= 1
                }
                sum[x] = s
                x &+= 1
              }
              yy &+= 1
            }
            for x in 0..<width { o[y * width + x] = sum[x] * norm }
          }
        }
      }
    }
    return out
  }

  private func detailLoss(
    _ context: LintContext, target: PixelGrid, scale: Int, filtered: inout [[Int]: [Float]]
  ) -> [LintFinding] {
    let g = context.geometry
    let k = context.k(scale)
    let kk = max(1, Int(k.rounded()))
    let most = max(2, 4 / scale)
    let m = (1...min(kk, most)).last { kk % $0 == 0 } ?? 1
    let block = kk / m
    // Both images get a transparent margin of 2 target px, so windows see the glyph's outer
    // edges against the background it is shown on (fitted canvases end at the ink).
    let pad = 2 * m
    let w = target.width * m + 2 * pad
    let h = target.height * m + 2 * pad
    var reference = [Float](repeating: 0, count: w * h)
    var enlarged = [Float](repeating: 0, count: w * h)
    let ow = target.width * m
    let oh = target.height * m
    let key = [block, ow, oh]
    let box = filtered[key] ?? Self.boxFiltered(g, block: block, width: ow, height: oh)
    filtered[key] = box
    let tw = target.width
    box.withUnsafeBufferPointer { b in
      target.alpha.withUnsafeBufferPointer { lo in
        reference.withUnsafeMutableBufferPointer { ref in
          enlarged.withUnsafeMutableBufferPointer { enl in
            // Row by row of the target, each of its px repeated m times across and m rows
            // down (no division per px). In bounds: y < oh = target.height * m, x < ow =
            // tw * m, so out + x < w * h and from + x < ow * oh, and ty * tw + tx < tw *
            // target.height.
            for ty in 0..<target.height {
              for sub in 0..<m {
                let y = ty &* m &+ sub
                let out = (y &+ pad) &* w &+ pad
                let from = y &* ow
                for x in 0..<ow { ref[out &+ x] = b[from &+ x] }
                for tx in 0..<tw {
                  let v = lo[ty &* tw &+ tx]
                  let start = out &+ tx &* m
                  for r in 0..<m { enl[start &+ r] = v }
                }
              }
            }
          }
        }
      }
    }
    let window = 4 * m
    let (mean, map) = PixelOps.ssim(
      reference, enlarged, width: w, height: h, window: window, step: max(1, m / 2))
    let loss = 1 - mean
    let limitLoss = context.limit(.detailLoss)
    guard loss > limitLoss else { return [] }
    var c = PixelComponent()
    for i in 0..<map.count where map[i] < 0.5 {
      let x = max(0, i % w - pad)
      let y = max(0, i / w - pad)
      c.minX = min(c.minX, x)
      c.minY = min(c.minY, y)
      c.maxX = max(c.maxX, min(w - 2 * pad - 1, x + window - 1))
      c.maxY = max(c.maxY, min(h - 2 * pad - 1, y + window - 1))
    }
    let marked = c.maxX >= 0 ? context.box(c, k: Double(m), scale: scale) : nil
    return [
      context.finding(
        .detailLoss,
        "\(Int((loss * 100).rounded())) % of the structure seen at higher resolution is lost "
          + "at @\(scale)x (limit \(Int((limitLoss * 100).rounded())) %, 1 - SSIM); simplify "
          + "the glyph: fewer, thicker strokes and wider gaps",
        scale: scale, box: marked, value: loss, limit: limitLoss)
    ]
  }
}
