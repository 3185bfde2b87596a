import FoundationEssentials
import GlyphsmithCore
import GlyphsmithRender

/// What `build --watch` knows of the icons after a full build (issue 36): every icon file the
/// build collected, and the local files each SVG icon draws (`<image href>`), so that a save
/// of known files is built for those icons alone (`selection(_:)`).
package struct WatchedIcons {
  /// Collected path by absolute, standardised path; empty before a full build succeeded.
  private var files: [String: String] = [:]
  /// The absolute paths each icon (by collected path) draws.
  private var references: [String: Set<String>] = [:]

  /// How many icon files the last full build collected (0: nothing known).
  package var count: Int { files.count }

  /// Nothing known: the next change builds everything.
  package init() {}

  /// The icons of a full build.
  package init(files collected: [InputCollector.CollectedFile]) {
    for file in collected {
      files[Self.absolute(file.path)] = file.path
    }
    update(Set(collected.map(\.path)))
  }

  /// The icon files (paths as collected) to build for `changes`, or `nil` when everything
  /// must be built: nothing known yet, something other than a write (a removal, a folder,
  /// the project file), or a written file no full build collected (a new icon). Empty when
  /// only files starting with `.` changed that no icon draws (an editor's temporary file
  /// before its rename): nothing to build.
  ///
  /// A written icon that is no longer a plain file (a link or a folder renamed over it) is
  /// `nil` too: the full build's walk applies the link rules (a link out of the icons folder
  /// skipped with a warning), which the saved path alone would not (trial t36: a link to a
  /// file outside the folder renamed over an icon was built from that file).
  package func selection(_ changes: ProjectWatcher.Changes) -> Set<String>? {
    guard !files.isEmpty, !changes.other, !(changes.written.isEmpty && changes.hidden.isEmpty)
    else { return nil }
    var selected: Set<String> = []
    var written: Set<String> = []
    for path in changes.written {
      let absolute = Self.absolute(path)
      guard let collected = files[absolute],
        Platform.kind(ofPath: absolute, followingLinks: false) == .regular
      else { return nil }
      selected.insert(collected)
      written.insert(absolute)
    }
    written.formUnion(changes.hidden.map(Self.absolute))
    for (icon, drawn) in references where !drawn.isDisjoint(with: written) {
      selected.insert(icon)
    }
    return selected
  }

  /// Reads again what the SVG icons among `paths` (as collected) draw.
  package mutating func update(_ paths: Set<String>) {
    for path in paths where path.lowercased().hasSuffix(".svg") {
      let drawn = Set(SVGReferences.localFiles(ofSVGAt: path).map(Self.absolute))
      references[path] = drawn.isEmpty ? nil : drawn
    }
  }

  /// `path` made absolute against the current folder, `.` and `..` resolved.
  package static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return PathName(full).standardizingPath
  }
}
