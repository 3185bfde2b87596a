import Foundation
import GlyphsmithRender
import Testing

@Suite("Canvas and TextLayout")
struct CanvasTests {
  @Test func shapesFillWithExactStraightColours() throws {
    let canvas = try Canvas(width: 20, height: 10)
    canvas.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: RGBA8(r: 255, g: 59, b: 48))
    canvas.fillRect(
      Rect(x: 10, y: 0, width: 10, height: 10), color: RGBA8(r: 255, g: 255, b: 255, a: 51))
    let image = try canvas.image()
    #expect(image[5, 5] == RGBA8(r: 255, g: 59, b: 48))
    #expect(image[15, 5] == RGBA8(r: 255, g: 255, b: 255, a: 51))
  }

  @Test func capsuleAndCircleStayInsideTheirRects() throws {
    let canvas = try Canvas(width: 40, height: 20)
    canvas.fillRoundedRect(
      Rect(x: 0, y: 0, width: 40, height: 20), radius: 10, color: .white)
    let image = try canvas.image()
    #expect(image[0, 0].a == 0 && image[39, 19].a == 0)
    #expect(image[20, 0] == .white && image[5, 10] == .white && image[0, 10].a > 0)
    let circle = try Canvas(width: 7, height: 7)
    circle.fillEllipse(in: Rect(x: 0, y: 0, width: 7, height: 7), color: .white)
    let dot = try circle.image()
    #expect(dot[3, 3] == .white)
    #expect(dot[0, 0].a == 0)
    #expect(dot[0, 3].a > 0 && dot[3, 0].a > 0)  // the circle touches all four sides
  }

  @Test func imagesDrawAtWholePixelsUnchanged() throws {
    var source = RGBAImage(width: 3, height: 2)
    source[0, 0] = RGBA8(r: 10, g: 20, b: 30, a: 128)
    source[2, 1] = .white
    let canvas = try Canvas(width: 5, height: 4)
    try canvas.draw(source, in: Rect(x: 1, y: 1, width: 3, height: 2))
    let image = try canvas.image()
    #expect(image[1, 1] == RGBA8(r: 10, g: 20, b: 30, a: 128))
    #expect(image[3, 2] == .white)
    #expect(image[0, 0].a == 0)
  }

  @Test func tooLargeOrEmptyCanvasThrows() {
    #expect(throws: RenderError.self) { try Canvas(width: 0, height: 10) }
    #expect(throws: RenderError.self) { try Canvas(width: 20000, height: 10) }
  }

  @Test func textUsesThePinnedInterMetrics() throws {
    let style = TextStyle(weight: .semibold, sizePx: 100, color: .white)
    let layout = try TextLayout("H", style: style)
    // Inter's cap height is 0.727 em (1490 of 2048 units).
    #expect(abs(layout.capHeight - 72.7) < 1)
    #expect(abs(layout.inkRect.height - layout.capHeight) < 0.5)
    #expect(layout.logicalRect.height > 110 && layout.logicalRect.height < 130)
    // Twice the size, twice the measures.
    let big = try TextLayout("H", style: TextStyle(weight: .semibold, sizePx: 200, color: .white))
    #expect(abs(big.inkRect.width - 2 * layout.inkRect.width) < 0.01)
  }

  @Test func emojiAreScaledToTheFontSizeNotDrawnAtTheirBitmapStrike() throws {
    let layout = try TextLayout("👍", style: TextStyle(weight: .regular, sizePx: 20, color: .white))
    // Noto Color Emoji's 109 px strike would be over 100 px tall; scaled, it is about 1 em.
    #expect(layout.inkRect.height > 15 && layout.inkRect.height < 26)
    let canvas = try Canvas(width: 40, height: 40)
    try canvas.draw(layout, x: 5, y: 5)
    let image = try canvas.image()
    var coloured = 0
    var minY = Int.max
    var maxY = -1
    for y in 0..<40 {
      for x in 0..<40 where image[x, y].a > 0 {
        if image[x, y].r != image[x, y].b { coloured += 1 }
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    #expect(coloured > 50)  // the emoji keeps its own colours (not the white text colour)
    #expect(maxY - minY + 1 <= 27)
  }

  @Test func missingGlyphIsAnErrorNamingIt() {
    #expect(throws: RenderError.self) {
      try TextLayout("新", style: TextStyle(weight: .regular, sizePx: 10, color: .white))
    }
    do {
      _ = try TextLayout("a新", style: TextStyle(weight: .regular, sizePx: 10, color: .white))
    } catch {
      #expect("\(error)".contains("U+65B0"))
    }
  }

  @Test func samePixelsEveryTime() throws {
    func draw() throws -> RGBAImage {
      let canvas = try Canvas(width: 120, height: 40)
      let layout = try TextLayout(
        "Ab 12 חדש", style: TextStyle(weight: .regular, sizePx: 17, color: .black))
      try canvas.draw(layout, x: 3.25, y: 4.5)
      return try canvas.image()
    }
    #expect(try draw() == draw())
  }
}
