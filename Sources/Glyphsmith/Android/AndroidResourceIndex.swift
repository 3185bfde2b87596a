import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The files of an Android `res` folder by resource (issue 32 trial): Android knows a file
/// resource by its type (the folder's name before the first `-`: `drawable`, `mipmap`) and
/// its name (the file's name before the first `.`), whatever its extension and qualifiers
/// (`drawable-hdpi`, `drawable-v24`, `mipmap-anydpi-v26`). Two files of one resource in one
/// folder fail the app's build (Gradle: "Duplicate resources"); in another qualifier's folder
/// the other file is used instead of Glyphsmith's wherever that qualifier applies. So a
/// user's file of a resource Glyphsmith writes conflicts, in any extension and qualifier.
///
/// The folder is listed once (`res` and each of its folders), whatever the number of icons.
package struct AndroidResourceIndex: Sendable {
  /// The `res` folder as given (paths below start with it).
  package let res: String
  /// Every file below `res` (one level of folders, hidden files and `values*` left out), by
  /// resource key (`type/name`).
  private var files: [String: [String]] = [:]

  /// The index of the `res` folder at `res` (empty when it is missing).
  package init(res: String) {
    var base = res
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    self.res = base
    for folder in Platform.folderEntries(atPath: base) ?? []
    where folder.isFolder && !folder.isLink && !folder.name.hasPrefix(".") {
      let type = Self.type(ofFolder: folder.name)
      // A `values` folder holds resources by the names inside its files, not by file name.
      guard type != "values" else { continue }
      let path = base + "/" + folder.name
      for file in Platform.folderEntries(atPath: path) ?? []
      where !file.isFolder && !file.name.hasPrefix(".") {
        files[type + "/" + Self.name(ofFile: file.name), default: []].append(
          path + "/" + file.name)
      }
    }
    for key in files.keys { files[key]?.sort() }
  }

  /// The resource type of the `res` sub-folder `folder` (`drawable` of `drawable-v24`).
  static func type(ofFolder folder: String) -> String {
    String(folder.split(separator: "-", maxSplits: 1).first ?? Substring(folder))
  }

  /// The resource name of the file `file` (`bell` of `bell.png`, of `bell.9.png`).
  static func name(ofFile file: String) -> String {
    String(file.split(separator: ".", maxSplits: 1).first ?? Substring(file))
  }

  /// The resource key (`drawable/bell`) of the file at `path` when it lies in a folder of
  /// `res` (`RES/drawable-hdpi/bell.png`) and is a file resource, else `nil`.
  package func key(ofPath path: String) -> String? {
    guard path.hasPrefix(res + "/") else { return nil }
    let parts = path.dropFirst(res.count + 1).split(separator: "/")
    guard parts.count == 2 else { return nil }
    let type = Self.type(ofFolder: String(parts[0]))
    guard type != "values" else { return nil }
    return type + "/" + Self.name(ofFile: String(parts[1]))
  }

  /// One file of a resource Glyphsmith writes that it did not make.
  package struct Conflict: Equatable, Sendable {
    /// The user's file (a path starting with `res` as given).
    package var path: String
    /// The resource (`drawable/bell`).
    package var resource: String
    /// Glyphsmith's file of that resource it is named against: the one in the same folder,
    /// else the first written.
    package var written: String
  }

  /// The files of the resources `outputs` write (paths starting with `res`) that are none of
  /// `outputs` and not Glyphsmith's (`isOwn`: its record lists it, or it carries the mark),
  /// sorted by path.
  package func conflicts(for outputs: [String], isOwn: (String) -> Bool) -> [Conflict] {
    let own = Set(outputs.map(OutputManifest.normalised))
    var byKey: [String: [String]] = [:]
    for output in outputs {
      if let key = key(ofPath: output) { byKey[key, default: []].append(output) }
    }
    var found: [Conflict] = []
    for (key, written) in byKey {
      for path in files[key] ?? []
      where !own.contains(OutputManifest.normalised(path)) && !isOwn(path) {
        let folder = FileName.parent(of: path)
        let beside = written.first { FileName.parent(of: $0) == folder }
        found.append(Conflict(path: path, resource: key, written: beside ?? written[0]))
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The files of the resources `outputs` write that are none of `outputs`, carry
  /// Glyphsmith's mark and are not in its record (`recorded`, normalised paths): a copy of a
  /// drawable the user put in another qualifier's folder (`drawable-mdpi-v26/bell.png`),
  /// which Android uses instead of the new art wherever that qualifier applies (issue 32,
  /// seventh trial finding 7). Never removed; `shadowingWarning` names each. Sorted by path.
  package func shadowing(for outputs: [String], recorded: Set<String>) -> [Conflict] {
    conflicts(for: outputs) {
      !OutputOwnership.isMarkedFile($0)
        || recorded.contains(OutputManifest.normalised($0))
        || recorded.contains(OutputManifest.normalised(OutputManifest.absolute($0)))
    }
  }

  /// `PATH: warning: carries glyphsmith's mark but is not in its record of outputs, so it is
  /// kept; it is a file of resource drawable/bell, which glyphsmith writes as WRITTEN: ...`
  /// (kind `shadowing-output`) for one of `shadowing(for:recorded:)`'s files.
  package static func shadowingWarning(_ conflict: Conflict) -> Diagnostic {
    let folder = FileName.parent(of: conflict.path)
    let same = FileName.parent(of: conflict.written) == folder
    let effect =
      same
      ? "one resource in two files of one folder fails Android's build (Duplicate resources)"
      : "Android uses it instead of glyphsmith's new art wherever the qualifier of \(PathName(folder).lastPathComponent) applies"
    return .warning(
      "a file of resource \(conflict.resource), which glyphsmith writes as \(conflict.written); it carries glyphsmith's mark but is not in its record of outputs (a copy?), so it is kept, and \(effect); delete or move it if it is not meant to stay",
      path: conflict.path, kind: Diagnostic.Kind.shadowingOutput)
  }

  /// What is wrong with `conflicts` (of one resource or more), after `PATH: error: `: `FILES
  /// is the user's file of resource drawable/bell, which glyphsmith writes as WRITTEN: ...;
  /// move it or pass --force`.
  package static func problem(_ conflicts: [Conflict]) -> String {
    let one = conflicts.count == 1
    let files = conflicts.map(\.path).joined(separator: ", ")
    let resources = conflicts.reduce(into: [String]()) {
      if !$0.contains($1.resource) { $0.append($1.resource) }
    }
    let written = conflicts.reduce(into: [String]()) {
      if !$0.contains($1.written) { $0.append($1.written) }
    }
    return
      "\(files) \(one ? "is a file" : "are files") of resource \(resources.joined(separator: ", ")) that glyphsmith did not make, and glyphsmith writes \(written.joined(separator: ", ")): one resource in two files fails Android's build in one folder (Duplicate resources), and in another qualifier's folder is used instead of glyphsmith's wherever that qualifier applies; move \(one ? "it" : "them") or pass --force"
  }

  /// Whether the file at `path` is Glyphsmith's: `recorded` (normalised paths, its record's
  /// outputs, `OutputManifest.recordedOutputs`) lists it, or it carries the mark.
  package static func isOwn(_ path: String, recorded: Set<String>) -> Bool {
    recorded.contains(OutputManifest.normalised(path))
      || recorded.contains(OutputManifest.normalised(OutputManifest.absolute(path)))
      || OutputOwnership.isMarkedFile(path)
  }
}
