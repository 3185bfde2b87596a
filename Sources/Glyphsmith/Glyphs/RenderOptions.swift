/// How to render one glyph. Sizes in pt unless named `...Px`; pixels are pt x `scale`.
public struct RenderOptions: Sendable, Equatable {
  /// What the glyph is for (sizing and template default).
  public var role: Role = .plain
  /// Size in pt: for `plain`, the square canvas; for fitted roles, the target box's side,
  /// replacing the HIG target. `nil`: the intrinsic size (plain) or the HIG target.
  public var sizePt: Double? = nil
  /// Output width and height in px (plain role); either alone keeps the aspect ratio.
  public var widthPx: Int? = nil
  /// Output height in px (plain role); see `widthPx`.
  public var heightPx: Int? = nil
  /// px per pt: 1, 2, 3 for @1x, @2x, @3x.
  public var scale: Double = 1
  /// Transparent margin in pt on each side: insets the artwork in a fixed canvas (plain), or
  /// is added around the fitted glyph (fitted roles).
  public var paddingPt: Double = 0
  /// Plain role with a fixed canvas: the least space in pt between the ink and the canvas
  /// edge; artwork whose ink would come closer is scaled down about the canvas centre until
  /// it does not (Android glyph drawables keep Material's 2 dp margin in the 24 dp box). 0:
  /// the canvas is fitted as is.
  public var minimumInkMarginPt: Double = 0
  /// Alpha only, glyph black, coverage kept. `nil`: the role's default.
  public var template: Bool? = nil
  /// One colour for the whole glyph, coverage kept; a translucent tint lowers alpha and never
  /// darkens the colour.
  public var tint: RGBA8? = nil
  /// Colour composited under the glyph (source-over); `nil`: transparent.
  public var background: RGBA8? = nil
  /// Overrides the shape found from the ink (fitted roles).
  public var shape: GlyphShape? = nil
  /// Uses the compact tab bar sizes (tab-bar role).
  public var compact: Bool = false
  /// Rounds a plain role's canvas up to whole points, so that every scale is an exact
  /// multiple of @1x (asset catalogs); `render` draws exactly the size asked instead.
  public var wholePoints: Bool = false

  /// Default options (plain role, intrinsic size, @1x).
  public init() {}

  /// Whether the output is a template image.
  public var isTemplate: Bool { template ?? role.isTemplateByDefault }
}

/// A rendered glyph: the pixels and what was decided on the way.
public struct RenderedGlyph: Sendable {
  /// The warning about upscaling a raster (kind `upscaled-raster`: `path: warning: upscaling
  /// a raster by Nx blurs it; ...`), which composed previews (tab bars, toolbars, tables,
  /// dots) pass on.
  public var upscaling: [Diagnostic] {
    diagnostics.filter { $0.kind == Diagnostic.Kind.upscaledRaster }
  }

  /// Straight RGBA8 pixels, `canvasPt x scale` px.
  public var image: RGBAImage
  /// The output canvas in pt (whole points for fitted roles).
  public var canvasPt: Size
  /// The shape used for fitting (fitted roles), else `nil`.
  public var shape: GlyphShape?
  /// The HIG target box in pt the ink was fitted to (fitted roles), else `nil`.
  public var targetPt: Size?
  /// The artwork's warnings, then the renderer's (upscaling, an opaque template PNG).
  public var diagnostics: [Diagnostic]
}
