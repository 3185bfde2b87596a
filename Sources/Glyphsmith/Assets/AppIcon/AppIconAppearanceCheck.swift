import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Warnings about app icon layers that would not look as meant (issue 22): a dark or tinted
/// layer that vanishes on the dark home screen, a tinted layer in colour, glyph artwork whose
/// corners the icon mask cuts, a foreground that does not stand out from the background.
///
/// Apple's iOS 18 guidance (HIG "App icons", Dark and tinted icons; "Creating your app icon"
/// in Xcode's documentation): the system draws dark icons on a dark background (their own
/// background should be transparent, the foreground light or colourful), and tinted icons
/// are made from the layer's luminance (a greyscale image, light where the tint shows).
/// "Stands out" is WCAG 2.1's non-text contrast (SC 1.4.11): at least 3:1.
public enum AppIconAppearanceCheck {
  /// The least contrast ratio of ink that counts as visible (WCAG 2.1 SC 1.4.11, 3:1).
  public static let minimumContrast = 3.0
  /// A dark or tinted layer is invisible when less than this share of its px stands out
  /// against black by `minimumContrast` (0.5 %: a 72 x 72 px glyph in the 1024 px icon).
  public static let visibleShare = 0.005
  /// A tinted layer is in colour when more than this share of its ink (alpha >= 128) has a
  /// chroma (largest minus smallest of R, G, B) over `chromaLimit`.
  public static let colourShare = 0.02
  /// Chroma (0-255) above which a px is coloured rather than grey.
  public static let chromaLimit = 32
  /// Ink the mask may cut from glyph artwork before it warns, px of full coverage at 1024 px
  /// (an 8 x 8 px block: antialiasing where ink grazes the outline stays below it).
  public static let cutLimit = 64.0

