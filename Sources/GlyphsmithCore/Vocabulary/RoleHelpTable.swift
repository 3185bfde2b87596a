/// The roles table of `render --help` and `assets --help`: what `Role` and `Role.targetSize`
/// implement, in words (sizes in pt at @1x; tab bar sizes from the HIG's tab bar icon table,
/// docs/specs.md). It lives below the engine so that the light `glyphsmith` front prints it
/// without linking the rendering stack.
package enum RoleHelpTable {
  /// The table, indented by two spaces, one line per row, no trailing newline.
  package static let text = """
      role        image     size (pt, @1x)                                  default of
      plain       original  exactly --size; the artwork's canvas fitted in  render
      tab-bar     template  ink fitted by shape: circle 25, square 23,      assets
                            wide 31 wide, tall 28 tall (max box 31x28);
                            --compact: 18, 17, 23 wide, 20 tall (HIG)
      toolbar     template  ink fitted to 24x24 (28 on the long side max)
      indicator   template  ink fitted to 8x8 (page-control dot scale)
    """
}
