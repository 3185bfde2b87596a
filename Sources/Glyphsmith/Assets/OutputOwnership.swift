import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Which existing paths Glyphsmith may replace, merge into or delete (issue 32): one it made
/// (its output folder's record, `OutputManifest`, lists it, or it carries Glyphsmith's mark)
/// or one that does not exist. Every writer of `assets` and `build` goes through
/// `AssetsJob.plan(collected:)`, which asks here before anything is written; `symbol` and
/// `appicon` ask here too.
///
/// Glyphsmith's mark: the fingerprint every PNG, VectorDrawable and ICO carries
/// (`OutputFormats.carriesFingerprint`), and the `generator: glyphsmith` comment of a symbol
/// set's SVG. A file is Glyphsmith's when it carries the mark itself. Without a record a set folder is Glyphsmith's only as its own
/// description says (`isMarkedFolder`), and a marked file only under a name of its own
/// (`isOwnName`): a mark travels with a copy, a path does not.
package enum OutputOwnership {
  /// The problem an icon fails with when its output `path` exists and is not Glyphsmith's:
  /// `PATH exists and was not made by glyphsmith; move it or pass --force`.
  package static func problem(_ path: String) -> String {
    "\(path) exists and was not made by glyphsmith; move it or pass --force"
  }

  /// The problem an icon fails with when several of its outputs exist and are not
  /// Glyphsmith's, each named (issue 32, sixth trial: only the first was): `A and B exist
  /// and were not made by glyphsmith; move them or pass --force` (`problem(_:)` for one).
  package static func problem(_ paths: [String]) -> String {
    guard paths.count > 1 else { return problem(paths.first ?? "") }
    let list = paths.dropLast().joined(separator: ", ") + " and " + paths.last!
    return "\(list) exist and were not made by glyphsmith; move them or pass --force"
  }

  /// The error of the input at `input` whose output `path` is a symbolic link (to a folder
  /// or file anywhere, or to nothing): Glyphsmith never writes through a link in an output
  /// folder, `--force` or not, so the icon fails before anything is written (issue 32,
  /// re-check F4: `--force` said "replaced", listed the files behind the link as kept,
  /// then failed writing). `nil` when `path` is no link.
  package static func linkError(_ path: String, input: String) -> GlyphsmithError? {
    guard Platform.kind(ofPath: path, followingLinks: false) == .link else { return nil }
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    return .unusable(
      path: input,
      problem:
        "\(path) is a symbolic link (to \(target)); glyphsmith never writes through a link in an output folder, --force neither: replace it with a real folder or file, or remove it"
    )
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
    /// A folder holding an input folder: what it writes could land in the input folder (an
    /// icon named as it is) and be read back as icons (issue 32 trial: `"web": {"folder":
    /// "web"}` with icons in `web/src` and an icon `src.svg`).
    case holdsInput(String)
  }

  /// The one check of an output folder, for `glyphsmith.json` (`ProjectConfig`) and the
  /// command line (`assets -o`, `--android-out`, `--web-out`) alike: `output` against `/`,
  /// `home`, the folders holding it, and `inputs` (folders of icons), what lies inside them
  /// and the folders holding them; paths compared standardized with their links resolved.
  /// `nil` when it is a folder of its own.
  package static func clash(_ output: String, home: String, inputs: [String]) -> FolderClash? {
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
    for input in inputs where canonical(input).hasPrefix(folder + "/") {
      return .holdsInput(input)
    }
    return nil
  }

  /// `path` (empty: the current folder) standardized and absolute, with the symbolic links
  /// of its nearest existing ancestor resolved and the missing rest appended: an output
  /// folder that does not exist yet is compared where it will be (issue 32, sixth trial: with
  /// `art -> icons`, `"web": {"folder": "art/web"}` was not found inside the icons folder,
  /// since links resolve only in a path that exists).
  package static func canonical(_ path: String) -> String {
    canonical(path, links: 0)
  }

  /// `canonical(_:)`, `links` links to nothing followed so far (at most 40, as the system
  /// follows): a link to nothing on the way is followed to where it points, so a folder
  /// reached through it is compared where it will be made (issue 32, seventh trial: `public
  /// -> icons/web`, `icons/web` missing, was not found inside the icons folder).
  private static func canonical(_ path: String, links: Int) -> String {
    let standardized = URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.path
    var existing = standardized
    var rest: [Substring] = []
    while existing != "/", Platform.status(ofPath: existing) == nil,
      let slash = existing.lastIndex(of: "/")
    {
      if links < 40, Platform.kind(ofPath: existing, followingLinks: false) == .link,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: existing)
      {
        let parent = slash == existing.startIndex ? "/" : String(existing[..<slash])
        let resolved = target.hasPrefix("/") ? target : parent + "/" + target
        let tail = rest.isEmpty ? "" : "/" + rest.joined(separator: "/")
        return canonical(resolved + tail, links: links + 1)
      }
      rest.insert(existing[existing.index(after: slash)...], at: 0)
      existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
    }
    let real = URL(fileURLWithPath: existing).resolvingSymlinksInPath().path
    guard !rest.isEmpty else { return real }
    return (real == "/" ? "" : real) + "/" + rest.joined(separator: "/")
  }

  /// Why `value`, given to `option` (`-o`) as a folder other folders are made in, is refused
  /// before anything is read or written: `''` (the current folder, as `-o ''` with iOS is
  /// refused; joined to it, `"" + "/values"` was the root: trial H3, `appicon --platform
  /// android -o ''` made `/values`, `assets --platform android -o ''` wrote `/android/res`)
  /// or the root folder; `nil` for any other value.
  package static func bareFolderProblem(_ value: String, option: String) -> String? {
    let what: String
    if value.isEmpty {
      what = "the current folder"
    } else if canonical(value) == "/" {
      what = "the root folder"
    } else {
      return nil
    }
    return "\(option) is '\(value)', \(what); \(ownFolderRule)"
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

  /// The warning naming a file Glyphsmith wrote that was changed by hand since and that this
  /// run replaces (kind `changed-output`, issue 32): `PATH: warning: changed since glyphsmith
  /// wrote it; replaced`.
  package static func changedWarning(_ path: String) -> Diagnostic {
    .warning(
      "changed since glyphsmith wrote it; replaced", path: path,
      kind: Diagnostic.Kind.changedOutput)
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
    if data.prefix(1024).firstRange(of: symbolMark) != nil { return true }
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

  /// Whether the catalog group `Contents.json` at `path`, about to be written with
  /// `provides-namespace` set as `namespace` says, is Glyphsmith's to write: recorded, absent,
  /// or holding exactly the bytes Glyphsmith writes there with that setting (so the write
  /// changes nothing). A group file with the other setting's bytes, not recorded, is the
  /// user's: Xcode writes those very bytes for a group with or without "Provides Namespace",
  /// and rewriting it would rename every asset in the group (trial t36d H5: a namespaced
  /// group made in Xcode was rewritten without `properties`).
  package static func ownsGroupContents(_ path: String, recorded: Bool, namespace: Bool) -> Bool
  {
    if recorded { return true }
    guard let data = FileBytes.read(path) else { return Platform.status(ofPath: path) == nil }
    return data == (try? AssetContents.group(namespace: namespace).xcodeJSON())
  }

  /// The name of the set folder at `path` without its extension (`ad` for `.../ad.imageset`,
  /// `ad` for a web folder `.../ad`), and whether it is a catalog set (`.imageset`,
  /// `.symbolset`).
  static func setName(ofFolder path: String) -> (name: String, catalog: Bool) {
    let last = String(path.split(separator: "/").last ?? Substring(path))
    for suffix in [".imageset", ".symbolset"] where last.hasSuffix(suffix) {
      return (String(last.dropLast(suffix.count)), true)
    }
    return (last, false)
  }

  /// The files of a web icon folder (`WebIcons.plan`), by name.
  static let webNames: Set<String> = [
    WebIcons.faviconName, "apple-touch-icon.png", "icon-192.png", "icon-512.png",
    "icon-512-maskable.png", "manifest-icons.json",
  ]

  /// Whether `name` is one Glyphsmith gives a file in the set folder at `folder`: in a
  /// catalog set `Contents.json` or the set's own name with its appearance, scale and
  /// extension (`ad.png`, `ad-dark@2x.png`, `ad.svg` in `ad.imageset`); in a web folder one of
  /// `webNames`. A file of another name (`mine.png`, or `ad.png` in `ad-copy.imageset`, a
  /// copy) is never Glyphsmith's, whatever mark it carries.
  package static func isOwnName(_ name: String, inFolder folder: String) -> Bool {
    let set = setName(ofFolder: folder)
    guard set.catalog else { return webNames.contains(name) }
    if name == "Contents.json" { return true }
    guard name.hasPrefix(set.name) else { return false }
    return isOwnSuffix(name.dropFirst(set.name.count).utf8)
  }

  /// Whether `rest` (what follows the set's name) is `(-dark)?(@[0-9]+x)?\.[A-Za-z]+`, read
  /// byte by byte: a `Regex` built for every file made a pruning build of thousands of sets
  /// spend most of its time building regexes (issue 32, prune speed).
  static func isOwnSuffix(_ rest: Substring.UTF8View) -> Bool {
    var bytes = rest[...]
    let dark = Array("-dark".utf8)
    if bytes.starts(with: dark) { bytes = bytes.dropFirst(dark.count) }
    if bytes.first == UInt8(ascii: "@") {
      let digits = bytes.dropFirst().prefix { (48...57).contains($0) }
      guard !digits.isEmpty else { return false }
      bytes = bytes.dropFirst(1 + digits.count)
      guard bytes.first == UInt8(ascii: "x") else { return false }
      bytes = bytes.dropFirst()
    }
    guard bytes.first == UInt8(ascii: ".") else { return false }
    let ext = bytes.dropFirst()
    return !ext.isEmpty
      && ext.allSatisfy { (65...90).contains($0) || (97...122).contains($0) }
  }

  /// Whether the set folder at `path`, which no record lists, shows itself as Glyphsmith's
  /// (issue 32): a catalog set's own `Contents.json` lists only files of the set's own name
  /// (`isOwnName`), in the exact text Glyphsmith writes, and one of them is there carrying
  /// Glyphsmith's mark; a web folder's
  /// `manifest-icons.json` holds the bytes Glyphsmith writes and one of its files carries the
  /// mark. A fingerprint inside a file copied into another folder (Xcode's "Duplicate", a
  /// hand-made set holding a copied PNG) never makes it Glyphsmith's. The whole folder of a
  /// platform that is neither (a writer added to `AssetPlatformRegistry`) is Glyphsmith's
  /// when one of `planned`, the names its writer gives the folder's files, carries the mark.
  package static func isMarkedFolder(_ path: String, planned: [String] = []) -> Bool {
    let set = setName(ofFolder: path)
    if set.catalog {
      guard let names = listedNames(inSet: path),
        !names.isEmpty, names.allSatisfy({ isOwnName($0, inFolder: path) && !$0.contains("/") })
      else { return false }
      return names.contains { isMarkedFile(path + "/" + $0) }
    }
    if !planned.isEmpty, !planned.contains(where: webNames.contains) {
      return planned.contains { isMarkedFile(path + "/" + $0) }
    }
    guard FileBytes.read(path + "/manifest-icons.json") == WebIcons.manifestData else {
      return false
    }
    return webNames.sorted().contains { isMarkedFile(path + "/" + $0) }
  }

  /// The file names the catalog set folder at `path` lists in its `Contents.json`, when that
  /// is written as Glyphsmith (and Xcode) write it, byte for byte (a hand-written one is
  /// not); `nil` else.
  package static func listedNames(inSet path: String) -> [String]? {
    guard let data = FileBytes.read(path + "/Contents.json"),
      let contents = try? AssetContents.read(data), (try? contents.xcodeJSON()) == data,
      let json = JSONValue.parse(data)
    else { return nil }
    var names: [String] = []
    func collect(_ value: JSONValue) {
      if let object = value.object {
        if let name = object["filename"]?.string { names.append(name) }
        object.values.forEach(collect)
      } else if let array = value.array {
        array.forEach(collect)
      }
    }
    collect(json)
    return names
  }

  /// `paths` but those whose `bytes` (a file's, a folder's favicon) another of them holds too:
  /// copies, of which the mark cannot tell the one Glyphsmith made (issue 32). Never adopted,
  /// so never pruned without a record; the one an icon still makes is written as before.
  package static func withoutCopies(_ paths: [String], bytes: (String) -> Data?) -> [String] {
    var count: [Data: Int] = [:]
    let keyed = paths.map { ($0, bytes($0)) }
    for (_, data) in keyed { if let data { count[data, default: 0] += 1 } }
    return keyed.filter { $0.1.map { count[$0] == 1 } ?? true }.map(\.0)
  }

  /// Whether Glyphsmith owns the existing path at `path` (`folder`: a set folder replaced
  /// whole, else one file): `recorded` (its record lists it) or marked. A path that does not
  /// exist (but for a symbolic link to nothing), and an empty folder, are Glyphsmith's to
  /// write. `planned`: the names the writer
  /// gives a whole folder's files (`isMarkedFolder`).
  package static func owns(
    _ path: String, folder: Bool, recorded: Bool, planned: [String] = []
  ) -> Bool {
    guard let status = Platform.status(ofPath: path) else {
      // A symbolic link to nothing is something there, the user's as a link to a file is
      // (issue 32 trial: it was replaced silently); recorded, it is replaced, named as changed.
      return recorded || Platform.kind(ofPath: path, followingLinks: false) == nil
    }
    if recorded { return true }
    if folder {
      guard status.isFolder else { return false }
      if Platform.folderNames(atPath: path)?.isEmpty ?? false { return true }
      return isMarkedFolder(path, planned: planned)
    }
    return !status.isFolder && (isMarkedFile(path) || isGroupContentsFile(path))
  }

  /// The user's files in the Glyphsmith set folder at `folder`, sorted: every entry whose name
  /// is not among `planned` and that is not Glyphsmith's (a name of its own, `isOwnName`,
  /// marked or one of `unmarkedNames`; or a staging leftover of a killed run,
  /// `OutputSafety.staleStaging`). A marked file of another name is a copy, the user's.
  /// They are kept when the set is replaced (`AtomicFolder.write(_:toPath:keeping:)`) or
  /// pruned, and named in a warning (`userFileWarning`). Empty when the folder is missing.
  package static func userFiles(in folder: String, planned: Set<String>) -> [String] {
    guard let entries = Platform.folderEntries(atPath: folder) else { return [] }
    return userFiles(in: folder, entries: entries, planned: planned)
  }

  /// `userFiles(in:planned:)` of the folder at `folder` listed as `entries` already
  /// (`Platform.folderEntries`): no second listing and no `stat` per entry; only the files
  /// of Glyphsmith's names that carry no unmarked name are read for the mark.
  package static func userFiles(
    in folder: String, entries: [Platform.FolderEntry], planned: Set<String>
  ) -> [String] {
    let leftovers = Set(OutputSafety.staleStaging(among: entries.map(\.name)))
    return entries.filter { entry in
      let name = entry.name
      if leftovers.contains(name) { return false }
      if planned.contains(name) { return false }
      if name.hasPrefix(".") || !isOwnName(name, inFolder: folder) { return true }
      if unmarkedNames.contains(name) { return false }
      if entry.isFolder { return true }
      return !isMarkedFile(folder + "/" + name)
    }.map(\.name).sorted()
  }

  /// `userFiles(in:planned:)` of a set folder this run rewrites whole (issue 32, seventh
  /// trial: a marked copy named `bell@4x.png` or `bell-dark.png`, or an edited `bell.png` the
  /// set no longer makes, was deleted silently): a file of a name of its own, marked and not
  /// among `planned`, is Glyphsmith's only when its record says it wrote it. `recorded`: the
  /// record's hashes of the folder's files by name (`nil` when it hashes none, an older
  /// record or an adopted set): Glyphsmith's when its bytes hash as recorded; without hashes,
  /// when the set's `Contents.json` (written by the run before) lists it; a web folder's
  /// files (`webNames`) as before. Every other such file is the user's: kept and named.
  /// - Returns: the user's files, sorted, and among them those Glyphsmith wrote and the user
  ///   changed since (`changed`: recorded with another hash), named as changed.
  package static func userFiles(
    in folder: String, planned: Set<String>, recorded: [String: String]?
  ) -> (user: [String], changed: [String]) {
    guard let entries = Platform.folderEntries(atPath: folder) else { return ([], []) }
    var user = Set(userFiles(in: folder, entries: entries, planned: planned))
    let leftovers = Set(OutputSafety.staleStaging(among: entries.map(\.name)))
    let catalog = setName(ofFolder: folder).catalog
    var listed: Set<String>? = nil
    var changed: [String] = []
    for entry in entries where !entry.isFolder && !user.contains(entry.name) {
      let name = entry.name
      if leftovers.contains(name) || planned.contains(name) || unmarkedNames.contains(name) {
        continue
      }
      let path = folder + "/" + name
      if let recorded {
        guard let hash = recorded[name] else {
          user.insert(name)
          continue
        }
        if let data = FileBytes.read(path), ContentHash.sha256(data) != hash {
          user.insert(name)
          changed.append(name)
        }
      } else if catalog {
        if listed == nil { listed = Set(listedNames(inSet: folder) ?? []) }
        if !(listed ?? []).contains(name) { user.insert(name) }
      }
    }
    return (user.sorted(), changed.sorted())
  }

  /// The warning naming a file Glyphsmith wrote in a set it rewrites, that the user changed
  /// since and that this run no longer writes there (kind `user-file`): `PATH: warning:
  /// changed since glyphsmith wrote it; kept, not removed (the file is yours now, and
  /// glyphsmith never deletes it)`.
  package static func changedKeptWarning(path: String) -> Diagnostic {
    .warning(
      "changed since glyphsmith wrote it; kept, not removed (the file is yours now, and glyphsmith never deletes it)",
      path: path, kind: Diagnostic.Kind.userFile)
  }

  /// Whether the entry `name` of the staging or retired folder `folder` a killed run left
  /// (`OutputSafety.cleanStaleStaging`) is a file Glyphsmith writes in the set folder
  /// `target`: a file (not a folder) of a name of its own there (`isOwnName`), marked or one
  /// of `unmarkedNames`; in a staging folder (`.NAME.tmp-PID-N`, not a retired `.old-` one)
  /// also a file the killed run had only begun to write (`isHalfWritten`: empty, or a PNG cut
  /// short), which carries no mark yet (issue 32, ninth trial: a 0-byte `bell.png` kept its
  /// staging folder for good, every later run warning about it).
  package static func isOwnStagedFile(folder: String, name: String, target: String) -> Bool {
    let path = folder + "/" + name
    guard !name.hasPrefix("."), isOwnName(name, inFolder: target),
      Platform.kind(ofPath: path, followingLinks: false) == .regular
    else { return false }
    guard let data = FileBytes.read(path) else { return false }
    if unmarkedNames.contains(name) || isMarked(data) { return true }
    let staging = OutputSafety.stagedTarget(PathName(folder).lastPathComponent)?.retired == false
    return staging && isHalfWritten(data, name: name)
  }

  /// The 8 bytes every PNG file begins with.
  package static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  /// Whether `data`, the bytes of a file named `name` in a staging folder, is a file a writer
  /// was killed while writing: empty, or for a `.png` a start of a PNG (its signature, or
  /// part of it) without the `IEND` chunk every whole PNG ends with. A whole file is never
  /// half-written.
  package static func isHalfWritten(_ data: Data, name: String) -> Bool {
    if data.isEmpty { return true }
    guard name.lowercased().hasSuffix(".png") else { return false }
    let head = data.prefix(pngSignature.count)
    guard pngSignature.starts(with: head) else { return false }
    // A whole PNG ends with the IEND chunk: length 0, "IEND", its CRC (AE 42 60 82).
    let end = Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    return !(data.count >= pngSignature.count + end.count && data.suffix(end.count) == end)
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
