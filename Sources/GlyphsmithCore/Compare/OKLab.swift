import FoundationEssentials
import Glibc

/// The per-pixel colour metric of a pixelmatch comparison.
///
/// Source: `docs/formats.md`, pixelmatch sections. `yiq` is pixelmatch 5.x-7.2's
/// metric; `oklab` is the metric of pixelmatch's main branch (commit c6fee35, unreleased).
public enum PixelmatchMetric: String, Sendable, Codable, CaseIterable {
  /// The YIQ distance of Kotsarenko & Ramos 2010 (pixelmatch 5.x-7.2): a pixel differs when
  /// the squared distance exceeds `35215 * threshold^2`. The default.
  case yiq
  /// The OKLab HyAB distance `|ΔLr| + sqrt(Δa² + Δb²)` (Ottosson 2020, Abasi et al. 2019),
  /// scaled so that black against white is 1.0: a pixel differs when it exceeds `threshold`.
  case oklab
}

/// sRGB to OKLab with Ottosson's toe-corrected lightness Lr, as pixelmatch's main branch
/// computes it: channels linearised, cube roots looked up in a 4096-step table (linear
/// interpolation between steps), Lr = toe(L) with k1 = 0.206, k2 = 0.03.
///
/// Source: Björn Ottosson, "A perceptual color space for image processing" (2020) for the
/// matrices, and "Okhsv and Okhsl" (2021, "a new lightness estimate") for the toe;
/// `docs/formats.md` for pixelmatch's choices.
package enum OKLab {
  /// Steps of the cube-root table over 0-1.
  package static let cubeRootSteps = 4096

  /// `linear[c]`: the sRGB byte `c` linearised (IEC 61966-2-1), 0-1.
  package static let linear: [Double] = (0..<256).map { linearise(Double($0)) }

  /// `cubeRoot[i]`: the cube root of `i / (cubeRootSteps - 1)`, plus one guard entry.
  package static let cubeRoot: [Double] = (0...cubeRootSteps).map {
    Glibc.cbrt(Double(min($0, cubeRootSteps - 1)) / Double(cubeRootSteps - 1))
  }

  /// An sRGB channel value 0-255 (possibly fractional) linearised to 0-1.
  @inline(__always)
  package static func linearise(_ value: Double) -> Double {
    let c = value / 255
    return c <= 0.04045 ? c / 12.92 : Glibc.pow((c + 0.055) / 1.055, 2.4)
  }

  /// The cube root of `x` (0-1) through the table.
  @inline(__always)
  package static func tableCubeRoot(_ x: Double) -> Double {
    let position = max(0, min(1, x)) * Double(cubeRootSteps - 1)
    let index = Int(position)
    let fraction = position - Double(index)
    return cubeRoot.withUnsafeBufferPointer { table in
      table[index] + (table[index + 1] - table[index]) * fraction
    }
  }

  /// Ottosson's toe: OKLab L to the lightness estimate Lr (toe(0) = 0, toe(1) = 1).
  @inline(__always)
  package static func toe(_ l: Double) -> Double {
    let k1 = 0.206
    let k2 = 0.03
    let k3 = (1 + k1) / (1 + k2)
    let t = k3 * l - k1
    return 0.5 * (t + (t * t + 4 * k2 * k3 * l).squareRoot())
  }

  /// (Lr, a, b) of linear-light RGB (each 0-1).
  @inline(__always)
  package static func lab(linear r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let l = tableCubeRoot(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    let m = tableCubeRoot(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    let s = tableCubeRoot(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    let lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
    let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
    let bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    return (toe(lightness), a, bb)
  }

  /// The HyAB distance between white and black, by which distances are divided (1.0 up to
  /// the table's rounding).
  package static let blackWhite: Double = {
    let white = lab(linear: 1, 1, 1)
    let black = lab(linear: 0, 0, 0)
    let da = white.1 - black.1
    let db = white.2 - black.2
    return abs(white.0 - black.0) + (da * da + db * db).squareRoot()
  }()
}
