import FoundationEssentials
import Glibc
import GlyphsmithCore

extension GoldenCheck {
  /// `golden check --changed-since REV` (issue 37): which icons a check compares, from git's
  /// changes since a revision (`GitChanges`), the fingerprints the images carry and the
  /// project's plan (which icon file makes which output).
  ///
  /// An icon (`Shard.icon(of:)`: folder and name, all its scales and variants together) is
  /// compared when any of its images
  /// - has a golden PNG, or an actual PNG, that changed since the revision (added, edited or
  ///   deleted: a catalog kept in git too);
  /// - has an actual PNG that does not carry its golden's fingerprint (the `glyphsmith:source`
  ///   text that `assets` and `build` write: renderer, options and the source's SHA-256), or
  ///   no golden: an image rendered from other inputs than its golden was, or not by
  ///   Glyphsmith at all, is always compared;
  /// - has a golden but no actual, and no icon of the project makes it now (a deleted or
  ///   renamed icon: a full check fails it), or the icon that makes it has a file (or `-dark`
  ///   file) that changed since the revision. Which icon makes which output comes from the
  ///   project's plan (`ProjectBuild.plan`, as `build --plan --json` lists it: Android's
  ///   `book_image.png` and the web's `book-image/icon-192.png` of `book-image.svg` alike);
  ///   without a project every such image is compared.
  /// An actual image carrying its golden's fingerprint was drawn from the same source, options
  /// and renderer as the golden, so it is the golden's image and passes (output is
  /// deterministic); an image with no actual whose icon did not change is one `build
  /// --changed-since` did not render. Every image is compared when the project file or
  /// `golden.json` changed since the revision, or the renderer is not the one `golden.json`
  /// records.
  public struct ChangedSince: Sendable, Equatable {
    /// The revision as given.
    public var revision: String
    /// Why every image is compared, or `nil` when only the changed icons are.
    public var everything: String?
    /// The golden PNGs changed since the revision, relative to the golden folder.
    public var goldens: Set<String>
    /// The actual PNGs changed since the revision, relative to the actual folder.
    public var actuals: Set<String>
    /// The outputs the project's icons make, relative to the actual folder, each with
    /// whether its icon changed since the revision; `nil` without a project (every image
    /// without an actual is compared then).
    public var made: [String: Bool]?
    /// What the check tells before its summary, as a line `PATH: note: ...`: that no project
    /// file was found, so every golden without an actual image is compared (issue 37 trial
    /// MEDIUM-3); `nil` when a project was found.
    public var note: String? = nil

    /// The changes of the git work tree holding `golden` since `revision`, for a check of
    /// `actual` against `golden` (paths as given); `config`: the project file (`--config`),
    /// else the `glyphsmith.json` found above the actual folder, the golden folder or the
    /// current folder.
    /// - Throws: what `GitChanges.since` throws (no git, not a work tree, no such revision),
    ///   naming the golden folder; what `ProjectConfig.load` throws for a `config` given.
    public static func read(
      _ revision: String, actual: String, golden: String, config: String? = nil
    ) throws -> ChangedSince {
      var file = config
      if file == nil {
        let here = FileManager.default.currentDirectoryPath
        for start in [actual, golden, here] {
          let from = OutputOwnership.canonical(URL(fileURLWithPath: start).standardizedFileURL.path)
          if let found = ProjectConfig.find(from: from) {
            file = found
            break
          }
        }
      }
      var loaded: ProjectConfig? = nil
      if let file {
        do {
          loaded = try ProjectConfig.load(path: file)
        } catch {
          if config != nil { throw error }
        }
      }
      // Icon files git ignores in the icons folder count as changed, as `build` counts them.
      let changes = try GitChanges.since(
        revision, near: golden, ignoredUnder: loaded.map { [$0.resolve($0.icons)] } ?? [])
      var result = ChangedSince(
        revision: revision, everything: nil, goldens: [], actuals: [], made: nil)
      let manifest = (golden.hasSuffix("/") ? golden : golden + "/") + GoldenManifest.fileName
      if changes.contains(manifest) {
        result.everything = "\(manifest) changed"
      }
      for path in changes.changed(under: golden) where path.lowercased().hasSuffix(".png") {
        result.goldens.insert(path)
      }
      for path in changes.changed(under: actual) where path.lowercased().hasSuffix(".png") {
        result.actuals.insert(path)
      }
      guard let file else {
        result.note =
          "\(golden): note: no glyphsmith.json in or above \(actual), \(golden) or the current folder: every golden without an actual image is compared (as a deleted icon's); pass --config FILE to name the project"
        return result
      }
      if changes.contains(file) {
        result.everything = result.everything ?? "\(OutputManifest.shown(file)) changed"
      }
      guard let loaded else { return result }
      // Which icon makes which output: the build's own plan of every icon (nothing written).
      guard let plan = try? ProjectBuild(config: loaded).plan() else { return result }
      let root = URL(fileURLWithPath: actual).standardizedFileURL.resolvingSymlinksInPath().path
      let prefix = root.hasSuffix("/") ? root : root + "/"
      var made: [String: Bool] = [:]
      for icon in plan.jobs.compactMap({ $0 }).flatMap(\.icons) {
        let changed =
          changes.contains(icon.path) || icon.darkPath.map(changes.contains) == true
          || changes.containsDarkVariant(of: icon.path)
          || icon.references?.keys.contains(where: changes.contains) == true
        for output in icon.outputs where output.path.lowercased().hasSuffix(".png") {
          let path = GitChanges.key(output.path)
          guard path.hasPrefix(prefix) else { continue }
          let relative = String(path.dropFirst(prefix.count))
          made[relative] = (made[relative] ?? false) || changed
        }
      }
      result.made = made
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
        var selected = everything != nil || goldens.contains(path) || actuals.contains(path)
        if !selected {
          let found = actual(path)
          if found.present {
            let expected = golden(path)
            selected = found.fingerprint == nil || expected == nil || found.fingerprint != expected
          } else {
            // No actual: compared unless an unchanged icon of the project makes it.
            selected = made?[path] ?? true
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

    /// Every key, `everything` as `null` when `nil` (issue 37 trial LOW-1: it was left out,
    /// where the docs list it and the report writes other absent values as `null`).
    public func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(revision, forKey: .revision)
      try c.encode(everything, forKey: .everything)
      try c.encode(icons, forKey: .icons)
      try c.encode(skipped, forKey: .skipped)
    }

    enum CodingKeys: String, CodingKey {
      case revision, everything, icons, skipped
    }
  }
}
