import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What a platform writer is given for one `assets` run.
package struct AssetPlatformContext: Sendable {
  /// The platform's output folder (`AssetsOptions.outputFolders`, else the writer's default).
  package var root: String
  /// The run's options.
  package var options: AssetsOptions
  /// Render options shared by every platform: role, size (pt), shape, template, padding (pt)
  /// from `options`, whole points on; writers set scale and pixel sizes per file.
  package var base: RenderOptions

  /// A context writing into `root` with render options taken from `options`.
  package init(root: String, options: AssetsOptions) {
    self.root = root
    self.options = options
    var base = RenderOptions()
    base.role = options.role
    base.sizePt = options.sizePt
    base.shape = options.shape
    base.template = options.template
    base.paddingPt = options.paddingPt
    base.wholePoints = true
    self.base = base
  }
}
