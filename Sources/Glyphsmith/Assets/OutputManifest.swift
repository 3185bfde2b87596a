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
      var base = root
      while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
      let rootURL = URL(fileURLWithPath: base).standardizedFileURL
      let recordPath = base + "/" + fileName
      var old: [String: String] = [:]
      if let data = FileBytes.read(recordPath) {
        if let document = try? JSONDecoder().decode(Document.self, from: data) {
          old = document.outputs
        } else {
          warnings.append(
            .warning(
              "the record of outputs cannot be read; nothing it lists is removed this run, and it is written anew",
              path: recordPath, kind: Diagnostic.Kind.outputRecord))
        }
      }
      var new: [String: String] = [:]
      for (output, source) in planned[root] ?? [:] {
        guard let relative = relativePath(of: output, under: base) else { continue }
        new[relative] = relativePath(from: rootURL, to: absolute(source))
      }
      // `old` is walked in sorted order, so each folder's removals come sorted by path.
      for (output, source) in old.sorted(by: { $0.key < $1.key }) where new[output] == nil {
        let sourceURL = URL(fileURLWithPath: source, relativeTo: rootURL).standardizedFileURL
        let gone = Platform.status(ofPath: sourceURL.path) == nil
        guard gone || considered.contains(sourceURL.path) else {
          new[output] = source
          continue
        }
        guard isSafe(output) else { continue }
        let path = base + "/" + output
        guard Platform.fileExists(atPath: path).exists else { continue }
        do {
          try OutputSafety.checkNoLinkedFolders(root: base, folder: path)
          try FileManager.default.removeItem(atPath: path)
          removed.append(
            Removal(path: path, source: display(sourceURL.path), sourceGone: gone))
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
