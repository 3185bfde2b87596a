import Foundation

/// The record of what `assets --prune` and `build` made in one output folder, so that an
/// output whose source is gone can be removed without guessing (issue 24): a hidden
/// `.glyphsmith-outputs.json` in the folder (the catalog, the Android root, the web folder),
/// `{"outputs": {"OUTPUT": "SOURCE"}, "version": 1}`, both paths relative to the folder.
/// OUTPUT is a folder replaced whole (an image set, a symbol set, a web icon folder) or one
/// file (an Android drawable at one density). Something not in the record (a set made by hand,
/// by another tool, or by a run without the record) is never touched.
package enum OutputManifest {
  /// The record's file name inside each output folder (hidden: Xcode, aapt and the catalog
  /// validator skip dot files).
  package static let fileName = ".glyphsmith-outputs.json"

  /// The record's JSON.
  struct Document: Codable, Equatable {
    var version = 1
    var outputs: [String: String]
  }

  /// What an update removed.
  package struct Removal: Equatable, Sendable {
    /// The output as a path starting with its folder's path as given.
    package var path: String
    /// The source it was made from, as a path relative to the current folder or absolute.
    package var source: String
    /// Whether the source file is gone (else it is there but no longer makes this output:
    /// skipped, or a platform or compact variant dropped).
    package var sourceGone: Bool

    /// `PATH: removed (its source SOURCE is gone)`, one line per output.
    package var line: String {
      sourceGone
        ? "\(path): removed (its source \(source) is gone)"
        : "\(path): removed (\(source) no longer makes it)"
    }
  }

  /// Brings the record of each folder in `roots` up to date and removes what it recorded that
  /// is no longer made. `planned[root]` maps every output this run's plan makes (paths
  /// starting with `root`) to its source; `considered` holds the sources (standardized absolute
  /// paths) this run decides for: a recorded output is removed when its source is gone, or is
  /// considered here but no longer plans that output; others' records are kept.
  /// - Returns: the removals, by folder (in `roots` order) then path, and warnings (kind
  ///   `output-record`, about the record or the output) for a record that cannot be read (it
  ///   is then rewritten from this run's plan) or written, or an output that cannot be
  ///   removed.
  package static func update(
    roots: [String], planned: [String: [String: String]], considered: Set<String>
  ) -> (removed: [Removal], warnings: [Diagnostic]) {
    var removed: [Removal] = []
    var warnings: [Diagnostic] = []
    for root in roots {
      let base = trimmed(root)
      let recordPath = base + "/" + fileName
      let (old, unreadable) = read(root: base)
      if unreadable {
        warnings.append(
          .warning(
            "the record of outputs cannot be read; nothing it lists is removed this run, and it is written anew",
            path: recordPath, kind: Diagnostic.Kind.outputRecord))
      }
      var new = recordable(root: base, planned: planned[root] ?? [:], old: old)
      let stale = stale(root: base, old: old, new: new, considered: considered)
      let removable = Set(stale.map(\.output))
      for (output, source) in old where new[output] == nil && !removable.contains(output) {
        new[output] = source
      }
      for stale in stale where isSafe(stale.output) {
        let path = base + "/" + stale.output
        guard Platform.fileExists(atPath: path).exists else { continue }
        do {
          try OutputSafety.checkNoLinkedFolders(root: base, folder: path)
          let kept = try remove(path)
          warnings += kept.compactMap(OutputOwnership.userFileWarning(path:))
          if kept == [path] { continue }
          removed.append(Removal(path: path, source: display(stale.source), sourceGone: stale.gone))
        } catch {
          warnings.append(
            .warning(
              "cannot remove this output of a gone source: \(error)", path: path,
              kind: Diagnostic.Kind.outputRecord))
        }
      }
      let document = Document(outputs: new)
      if new.isEmpty && old.isEmpty && FileBytes.read(recordPath) == nil { continue }
      guard let data = try? XcodeJSON.encode(document), FileBytes.read(recordPath) != data
      else { continue }
      do {
        try AtomicFile.write(data, toPath: recordPath)
      } catch {
        warnings.append(
          .warning(
            "cannot write the record of outputs: \(error)", path: recordPath,
            kind: Diagnostic.Kind.outputRecord))
      }
    }
    return (removed, warnings)
  }

  /// The outputs (paths starting with `root` as given) that `update` would remove from
  /// `root` for `planned` and `considered`, without removing anything: what a run's plan
  /// takes as gone (a symbol set may take the name of an image set this run removes).
  package static func pendingRemovals(
    root: String, planned: [String: String], considered: Set<String>
  ) -> Set<String> {
    let base = trimmed(root)
    let old = read(root: base).outputs
    let new = recordable(root: base, planned: planned, old: old)
    let removable = stale(root: base, old: old, new: new, considered: considered)
    return Set(removable.filter { isSafe($0.output) }.map { normalised(base + "/" + $0.output) })
  }

  /// Adds `outputs` (paths starting with `root` as given, each with its source) to the record
  /// of the folder `root`, written (atomically) before the outputs are, so that a run killed
  /// midway leaves a record that lists what it wrote (`appicon --platform android`).
  /// - Throws: `GlyphsmithError.writeFailed` naming the record when it cannot be written;
  ///   then nothing should be written.
  package static func add(root: String, outputs: [String: String]) throws {
    let base = trimmed(root)
    let rootURL = URL(fileURLWithPath: base).standardizedFileURL
    var document = Document(outputs: read(root: base).outputs)
    for (output, source) in outputs {
      guard let relative = relativePath(of: absolute(output), under: rootURL.path) else {
        continue
      }
      document.outputs[relative] = relativePath(from: rootURL, to: absolute(source))
    }
    let path = base + "/" + fileName
    let data = try XcodeJSON.encode(document)
    if FileBytes.read(path) == data { return }
    do {
      try AtomicFile.write(data, toPath: path)
    } catch {
      throw GlyphsmithError.wrap(error, path: path)
    }
  }

  /// The outputs the record of the folder `root` lists, as normalised paths starting with
  /// `root` (`normalised`); empty when it has no record or one that cannot be read.
  package static func recordedOutputs(root: String) -> Set<String> {
    let base = trimmed(root)
    return Set(read(root: base).outputs.keys.filter(isSafe).map { normalised(base + "/" + $0) })
  }

  /// `path` with runs of `/` collapsed and no trailing `/`, as outputs are compared.
  package static func normalised(_ path: String) -> String {
    var result = ""
    for character in path where !(character == "/" && result.hasSuffix("/")) {
      result.append(character)
    }
    return trimmed(result)
  }

  /// `root` without trailing slashes.
  private static func trimmed(_ root: String) -> String {
    var base = root
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    return base
  }

  /// The record of the folder `base`: its outputs (empty when there is none), and whether a
  /// record is there but cannot be read.
  private static func read(root base: String) -> (outputs: [String: String], unreadable: Bool) {
    guard let data = FileBytes.read(base + "/" + fileName) else { return ([:], false) }
    guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
      return ([:], true)
    }
    return (document.outputs, false)
  }

  /// This run's planned outputs of `base` as the record holds them (relative output, relative
  /// source), but for an existing path Glyphsmith did not make and `old` does not list
  /// (`OutputOwnership.owns`): a path that is not Glyphsmith's never enters its record.
  private static func recordable(
    root base: String, planned: [String: String], old: [String: String]
  ) -> [String: String] {
    let rootURL = URL(fileURLWithPath: base).standardizedFileURL
    var new: [String: String] = [:]
    for (output, source) in planned {
      guard let relative = relativePath(of: normalised(output), under: normalised(base)) else {
        continue
      }
      if old[relative] == nil, let status = Platform.status(ofPath: output),
        !OutputOwnership.owns(output, folder: status.isFolder, recorded: false)
      {
        continue
      }
      new[relative] = relativePath(from: rootURL, to: absolute(source))
    }
    return new
  }

  /// The recorded outputs of `old` to remove, sorted by path: not planned now (`new`,
  /// `recordable`) and whose source is gone or is `considered` by this run.
  private static func stale(
    root base: String, old: [String: String], new: [String: String], considered: Set<String>
  ) -> [(output: String, source: String, gone: Bool)] {
    let rootURL = URL(fileURLWithPath: base).standardizedFileURL
    var found: [(output: String, source: String, gone: Bool)] = []
    for (output, source) in old.sorted(by: { $0.key < $1.key }) where new[output] == nil {
      let sourceURL = URL(fileURLWithPath: source, relativeTo: rootURL).standardizedFileURL
      let gone = Platform.status(ofPath: sourceURL.path) == nil
      guard gone || considered.contains(sourceURL.path) else { continue }
      found.append((output, sourceURL.path, gone))
    }
    return found
  }
  /// Removes the recorded output at `path`, but for what in it is not Glyphsmith's: a set
  /// folder loses its marked files and `Contents.json` (`OutputOwnership.userFiles` stay, and
  /// the folder with them), a file goes only when it carries the mark.
  /// - Returns: the paths kept.
  /// - Throws: what removing throws.
  private static func remove(_ path: String) throws -> [String] {
    guard Platform.status(ofPath: path)?.isFolder ?? false else {
      guard OutputOwnership.isMarkedFile(path) else { return [path] }
      try FileManager.default.removeItem(atPath: path)
      return []
    }
    let kept = OutputOwnership.userFiles(in: path, planned: [])
    guard !kept.isEmpty else {
      try FileManager.default.removeItem(atPath: path)
      return []
    }
    for name in Platform.folderNames(atPath: path) ?? [] where !kept.contains(name) {
      try FileManager.default.removeItem(atPath: path + "/" + name)
    }
    return kept.map { path + "/" + $0 }
  }

  /// `path` standardized and absolute (relative paths from the current folder).
  package static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `path` relative to `folder` when it lies inside it, else `nil`.
  private static func relativePath(of path: String, under folder: String) -> String? {
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }

  /// `path` (absolute) relative to `folder`, with `..` steps as needed.
  private static func relativePath(from folder: URL, to path: String) -> String {
    let from = folder.pathComponents
    let to = URL(fileURLWithPath: path).pathComponents
    var common = 0
    while common < min(from.count, to.count) && from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }

  /// Whether a recorded output stays inside its folder (no `..`, not absolute, not the
  /// record).
  private static func isSafe(_ output: String) -> Bool {
    !output.hasPrefix("/") && !output.split(separator: "/").contains("..")
      && output != fileName && !output.isEmpty
  }

  /// An absolute path as the user would write it: relative to the current folder when inside
  /// it.
  private static func display(_ path: String) -> String {
    let cwd = absolute(FileManager.default.currentDirectoryPath)
    return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
  }
}
