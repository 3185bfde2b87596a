import FoundationEssentials
import Glibc
import GlyphsmithCore

/// An input icon loaded and ready to render: SVG through librsvg, PNG through libpng.
///
/// Not thread-safe (librsvg handles are not): each task loads its own.
public final class Artwork {
  /// The path as given (or `-` for stdin), used in every message.
  public let path: String
  /// The parsed artwork.
  package let source: ArtworkSource
  /// The loaded SVG every consumer reads (outline, text, vector model); `nil` for a PNG.
  package let svg: LoadedSVG?
  /// Warnings found while loading (dropped references, a size fallback, `<text>` the fonts
  /// cannot draw) and added by the renderer, in order.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Whether the artwork is a raster (PNG) rather than vector (SVG).
  public var isRaster: Bool {
    if case .raster = source { return true }
    return false
  }

  /// Loads `path` (`-` reads stdin). The format comes from the content, never the name
  /// (`ArtworkFormat.detect`): the PNG signature means PNG, XML (or gzip, SVGZ) means SVG.
  /// - Throws: `GlyphsmithError.unreadable` when the file cannot be read; `.render` for an
  ///   invalid or oversized SVG/PNG (see `SVGDocument` and `PNGCodec`).
  /// `sizeFromContent`: an SVG with no usable size takes its content's bounds as its canvas
  /// (for callers that give the output size, as `render --width/--height` does).
  public convenience init(path: String, sizeFromContent: Bool = false) throws {
    let data: Data
    let base: URL?
    if path == "-" {
      data = try StandardStream.readInput()
      base = nil
    } else {
      let url = URL(fileURLWithPath: path)
      guard let info = Platform.status(ofPath: path) else {
        // A link whose target is missing or that loops names what it is (issue 35's trial,
        // finding 6: a loop said "no such file").
        if Platform.kind(ofPath: path, followingLinks: false) == .link {
          let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
          let loops = Platform.linkLoops(path)
          throw GlyphsmithError.unreadable(
            path: path,
            reason: loops
              ? "too many levels of symbolic links (a loop through '\(target)')"
              : "a symbolic link to '\(target)', which does not exist")
        }
        throw GlyphsmithError.unreadable(path: path, reason: "no such file")
      }
      if info.isFolder {
        throw GlyphsmithError.unreadable(path: path, reason: "is a folder; give a file")
      }
      let size = info.size
      if size > SVGDocument.maximumFileSize && url.pathExtension.lowercased() != "png" {
        throw GlyphsmithError.render(
          .tooLarge(path: path, what: "\(size) bytes; SVG files are limited to 10 MiB"))
      }
      // A PNG past its bound is refused before it is read into memory (issue 33: a 150 MB
      // PNG trapped).
      let pngLimit = PNGCodec.maximumFileBytes(maxPixels: InputLimits.current.maxPixels)
      if size > pngLimit {
        throw GlyphsmithError.render(
          .tooLarge(
            path: path,
            what: "\(size) bytes; PNG files are limited to \(pngLimit) bytes (2 bytes a pixel "
              + "of --max-pixels, plus 16 MiB)"))
      }
      data = try FileBytes.readInput(path)
      base = url.deletingLastPathComponent()
    }
    try self.init(data: data, path: path, baseDirectory: base, sizeFromContent: sizeFromContent)
  }

  /// Loads artwork from memory. `baseDirectory` is where an SVG's relative references resolve
  /// (`nil`: no file references allowed).
  /// - Throws: `GlyphsmithError.unusable` with "the file is empty" or "not a PNG or SVG
  ///   file" when the content is neither (`ArtworkFormat.detect`); `.render` for invalid or
  ///   oversized input.
  /// `sizeFromContent`: see `init(path:sizeFromContent:)`.
  public init(
    data: Data, path: String, baseDirectory: URL?, sizeFromContent: Bool = false
  ) throws {
    self.path = path
    FaultInjection.check(data)
    let format = ArtworkFormat.detect(data)
    switch format {
    case .empty:
      throw GlyphsmithError.unusable(
        path: path, problem: "the file is empty; give an SVG or PNG icon")
    case .unknown where data.count <= SVGDocument.maximumFileSize:
      // (Larger files go on to SVGDocument, which names the size limit.)
      throw GlyphsmithError.unusable(
        path: path, problem: "not a PNG or SVG file (by its content); give an SVG or PNG icon")
    case .png, .svg, .unknown: break
    }
    do {
      if format == .png {
        source = .raster(try PNGCodec.decode(data, path: path))
        svg = nil
      } else {
        let loaded = try LoadedSVG(
          data: data, path: path, baseDirectory: baseDirectory, sizeFromContent: sizeFromContent)
        let document = loaded.document
        diagnostics += document.referenceWarnings
        if let warning = document.sizeWarning { diagnostics.append(warning) }
        // <text> the pinned fonts cannot draw as written: never silently.
        for problem in loaded.textElements.flatMap(SVGTextCheck.problems(for:)) {
          diagnostics.append(
            .warning(
              problem.message, path: path, line: problem.element.line,
              column: problem.element.column, kind: Diagnostic.Kind.svgElement))
        }
        source = .svg(document)
        svg = loaded
      }
    } catch let error as RenderError {
      throw GlyphsmithError.render(error)
    }
  }

  /// The intrinsic canvas: an SVG's size in px at 96 dpi (its pt at @1x), a PNG's px.
  public var canvasSize: Size { source.canvasSize }

  private var cachedInk: InkAnalysis??

  /// The drawn content's bounds and corner ink, measured once and cached.
  /// - Returns: `nil` when the artwork draws nothing.
  /// - Throws: `GlyphsmithError.render` when measuring fails.
  package func ink() throws -> InkAnalysis? {
    if let cachedInk { return cachedInk }
    let result: InkAnalysis?
    do {
      result = try InkAnalysis.measure(source, path: path)
    } catch {
      throw GlyphsmithError.wrap(error, path: path)
    }
    cachedInk = .some(result)
    return result
  }

  func addWarning(_ warning: Diagnostic) { diagnostics.append(warning) }
}