  /// WCAG relative luminance (0-1) of a straight colour composited over black.
  public static func luminance(overBlack p: RGBA8) -> Double {
    func linear(_ v: UInt8) -> Double {
      let c = Double(v) / 255 * Double(p.a) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(p.r) + 0.7152 * linear(p.g) + 0.0722 * linear(p.b)
  }

  /// WCAG contrast ratio of two opaque colours (1-21).
  public static func contrast(_ a: RGBA8, _ b: RGBA8) -> Double {
    let la = luminance(overBlack: RGBA8(r: a.r, g: a.g, b: a.b))
    let lb = luminance(overBlack: RGBA8(r: b.r, g: b.g, b: b.b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// The share of `image`'s px that, composited over black, stand out from it by
  /// `minimumContrast`.
  static func visible(_ image: RGBAImage) -> Double {
    let least = minimumContrast * 0.05 - 0.05
    // Luminance depends on the px's straight colour and alpha only: memoised per colour, as
    // icon layers hold few distinct ones.
    var memo: [UInt32: Bool] = [:]
    var count = 0
    let p = image.pixels
    for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] > 0 {
      let key =
        UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
      let bright =
        memo[key]
        ?? {
          let value =
            luminance(overBlack: RGBA8(r: p[i], g: p[i + 1], b: p[i + 2], a: p[i + 3])) >= least
          memo[key] = value
          return value
        }()
      if bright { count += 1 }
    }
    return Double(count) / Double(max(1, image.width * image.height))
  }

  /// Warnings for the dark layer rendered as `image` from `path`: ink that is invisible on
  /// the dark background, an opaque light background.
  public static func darkWarnings(_ image: RGBAImage, path: String) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    let share = visible(image)
    if share < visibleShare {
      warnings.append(
        .warning(
          "the dark icon is invisible on the dark home screen: \(percent(share)) of it stands out against black (contrast 3:1 or more); iOS 18 draws dark icons on a dark background, so give a light or colourful glyph on transparent (a black glyph on transparent shows nothing)",
          path: path, kind: Diagnostic.Kind.appearance))
    }
    let corners = cornerPixels(image)
    if corners.allSatisfy({ $0.a == 255 }),
      corners.map({ luminance(overBlack: $0) }).reduce(0, +) / 4 > 0.4
    {
      warnings.append(
        .warning(
          "the dark icon has an opaque light background (corner \(String(corners[0].description.prefix(7)))); iOS 18 draws dark icons on its own dark background; leave the background transparent",
          path: path, kind: Diagnostic.Kind.appearance))
    }
    return warnings
  }

  /// Warnings for the tinted layer rendered as `image` from `path`: ink too dark to carry the
  /// tint, colour the system throws away.
  public static func tintedWarnings(_ image: RGBAImage, path: String) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    let share = visible(image)
    if share < visibleShare {
      warnings.append(
        .warning(
          "the tinted icon is invisible: \(percent(share)) of it is light enough to carry the tint (contrast 3:1 or more against black); iOS 18 makes tinted icons from the layer's luminance, so dark ink vanishes; give a white or light grey glyph on transparent",
          path: path, kind: Diagnostic.Kind.appearance))
    }
    var ink = 0
    var coloured = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        guard p.a >= 128 else { continue }
        ink += 1
        if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > chromaLimit { coloured += 1 }
      }
    }
    let colourShareFound = Double(coloured) / Double(max(1, ink))
    if colourShareFound > colourShare {
      warnings.append(
        .warning(
          "the tinted icon is in colour (\(percent(colourShareFound)) of its ink); iOS 18 keeps only its luminance and applies the tint; give a greyscale image",
          path: path, kind: Diagnostic.Kind.appearance))
    }
    return warnings
  }

  /// A warning when the mask cuts more than `cutLimit` px of ink from `glyph` (the square
  /// render of glyph artwork, before flattening), naming the least `--padding` (in steps of
  /// 2 % up to 30 %) that keeps it inside; `padding` is the padding it was rendered with.
  /// Artwork whose corners are opaque fills the square on purpose and is never warned about.
  /// - Throws: as `AppIconMask.coverage(side:)`.
  public static func cutWarnings(_ glyph: RGBAImage, path: String, padding: Double) throws
    -> [Diagnostic]
  {
    guard glyph.width == glyph.height, !cornerPixels(glyph).allSatisfy({ $0.a == 255 }) else {
      return []
    }
    let outside = AppIconMask.partial(try AppIconMask.coverage(side: glyph.width))
    let scale = Double(AppIconJob.marketingSide) / Double(glyph.width)
    let cut = AppIconMask.cut(glyph, outside: outside, padding: 0) * scale * scale
    guard cut > cutLimit else { return [] }
    // Padding already applied shrank the glyph; more is suggested on top of it.
    let extra = stride(from: 2, through: 30, by: 2).first { step in
      AppIconMask.cut(glyph, outside: outside, padding: Double(step) / 100) * scale * scale
        <= cutLimit
    }
    let total = extra.map { "\(Int((padding * 100).rounded()) + $0)%" }
    let fix =
      total.map { "pass --padding \($0) to keep it inside the icon shape" }
      ?? "give artwork with room around the glyph, or more --padding"
    return [
      .warning(
        "the iOS icon mask cuts the artwork's corners (\(Int(cut.rounded())) px of ink outside the rounded shape at 1024 px); \(fix)",
        path: path, kind: Diagnostic.Kind.appearance)
    ]
  }

  /// A warning when `foreground` stands out from `background` by less than `minimumContrast`.
  public static func foregroundWarnings(_ foreground: RGBA8, background: RGBA8) -> [Diagnostic] {
    let ratio = contrast(foreground, background)
    guard ratio < minimumContrast else { return [] }
    return [
      .warning(
        "--foreground \(String(foreground.description.prefix(7))) on --background \(String(background.description.prefix(7))) has a contrast of \(String(cFormat: "%.2f", ratio)):1, under 3:1; the glyph will hardly show; pick colours further apart",
        kind: Diagnostic.Kind.appearance)
    ]
  }

  /// The four corner px: top-left, top-right, bottom-left, bottom-right.
  static func cornerPixels(_ image: RGBAImage) -> [RGBA8] {
    [
      image[0, 0], image[image.width - 1, 0], image[0, image.height - 1],
      image[image.width - 1, image.height - 1],
    ]
  }

  /// `0.3 %` (one decimal).
  static func percent(_ share: Double) -> String { String(cFormat: "%.1f %%", share * 100) }
}
