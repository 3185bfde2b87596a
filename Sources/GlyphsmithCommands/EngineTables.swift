import GlyphsmithCore

/// Help-text tables that the engine computes from its registries, copied here so that the
/// light `glyphsmith` front prints every `--help` without linking the engine. A test
/// (`EngineTablesTests`) fails when one differs from the engine's value: update the copy then.
package enum EngineTables {
  /// `Role.helpTable`: the roles table of `render --help` and `assets --help` (one string,
  /// `RoleHelpTable`, below both executables).
  package static var roles: String { RoleHelpTable.text }

  /// `AssetsCommand`'s `--platform` list: `AssetPlatform.allCases`, the defaults of
  /// `AssetsOptions` marked `(default)`.
  package static let platforms = "ios (default), android, web"

  /// `LintRegistry.helpText`: the `rules:` list of `lint --help`.
  package static let lintRules = """
      inner-lines          lines inside the glyph thinner than 1 px at a scale
      thin-strokes         open strokes (bordering no hole) thinner than 1 px at a scale
      negative-space       holes that fill in at a scale; for indicators, every hole (error)
      text                 <text> in the SVG (error for indicators)
      missing-glyph        <text> characters no pinned font covers (a box is drawn; error
                           for indicators)
      unpinned-font        <text> font-family that names no pinned font (info)
      lettering            letters drawn as paths, shorter than the smallest text (6 pt)
      complexity           more parts + holes than one per 1.5 pt of the target size
                           (indicator: per 2.5 pt)
      hairline             a 1 px line on a half pixel: grey rows instead of a crisp one
      detail-loss          share of the high-resolution structure lost (1 - SSIM), over 35 %
      invisible-paint      elements that paint nothing (opacity 0, zero size, gradients in
                           objectBoundingBox units on a flat shape)
      template-colour      more than one colour in a template image
      off-centre           ink touching a plain canvas's edge; centre of mass over 12 % off
      renderer-limitation  SVG features librsvg 2.54 draws differently from browsers
    """
}
