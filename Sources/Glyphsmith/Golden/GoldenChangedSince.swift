import Foundation

extension GoldenCheck {
  /// `golden check --changed-since REV` (issue 37): which icons a check compares, from git's
  /// changes since a revision (`GitChanges`) and the fingerprints the images carry.
  ///
  /// An icon (`Shard.icon(of:)`: folder and name, all its scales and variants together) is
  /// checked when any of its images
  /// - has a golden PNG that changed since the revision (added, edited or deleted);
  /// - is named like an icon file that changed since the revision in the icons folder of a
  ///   project beside the folders (`GoldenRecord.iconsFolders`), in any folder (`bell.svg`
  ///   selects `bell.png`, `tabs/bell@2x.png`, `bell-dark@3x.png`, `bell-compact.png`);
  /// - has an actual PNG that does not carry its golden's fingerprint (the `glyphsmith:source`
  ///   text that `assets` and `build` write: renderer, options and the source's SHA-256), or
  ///   no golden: an image rendered from other inputs than its golden was, or not by
  ///   Glyphsmith at all, is always compared.
  /// An actual image carrying its golden's fingerprint was drawn from the same source, options
  /// and renderer as the golden, so it is the golden's bytes' image and passes (output is
  /// deterministic); an image with no actual and an unchanged golden is an icon `build
  /// --changed-since` did not render. Every image is checked when a project file or
  /// `golden.json` changed since the revision, or the renderer is not the one `golden.json`
  /// records.
  public struct ChangedSince: Sendable, Equatable {
    /// The revision as given.
    public var revision: String
    /// Why every image is checked, or `nil` when only the changed icons are.
    public var everything: String?
    /// The golden PNGs changed since the revision, relative to the golden folder.
    public var goldens: Set<String>
    /// The asset names (lowercased) of the icon files changed since the revision.
    public var names: Set<String>

    /// The changes of the git work tree holding `golden` since `revision`, for a check of
    /// `actual` against `golden` (paths as given).
    /// - Throws: what `GitChanges.since` throws (no git, not a work tree, no such revision),
    ///   naming the golden folder.
    public static func read(_ revision: String, actual: String, golden: String) throws
      -> ChangedSince
    {
      let changes = try GitChanges.since(revision, near: golden)
      var result = ChangedSince(revision: revision, everything: nil, goldens: [], names: [])
      let manifest = (golden.hasSuffix("/") ? golden : golden + "/") + GoldenManifest.fileName
      if changes.contains(manifest) {
        result.everything = "\(manifest) changed"
      }
      let here = FileManager.default.currentDirectoryPath
      for start in [actual, golden, here] {
        let from = OutputOwnership.canonical(URL(fileURLWithPath: start).standardizedFileURL.path)
        if result.everything == nil, let file = ProjectConfig.find(from: from),
          changes.contains(file)
        {
          result.everything = "\(OutputManifest.shown(file)) changed"
        }
      }
      for path in changes.changed(under: golden) where path.lowercased().hasSuffix(".png") {
        result.goldens.insert(path)
      }
      for icons in GoldenRecord.iconsFolders(near: [actual, golden]) {
        for path in changes.changed(under: icons.path) {
          result.names.insert(AssetName.from(path: path).lowercased())
        }
      }
      return result
    }

    /// The icons (`Shard.icon(of:)`) among `paths` (relative to both folders) to compare:
    /// every one when `everything` is set.
    /// - Parameters:
    ///   - actual: whether the actual folder has the image, and its fingerprint.
    ///   - golden: the golden's fingerprint, `nil` when it has none or is missing.
    func icons(
      _ paths: [String], actual: (String) -> (present: Bool, fingerprint: String?),
      golden: (String) -> String?
    ) -> Set<String> {
      var icons: Set<String> = []
      for path in paths {
        let icon = Shard.icon(of: path)
        if icons.contains(icon) { continue }
        let name = (icon.split(separator: "/").last.map(String.init) ?? icon).lowercased()
        var selected = everything != nil || goldens.contains(path) || names.contains(name)
        if !selected {
          let found = actual(path)
          if found.present {
            let expected = golden(path)
            selected = found.fingerprint == nil || expected == nil || found.fingerprint != expected
          }
        }
        if selected { icons.insert(icon) }
      }
      return icons
    }
  }

  /// What a check with `--changed-since` says it compared (`Report.changedSince`).
  public struct ChangedSinceRecord: Sendable, Codable, Equatable {
    /// The revision as given.
    public var revision: String
    /// Why every image was compared (`golden.json changed`, `glyphsmith.json changed`, `the
    /// renderer changed`), or `nil`.
    public var everything: String?
    /// The icons compared.
    public var icons: Int
    /// The images left out: those of icons that did not change.
    public var skipped: Int
  }
}
