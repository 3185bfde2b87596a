import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 39: what a VectorDrawable holds beyond plain paths, written from the vector model:
/// clipping (`<group>` + `<clip-path>`), linear and radial gradients (`<aapt:attr>`
/// `<gradient>`, from API 24) and shape opacity (folded into fillAlpha / strokeAlpha). Each
/// fixture (`Tests/GlyphsmithTestFixtures/Fixtures/android-vector/`) is compiled by aapt and
/// drawn back by resvg against Glyphsmith's PNG at every density.
@Suite("VectorDrawable: clip paths, gradients and shape opacity, aapt and drawn back")
struct VectorDrawableBeyondPathsTests {
  static let fixtures = VectorDrawableWriterTests.repo.appendingPathComponent(
    "Tests/GlyphsmithTestFixtures/Fixtures/android-vector")

  /// The fixtures a VectorDrawable draws (API 24, for the gradients).
  static let drawable = ["clip-path", "linear-gradient", "radial-gradient", "shape-opacity"]

  static func path(_ name: String) -> String {
    fixtures.appendingPathComponent(name + ".svg").path
  }

  func xml(_ name: String, minSdk: Int = 24, role: Role = .plain) throws -> String {
    var options = RenderOptions()
    options.role = role
    let artwork = try Artwork(path: Self.path(name))
    return String(
      decoding: try VectorRender.vectorDrawable(artwork, options: options, minSdk: minSdk),
      as: UTF8.self)
  }

  @Test(
    "drawn back by resvg, each matches Glyphsmith's PNG at mdpi..xxxhdpi (<= 0.5 %)",
    arguments: [Role.plain, .tabBar])
  func drawnBack(role: Role) throws {
    guard AndroidTools.resvg != nil else {
      AndroidTools.skip("resvg is not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inputs = Self.drawable.map(Self.path)
    let tests = VectorDrawableWriterTests()
    try tests.writeBoth(inputs, into: folder, role: role, minSdk: 24)
    let shares = try tests.drawnBackShares(inputs, in: folder)
    #expect(shares.count == 4)
    for (name, share) in shares.sorted(by: { $0.key < $1.key }) {
      print("drawn back \(role.rawValue) \(name): \(String(format: "%.3f", share * 100)) %")
      #expect(share <= 0.005, "\(name): \(share * 100) % of the pixels differ")
    }
  }

  @Test("aapt compiles them for minSdk 24 against the framework's attributes")
  func aaptCompiles() throws {
    guard AndroidTools.aapt != nil else {
      AndroidTools.skip("aapt and android-framework-res are not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try VectorDrawableWriterTests().writeBoth(
      Self.drawable.map(Self.path), into: folder, role: .plain, minSdk: 24)
    let result = try AndroidTools.compile(res: folder.path("vector/res"), minSdk: 24)
    #expect(result.status == 0, "\(result.output)")
    // aapt reads the inline gradients: a bad tileMode in one fails the build.
    let bad = try String(
      contentsOfFile: folder.path("vector/res/drawable/linear_gradient.xml"), encoding: .utf8
    ).replacingOccurrences(of: "android:tileMode=\"clamp\"", with: "android:tileMode=\"bogus\"")
    try folder.write("vector/res/drawable/linear_gradient.xml", bad)
    #expect(try AndroidTools.compile(res: folder.path("vector/res"), minSdk: 24).status != 0)
  }

  @Test("shape opacity is each path's fillAlpha or strokeAlpha; no group is written")
  func opacityFolds() throws {
    let text = try xml("shape-opacity", minSdk: 21)
    #expect(text.components(separatedBy: "android:fillAlpha=\"0.5\"").count == 2)
    #expect(text.components(separatedBy: "android:strokeAlpha=\"0.6\"").count == 2)
    // The group's two rectangles are apart: each gets the group's 0.7.
    #expect(text.components(separatedBy: "android:fillAlpha=\"0.7\"").count == 3)
    // The second rectangle's own fill-opacity stays in its colour.
    #expect(text.contains("android:fillColor=\"#8043A047\""))
    #expect(!text.contains("<group"))
    #expect(!text.contains("aapt"))
  }

  @Test("a clip is a group opening with its clip-path; the rectangles librsvg adds go")
  func clipGroups() throws {
    let text = try xml("clip-path", minSdk: 21)
    // Three stripes under the circle (one group each, as Cairo clips them one by one) and
    // the corner under its notch; no bounding-box rectangles beside them.
    #expect(text.components(separatedBy: "<clip-path").count == 5)
    #expect(text.components(separatedBy: "<group>").count == 5)
    #expect(text.components(separatedBy: "</group>").count == 5)
    #expect(!text.contains("fillType"))
  }

  @Test("gradients: an aapt:attr gradient of each kind in dp")
  func gradients() throws {
    let linear = try xml("linear-gradient")
    #expect(linear.contains("xmlns:aapt=\"http://schemas.android.com/aapt\""))
    #expect(linear.contains("<aapt:attr name=\"android:fillColor\">"))
    #expect(linear.contains("<aapt:attr name=\"android:strokeColor\">"))
    // The bounding-box diagonal of a 20 x 12 rectangle: the isolines stay parallel to the
    // other diagonal, so the end is not the opposite corner.
    #expect(linear.contains("android:startX=\"2\""))
    #expect(linear.contains("android:endX=\"12.588\""))
    #expect(linear.contains("<item android:offset=\"0.6\" android:color=\"#FF43A047\" />"))
    let radial = try xml("radial-gradient")
    #expect(radial.contains("android:type=\"radial\""))
    #expect(radial.contains("android:gradientRadius=\"8\""))
    #expect(radial.contains("android:tileMode=\"mirror\""))
    // A template's one colour makes the opaque gradient solid; the stroke's, whose stops'
    // opacities differ, stays a gradient (of that one colour).
    let template = try xml("linear-gradient", minSdk: 24, role: .tabBar)
    #expect(!template.contains("<aapt:attr name=\"android:fillColor\">"))
    #expect(template.contains("android:fillColor=\"#000000\""))
    #expect(template.contains("<item android:offset=\"0\" android:color=\"#4D000000\" />"))
  }

  @Test("below API 24 a gradient is refused, naming the fill and its element")
  func gradientsNeedAPI24() throws {
    #expect(
      throws: GlyphsmithError.unusable(
        path: Self.path("linear-gradient"),
        problem:
          "gradients need minSdk 24 (VectorDrawable draws them from API 24): the linear gradient fill of <rect id=\"panel\"> line 13; give --min-sdk 24 (android.minSdk in glyphsmith.json)"
      )
    ) { try xml("linear-gradient", minSdk: 21) }
    #expect(
      throws: GlyphsmithError.unusable(
        path: Self.path("radial-gradient"),
        problem:
          "gradients need minSdk 24 (VectorDrawable draws them from API 24): the radial gradient fill of <circle id=\"sun\"> line 13; give --min-sdk 24 (android.minSdk in glyphsmith.json)"
      )
    ) { try xml("radial-gradient", minSdk: 23) }
    // A stroke is named as a stroke (the template's fill became solid).
    #expect(
      throws: GlyphsmithError.unusable(
        path: Self.path("linear-gradient"),
        problem:
          "gradients need minSdk 24 (VectorDrawable draws them from API 24): the linear gradient stroke of <path id=\"base\"> line 14; give --min-sdk 24 (android.minSdk in glyphsmith.json)"
      )
    ) { try xml("linear-gradient", minSdk: 21, role: .tabBar) }
  }

