import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Where a picture for people may be written (`appicon --preview`, `sheet -o`,
/// `sheet --app-icon -o`, `lint --explain`): pictures are made again on every run, so an
/// existing PNG there is replaced; anything else is the user's and is never written over
/// (issue 35's trial: `--preview fg.svg` replaced the icon's own source with a PNG, and
/// `--preview App.icon/icon.json` the bundle's document).
package enum PictureOutput {
  /// The eight bytes every PNG file starts with (PNG specification, §5.2).
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Checks that a picture may be written at `path`: nothing is there or a PNG file is, and
  /// it is none of `inputs` (the files the run reads, links resolved).
  /// - Throws: `GlyphsmithError.unusable` naming `path`: `is an input of this run; give the
  ///   picture another path`, or `exists and is not a PNG; glyphsmith writes a picture only
  ///   where none is or over a PNG (move it or give another path)` (exit 2).
  package static func check(_ path: String, inputs: [String] = []) throws {
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    for input in inputs
    where URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path == real {
      throw GlyphsmithError.unusable(
        path: path, problem: "is an input of this run; give the picture another path")
    }
    guard let status = Platform.status(ofPath: path) else { return }
    let head = status.isFolder ? nil : Platform.readPrefix(atPath: path, count: pngSignature.count)
    guard let head, Array(head) == pngSignature else {
      throw GlyphsmithError.unusable(
        path: path,
        problem:
          "exists and is not a PNG; glyphsmith writes a picture only where none is or over a PNG (move it or give another path)"
      )
    }
  }

  /// Writes `data` (a PNG) at `path` atomically once `check` allows it, after removing the
  /// staging files killed runs left for it (`.NAME.png.tmp-PID-N` of a process that is gone:
  /// only `AtomicFile` writes such a file; issue 35's fifth trial, F3: they stayed for good).
  /// - Throws: as `check`; `GlyphsmithError.writeFailed` naming `path`.
  package static func write(_ data: Data, toPath path: String, inputs: [String] = []) throws {
    try check(path, inputs: inputs)
    removeLeftovers(of: path)
    try AtomicFile.write(data, toPath: path)
  }

  /// Removes the staging files (`.NAME.tmp-PID-N`, regular files, not folders) of killed runs
  /// beside `path` that stand for `NAME`, its last component.
  static func removeLeftovers(of path: String) {
    let parent = FileName.parent(of: path)
    let name = PathName(path).lastPathComponent
    for leftover in OutputSafety.staleStaging(in: parent.isEmpty ? "." : parent) {
      guard let staged = OutputSafety.stagedTarget(leftover), staged.target == name,
        !staged.retired
      else { continue }
      let file = parent.isEmpty ? leftover : parent + "/" + leftover
      guard Platform.kind(ofPath: file, followingLinks: false) == .regular else { continue }
      try? FileManager.default.removeItem(atPath: file)
    }
  }
}
