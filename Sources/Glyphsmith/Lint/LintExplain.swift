import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Pictures for `lint --explain DIR`: one PNG per finding, showing the real render at the
/// finding's scale enlarged (each px a block, no smoothing, so blur is seen as it is) on white
/// with the finding's box outlined in red (and tinted when it covers under half the glyph),
/// the same render at its real size beside it, and a
/// caption naming the rule, scale, value and limit.
package enum LintExplain {
  /// Side in px the enlarged render is scaled up to, at least (whole-px factor, at least 4).
  package static let enlargedSide = 240
  /// Colour of the mark: red at full opacity for the outline, 25 % over the marked pixels of
  /// boxes that cover under half the render.
  package static let markColour = RGBA8(r: 230, g: 30, b: 30)

  /// The file name of finding number `index` (0-based) of `report`:
  /// `NAME-RULE-N@Sx.png`, NAME the input's file name without extension, N 1-based.
  package static func fileName(_ report: LintFileReport, index: Int) -> String {
    let name = URL(fileURLWithPath: report.path).deletingPathExtension().lastPathComponent
    let finding = report.findings[index]
    return "\(name)-\(finding.rule.rawValue)-\(index + 1)@\(finding.scale)x.png"
  }

  /// Writes one PNG per finding of `result` into `folder` (created if missing), atomically.
  /// - Throws: `GlyphsmithError.writeFailed`, or `.render` when drawing fails.
  package static func write(_ result: LintResult, toFolder folder: String) throws {
    for index in result.report.findings.indices {
      let finding = result.report.findings[index]
      guard let render = result.renders[finding.scale] else { continue }
      let image = try picture(render, finding: finding)
      let path = URL(fileURLWithPath: folder)
        .appendingPathComponent(fileName(result.report, index: index)).path
      try PictureOutput.write(try PNGCodec.encode(image), toPath: path)
    }
  }

  /// The picture for one finding on `render` (template alpha; drawn black on white, with a
  /// 1 px white margin around the enlarged render and 4 px around the real-size one).
  /// - Throws: `GlyphsmithError.render` when Cairo or the text layout fails.
  package static func picture(_ render: RGBAImage, finding: LintFinding) throws -> RGBAImage {
    var glyph = render
    GlyphRenderer.recolour(&glyph, to: .black)
    let framed = Rasterizer.composite(padded(glyph, by: 1), over: .white)
    let factor = max(4, enlargedSide / max(1, max(framed.width, framed.height)))
    let enlarged = nearest(framed, factor: factor)
    let real = Rasterizer.composite(padded(glyph, by: 4), over: .white)
    let margin = 16
    let captionPx = 14.0
    let caption =
      "\(finding.rule.rawValue) @\(finding.scale)x: \(finding.value.lintText) (limit "
      + "\(finding.limit.lintText)), \(finding.severity.rawValue)"
    let legend = "left: x\(factor), right: real size"
    do {
      let style = TextStyle(weight: .regular, sizePx: captionPx, color: .black)
      let first = try TextLayout(caption, style: style)
      let second = try TextLayout(legend, style: style)
      let textWidth = Int(max(first.logicalRect.width, second.logicalRect.width).rounded(.up))
      let width = max(margin * 3 + enlarged.width + real.width, margin * 2 + textWidth)
      let textTop = margin + max(enlarged.height, real.height) + 8
      let height = textTop + Int((captionPx * 2.8).rounded(.up)) + margin / 2
      let canvas = try Canvas(width: width, height: height)
      canvas.fill(RGBA8(r: 238, g: 238, b: 238))
      try canvas.draw(
        enlarged,
        in: Rect(
          x: Double(margin), y: Double(margin), width: Double(enlarged.width),
          height: Double(enlarged.height)))
      if let box = finding.box {
        let x = Double(margin + (box.x + 1) * factor)
        let y = Double(margin + (box.y + 1) * factor)
        let w = Double(box.width * factor)
        let h = Double(box.height * factor)
        // Small boxes are tinted too; a box over most of the glyph only outlined, so the
        // pixels stay readable.
        if box.width * box.height * 2 <= render.width * render.height {
          var tint = markColour
          tint.a = 64
          canvas.fillRect(Rect(x: x, y: y, width: w, height: h), color: tint)
        }
        let t = 3.0
        for edge in [
          Rect(x: x - t, y: y - t, width: w + 2 * t, height: t),
          Rect(x: x - t, y: y + h, width: w + 2 * t, height: t),
          Rect(x: x - t, y: y, width: t, height: h),
          Rect(x: x + w, y: y, width: t, height: h),
        ] {
          canvas.fillRect(edge, color: markColour)
        }
      }
      try canvas.draw(
        real,
        in: Rect(
          x: Double(margin * 2 + enlarged.width), y: Double(margin), width: Double(real.width),
          height: Double(real.height)))
      try canvas.draw(first, x: Double(margin), y: Double(textTop))
      try canvas.draw(second, x: Double(margin), y: Double(textTop) + captionPx * 1.4)
      return try canvas.image()
    } catch {
      throw GlyphsmithError.wrap(error, path: "lint explain")
    }
  }

  /// `image` with `margin` transparent px added on every side.
  static func padded(_ image: RGBAImage, by margin: Int) -> RGBAImage {
    var out = RGBAImage(width: image.width + 2 * margin, height: image.height + 2 * margin)
    for y in 0..<image.height {
      let from = y * image.width * 4
      let to = ((y + margin) * out.width + margin) * 4
      out.pixels.replaceSubrange(
        to..<(to + image.width * 4), with: image.pixels[from..<(from + image.width * 4)])
    }
    return out
  }

  /// `image` enlarged `factor` times, each px a `factor` x `factor` block.
  static func nearest(_ image: RGBAImage, factor: Int) -> RGBAImage {
    let w = image.width * factor
    let h = image.height * factor
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let sy = y / factor
      for x in 0..<w {
        let s = (sy * image.width + x / factor) * 4
        let d = (y * w + x) * 4
        pixels[d] = image.pixels[s]
        pixels[d + 1] = image.pixels[s + 1]
        pixels[d + 2] = image.pixels[s + 2]
        pixels[d + 3] = image.pixels[s + 3]
      }
    }
    return RGBAImage(width: w, height: h, pixels: pixels)
  }
}
