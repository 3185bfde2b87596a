import CPango
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Glyphsmith's private fontconfig configuration: only the pinned font files shipped in
/// `assets/fonts/`, never the machine's fonts, for Pango text and SVG `<text>` alike.
///
/// The folder is, in order: `$GLYPHSMITH_FONTS`; `<executable>/../share/glyphsmith/fonts`
/// (where `scripts/install` puts them); `assets/fonts` of the source tree this library was
/// built from. The same font files give the same `golden.json` font hashes from any of them.
package enum FontEnvironment {
  /// The folder the fonts were loaded from, or `nil` when none was found (text then draws
  /// nothing rather than falling back to the machine's fonts).
  package static var fontDirectory: URL? { located.directory }

  /// The font files loaded, sorted by name. Listing them does not set up fontconfig.
  package static var fontFiles: [URL] { located.files }

  /// Installs the configuration as fontconfig's current one; idempotent and thread-safe (a
  /// Swift global initialised once). Called before text is laid out and before librsvg reads
  /// an SVG that may draw text (`SVGDocument.mayDrawText`), never for commands without text:
  /// fontconfig then stays uninitialised. The same files in the same order each time, so
  /// pixels do not depend on which call came first.
  package static func installOnce() { _ = installed }

  private static let located: (directory: URL?, files: [URL]) = {
    let directory = locateFontDirectory()
    guard let directory else { return (nil, []) }
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .map { directory.appendingPathComponent($0) }
      .filter { ["otf", "ttf", "ttc"].contains($0.pathExtension.lowercased()) }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    return (directory, files)
  }()

  private static let installed: Bool = {
    let files = located.files
    guard let config = FcConfigCreate() else { return false }
    for file in files {
      _ = file.path.withCString { FcConfigAppFontAddFile(config, $0) }
    }
    FcConfigBuildFonts(config)
    FcConfigSetCurrent(config)
    return true
  }()

  private static func locateFontDirectory() -> URL? {
    let manager = FileManager.default
    var candidates: [URL] = []
    if let env = ProcessInfo.processInfo.environment["GLYPHSMITH_FONTS"], !env.isEmpty {
      candidates.append(URL(fileURLWithPath: env))
    }
    // The running executable itself (/proc/self/exe on Linux), not argv[0], which is a bare
    // name when the tool is found on PATH; symlinks (e.g. PREFIX/bin/glyphsmith -> ...)
    // resolved.
    let executable = URL(fileURLWithPath: Platform.executablePath).resolvingSymlinksInPath()
    candidates.append(
      executable.deletingLastPathComponent().appendingPathComponent("../share/glyphsmith/fonts"))
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../assets/fonts"))
    return candidates.map(\.standardizedFileURL).first { url in
      var isDirectory = false
      return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory
    }
  }
}
