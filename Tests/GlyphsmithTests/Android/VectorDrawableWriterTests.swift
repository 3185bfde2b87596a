import Foundation
import GlyphsmithRender
import GlyphsmithTestFixtures
import Testing

@testable import Glyphsmith

/// Issue 28: the VectorDrawable writer, checked with Android's own tools (aapt against the
/// framework's attributes) and drawn back by an independent renderer (resvg) against
/// Glyphsmith's PNGs at every density.
@Suite("VectorDrawable: exact output, Android's grammar, aapt, drawn back against the PNGs")
struct VectorDrawableWriterTests {
  static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Inputs beyond the Lucide samples: fills, an even-odd hole, colours with opacity,
  /// transforms, and the path-data quirks that crash Android's older parsers.
  static let fixtures: [String: String] = [
    "hole-evenodd": """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <path fill-rule="evenodd" d="M2 2h20v20H2z M7 7h10v10H7z M10 10h4v4h-4z"/>
    </svg>
    """,
    "overlap-evenodd": """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <path fill-rule="evenodd" fill="#208040" d="M2 2h12v12H2z M8 8h12v12H8z"/>
    </svg>
    """,
    "colours-transform": """
    <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
    <g transform="translate(4 4) rotate(10 20 20)">
    <rect x="4" y="4" width="32" height="32" rx="6" fill="#ff8800" fill-opacity="0.5"/>
    <circle cx="20" cy="20" r="9" fill="none" stroke="#1060c0" stroke-width="3"/>
    </g>
    </svg>
    """,
    "quirks": """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <path fill="none" stroke="#000" stroke-width="2"
      d="M4 12a8 8 0 0116 0M.5.5.5 3.5M2e1 2e1l1.5E0-1e-3M6 20a2 2 0 104 0"/>
    </svg>
    """,
  ]

  func model(_ text: String) throws -> VectorModel {
    let artwork = try Artwork(data: Data(text.utf8), path: "v.svg", baseDirectory: nil)
    return try #require(artwork.svg).vectorModel()
  }

  func pathData(_ xml: String) -> [String] {
    xml.components(separatedBy: "android:pathData=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  @Test("numbers are plain decimals: no exponent, no -0, a digit before the point")
  func numbers() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0004, "0"), (1e-7, "0"), (0.5, "0.5"), (-0.5, "-0.5"), (12.125, "12.125"),
      (3.0001, "3"), (2.9996, "3"), (1_234_567.25, "1234567.25"), (0.05, "0.05"),
      (-10.1, "-10.1"),
    ]
    for (value, text) in cases { #expect(VectorDrawableWriter.number(value) == text) }
  }

  @Test("the strict grammar refuses the quirks Android's parsers trip on")
  func grammarRefusesQuirks() {
    #expect(AndroidPathGrammar.violation("M 1,2 L 3,4 C 1,2 3,4 5,6 Z") == nil)
    for bad in [
      "M 4,12 A 8,8 0 0116,0", "M 0.5.5", "M 2e1,2e1", "M .5,1", "M 1,2 l 3,4", "M 1.50,2",
      "M -0,1", "M 01,2", "M 1,2  L 3,4", "M1,2", "M 1,2 L 3",
    ] {
      #expect(AndroidPathGrammar.violation(bad) != nil, "\(bad)")
    }
  }

