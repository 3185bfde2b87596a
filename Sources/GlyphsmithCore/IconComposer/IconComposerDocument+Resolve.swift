import FoundationEssentials
import Glibc

extension IconComposerDocument.Property {
  /// The value that applies in `appearance` (`nil`: the light, default appearance) on `idiom`
  /// (`nil`: no particular idiom), as Icon Composer picks it (docs/formats.md, "Icon
  /// Composer": the most specific entry wins and the entry without predicates is the
  /// default): among the `KEY-specializations` entries whose appearance and idiom are either
  /// absent or equal to those asked for (`light` counts as the default appearance), the one
  /// with the most predicates (the first of equals); else `KEY`'s value; `nil` when neither
  /// applies (Icon Composer's default for the key).
  package func resolved(
    appearance: IconComposerDocument.Appearance?, idiom: IconComposerDocument.Idiom? = nil
  ) -> Value? {
    let asked = appearance == .light ? nil : appearance
    var best: (specificity: Int, value: Value)?
    for entry in specializations ?? [] {
      let entryAppearance = entry.appearance == .light ? nil : entry.appearance
      guard entryAppearance == nil || entryAppearance == asked,
        entry.idiom == nil || entry.idiom == idiom
      else { continue }
      let specificity = (entryAppearance == nil ? 0 : 1) + (entry.idiom == nil ? 0 : 1)
      if best == nil || specificity > best!.specificity { best = (specificity, entry.value) }
    }
    return best?.value ?? value
  }
}

extension IconComposerDocument.Color {
  /// The colour as straight sRGB components and alpha, each 0 to 1 (clamped): Display P3
  /// through the linear Display P3 to linear sRGB matrix (CSS Color 4's conversions, both
  /// D65; the inverse of `IconBundleJob.displayP3`), sRGB and extended sRGB as they are, grey
  /// spaces as equal components.
  package var sRGB: (r: Double, g: Double, b: Double, a: Double) {
    func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
    let c = components
    switch space {
    case .gray, .extendedGray:
      let g = clamp(c.first ?? 0)
      return (g, g, g, clamp(c.count > 1 ? c[1] : 1))
    case .sRGB, .extendedSRGB:
      return (clamp(c[0]), clamp(c[1]), clamp(c[2]), clamp(c[3]))
    case .displayP3:
      func linear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
      }
      func encoded(_ v: Double) -> Double {
        let v = clamp(v)
        return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
      }
      let r = linear(c[0])
      let g = linear(c[1])
      let b = linear(c[2])
      return (
        encoded(1.2249401 * r - 0.2249404 * g),
        encoded(-0.0420569 * r + 1.0420571 * g),
        encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b),
        clamp(c[3])
      )
    }
  }
}
