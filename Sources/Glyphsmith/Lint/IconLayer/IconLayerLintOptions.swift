import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `lint --role icon-layer`: how a file is linted as a layer of an Icon Composer `.icon`
/// bundle (`IconLayerLinter`) instead of as a glyph.
public struct IconLayerLintOptions: Codable, Equatable, Sendable {
  /// The `.icon` bundle whose `Assets/` folder holds the file: its document places, colours
  /// and composes the layer. `nil`: the file alone, as `appicon FILE --format icon` writes it
  /// (the foreground of one group on the `automatic` background, placed and filled as the
  /// writer places and fills it: `IconBundleJob.document(foreground:dark:layers:options:in:)`).
  public var bundle: String?

  /// Options for a layer of `bundle` (`nil`: a file alone).
  public init(bundle: String? = nil) { self.bundle = bundle }

  /// The `.icon` bundle a file at `path` lies in, when it is directly in one's `Assets/`
  /// folder (`App.icon/Assets/Logo.svg` gives `App.icon`).
  public static func bundle(containing path: String) -> String? {
    let folder = FileName.parent(of: path)
    guard PathName(folder).lastPathComponent == "Assets" else { return nil }
    let bundle = FileName.parent(of: folder)
    return bundle.hasSuffix(".icon") ? bundle : nil
  }
}