  @Test("opacity over a fill and its stroke is refused, naming the element")
  func overlappingOpacity() throws {
    #expect(
      throws: GlyphsmithError.unusable(
        path: Self.path("fill-stroke-opacity"),
        problem:
          "a VectorDrawable cannot express opacity 0.5 over a fill and its stroke, which overlap (<circle id=\"badge\"> line 2): a VectorDrawable has only each path's fillAlpha and strokeAlpha, which would darken the overlap; give fill-opacity and stroke-opacity instead"
      )
    ) { try xml("fill-stroke-opacity") }
  }

  @Test("the drawn-back check catches an alpha left out")
  func drawnBackCatchesAlpha() throws {
    guard AndroidTools.resvg != nil else {
      AndroidTools.skip("resvg is not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = try xml("shape-opacity", minSdk: 21)
    let wrong = text.replacingOccurrences(of: "android:fillAlpha=\"0.5\"", with: "")
    #expect(wrong != text)
    var render = RenderOptions()
    render.role = .plain
    render.widthPx = 96
    render.heightPx = 96
    let png = try GlyphRenderer.render(
      try Artwork(path: Self.path("shape-opacity")), options: render
    )
    .image
    var options = PixelmatchOptions()
    options.includeAA = false
    var shares: [Double] = []
    for candidate in [text, wrong] {
      let svg = try folder.write(
        "o\(shares.count).svg", try VectorDrawableSVG.convert(Data(candidate.utf8)))
      let back = try AndroidTools.render(svg: svg, width: 96, height: 96)
      let result = try Pixelmatch.compare(png, back, options: options, diff: false, jobs: 1)
      shares.append(Double(result.mismatchedPixels) / Double(96 * 96))
    }
    #expect(shares[0] <= 0.005)
    // The disc (r 6 of a 24 x 24 canvas) is 19.6 % of the image.
    #expect(shares[1] > 0.15)
  }
}
