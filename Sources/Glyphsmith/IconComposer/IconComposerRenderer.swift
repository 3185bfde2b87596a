import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Draws an approximation of an Icon Composer icon (`IconScene`) on a `side` x `side` px
/// square standing for the 1024 pt canvas. Only Apple's renderer draws Liquid Glass exactly;
/// this is the model `appicon --preview` and `lint --role icon-layer` share
/// (docs/appicon.md, "What the preview draws"):
///
/// - Background: the document's fill (solid; `automatic-gradient`: the colour, lighter by a
///   fifth at the top; `linear-gradient` along its orientation, y down; `automatic` and
///   `system-light`: white to #E3E3E8 top to bottom); dark without a dark fill of its own,
///   `system-dark`: #3A3A3C to #0C0C0E.
/// - Layers: each file drawn at its own size times its scale about its centre; a solid or
///   gradient fill replaces its colours, coverage kept; opacity and blend mode (Cairo's
///   operators; `plus-darker`, which Cairo lacks, as multiply) onto the layers behind in
///   its group, then the group the same way onto what is behind it.
/// - Tinted: every colour as its WCAG luminance L, drawn as `tintBase` + L x (`tint` -
///   `tintBase`); the background `tintBase`. Clear: the layers as white frost of alpha
///   (0.25 + 0.75 L) x coverage over `clearBase`.
/// - Glass (`glass(...)` only): the group's shadow (its coverage blurred by 2 % of the side,
///   moved down 1.5 %, black for `neutral`, the group's mean colour at half brightness for
///   `layer-color`, at the shadow's opacity), translucency (glass layers' opacity times
///   1 - translucency / 2), and a specular highlight on glass layers (a white rim along their
///   top edges at 55 % and a sheen fading from 18 % at the top of their box to 0 halfway).
///   `blur-material` and `lighting` are not drawn.
package enum IconComposerRenderer {
  /// The sample tint of the tinted appearance (systemBlue, dark), as `appicon --preview`.
  package static let tint = AppIconPreview.tint
  /// What a layer of luminance 0, and the background, become in the tinted appearance.
  package static let tintBase = AppIconPreview.darkBackground
  /// The clear appearance's glass behind the layers.
  package static let clearBase = RGBA8(r: 0x48, g: 0x48, b: 0x4A, a: 0x99)

  // MARK: - Layers and background

  /// The file of `layer` drawn as it lies on the canvas, `side` px for 1024 pt: placed,
  /// its fill applied, in `appearance`'s colours (tinted: by luminance; clear: frost);
  /// its opacity not applied.
  /// - Throws: as `IconComposerBundle.artwork` and `Rasterizer.render`, naming the file.
  package static func layerImage(
    _ layer: IconScene.Layer, in bundle: IconComposerBundle, appearance: IconAppearance,
    side: Int
  ) throws -> RGBAImage {
    let artwork = try bundle.artwork(layer.imageName)
    let size = artwork.canvasSize
    let k = Double(side) / IconScene.canvas
    let scale = k * layer.scale
    let placement = Placement(
      scale: scale, offsetX: k * layer.centre.x - scale * size.width / 2,
      offsetY: k * layer.centre.y - scale * size.height / 2)
    var image: RGBAImage
    do {
      image = try Rasterizer.render(
        artwork.source, width: side, height: side, placement: placement, path: artwork.path)
    } catch {
      throw GlyphsmithError.wrap(error, path: artwork.path)
    }
    if let fill = layer.fill {
      let box = (
        x: placement.offsetX, y: placement.offsetY, width: scale * size.width,
        height: scale * size.height
      )
      recolour(&image, fill: fill, box: box)
    }
    map(&image, appearance)
    return image
  }

  /// The background of `scene` at `side` px, opaque (clear: `clearBase`, translucent).
  package static func background(_ scene: IconScene, side: Int) -> RGBAImage {
    switch scene.appearance {
    case .tinted: return RGBAImage(width: side, height: side, fill: tintBase)
    case .clear: return RGBAImage(width: side, height: side, fill: clearBase)
    case .light, .dark: break
    }
    typealias Color = IconComposerDocument.Color
    let light = (top: RGBA8(r: 255, g: 255, b: 255), bottom: RGBA8(r: 0xE3, g: 0xE3, b: 0xE8))
    let dark = (top: RGBA8(r: 0x3A, g: 0x3A, b: 0x3C), bottom: RGBA8(r: 0x0C, g: 0x0C, b: 0x0E))
    let down = IconComposerDocument.Orientation(
      start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 1))
    var stops: [RGBA8]
    var orientation = down
    switch scene.fill {
    case nil, .keyword(.systemDark)?:
      stops = [dark.top, dark.bottom]
    case .keyword?:
      stops = [light.top, light.bottom]
    case .solid(let color)?:
      stops = [rgba(color)]
    case .automaticGradient(let color, let given)?:
      let c = rgba(color)
      stops = [mix(c, .white, 0.2), c]
      orientation = given ?? down
    case .linearGradient(let colors, let given)?:
      stops = colors.isEmpty ? [light.top] : colors.map(rgba)
      orientation = given ?? down
    }
    var image = RGBAImage(width: side, height: side, fill: stops[0])
    if stops.count > 1 {
      paintGradient(
        &image, stops: stops, orientation: orientation, box: (0, 0, Double(side), Double(side)),
        keepAlpha: false)
    }
    return image
  }

  // MARK: - Composites

  /// `scene` drawn flat (no glass): the background, then each group from the back, its layers
  /// from the back, each with its opacity and blend mode. `behind`: only what lies behind
  /// that layer (the groups behind its group, and the layers behind it in its group).
  /// `withBackground` false: the layers alone on transparent px (the flat fallback's dark
  /// icon, on which the system draws its own background).
  /// - Throws: as `layerImage`; `RenderError` from Cairo.
  package static func flat(
    _ scene: IconScene, bundle: IconComposerBundle, side: Int,
    behind: (group: Int, layer: Int)? = nil, withBackground: Bool = true
  ) throws -> RGBAImage {
    let canvas = try Canvas(width: side, height: side)
    if withBackground { try canvas.composite(background(scene, side: side), blend: .normal) }
    for group in scene.groups.reversed() {
      if let behind, group.index < behind.group { continue }
      let groupCanvas = try Canvas(width: side, height: side)
      for layer in group.layers.reversed() {
        if let behind, group.index == behind.group, layer.index <= behind.layer { continue }
        let image = try layerImage(layer, in: bundle, appearance: scene.appearance, side: side)
        try groupCanvas.composite(image, blend: operation(layer.blendMode), opacity: layer.opacity)
      }
      try canvas.composite(
        try groupCanvas.image(), blend: operation(group.blendMode), opacity: group.opacity)
    }
    return try canvas.image()
  }

  /// `scene` drawn with the glass model (the type's description): per group, its shadow,
  /// its layers, translucency and the specular highlight on glass layers.
  /// - Throws: as `flat`.
  package static func glass(_ scene: IconScene, bundle: IconComposerBundle, side: Int) throws
    -> RGBAImage
  {
    let canvas = try Canvas(width: side, height: side)
    try canvas.composite(background(scene, side: side), blend: .normal)
    for group in scene.groups.reversed() {
      let groupCanvas = try Canvas(width: side, height: side)
      var glassCoverage = [UInt8](repeating: 0, count: side * side)
      for layer in group.layers.reversed() {
        let image = try layerImage(layer, in: bundle, appearance: scene.appearance, side: side)
        var opacity = layer.opacity
        if layer.glass {
          opacity *= 1 - group.translucency / 2
          for i in 0..<(side * side) {
            glassCoverage[i] = max(glassCoverage[i], image.pixels[i * 4 + 3])
          }
        }
        try groupCanvas.composite(image, blend: operation(layer.blendMode), opacity: opacity)
      }
      var groupImage = try groupCanvas.image()
      if group.specular { specular(&groupImage, coverage: glassCoverage) }
      if let shadow = group.shadow {
        let image = shadowImage(groupImage, kind: shadow.kind)
        try canvas.composite(image, blend: .normal, opacity: shadow.opacity * group.opacity)
      }
      try canvas.composite(groupImage, blend: operation(group.blendMode), opacity: group.opacity)
    }
    return try canvas.image()
  }

  // MARK: - Pixels

  /// Cairo's operator for `mode`; `plus-darker` (no Cairo operator) as multiply, an unknown
  /// mode as normal.
  static func operation(_ mode: IconComposerDocument.BlendMode) -> BlendOperator {
    if mode.rawValue == "plus-darker" { return .multiply }
    return BlendOperator(rawValue: mode.rawValue) ?? .normal
  }

  /// `color` as straight sRGB RGBA8, rounded.
  static func rgba(_ color: IconComposerDocument.Color) -> RGBA8 {
    let c = color.sRGB
    func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
    return RGBA8(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(c.a))
  }

  /// `a` + `t` x (`b` - `a`), each channel rounded.
  static func mix(_ a: RGBA8, _ b: RGBA8, _ t: Double) -> RGBA8 {
    func m(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
    }
    return RGBA8(r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: m(a.a, b.a))
  }

  /// WCAG relative luminance (0-1) of a straight colour's RGB, alpha ignored.
  static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    AppIconAppearanceCheck.luminance(overBlack: RGBA8(r: r, g: g, b: b))
  }

  /// Paints `image`'s colours with `fill` (coverage kept); keyword fills keep the artwork's
  /// colours. Gradients run across `box` (px), the layer's artwork on the canvas.
  static func recolour(
    _ image: inout RGBAImage, fill: IconComposerDocument.Fill,
    box: (x: Double, y: Double, width: Double, height: Double)
  ) {
    let down = IconComposerDocument.Orientation(
      start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 1))
    switch fill {
    case .keyword: return
    case .solid(let color):
      let c = rgba(color)
      paint(&image) { _, _ in c }
    case .automaticGradient(let color, let orientation):
      let c = rgba(color)
      paintGradient(
        &image, stops: [mix(c, .white, 0.2), c], orientation: orientation ?? down, box: box,
        keepAlpha: true)
    case .linearGradient(let colors, let orientation):
      guard !colors.isEmpty else { return }
      paintGradient(
        &image, stops: colors.map(rgba), orientation: orientation ?? down, box: box,
        keepAlpha: true)
    }
  }

  /// Sets every px's colour to `color(x, y)`, its alpha multiplied by the colour's.
  static func paint(_ image: inout RGBAImage, _ color: (Int, Int) -> RGBA8) {
    let w = image.width
    for y in 0..<image.height {
      for x in 0..<w {
        let i = (y * w + x) * 4
        guard image.pixels[i + 3] > 0 else { continue }
        let c = color(x, y)
        image.pixels[i] = c.r
        image.pixels[i + 1] = c.g
        image.pixels[i + 2] = c.b
        image.pixels[i + 3] = UInt8((Int(image.pixels[i + 3]) * Int(c.a) + 127) / 255)
      }
    }
  }

  /// A linear gradient through `stops` (evenly spaced) from the orientation's start to its
  /// stop (unit coordinates of `box`, y down), clamped beyond them; with `keepAlpha` only the
  /// colours of covered px change (coverage times the stop's alpha), else every px is set.
  static func paintGradient(
    _ image: inout RGBAImage, stops: [RGBA8], orientation: IconComposerDocument.Orientation,
    box: (x: Double, y: Double, width: Double, height: Double), keepAlpha: Bool
  ) {
    let sx = box.x + orientation.start.x * box.width
    let sy = box.y + orientation.start.y * box.height
    let dx = (orientation.stop.x - orientation.start.x) * box.width
    let dy = (orientation.stop.y - orientation.start.y) * box.height
    let length2 = max(1e-9, dx * dx + dy * dy)
    func color(_ x: Int, _ y: Int) -> RGBA8 {
      let t = min(max(((Double(x) + 0.5 - sx) * dx + (Double(y) + 0.5 - sy) * dy) / length2, 0), 1)
      let position = t * Double(stops.count - 1)
      let i = min(Int(position), stops.count - 2)
      return mix(stops[i], stops[i + 1], position - Double(i))
    }
    if keepAlpha {
      paint(&image, color)
      return
    }
    let w = image.width
    for y in 0..<image.height {
      for x in 0..<w {
        let c = color(x, y)
        let i = (y * w + x) * 4
        image.pixels[i] = c.r
        image.pixels[i + 1] = c.g
        image.pixels[i + 2] = c.b
        image.pixels[i + 3] = c.a
      }
    }
  }

  /// `image` in `appearance`'s colours: tinted by luminance, clear as frost; light and dark
  /// as they are.
  static func map(_ image: inout RGBAImage, _ appearance: IconAppearance) {
    switch appearance {
    case .light, .dark: return
    case .tinted:
      var memo: [UInt32: RGBA8] = [:]
      paintMapped(&image) { r, g, b in
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        if let c = memo[key] { return c }
        let c = mix(tintBase, tint, luminance(r, g, b))
        memo[key] = c
        return c
      }
    case .clear:
      var memo: [UInt32: RGBA8] = [:]
      paintMapped(&image) { r, g, b in
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        if let c = memo[key] { return c }
        let alpha = UInt8(((0.25 + 0.75 * luminance(r, g, b)) * 255).rounded())
        let c = RGBA8(r: 255, g: 255, b: 255, a: alpha)
        memo[key] = c
        return c
      }
    }
  }

  /// Each covered px's colour replaced by `color(r, g, b)`, its alpha multiplied by the
  /// new colour's.
  static func paintMapped(_ image: inout RGBAImage, _ color: (UInt8, UInt8, UInt8) -> RGBA8) {
    let p = image.pixels.count
    var i = 0
    while i < p {
      let a = image.pixels[i + 3]
      if a > 0 {
        let c = color(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
        image.pixels[i] = c.r
        image.pixels[i + 1] = c.g
        image.pixels[i + 2] = c.b
        image.pixels[i + 3] = UInt8((Int(a) * Int(c.a) + 127) / 255)
      }
      i += 4
    }
  }

  /// The specular highlight over the px `coverage` marks as glass: a white rim where the
  /// glass has no glass above it (coverage minus the coverage 1.2 % of the side higher, at
  /// 55 %) and a sheen from 18 % at the top of the glass's box to 0 halfway down.
  static func specular(_ image: inout RGBAImage, coverage: [UInt8]) {
    let w = image.width
    let h = image.height
    var top = h
    var bottom = -1
    for y in 0..<h {
      for x in 0..<w where coverage[y * w + x] > 0 {
        top = min(top, y)
        bottom = max(bottom, y)
        break
      }
    }
    guard bottom >= top else { return }
    let shift = max(1, Int((Double(h) * 0.012).rounded()))
    let half = max(1.0, Double(bottom - top + 1) / 2)
    for y in top...bottom {
      let sheen = max(0, 1 - Double(y - top) / half) * 0.18
      for x in 0..<w {
        let c = Double(coverage[y * w + x]) / 255
        guard c > 0 else { continue }
        let above = y >= shift ? Double(coverage[(y - shift) * w + x]) / 255 : 0
        let rim = max(0, c - above) * 0.55
        let alpha = min(1, c * sheen + rim)
        guard alpha > 0 else { continue }
        let i = (y * w + x) * 4
        // White over the px, source-over in straight colour.
        let a0 = Double(image.pixels[i + 3]) / 255
        let a = alpha + a0 * (1 - alpha)
        guard a > 0 else { continue }
        for ch in 0..<3 {
          let v = (255 * alpha + Double(image.pixels[i + ch]) * a0 * (1 - alpha)) / a
          image.pixels[i + ch] = UInt8(min(255, v.rounded()))
        }
        image.pixels[i + 3] = UInt8((a * 255).rounded())
      }
    }
  }

  /// The shadow of `image`: its coverage blurred (three box passes of radius 2 % of the side
  /// each way), moved down by 1.5 % of the side, in black (`neutral`) or the image's mean
  /// colour at half brightness (`layer-color`).
  static func shadowImage(_ image: RGBAImage, kind: IconComposerDocument.ShadowKind) -> RGBAImage {
    let w = image.width
    let h = image.height
    var color = RGBA8.black
    if kind == .layerColor {
      var sums = (r: 0, g: 0, b: 0, n: 0)
      for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] >= 128 {
        sums.r += Int(image.pixels[i])
        sums.g += Int(image.pixels[i + 1])
        sums.b += Int(image.pixels[i + 2])
        sums.n += 1
      }
      if sums.n > 0 {
        color = RGBA8(
          r: UInt8(sums.r / sums.n / 2), g: UInt8(sums.g / sums.n / 2),
          b: UInt8(sums.b / sums.n / 2))
      }
    }
    var alpha = (0..<(w * h)).map { Int(image.pixels[$0 * 4 + 3]) }
    let radius = max(1, Int((Double(w) * 0.02).rounded()))
    for _ in 0..<3 {
      alpha = boxBlur(alpha, width: w, height: h, radius: radius, horizontal: true)
      alpha = boxBlur(alpha, width: w, height: h, radius: radius, horizontal: false)
    }
    let shift = Int((Double(h) * 0.015).rounded())
    var out = RGBAImage(width: w, height: h)
    for y in shift..<h {
      for x in 0..<w {
        let a = alpha[(y - shift) * w + x]
        guard a > 0 else { continue }
        let i = (y * w + x) * 4
        out.pixels[i] = color.r
        out.pixels[i + 1] = color.g
        out.pixels[i + 2] = color.b
        out.pixels[i + 3] = UInt8(a)
      }
    }
    return out
  }

  /// One pass of a box blur of `radius` px along rows or columns, integer means rounded
  /// half up (edges: the window cut at the border, divided by the full window).
  static func boxBlur(
    _ values: [Int], width: Int, height: Int, radius: Int, horizontal: Bool
  ) -> [Int] {
    var out = [Int](repeating: 0, count: values.count)
    let window = 2 * radius + 1
    let lines = horizontal ? height : width
    let length = horizontal ? width : height
    for line in 0..<lines {
      func index(_ t: Int) -> Int { horizontal ? line * width + t : t * width + line }
      var sum = 0
      for t in 0..<min(radius, length) { sum += values[index(t)] }
      for t in 0..<length {
        if t + radius < length { sum += values[index(t + radius)] }
        if t - radius - 1 >= 0 { sum -= values[index(t - radius - 1)] }
        out[index(t)] = (sum + window / 2) / window
      }
    }
    return out
  }
}
