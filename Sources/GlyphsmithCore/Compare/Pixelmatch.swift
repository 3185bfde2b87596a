import Dispatch
import FoundationEssentials
import Glibc

/// pixelmatch, in Swift, over decoded straight-RGBA8 images: the count of perceptually different
/// pixels and an optional diff image, exactly as pixelmatch computes them.
///
/// Source: the algorithm as `docs/formats.md` restates it (YIQ distance of Kotsarenko & Ramos
/// 2010, anti-aliasing detection of Vysniauskas 2009). `PixelmatchBlend.white` gives the counts
/// and diff images of pixelmatch 5.x/6.x, `.checkerboard` those of pixelmatch 7.2.0; both are
/// checked against every case of the vendored fixtures
/// (`Tests/GlyphsmithTestFixtures/Fixtures/pixelmatch`). `PixelmatchMetric.oklab` gives the
/// counts and diff images of pixelmatch's main branch (OKLab HyAB, c6fee35), checked against
/// `cases-main-oklab.tsv`. The per-pixel arithmetic follows each version's order of
/// floating-point operations, because the diff image's grey is truncated to a byte and a
/// different rounding changes pixels.
///
/// Rows are split into contiguous bands shared by `jobs` threads; each pixel's result depends
/// only on the two inputs, so the count and the diff are the same whatever `jobs` is. No
/// allocation per pixel.
public enum Pixelmatch {
  /// The largest YIQ distance the metric can give (pixelmatch's constant).
  public static let maximumDelta = 35215.0

  /// Compares `expected` with `actual` (same size, straight RGBA8).
  /// - Parameters:
  ///   - diff: also draw the diff image (differences in `diffColor`/`diffColorAlt`, anti-aliasing
  ///     in `aaColor`, the rest `expected` in grey at `alpha`, ignored rectangles hatched in
  ///     `PixelmatchOptions.ignoreColor`).
  ///   - jobs: threads to use (at least 1; `nil`: every core); never changes the result.
  /// - Throws: `CompareError.sizeMismatch` with both sizes when they differ (nothing is
  ///   cropped); `CompareError.invalidOption` for a threshold or alpha outside 0-1.
  public static func compare(
    _ expected: RGBAImage, _ actual: RGBAImage, options: PixelmatchOptions = PixelmatchOptions(),
    diff: Bool = true, jobs: Int? = nil
  ) throws -> PixelmatchResult {
    let jobs = jobs ?? ParallelMap.availableCores
    guard expected.width == actual.width, expected.height == actual.height else {
      throw CompareError.sizeMismatch(
        path: nil, expected: ImageSize(of: expected), actual: ImageSize(of: actual))
    }
    try options.validate()
    let width = expected.width
    let height = expected.height
    let spans = IgnoreSpans(options.ignore, width: width, height: height)
    var result = PixelmatchResult(
      mismatchedPixels: 0, antiAliasedPixels: 0, ignoredPixels: spans.pixelCount, width: width,
      height: height, largestDifference: 0, largestDifferenceAt: nil, diff: nil)
    let count = width * height
    guard count > 0 else {
      if diff { result.diff = RGBAImage(width: width, height: height) }
      return result
    }

    var bands: [BandResult] = []
    var diffBytes: [UInt8]? = nil
    expected.pixels.withUnsafeBufferPointer { b1 in
      actual.pixels.withUnsafeBufferPointer { b2 in
        let identical = memcmp(b1.baseAddress!, b2.baseAddress!, count * 4) == 0
        if identical && !diff { return }
        let run = { (out: UnsafeMutablePointer<UInt32>?) -> [BandResult] in
          b1.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: count) { w1 in
            b2.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: count) { w2 in
              let kernel = Kernel(
                width: width, height: height, bytes1: b1.baseAddress!, bytes2: b2.baseAddress!,
                words1: w1, words2: w2, out: out, options: options)
              return runBands(kernel, spans: spans, jobs: jobs)
            }
          }
        }
        if diff {
          diffBytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            Platform.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), bytes: count * 4)
            buffer.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: count) { out in
              bands = run(out)
            }
            initialized = count * 4
          }
        } else {
          bands = run(nil)
        }
      }
    }
    for band in bands {
      result.mismatchedPixels += band.mismatched
      result.antiAliasedPixels += band.antiAliased
      if band.largest > 0, band.largest > result.largestDifference {
        result.largestDifference = band.largest
        result.largestDifferenceAt = PixelPoint(
          x: band.largestIndex % width, y: band.largestIndex / width)
      }
    }
    if options.metric == .yiq {
      result.largestDifference = (result.largestDifference / maximumDelta).squareRoot()
    }
    if let diffBytes { result.diff = RGBAImage(width: width, height: height, pixels: diffBytes) }
    return result
  }

  // MARK: - Bands

  /// Splits the rows into bands (4 per job, so a thread slowed by other work hands its share to
  /// the others) taken by `jobs` threads in any order; results are merged in band order, so they
  /// never depend on the scheduling.
  private static func runBands(_ kernel: Kernel, spans: IgnoreSpans, jobs: Int) -> [BandResult] {
    let height = kernel.height
    let bandCount = jobs <= 1 ? 1 : max(1, min(jobs * 4, height))
    return ParallelMap.map(count: bandCount, jobs: jobs) { band in
      kernel.run(
        rows: (height * band / bandCount)..<(height * (band + 1) / bandCount), spans: spans)
    }
  }
}

/// Counts of one band of rows.
package struct BandResult {
  var mismatched = 0
  var antiAliased = 0
  /// Largest |YIQ delta| among counted pixels and its pixel index (first in row-major order).
  var largest = 0.0
  var largestIndex = 0
}

/// The ignored rectangles as merged column ranges per row, clipped to the image.
package struct IgnoreSpans: Sendable {
  let rects: [IgnoreRegion]
  let width: Int
  let height: Int

  init(_ regions: [IgnoreRegion], width: Int, height: Int) {
    self.width = width
    self.height = height
    rects = regions.compactMap { r in
      let x0 = max(0, r.x)
      let y0 = max(0, r.y)
      let x1 = min(width, r.x + r.width)
      let y1 = min(height, r.y + r.height)
      return x0 < x1 && y0 < y1 ? IgnoreRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
  }

  var isEmpty: Bool { rects.isEmpty }

  /// Sorted, merged, non-overlapping column ranges ignored in row `y`.
  func row(_ y: Int) -> [Range<Int>] {
    var ranges = rects.filter { y >= $0.y && y < $0.y + $0.height }
      .map { $0.x..<($0.x + $0.width) }
    guard ranges.count > 1 else { return ranges }
    ranges.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = [ranges[0]]
    for range in ranges.dropFirst() {
      if range.lowerBound <= merged[merged.count - 1].upperBound {
        let last = merged[merged.count - 1]
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// Pixels in the union of the rectangles.
  var pixelCount: Int {
    guard !rects.isEmpty else { return 0 }
    var total = 0
    for y in 0..<height { total += row(y).reduce(0) { $0 + $1.count } }
    return total
  }
}
