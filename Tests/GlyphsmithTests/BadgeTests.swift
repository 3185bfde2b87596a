import Foundation
import Glyphsmith
import Testing

@Suite("Badge")
struct BadgeTests {
  /// The golden set of issue 3: value, file stem.
  static let goldenValues: [(String, String)] = [
    ("1", "1"), ("7", "7"), ("42", "42"), ("99", "99"), ("100", "100"), ("!", "bang"),
    ("New", "new"), ("", "empty"), ("👍🏽", "emoji"), ("חדש 12", "rtl"),
  ]

  @Test(arguments: 0..<10)
  func goldens(index: Int) throws {
    let (value, stem) = Self.goldenValues[index]
    for scale in [2.0, 3.0] {
      for appearance in Appearance.allCases {
        let image = try Badge(value, appearance: appearance).render(scale: scale)
        try IndicatorGolden.check(
          image, "badge/\(stem)@\(Int(scale))x-\(appearance.rawValue).png")
      }
    }
  }

  @Test(arguments: [16.0, 18.0, 20.0, 24.0])
  func heightInPixelsIsHeightTimesScale(height: Double) throws {
    for scale in [1.0, 2.0, 3.0] {
      for value in ["3", "42", "New", "99+"] {
        let image = try Badge(value, heightPt: height).render(scale: scale)
        #expect(image.height == Int(height * scale), "\(value) \(height) pt @\(scale)x")
        #expect(image.width >= image.height)
      }
    }
  }

  @Test(arguments: ["1", "7", "!", "👍🏽", "ש"])
  func oneCharacterIsACircle(value: String) throws {
    for scale in [1.0, 2.0, 3.0] {
      let image = try Badge(value).render(scale: scale)
      #expect(image.width == image.height)
      #expect(image.height == Int(18 * scale))
    }
  }

  @Test func overMaximumShowsMaxPlusWithIdenticalPixels() throws {
    #expect(Badge("100").displayText == "99+")
    #expect(Badge("99").displayText == "99")
    #expect(Badge("99+").displayText == "99+")
    #expect(Badge("5+").displayText == "5+")
    #expect(Badge("1000", maximum: 999).displayText == "999+")
    #expect(Badge(" 12 ").displayText == "12")
    for scale in [1.0, 2.0, 3.0] {
      for appearance in Appearance.allCases {
        let a = try Badge("100", appearance: appearance).render(scale: scale)
        let b = try Badge("99+", appearance: appearance).render(scale: scale)
        let c = try Badge("123456", appearance: appearance).render(scale: scale)
        #expect(a == b)
        #expect(a == c)
      }
    }
  }

  @Test func longerTextIsWiderThanHigh() throws {
    let image = try Badge("99+").render(scale: 2)
    // Inter SemiBold "99+" at 13.5 pt is about 24 pt wide, plus 2 x 4 pt padding.
    #expect(image.width > 56 && image.width < 72)
    let word = try Badge("New").render(scale: 3)
    #expect(word.width > word.height)
  }

  @Test func emptyValueIsADot() throws {
    for scale in [1.0, 2.0, 3.0] {
      let image = try Badge("").render(scale: scale)
      #expect(image.width == Int((9 * scale).rounded()))
      #expect(image.height == image.width)
      let centre = image[image.width / 2, image.height / 2]
      #expect(centre == RGBA8(r: 0xFF, g: 0x3B, b: 0x30))
      #expect(image[0, 0].a == 0)
    }
  }

  @Test func fillIsSystemRedOfPaletteAndAppearance() throws {
    let cases: [(IndicatorPalette, Appearance, RGBA8)] = [
      (.ios18, .light, RGBA8(r: 0xFF, g: 0x3B, b: 0x30)),
      (.ios18, .dark, RGBA8(r: 0xFF, g: 0x45, b: 0x3A)),
      (.ios26, .light, RGBA8(r: 0xFF, g: 0x38, b: 0x3C)),
      (.ios26, .dark, RGBA8(r: 0xFF, g: 0x42, b: 0x45)),
    ]
    for (palette, appearance, red) in cases {
      let image = try Badge("42", palette: palette, appearance: appearance).render(scale: 2)
      // Left of the text, on the horizontal centre line: solid fill.
      #expect(image[6, image.height / 2] == red)
      // Corners are outside the capsule.
      #expect(image[0, 0].a == 0)
      #expect(image[image.width - 1, image.height - 1].a == 0)
    }
    let custom = try Badge("3", color: RGBA8(r: 0, g: 0x80, b: 0)).render(scale: 2)
    #expect(custom[3, 18] == RGBA8(r: 0, g: 0x80, b: 0))
  }

  @Test func textIsWhiteAndCentred() throws {
    let image = try Badge("8").render(scale: 3)
    var white = 0
    var minX = Int.max
    var maxX = -1
    var minY = Int.max
    var maxY = -1
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y] == .white {
        white += 1
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    #expect(white > 100)
    // The digit's solid core is centred within 1.5 px each way.
    let cx = Double(minX + maxX) / 2
    let cy = Double(minY + maxY) / 2
    #expect(abs(cx - Double(image.width - 1) / 2) <= 1.5)
    #expect(abs(cy - Double(image.height - 1) / 2) <= 1.5)
  }

  @Test func samePixelsOnEveryRunAndAcrossThreads() async throws {
    let first = try Badge("👍🏽").render(scale: 3)
    let results = try await withThrowingTaskGroup(of: RGBAImage.self) { group in
      for _ in 0..<6 { group.addTask { try Badge("👍🏽").render(scale: 3) } }
      var all: [RGBAImage] = []
      for try await image in group { all.append(image) }
      return all
    }
    for image in results { #expect(image == first) }
  }

  @Test func uncoveredCharacterIsAnErrorNotTofu() throws {
    #expect(throws: GlyphsmithError.self) { try Badge("新").render(scale: 2) }
    do {
      _ = try Badge("新").render(scale: 2)
    } catch {
      #expect("\(error)".contains("U+65B0"))
    }
  }

  @Test func badOptionsThrow() {
    #expect(throws: GlyphsmithError.self) { try Badge("1", heightPt: 0).render(scale: 2) }
    #expect(throws: GlyphsmithError.self) { try Badge("1").render(scale: 0) }
    #expect(throws: GlyphsmithError.self) { try Badge("1", maximum: -1).render(scale: 1) }
  }

  @Test func onIconAtTopTrailingCornerMirroredForRightToLeft() throws {
    let icon = RGBAImage(width: 50, height: 50, fill: .black)  // a 25 pt glyph at @2x
    let badge = try Badge("3").render(scale: 2)
    let ltr = try Badge("3").composite(on: icon, scale: 2, rightToLeft: false)
    let rtl = try Badge("3").composite(on: icon, scale: 2, rightToLeft: true)
    // Box 62 x 56 px centred on the icon: x -6...56, y -3...53. Badge trailing edge at
    // 56 + 6 = 62, top at -3 - 6 = -9: the canvas grows 9 px up and 12 px to the right.
    #expect(ltr.width == 62 && ltr.height == 59)
    #expect(rtl.width == 62 && rtl.height == 59)
    for y in 0..<badge.height {
      for x in 0..<badge.width where badge[x, y].a == 255 {
        #expect(ltr[26 + x, y] == badge[x, y])
        #expect(rtl[x, y] == badge[x, y])
      }
    }
    // The icon sits below the grown top, at the leading side (LTR) or trailing side (RTL).
    #expect(ltr[0, 58] == .black)
    #expect(rtl[61, 58] == .black)
    #expect(ltr[61, 58].a == 0)
  }
}
