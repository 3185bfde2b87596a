import FoundationEssentials
import Glibc

/// Comparison of PNG files: decode both (in parallel), run `Pixelmatch`, write the diff PNG
/// atomically. Times each step for `--timing`.
public enum ImageComparison {
  /// Milliseconds spent in each step of `compareFiles`.
  public struct Timing: Sendable, Equatable {
    /// Reading and decoding both PNGs (wall clock, in parallel), in ms.
    public var decode: Double = 0
    /// `Pixelmatch.compare` (with the diff image when one is written), in ms.
    public var compare: Double = 0
    /// Encoding and writing the diff PNG, in ms (0 without `--diff`).
    public var write: Double = 0

    /// All zero.
    public init() {}
  }

  /// Largest decoded image (bytes) for which the two inputs were decoded in parallel: 16 MiB,
  /// 2048 x 2048 px. No longer consulted: PNGs decode in place (no second buffer), so inputs of
  /// any size decode in parallel; kept for source compatibility.
  public static let parallelDecodeLimit = 16 << 20

  /// The bytes of the file at `path`; messages name `name` (default: `path`).
  /// - Throws: `GlyphsmithError.unreadable` naming it: missing, a folder, not a regular file
  ///   (a FIFO is refused at once, never waited on), no permission.
  package static func read(_ path: String, named name: String? = nil) throws -> Data {
    if let data = FileBytes.read(path) { return data }
    let name = name ?? path
    guard let info = Platform.status(ofPath: path) else {
      throw GlyphsmithError.unreadable(path: name, reason: "no such file")
    }
    if Platform.isSpecialFile(atPath: path) {
      throw GlyphsmithError.unreadable(path: name, reason: Platform.specialFileProblem)
    }
    throw GlyphsmithError.unreadable(
      path: name, reason: info.isFolder ? "is a folder; give a PNG file" : "permission denied")
  }

  /// Reads and decodes the PNG at `path` to straight RGBA8.
  /// - Throws: `GlyphsmithError.unreadable` naming the path, or the PNG codec's
  ///   `RenderError.invalidPNG` / `.tooLarge` wrapped as `GlyphsmithError.render`.
  public static func load(_ path: String) throws -> RGBAImage {
    let data = try read(path)
    do { return try PNGCodec.decode(data, path: path) } catch {
      throw GlyphsmithError.wrap(error, path: path)
    }
  }

  /// Compares the PNG at `expectedPath` with the one at `actualPath` and writes the diff PNG to
  /// `diffPath` when given.
  /// - Throws: `GlyphsmithError` for an unreadable or invalid file or a failed write;
  ///   `CompareError.sizeMismatch` (naming `actualPath`, with both sizes) when the sizes differ;
  ///   `CompareError.invalidOption` for an option out of range.
  public static func compareFiles(
    expected expectedPath: String, actual actualPath: String,
    options: PixelmatchOptions = PixelmatchOptions(), diffPath: String? = nil,
    jobs: Int? = nil
  ) throws -> PixelmatchResult {
    try compareFilesTimed(
      expected: expectedPath, actual: actualPath, options: options, diffPath: diffPath, jobs: jobs
    ).result
  }

  /// `compareFiles`, also returning how long each step took.
  /// - Throws: as `compareFiles`.
  public static func compareFilesTimed(
    expected expectedPath: String, actual actualPath: String,
    options: PixelmatchOptions = PixelmatchOptions(), diffPath: String? = nil,
    jobs: Int? = nil
  ) throws -> (result: PixelmatchResult, timing: Timing) {
    let jobs = jobs ?? ParallelMap.availableCores
    var timing = Timing()
    var clock = ContinuousClock.now
    func lap() -> Double {
      let now = ContinuousClock.now
      let elapsed = now - clock
      clock = now
      return Double(elapsed.components.seconds) * 1000
        + Double(elapsed.components.attoseconds) / 1e15
    }
    let paths = [expectedPath, actualPath]
    let files = try paths.map { try read($0) }
    // Both headers are checked (pixel budget, equal sizes) before anything is decoded.
    for index in 0..<2 {
      do { try PNGCodec.checkPixels(files[index], path: paths[index]) } catch {
        throw GlyphsmithError.wrap(error, path: paths[index])
      }
    }
    if let e = PNGCodec.size(of: files[0]), let a = PNGCodec.size(of: files[1]),
      e.width != a.width || e.height != a.height
    {
      throw CompareError.sizeMismatch(
        path: actualPath, expected: ImageSize(width: e.width, height: e.height),
        actual: ImageSize(width: a.width, height: a.height))
    }
    // libpng decodes straight into each image's array, so two decodes in parallel hold just
    // the two images: pairs of any size decode concurrently.
    let loaded = ParallelMap.map(count: 2, jobs: jobs > 1 ? 2 : 1) { index in
      Result {
        do { return try PNGCodec.decode(files[index], path: paths[index]) } catch {
          throw GlyphsmithError.wrap(error, path: paths[index])
        }
      }
    }
    let expected = try loaded[0].get()
    let actual = try loaded[1].get()
    timing.decode = lap()
    guard expected.width == actual.width, expected.height == actual.height else {
      throw CompareError.sizeMismatch(
        path: actualPath, expected: ImageSize(of: expected), actual: ImageSize(of: actual))
    }
    // The inputs stay alive past the lap, so that freeing them is not counted as comparing.
    var result = try withExtendedLifetime((expected, actual)) {
      let result = try Pixelmatch.compare(
        expected, actual, options: options, diff: diffPath != nil, jobs: jobs)
      timing.compare = lap()
      return result
    }
    if let diffPath, let diff = result.diff {
      let data: Data
      do { data = try PNGCodec.encode(diff) } catch {
        throw GlyphsmithError.wrap(error, path: diffPath)
      }
      try AtomicFile.write(data, toPath: diffPath)
      result.diff = nil
      timing.write = lap()
    }
    return (result, timing)
  }
}
