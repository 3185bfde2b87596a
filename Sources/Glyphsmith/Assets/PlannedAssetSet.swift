import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A set of output files of one input on one platform, before rendering: an imageset, one
/// Android density's file, a web icon folder.
package struct PlannedAssetSet: Sendable {
  /// PNG files packed into one ICO file (`ICOFile`) instead of being written themselves.
  package struct Icon: Sendable {
    /// The ICO file's name in the set's folder.
    package var name: String
    /// Entries in order: side in px and the name of the planned PNG file holding it.
    package var entries: [(side: Int, file: String)]

    /// An ICO `name` made of the planned files `entries`.
    package init(name: String, entries: [(side: Int, file: String)]) {
      self.name = name
      self.entries = entries
    }
  }

  /// The folder the files go to.
  package var folder: String
  /// The PNG files to render.
  package var files: [PlannedAssetFile]
  /// Extra non-PNG files (Contents.json, manifest) and their exact bytes.
  package var texts: [(name: String, data: Data)]
  /// Written as one folder replaced whole (imagesets, web; nothing else may sit in it) or
  /// file by file into a shared folder (Android).
  package var whole: Bool
  /// An ICO file made from some of `files`, else `nil`.
  package var icon: Icon?
  /// Written instead of this set, with a warning, when a VectorDrawable in it cannot express
  /// the input (`--android-format auto`), or an SVG image set's paths cannot (its PDF set);
  /// `nil`: that is the input's error.
  package var fallback: [PlannedAssetSet]? = nil
  /// The end of the warning a fallback writes, after the reason: what is written instead.
  package var fallbackNote = "writing PNG drawables instead"
  /// Paths of files this set replaces (the other Android format's output for the same
  /// name): removed after the set is written when they carry Glyphsmith's fingerprint, so a
  /// density PNG never shadows the VectorDrawable written now, nor the reverse.
  package var replaces: [String] = []
  /// For a set replaced whole, the hashes its output folder's record holds for the files of
  /// `folder`, by name; `nil` when it holds none (`OutputOwnership.userFiles(in:planned:recorded:)`).
  package var recorded: [String: String]? = nil
  /// The platform whose writer planned the set (`AssetsJob.plannedSets`): its files carry
  /// that platform's fingerprint (`AssetsJob.setFingerprints`).
  package var platform: AssetPlatform? = nil

  /// A set of `files` and `texts` in `folder`.
  package init(
    folder: String, files: [PlannedAssetFile], texts: [(name: String, data: Data)] = [],
    whole: Bool, icon: Icon? = nil
  ) {
    self.folder = folder
    self.files = files
    self.texts = texts
    self.whole = whole
    self.icon = icon
  }

  /// Whether the file `name` goes into the ICO file rather than being written.
  func isPacked(_ name: String) -> Bool {
    icon?.entries.contains { $0.file == name } ?? false
  }
}
