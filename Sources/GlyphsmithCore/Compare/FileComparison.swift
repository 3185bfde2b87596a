import FoundationEssentials
import Glibc

/// `glyphsmith compare`'s work: two PNG files compared with pixelmatch, an optional diff image
/// written, and the verdict against a `FailOver` limit.
public struct FileComparison: Sendable, Equatable {
  /// The expected image (A).
  public var expected: String
  /// The actual image (B).
  public var actual: String
  /// Where to write the diff image (`-` for stdout), if anywhere.
  public var diff: String?
  /// pixelmatch's options.
  public var pixelmatch = PixelmatchOptions()
  /// Differing pixels allowed.
  public var failOver = FailOver.zero
  /// Threads; never changes the result.
  public var jobs = ParallelMap.availableCores

  /// A comparison of `expected` (A) with `actual` (B); nothing runs until `run`.
  public init(expected: String, actual: String) {
    self.expected = expected
    self.actual = actual
  }

  /// Compares the files and writes the diff image when asked.
  /// - Throws: `CompareError.sizeMismatch` (category `.answerIsNo`) when the sizes differ; a
  ///   `GlyphsmithFailure` naming the file when one cannot be read or the diff not written.
  public func run() throws -> Report {
    do {
      let (result, timing) = try ImageComparison.compareFilesTimed(
        expected: expected, actual: actual, options: pixelmatch, diffPath: diff, jobs: jobs)
      return Report(comparison: self, result: result, timing: timing)
    } catch {
      throw GlyphsmithError.failure(error, path: actual)
    }
  }

  /// The outcome of `run`: the result, the verdict and the texts `glyphsmith compare` prints.
  public struct Report: Sendable {
    /// What was compared, and how.
    public var comparison: FileComparison
    /// pixelmatch's counts.
    public var result: PixelmatchResult
    /// How long decoding, comparing and writing took, in ms.
    public var timing: ImageComparison.Timing

    /// `nil` when the differing pixels are within `failOver`; `.answerIsNo` over it.
    public var outcome: FailureCategory? {
      comparison.failOver.isExceeded(
        mismatched: result.mismatchedPixels, total: result.totalPixels) ? .answerIsNo : nil
    }

    /// `A vs B: 143 of 32768 pixels differ (0.436%), allowed 0; largest difference 0.420 at
    /// (3, 7); 108 anti-aliased pixels not counted` (or `anti-aliasing counted`), then the
    /// ignored count when not zero.
    public var summary: String {
      var text =
        "\(comparison.expected) vs \(comparison.actual): \(result.mismatchedPixels) of "
        + "\(result.totalPixels) pixels differ (\(String(cFormat: "%.3f%%", result.mismatchedShare * 100)))"
        + ", allowed \(comparison.failOver)"
      if let at = result.largestDifferenceAt {
        text +=
          String(cFormat: "; largest difference %.3f at ", result.largestDifference)
          + at.description
      }
      text += "; " + GoldenComparison.antiAliasingNote(result, options: comparison.pixelmatch)
      if result.ignoredPixels > 0 { text += "; \(result.ignoredPixels) ignored" }
      return text
    }

    /// `timing: decode 1.2 ms, compare 0.3 ms, write 0.0 ms` (for `bench/compare`).
    public var timingLine: String {
      String(
        cFormat: "timing: decode %.1f ms, compare %.1f ms, write %.1f ms", timing.decode,
        timing.compare, timing.write)
    }

    /// The `--json` document: `{"version": 1, "mismatchedPixels", "antiAliasedPixels",
    /// "totalPixels", "width",
    /// "height", "options": {pixelmatch's options and "failOver"}}`, as `XcodeJSON` writes it.
    /// - Throws: an encoding error (never for these values).
    public func json() throws -> Data {
      try XcodeJSON.encode(
        Document(
          mismatchedPixels: result.mismatchedPixels, antiAliasedPixels: result.antiAliasedPixels,
          totalPixels: result.totalPixels,
          width: result.width, height: result.height,
          options: DocumentOptions(
            pixelmatch: comparison.pixelmatch, failOver: comparison.failOver)))
    }

    /// `{"version": 1, "error": "..."}`, for scripts that parse `--json` even when the
    /// comparison could not be made (a size change, an unreadable file).
    public static func errorJSON(_ message: String) -> Data? {
      struct Failure: Encodable {
        var version = 1
        var error: String
      }
      return try? XcodeJSON.encode(Failure(error: message))
    }
  }

  /// The `--json` document.
  struct Document: Encodable {
    var version = 1
    var mismatchedPixels: Int
    var antiAliasedPixels: Int
    var totalPixels: Int
    var width: Int
    var height: Int
    var options: DocumentOptions
  }

  /// The comparison options plus `failOver`, as one JSON object.
  struct DocumentOptions: Encodable {
    var pixelmatch: PixelmatchOptions
    var failOver: FailOver

    private enum Key: String, CodingKey { case failOver }

    func encode(to encoder: Encoder) throws {
      try pixelmatch.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(failOver, forKey: .failOver)
    }
  }
}
