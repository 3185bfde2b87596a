import FoundationEssentials
import Glibc

/// Compares one image with its golden by decoded pixels, and writes the three artifacts of a
/// failure. Shared by `glyphsmith golden check` and the test helper `assertGolden`.
public enum GoldenComparison {
  /// The outcome of comparing an actual image with a golden of the same path.
  public struct Outcome: Sendable {
    /// `.passed`, `.differs` or `.sizeChanged`.
    public var status: GoldenStatus
    /// The pixelmatch result (`nil` for a size change).
    public var result: PixelmatchResult?
    /// The diff image: pixelmatch's, or for a size change the overlap compared and the rest
    /// filled with the diff colour, on a canvas of the larger width and height.
    public var diff: RGBAImage
    /// One line: the count, share, largest difference (a colour distance on the 0-1 scale of
    /// pixelmatch's threshold, which the message names) and where; or both sizes.
    public var message: String
  }

  /// Compares `actual` with `expected` under `options`.
  public static func compare(
    expected: RGBAImage, actual: RGBAImage, options: GoldenOptions,
    jobs: Int? = nil
  ) -> Outcome {
    let jobs = jobs ?? ParallelMap.availableCores
    var pixelmatch = options.pixelmatch
    guard expected.width == actual.width, expected.height == actual.height else {
      pixelmatch.ignore = []
      let diff = sizeChangeDiff(expected: expected, actual: actual, options: pixelmatch)
      return Outcome(
        status: .sizeChanged, result: nil, diff: diff,
        message:
          "size changed: golden \(ImageSize(of: expected)) vs actual \(ImageSize(of: actual)); re-record after review if the new size is right"
      )
    }
    // Options are validated when golden.json is read, so the comparison cannot throw.
    let result =
      (try? Pixelmatch.compare(expected, actual, options: pixelmatch, diff: true, jobs: jobs))
      ?? PixelmatchResult(
        mismatchedPixels: actual.width * actual.height, antiAliasedPixels: 0, ignoredPixels: 0,
        width: actual.width, height: actual.height, largestDifference: 1,
        largestDifferenceAt: nil, diff: RGBAImage(width: actual.width, height: actual.height))
    let over = options.failOver.isExceeded(
      mismatched: result.mismatchedPixels, total: result.totalPixels)
    var message =
      "\(result.mismatchedPixels) of \(result.totalPixels) pixels differ"
      + String(cFormat: " (%.3f%%, allowed ", result.mismatchedShare * 100)
      + options.failOver.description + ")"
    if let at = result.largestDifferenceAt {
      message +=
        String(
          cFormat: "; largest difference %.3f on the 0-1 scale of the threshold (",
          result.largestDifference) + "\(pixelmatch.threshold)) at " + at.description
    }
    message += "; " + antiAliasingNote(result, options: pixelmatch)
    return Outcome(
      status: over ? .differs : .passed, result: result, diff: result.diff ?? actual,
      message: message)
  }

  /// What happened to anti-aliased pixels, for every result: `anti-aliasing counted` when
  /// `includeAA` is set, else `N anti-aliased pixels not counted`.
  public static func antiAliasingNote(_ result: PixelmatchResult, options: PixelmatchOptions)
    -> String
  {
    if options.includeAA { return "anti-aliasing counted" }
    let n = result.antiAliasedPixels
    return "\(counted(n, "anti-aliased pixel")) not counted"
  }

  /// A diff for images of different sizes: the overlapping top-left area compared with
  /// pixelmatch, everything outside it in the diff colour.
  public static func sizeChangeDiff(
    expected: RGBAImage, actual: RGBAImage, options: PixelmatchOptions
  ) -> RGBAImage {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    let c = options.diffColor
    var canvas = RGBAImage(width: width, height: height, fill: RGBA8(r: c.r, g: c.g, b: c.b))
    let ow = min(expected.width, actual.width)
    let oh = min(expected.height, actual.height)
    guard ow > 0, oh > 0 else { return canvas }
    let overlapDiff = try? Pixelmatch.compare(
      crop(expected, width: ow, height: oh), crop(actual, width: ow, height: oh),
      options: options, diff: true, jobs: 1
    ).diff
    guard let overlapDiff else { return canvas }
    for y in 0..<oh {
      let source = y * ow * 4
      let target = y * width * 4
      canvas.pixels.replaceSubrange(
        target..<(target + ow * 4), with: overlapDiff.pixels[source..<(source + ow * 4)])
    }
    return canvas
  }

  private static func crop(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    if image.width == width && image.height == height { return image }
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      let start = y * image.width * 4
      pixels.append(contentsOf: image.pixels[start..<(start + width * 4)])
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The artifacts folder of `relativePath` (`a/b.png` → `ARTIFACTS/a/b/`).
  public static func artifactsFolder(_ root: URL, relativePath: String) -> URL {
    let trimmed =
      relativePath.lowercased().hasSuffix(".png") ? String(relativePath.dropLast(4)) : relativePath
    return root.appendingPathComponent(trimmed, isDirectory: true)
  }

  /// Writes `expected.png`, `actual.png` and `diff.png` (those given) into `folder`,
  /// atomically, and removes stale ones of an earlier run that are not given now.
  /// - Throws: `GlyphsmithError.writeFailed` naming the file.
  public static func writeArtifacts(_ images: GoldenImages, to folder: URL) throws {
    try writeArtifacts(images, to: folder, keeping: [])
  }

  /// Writes `expected.png`, `actual.png` and `diff.png` (those given) into `folder`,
  /// atomically, and removes stale ones of an earlier run that are not given now, but for
  /// the names in `keeping` (files that are not Glyphsmith's).
  /// - Throws: `GlyphsmithError.writeFailed` naming the file.
  public static func writeArtifacts(
    _ images: GoldenImages, to folder: URL, keeping: Set<String>
  ) throws {
    let files: [(String, Data?)] = [
      ("expected.png", images.expected), ("actual.png", images.actual), ("diff.png", images.diff),
    ]
    for (name, data) in files {
      let url = folder.appendingPathComponent(name)
      if let data {
        try AtomicFile.write(data, to: url)
      } else if !keeping.contains(name) {
        try? FileManager.default.removeItem(at: url)
      }
    }
  }
}