  @Test("a fill and a stroke: the exact XML")
  func exactOutput() throws {
    let model = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12">
      <path d="M1 1h5v5z" fill="#ff8800" fill-opacity="0.5"/>
      <path d="M1 10h10" stroke="red" stroke-width="2" stroke-linecap="round"
        stroke-linejoin="bevel" fill="none"/>
      </svg>
      """)
    let target = VectorTarget(fitting: model, into: Size(width: 24, height: 24))
    let xml = String(decoding: try VectorDrawableWriter().write(model, to: target), as: UTF8.self)
    #expect(
      xml == """
        <?xml version="1.0" encoding="utf-8"?>
        <vector xmlns:android="http://schemas.android.com/apk/res/android"
            android:width="24dp"
            android:height="24dp"
            android:viewportWidth="24"
            android:viewportHeight="24">
            <path
                android:fillColor="#80FF8800"
                android:pathData="M 2,2 L 12,2 L 12,12 Z" />
            <path
                android:pathData="M 2,20 L 22,20"
                android:strokeColor="#FF0000"
                android:strokeWidth="4"
                android:strokeLineCap="round"
                android:strokeLineJoin="bevel" />
        </vector>

        """)
  }

  @Test("evenOdd from API 24; below, the hole's contours are reoriented for nonzero")
  func evenOdd() throws {
    let model = try model(Self.fixtures["hole-evenodd"]!)
    let target = VectorTarget(canvasOf: model)
    let api24 = String(
      decoding: try VectorDrawableWriter(minSdk: 24).write(model, to: target), as: UTF8.self)
    #expect(api24.contains("android:fillType=\"evenOdd\""))
    let api21 = String(
      decoding: try VectorDrawableWriter(minSdk: 21).write(model, to: target), as: UTF8.self)
    #expect(!api21.contains("fillType"))
    // Outer square as drawn, the first hole reversed, the inner square as drawn (depth 2).
    #expect(
      pathData(api21) == [
        "M 2,2 L 22,2 L 22,22 L 2,22 Z M 7,17 L 17,17 L 17,7 L 7,7 Z M 10,10 L 14,10 L 14,14 L 10,14 Z"
      ])
    #expect(pathData(api24)[0].hasPrefix("M 2,2 L 22,2 L 22,22 L 2,22 Z M 7,7 L 17,7"))
  }

  @Test("a self-crossing even-odd contour cannot be written below API 24; overlapping ones can")
  func crossingEvenOdd() throws {
    // A pentagram in one contour: its centre has winding 2, a hole under even-odd that no
    // orientation leaves empty under nonzero.
    let star = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path fill-rule="evenodd" d="M12 2L18 21L3 9L21 9L6 21Z"/>
      </svg>
      """)
    #expect(throws: VectorDrawableError.self) {
      try VectorDrawableWriter(minSdk: 21).write(star, to: VectorTarget(canvasOf: star))
    }
    #expect(throws: Never.self) {
      try VectorDrawableWriter(minSdk: 24).write(star, to: VectorTarget(canvasOf: star))
    }
    // Two overlapping squares: the second reversed leaves the overlap at winding 0, as
    // even-odd does (the grid check agrees).
    let squares = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <path fill-rule="evenodd" d="M2 2h12v12H2z M8 8h12v12H8z"/>
      </svg>
      """)
    let xml = String(
      decoding: try VectorDrawableWriter(minSdk: 21).write(
        squares, to: VectorTarget(canvasOf: squares)), as: UTF8.self)
    #expect(pathData(xml) == ["M 2,2 L 14,2 L 14,14 L 2,14 Z M 8,20 L 20,20 L 20,8 L 8,8 Z"])
  }

  @Test("masks, dashes and images are errors naming what cannot be expressed")
  func unexpressed() throws {
    let masked = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <mask id="m"><rect width="24" height="12" fill="white"/></mask>
      <circle id="c" cx="12" cy="12" r="10" mask="url(#m)"/>
      </svg>
      """)
    do {
      _ = try VectorDrawableWriter().write(masked, to: VectorTarget(canvasOf: masked))
      Issue.record("a mask was written")
    } catch let error as VectorDrawableError {
      #expect(error.description.hasPrefix("a VectorDrawable cannot express "))
      #expect(error.description.contains("<circle id=\"c\"> line 3"))
    }
    let dashed = try model(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
      <path d="M2 12h20" stroke="#000" stroke-dasharray="2 2"/></svg>
      """)
    #expect(throws: VectorDrawableError(problems: ["dashed strokes (drawing 1 of 1)"])) {
      try VectorDrawableWriter().write(dashed, to: VectorTarget(canvasOf: dashed))
    }
  }

  @Test("the quirks in the source come out in the strict grammar")
  func quirksOut() throws {
    let model = try model(Self.fixtures["quirks"]!)
    let xml = String(
      decoding: try VectorDrawableWriter().write(
        model, to: VectorTarget(fitting: model, into: Size(width: 24, height: 24))),
      as: UTF8.self)
    let data = pathData(xml)
    #expect(data.count == 1)
    for d in data { #expect(AndroidPathGrammar.violation(d) == nil, "\(d)") }
  }

  /// Writes the sample icons and the fixtures as PNG and as VectorDrawable drawables with
  /// `assets`, into `folder`; returns the input paths.
  func writeBoth(into folder: TemporaryFolder, role: Role) throws -> [String] {
    var inputs = try FileManager.default.contentsOfDirectory(
      atPath: Self.repo.appendingPathComponent("assets/icons").path
    ).filter { $0.hasSuffix(".svg") }.sorted().map {
      Self.repo.appendingPathComponent("assets/icons/" + $0).path
    }
    for (name, text) in Self.fixtures.sorted(by: { $0.key < $1.key }) {
      inputs.append(try folder.write("in/\(name).svg", text))
    }
    try writeBoth(inputs, into: folder, role: role)
    return inputs
  }

  /// Writes `inputs` as PNG and as VectorDrawable drawables with `assets` (VectorDrawables
  /// for API `minSdk`), into `folder`'s `png/` and `vector/`.
  func writeBoth(_ inputs: [String], into folder: TemporaryFolder, role: Role, minSdk: Int? = nil)
    throws
  {
    for format in ["png", "vector"] {
      var options = AssetsOptions()
      options.platforms = [.android]
      options.role = role
      options.androidFormat = format
      options.androidOutput = folder.path(format)
      if let minSdk { options.minSdk = minSdk }
      let report = try AssetsJob(catalogPath: folder.path("x.xcassets"), options: options)
        .run(inputs)
      #expect(report.inputs.allSatisfy { $0.status == .written }, "\(report.inputs.map(\.error))")
    }
  }

  /// Compares each input's VectorDrawable, converted to SVG and drawn by resvg, with its
  /// PNG at every density; returns the largest share of differing pixels per input.
  func drawnBackShares(_ inputs: [String], in folder: TemporaryFolder) throws -> [String: Double] {
    var options = PixelmatchOptions()
    options.threshold = 0.1
    options.includeAA = false
    var worst: [String: Double] = [:]
    for input in inputs {
      let name = AndroidDrawables.resourceName(
        URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent)
      let xml = try Data(
        contentsOf: URL(fileURLWithPath: folder.path("vector/res/drawable/\(name).xml")))
      let svg = try folder.write("back/\(name).svg", try VectorDrawableSVG.convert(xml))
      for density in AndroidDrawables.densities {
        let png = try ImageComparison.load(
          folder.path("png/res/drawable-\(density.name)/\(name).png"))
        let back = try AndroidTools.render(svg: svg, width: png.width, height: png.height)
        let result = try Pixelmatch.compare(png, back, options: options, diff: false, jobs: 1)
        let share = Double(result.mismatchedPixels) / Double(png.width * png.height)
        worst[name] = max(worst[name] ?? 0, share)
      }
    }
    return worst
  }

  @Test("every written <vector> compiles with aapt and its pathData passes the grammar")
  func aaptCompiles() throws {
    guard AndroidTools.aapt != nil else {
      AndroidTools.skip("aapt and android-framework-res are not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inputs = try writeBoth(into: folder, role: .tabBar)
    let drawables = try FileManager.default.contentsOfDirectory(
      atPath: folder.path("vector/res/drawable"))
    #expect(drawables.count == inputs.count)
    for name in drawables {
      let xml = try String(
        contentsOfFile: folder.path("vector/res/drawable/" + name), encoding: .utf8)
      for d in pathData(xml) { #expect(AndroidPathGrammar.violation(d) == nil, "\(name): \(d)") }
    }
    let result = try AndroidTools.compile(res: folder.path("vector/res"))
    #expect(result.status == 0, "\(result.output)")
    // aapt does check: a bad attribute value fails the same build.
    try folder.write(
      "vector/res/drawable/zz_bad.xml",
      """
      <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="24dp"
        android:height="24dp" android:viewportWidth="24" android:viewportHeight="24">
      <path android:pathData="M 1,1 L 2,2" android:strokeLineCap="bogus"/></vector>
      """)
    #expect(try AndroidTools.compile(res: folder.path("vector/res")).status != 0)
  }

  @Test(
    "drawn back by resvg, each VectorDrawable matches the PNG at mdpi..xxxhdpi (<= 0.5 %)",
    arguments: [Role.tabBar, .plain])
  func drawnBack(role: Role) throws {
    guard AndroidTools.resvg != nil else {
      AndroidTools.skip("resvg is not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inputs = try writeBoth(into: folder, role: role)
    for (name, share) in try drawnBackShares(inputs, in: folder).sorted(by: { $0.key < $1.key }) {
      #expect(share <= 0.005, "\(name): \(share * 100) % of the pixels differ")
    }
  }

  @Test("the drawn-back comparison catches a wrong fill rule (the hole filled)")
  func drawnBackCatchesFillRule() throws {
    guard AndroidTools.resvg != nil else {
      AndroidTools.skip("resvg is not installed")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let model = try model(Self.fixtures["hole-evenodd"]!)
    let xml = String(
      decoding: try VectorDrawableWriter(minSdk: 24).write(
        model, to: VectorTarget(fitting: model, into: Size(width: 24, height: 24))),
      as: UTF8.self)
    let wrong = xml.replacingOccurrences(of: "android:fillType=\"evenOdd\"", with: "")
    #expect(wrong != xml)
    var options = PixelmatchOptions()
    options.includeAA = false
    let artwork = try Artwork(
      data: Data(Self.fixtures["hole-evenodd"]!.utf8), path: "h.svg", baseDirectory: nil)
    var render = RenderOptions()
    render.widthPx = 96
    render.heightPx = 96
    let png = try GlyphRenderer.render(artwork, options: render).image
    var shares: [Double] = []
    for text in [xml, wrong] {
      let svg = try folder.write(
        "h\(shares.count).svg", try VectorDrawableSVG.convert(Data(text.utf8)))
      let back = try AndroidTools.render(svg: svg, width: 96, height: 96)
      let result = try Pixelmatch.compare(png, back, options: options, diff: false, jobs: 1)
      shares.append(Double(result.mismatchedPixels) / Double(96 * 96))
    }
    #expect(shares[0] <= 0.005)
    // The middle ring (10 x 10 dp less the 4 x 4 dp centre) of 24 x 24 dp: 14.6 %.
    #expect(shares[1] > 0.14)
  }
}
