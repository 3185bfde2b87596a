import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Expands command-line inputs into the icon files to process: files as given, folders
/// recursively (`.svg` and `.png`, hidden files skipped), each folder's files sorted by their
/// path relative to it, so the order never depends on the file system.
package enum InputCollector {
  /// The extensions taken from folders, lower case.
  package static let extensions: Set<String> = ["svg", "png"]

  /// A file found for processing, with the folders between the input folder it was found in
  /// and the file (empty for a file given directly): the catalog group it belongs to.
  package struct CollectedFile: Equatable, Sendable {
    /// The path as given or joined from the input folder.
    package var path: String
    /// Sub-folder names below the input folder, outermost first.
    package var folders: [String]
    /// A file given directly (no group).
    package init(path: String, folders: [String] = []) {
      self.path = path
      self.folders = folders
    }
  }

  /// Like `collect`, keeping each file's sub-folders below its input folder; `-` (stdin) is
  /// refused (`.unusable`): assets are named after their files.
  package static func collectTree(_ inputs: [String]) -> (
    files: [CollectedFile], missing: [GlyphsmithError]
  ) {
    var skipped: [Diagnostic] = []
    return collectTree(inputs, skipped: &skipped)
  }

  /// `collectTree`, adding to `skipped` a warning for each link a folder walk did not follow
  /// (see `walk`).
  package static func collectTree(_ inputs: [String], skipped: inout [Diagnostic]) -> (
    files: [CollectedFile], missing: [GlyphsmithError]
  ) {
    var files: [CollectedFile] = []
    var missing: [GlyphsmithError] = []
    for input in inputs {
      // An asset is named after its file, so stdin has no asset to make (`render` and `lint`
      // read stdin).
      if input == "-" {
        missing.append(
          .unusable(
            path: "-",
            problem:
              "assets does not read stdin: an asset is named after its file; save the SVG or "
              + "PNG as NAME.svg or NAME.png and give that file"))
        continue
      }
      let (found, notFound) = collect([input], skipped: &skipped)
      missing += notFound
      let prefix = input.hasSuffix("/") ? input : input + "/"
      for path in found {
        guard path.hasPrefix(prefix), path != input else {
          files.append(CollectedFile(path: path))
          continue
        }
        let folders = path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
        files.append(CollectedFile(path: path, folders: folders))
      }
    }
    return (files, missing)
  }

  /// The message for a folder input with no icon in it.
  package static let noIcons = "no icons (.svg or .png files) in this folder"

  /// Files found, in order, and inputs that do not exist (as `GlyphsmithError.unreadable`) or
  /// are folders with no icon in them (`.unusable`, `noIcons`): nothing is silently ignored.
  package static func collect(_ inputs: [String]) -> (files: [String], missing: [GlyphsmithError]) {
    var skipped: [Diagnostic] = []
    return collect(inputs, skipped: &skipped)
  }

  /// `collect`, adding to `skipped` a warning for each link a folder walk did not follow;
  /// folders give the files with one of `extensions` (lower case; default `.svg` and `.png`),
  /// and a folder with none of them is `noIcons` unless `empty` names the problem otherwise.
  package static func collect(
    _ inputs: [String], skipped: inout [Diagnostic],
    extensions: Set<String> = extensions, empty: String = noIcons
  ) -> (files: [String], missing: [GlyphsmithError]) {
    var files: [String] = []
    var missing: [GlyphsmithError] = []
    for input in inputs {
      let status = Platform.status(ofPath: input)
      if input == "-" {
        files.append(input)
      } else if status == nil {
        missing.append(.unreadable(path: input, reason: "no such file or folder"))
      } else if status!.isFolder {
        ProjectReadCounter.countFolderListing()
        var found: [String] = []
        var unlisted: [GlyphsmithError] = []
        let root = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
        walk(
          input, relative: "", root: root, extensions: extensions, into: &found,
          skipped: &skipped, unlisted: &unlisted)
        let prefix = input.hasSuffix("/") ? input : input + "/"
        // A folder that could not be listed is an error, never an empty folder: its icons
        // are not gone, and the run (failing) prunes nothing (trial: `chmod 000 icons/sub`
        // had `build` remove sub's outputs as "gone").
        missing += unlisted
        if found.isEmpty && unlisted.isEmpty {
          missing.append(.unusable(path: input, problem: empty))
        }
        files += found.sorted().map { prefix + $0 }
      } else {
        files.append(input)
      }
    }
    return (files, missing)
  }

  /// Adds the icon files below `folder` (paths relative to the input folder) to `found`:
  /// hidden entries and asset catalogs (an earlier output, perhaps this run's own) skipped;
  /// names read with `Platform.folderEntries`, so names that are not UTF-8 are kept.
  ///
  /// The walk never leaves the input folder (`root`, links resolved) through a link (issue
  /// 33: a link to `/` inside `icons/` walked the file system for over 60 s): a link to an
  /// icon file inside the folder is taken; a link to a folder (which could lead back up the
  /// tree), to anything outside the folder, or to nothing is skipped with a warning in
  /// `skipped` (kind `skipped-link`) naming it.
  ///
  /// A folder (the input or one below it) that cannot be listed adds to `unlisted` an error
  /// naming it with the system's reason (`Platform.listFolder`).
  private static func walk(
    _ folder: String, relative: String, root: String, extensions: Set<String>,
    into found: inout [String], skipped: inout [Diagnostic], unlisted: inout [GlyphsmithError],
    depth: Int = 0
  ) {
    // Deeper than any icon set; a bound whatever the tree.
    guard depth < 64 else { return }
    let entries: [Platform.FolderEntry]
    switch Platform.listFolder(atPath: folder) {
    case .success(let listed): entries = listed
    case .failure(let failure):
      unlisted.append(
        .unusable(path: folder, problem: "cannot read the folder: \(failure.reason)"))
      return
    }
    for entry in entries where !entry.name.hasPrefix(".") {
      let name = entry.name
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      let child = relative.isEmpty ? name : relative + "/" + name
      let ext = PathName(name).pathExtension.lowercased()
      // Only a link has a destination: the listing says which entries are links, so the others
      // are not asked (issue 36: FileManager's failing `readlink` made a URL and an error for
      // every input).
      if entry.isLink,
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
      {
        func skip(_ why: String) {
          skipped.append(
            .warning(
              "skipped: a link to '\(destination)', \(why)", path: path,
              kind: Diagnostic.Kind.skippedLink))
        }
        guard let status = Platform.status(ofPath: path) else {
          skip("which does not exist (a dangling link)")
          continue
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // A link to the icons folder itself (`icons/self -> .`) is a loop, not a way out
        // (issue 32, sixth trial: it was called "outside the icons folder").
        if target == (root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root) {
          skip("the icons folder itself (a loop); links to folders are not followed")
          continue
        }
        if !target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
          skip("outside the icons folder \(root); links never lead the walk out of it")
          continue
        }
        if status.isFolder {
          skip("a folder; links to folders are not followed (give the folder itself)")
          continue
        }
      }
      guard let status = Platform.status(ofPath: path) else { continue }
      if status.isFolder {
        if ext != "xcassets" {
          walk(
            path, relative: child, root: root, extensions: extensions, into: &found,
            skipped: &skipped, unlisted: &unlisted, depth: depth + 1)
        }
      } else if extensions.contains(ext) {
        found.append(child)
      }
    }
  }
}
