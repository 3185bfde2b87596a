import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What a rule sees of one Icon Composer layer file (`LintCheck.findings(inLayer:)`,
/// `lint --role icon-layer`): the layer drawn where its document puts it on the 1024 pt
/// canvas at 1 px per pt (`IconLayerLinter.side`), the measures taken on that render, its
/// SVG structure and its contrast in the light, dark and tinted appearances.
struct IconLayerContext {
  /// How the layer stands out from what is behind it in one appearance.
  struct Contrast {
    /// `light`, `dark` or `tinted`.
    var appearance: IconAppearance
    /// The layer's key path, `groups[0].layers[1]`.
    var keyPath: String
    /// The contrast ratio (1-21) that the best-contrasted tenth of its ink reaches
    /// (the 90th percentile over its px of at least half coverage).
    var ratio: Double
    /// Whether the layer draws this file in the light appearance elsewhere (`false`) or the
    /// file is the layer's own for this appearance (`true`: its dark image, `appicon --dark`).
    var ownFile: Bool = false
    /// What the bundle sets for the layer in this appearance (`fill`, `opacity`, `blend
    /// mode`: the layer's or its group's specializations for it), as a phrase: the designer
    /// chose how it looks there, so the low contrast is intended (an info, not a warning;
    /// issue 35's second trial, finding 12); `nil` when it sets none.
    var intended: String? = nil
    /// Whether the layer is the foreground, `groups[0].layers[0]` (the one `appicon --dark`
    /// replaces).
    var isForeground: Bool { keyPath == "groups[0].layers[0]" }
  }

  /// The file as given.
  let path: String
  /// Limits and severities (`rules` entries; roles do not apply).
  let config: LintConfig
  /// The SVG's structure; `nil` for a PNG.
  let outline: SVGOutline?
  /// The file's own canvas in pt (an SVG's size, a PNG's px).
  let artworkSize: Size
  /// Side of the analysis render in px: the 1024 pt canvas at 1 px per pt.
  let side: Int
  /// The layer's coverage on the canvas (alpha), row-major, `side` x `side`.
  let coverage: [UInt8]
  /// The iOS mask's coverage (`AppIconMask`) at `side`.
  let mask: [UInt8]
  /// The share of the mask's px (at least half inside) that the layer covers at least half.
  let maskShare: Double
  /// Whether the icon is drawn as a circle on watchOS (`supported-platforms.circles`; a file
  /// alone: yes, as `appicon --format icon` writes it).
  let circles: Bool
  /// The key path of the layer that places it (`groups[0].layers[1]`), `nil` for a file
  /// alone or one its bundle never draws.
  let keyPath: String?
  /// Its contrast in each appearance and layer it is drawn in (light, dark, tinted), when
  /// measured.
  let contrasts: [Contrast]

  /// Whether the layer's ink (px at least half covered) reaches within `edgeMargin` of all
  /// four edges of the canvas, or past them.
  let reachesEdges: Bool
  /// Whether the layer's ink reaches within `edgeMargin` of two opposite edges of the canvas
  /// (left and right, or top and bottom), or past them: a band or stripe drawn across the
  /// icon (LNPopupController's "now playing" bar and content band), meant to be cut by the
  /// mask where it meets it.
  let spansCanvas: Bool
  /// Whether its document moves the layer off the canvas centre (a `translation-in-points`
  /// of its own or its group's): where it sits is the designer's choice.
  let placedByDocument: Bool

  /// A layer covering at least this share of the iOS mask is a full-bleed background.
  static let fullBleedShare = 0.98
  /// How near each edge of the canvas a layer's ink must come to span it: 2 % of the side.
  static let edgeMargin = 0.02

  /// Whether the layer is a background: full bleed (`fullBleedShare`), or art spanning the
  /// canvas edge to edge (`reachesEdges`: a texture or grid the mask is meant to cut). A
  /// background is not held to the safe area or to centring, and has nothing of its own
  /// behind it to stand out from.
  var isBackground: Bool { maskShare >= Self.fullBleedShare || reachesEdges }

  /// Whether the layer's art is meant to run off the icon's edge: a background
  /// (`isBackground`) or a band spanning the canvas (`spansCanvas`). Such a layer is not held
  /// to the safe area (the mask is meant to cut it) nor to centring; a band still has what is
  /// behind it to stand out from (`appearance-contrast`).
  var isFullBleed: Bool { isBackground || spansCanvas }

  /// The configured severity of `rule` (`rules.RULE.severity`), else `standard`.
  func severity(_ rule: LintRule, default standard: LintSeverity) -> LintSeverity {
    config.rules[rule.rawValue]?.severity ?? standard
  }

  /// The configured limit of `rule` (`rules.RULE.limit`), else `standard`.
  func limit(_ rule: LintRule, default standard: Double) -> Double {
    config.rules[rule.rawValue]?.limit ?? standard
  }

  /// A pixel finding (scale 1: boxes in pt of the canvas), at the configured severity, or
  /// `nil` when that is `off`.
  func finding(
    _ rule: LintRule, _ message: String, severity: LintSeverity, box: PixelBox?, value: Double,
    limit: Double
  ) -> LintFinding? {
    let severity = self.severity(rule, default: severity)
    guard severity != .off else { return nil }
    return LintFinding(
      rule: rule, severity: severity, message: message, scale: 1, box: box, value: value,
      limit: limit)
  }

  /// The box of the px where `include(index)` holds, `nil` when none does.
  func box(where include: (Int) -> Bool) -> PixelBox? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<side {
      for x in 0..<side where include(y * side + x) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}
