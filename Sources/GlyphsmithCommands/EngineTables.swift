/// Help-text tables that the engine computes from its registries, copied here so that the
/// light `glyphsmith` front prints every `--help` without linking the engine. A test
/// (`EngineTablesTests`) fails when one differs from the engine's value: update the copy then.
package enum EngineTables {
  /// `Role.helpTable`: the roles table of `render --help` and `assets --help`.
  package static let roles = """
      role        image     size (pt, @1x)                                  default of
      plain       original  exactly --size; the artwork's canvas fitted in  render
      tab-bar     template  ink fitted by shape: circle 25, square 23,      assets
                            wide 31 wide, tall 28 tall (max box 31x28);
                            --compact: 18, 17, 23 wide, 20 tall (HIG)
      toolbar     template  ink fitted to 24x24 (28 on the long side max)
      indicator   template  ink fitted to 8x8 (page-control dot scale)
    """

  /// `AssetsCommand`'s `--platform` list: `AssetPlatform.allCases`, the defaults of
  /// `AssetsOptions` marked `(default)`.
  package static let platforms = "PLATFORMS"

  /// `LintRegistry.helpText`: the `rules:` list of `lint --help`.
  package static let lintRules = """
    RULES
    """
}
