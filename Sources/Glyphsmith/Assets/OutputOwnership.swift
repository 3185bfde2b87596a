import Foundation

/// Which existing paths Glyphsmith may replace, merge into or delete (issue 32): one it made
/// (its output folder's record, `OutputManifest`, lists it, or it carries Glyphsmith's mark)
/// or one that does not exist. Every writer of `assets` and `build` goes through
/// `AssetsJob.plan(collected:)`, which asks here before anything is written; `symbol` and
/// `appicon` ask here too.
///
/// Glyphsmith's mark: the fingerprint every PNG, VectorDrawable and ICO carries
/// (`OutputFormats.carriesFingerprint`), and the `generator: glyphsmith` comment of a symbol
/// set's SVG. A set folder is Glyphsmith's when a file in it carries the mark; a file when it
/// carries it itself.
package enum OutputOwnership {
  /// The problem an icon fails with when its output `path` exists and is not Glyphsmith's:
  /// `PATH exists and was not made by glyphsmith; move it or pass --force`.
  package static func problem(_ path: String) -> String {
    "\(path) exists and was not made by glyphsmith; move it or pass --force"
  }

  /// The error of the input at `input` whose output `path` is not Glyphsmith's
  /// (`GlyphsmithError.unusable`, `problem(_:)`).
  package static func notOwned(_ path: String, input: String) -> GlyphsmithError {
    .unusable(path: input, problem: problem(path))
  }

  /// Why a folder cannot be an output folder (issue 32): Glyphsmith writes, replaces and
  /// prunes what it makes there, so it must be a folder of its own.
  package enum FolderClash: Equatable, Sendable {
    /// The root folder, `/`.
    case root
    /// The folder everything is relative to (the project's folder; the current one).
    case home
    /// A folder holding `home`.
    case holdsHome
    /// An input folder (the icons folder).
    case input(String)
    /// Inside an input folder: what it writes would be read back as icons.
    case insideInput(String)
  }

  /// The one check of an output folder, for `glyphsmith.json` (`ProjectConfig`) and the
  /// command line (`assets -o`, `--android-out`, `--web-out`) alike: `output` against `/`,
  /// `home`, the folders holding it, and `inputs` (folders of icons) and what lies inside
  /// them; paths compared standardized with their links resolved. `nil` when it is a folder
  /// of its own.
  package static func clash(_ output: String, home: String, inputs: [String]) -> FolderClash? {
    func canonical(_ path: String) -> String {
      URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL
        .resolvingSymlinksInPath().path
    }
    let folder = canonical(output)
    let homeFolder = canonical(home)
    if folder == "/" { return .root }
    if folder == homeFolder { return .home }
    for input in inputs {
      let inputFolder = canonical(input)
      if folder == inputFolder { return .input(input) }
      if folder.hasPrefix(inputFolder + "/") { return .insideInput(input) }
    }
    if homeFolder.hasPrefix(folder + "/") { return .holdsHome }
    return nil
  }

  /// What an output folder must be, after what it is: the end of each `clash` message.
  package static let ownFolderRule =
    "an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\")"

  /// Whether a report may be written at `path` (`golden check --report` and `--junit`,
  /// `symbol --report`): nothing is there, or a report of its kind Glyphsmith wrote
  /// (`isOwn` recognises its format). Else, with `force`, a warning naming it (kind
  /// `replaced-by-force`, `PATH: warning: not made by glyphsmith; replaced (--force)`).
  /// - Returns: the warning to tell, if any.
  /// - Throws: `GlyphsmithError.unusable` naming `path` (`PATH: error: exists and was not
  ///   made by glyphsmith; move it or pass --force`) when it is not Glyphsmith's and not
  ///   `force`; nothing should be written then.
  package static func checkReport(
    _ path: String, force: Bool, isOwn: (Data) -> Bool
  ) throws -> Diagnostic? {
    guard let status = Platform.status(ofPath: path) else { return nil }
    if !status.isFolder, let data = FileBytes.read(path), isOwn(data) { return nil }
    guard force, !status.isFolder else {
      throw GlyphsmithError.unusable(path: path, problem: foreignProblem)
    }
    return replacedWarning(path)
  }

  /// What is wrong with a path that exists and is not Glyphsmith's, after `PATH: error: `
  /// (reports, goldens): `exists and was not made by glyphsmith; move it or pass --force`.
  package static let foreignProblem =
    "exists and was not made by glyphsmith; move it or pass --force"

  /// The warning naming a path `--force` replaces that Glyphsmith did not make (kind
  /// `replaced-by-force`): `PATH: warning: not made by glyphsmith; replaced (--force)`.
  package static func replacedWarning(_ path: String) -> Diagnostic {
    .warning(
      "not made by glyphsmith; replaced (--force)", path: path,
      kind: Diagnostic.Kind.replacedByForce)
  }

  /// The end of the comment Glyphsmith's symbol set SVGs start with
  /// (`SymbolTemplateWriter`).
  static let symbolMark = Data("generator: glyphsmith-->".utf8)

  /// Files a set of Glyphsmith's holds without a mark, recognised by name in a set that is
  /// Glyphsmith's (a catalog entry's description, the web manifest).
  package static let unmarkedNames: Set<String> = ["Contents.json", "manifest-icons.json"]

  /// Whether `data` carries Glyphsmith's mark: an output format's fingerprint, or a symbol
  /// SVG's `generator: glyphsmith` comment (in its first 1 KiB).
  package static func isMarked(_ data: Data) -> Bool {
    if data.prefix(1024).range(of: symbolMark) != nil { return true }
    return OutputFormats.carriesFingerprint(data)
  }

  /// Whether the file at `path` carries Glyphsmith's mark (`isMarked(_:)`).
  package static func isMarkedFile(_ path: String) -> Bool {
    FileBytes.read(path).map(isMarked) ?? false
  }

  /// The `Contents.json` bytes of a catalog group folder as Glyphsmith writes them
  /// (`ImageSetWriter.prepare`: with and without `provides-namespace`).
  static let groupContents: Set<Data> = Set(
    [false, true].compactMap { try? AssetContents.group(namespace: $0).xcodeJSON() })

  /// Whether the file at `path` is a group folder's `Contents.json` holding exactly what
  /// Glyphsmith writes there (`groupContents`; Xcode writes the same bytes for a plain
  /// group, so such a file is removed only from a folder holding nothing else).
  package static func isGroupContentsFile(_ path: String) -> Bool {
    guard path.hasSuffix("/Contents.json"), let data = FileBytes.read(path) else { return false }
    return groupContents.contains(data)
  }

  /// Whether the folder at `path` holds a file carrying Glyphsmith's mark; `preferred` names
  /// are looked at first (the files the plan makes), so one read usually answers.
  package static func isMarkedFolder(_ path: String, preferred: [String] = []) -> Bool {
    guard let names = Platform.folderNames(atPath: path) else { return false }
    let present = Set(names)
    let order =
      preferred.filter(present.contains)
      + names.sorted().filter {
        !preferred.contains($0)
      }
    return order.contains { isMarkedFile(path + "/" + $0) }
  }

  /// Whether Glyphsmith owns the existing path at `path` (`folder`: a set folder replaced
  /// whole, else one file): `recorded` (its record lists it) or marked. A path that does not
  /// exist, and an empty folder, are Glyphsmith's to write.
  package static func owns(
    _ path: String, folder: Bool, recorded: Bool, preferred: [String] = []
  ) -> Bool {
    guard let status = Platform.status(ofPath: path) else { return true }
    if recorded { return true }
    if folder {
      guard status.isFolder else { return false }
      if Platform.folderNames(atPath: path)?.isEmpty ?? false { return true }
      return isMarkedFolder(path, preferred: preferred)
    }
    return !status.isFolder && (isMarkedFile(path) || isGroupContentsFile(path))
  }

  /// The user's files in the Glyphsmith set folder at `folder`, sorted: every entry whose name
  /// is not among `planned` and that is not Glyphsmith's (marked, one of `unmarkedNames`, or
  /// a staging leftover of a killed run, `OutputSafety.staleStaging`).
  /// They are kept when the set is replaced (`AtomicFolder.write(_:toPath:keeping:)`) or
  /// pruned, and named in a warning (`userFileWarning`). Empty when the folder is missing.
  package static func userFiles(in folder: String, planned: Set<String>) -> [String] {
    guard let names = Platform.folderNames(atPath: folder) else { return [] }
    let leftovers = Set(OutputSafety.staleStaging(among: names))
    return names.filter { name in
      if leftovers.contains(name) { return false }
      if planned.contains(name) || unmarkedNames.contains(name) { return false }
      if name.hasPrefix(".") { return true }
      let path = folder + "/" + name
      if Platform.status(ofPath: path)?.isFolder ?? false { return true }
      return !isMarkedFile(path)
    }.sorted()
  }

  /// A warning about the user's file at `path` (kind `user-file`: `PATH: warning: not made by
  /// glyphsmith; kept (glyphsmith never deletes a file it did not make)`); `nil` for a hidden
  /// file (`.DS_Store`), kept silently.
  package static func userFileWarning(path: String) -> Diagnostic? {
    guard !(path.split(separator: "/").last ?? "").hasPrefix(".") else { return nil }
    return .warning(
      "not made by glyphsmith; kept (glyphsmith never deletes a file it did not make)", path: path,
      kind: Diagnostic.Kind.userFile)
  }
}
