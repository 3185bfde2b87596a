import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The files `lint --role android-launcher` checks (issue 39's trial): a resource folder
/// that `appicon --platform android -o res` wrote holds the foreground and monochrome layers
/// as VectorDrawables (`drawable/NAME_foreground.xml`) or PNG layers
/// (`mipmap-DENSITY/NAME_foreground.png`), which are the 108 dp layer itself, and the legacy
/// and round icons (`mipmap-DENSITY/NAME.png`, `NAME_round.png`), already composited and
/// masked, which are no foreground at all.
///
/// A folder gives its VectorDrawable `.xml` files (other XML, such as the
/// `<adaptive-icon>` and colour resources, is no image), its `.svg` and `.png` artwork, and of
/// the PNGs in `mipmap-*` folders only the foreground and monochrome layers; the other
/// `mipmap-*` PNGs are left out with one note. A file given by name is taken as it is.
package enum LauncherLintInputs {
  /// One file to check.
  package struct File: Equatable, Sendable {
    /// The path as given or joined from the input folder.
    package var path: String
    /// Whether it is a launcher layer (108 dp, placed with no inset unless `--inset` is
    /// given): a VectorDrawable or a `mipmap-*` foreground or monochrome PNG.
    package var isLayer: Bool
  }

  /// The message for a folder with nothing to check.
  package static let noLayers =
    "no launcher foregrounds (VectorDrawable .xml, .svg or .png files) in this folder"

  /// The files of `inputs` in order, the inputs that do not exist or hold nothing to check,
  /// and the notes (the `mipmap-*` PNGs left out, per input folder).
  package static func collect(_ inputs: [String]) -> (
    files: [File], missing: [GlyphsmithError], notes: [Diagnostic]
  ) {
    var files: [File] = []
    var missing: [GlyphsmithError] = []
    var notes: [Diagnostic] = []
    for input in inputs {
      var skipped: [Diagnostic] = []
      let folder = Platform.status(ofPath: input)?.isFolder ?? false
      let (found, notFound) = InputCollector.collect(
        [input], skipped: &skipped, extensions: ["svg", "png", "xml"], empty: noLayers)
      notes += skipped
      missing += notFound
      guard folder else {
        files += found.map { File(path: $0, isLayer: isLayer($0)) }
        continue
      }
      var taken: [File] = []
      var composited = 0
      for path in found {
        let ext = PathName(path).pathExtension.lowercased()
        if ext == "xml" {
          if isLayer(path) { taken.append(File(path: path, isLayer: true)) }
        } else if ext == "png" && inMipmap(path) && !isLayer(path) {
          composited += 1
        } else {
          taken.append(File(path: path, isLayer: isLayer(path)))
        }
      }
      if composited > 0 {
        notes.append(
          Diagnostic(
            .note, path: input, kind: Diagnostic.Kind.safeZone,
            message:
              "left out \(counted(composited, "PNG")) in mipmap-* folders (the legacy and round "
              + "icons, already composited, and background layers: no foreground to check)"))
      }
      if taken.isEmpty {
        missing.append(.unusable(path: input, problem: noLayers))
      }
      files += taken
    }
    return (files, missing, notes)
  }

  /// The note `lint --role android-launcher --inset P` prints when it checked a layer: a
  /// layer is placed with no inset unless one is given, and the given one is applied to it.
  package static func layerInsetNote(_ inset: Double) -> String {
    "--inset " + String(cFormat: "%.2f", inset) + " applies to the layers too (a VectorDrawable "
      + "or a mipmap-* foreground PNG is the 108 dp layer itself, placed with no inset "
      + "without --inset): each was shrunk into the canvas that inset leaves"
  }

  /// Whether `path` lies in a `mipmap-*` folder.
  static func inMipmap(_ path: String) -> Bool {
    path.split(separator: "/").dropLast().last?.hasPrefix("mipmap-") ?? false
  }

  /// Whether the file at `path` is a launcher layer: a VectorDrawable, or a foreground or
  /// monochrome PNG layer in a `mipmap-*` folder (`NAME_foreground.png`,
  /// `NAME_monochrome.png`, as `appicon` writes them when a layer cannot be a
  /// VectorDrawable).
  static func isLayer(_ path: String) -> Bool {
    let name = PathName(path).lastPathComponent.lowercased()
    if name.hasSuffix(".png") {
      return inMipmap(path)
        && (name.hasSuffix("_foreground.png") || name.hasSuffix("_monochrome.png"))
    }
    guard path != "-", let data = try? FileBytes.readInput(path) else { return false }
    return VectorDrawableSVG.isVectorDrawable(data)
  }
}
