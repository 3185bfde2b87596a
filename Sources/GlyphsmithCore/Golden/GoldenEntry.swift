import FoundationEssentials
import Glibc

/// How one image fared against its golden.
public enum GoldenStatus: String, Sendable, Codable {
  /// Within the allowed differing pixels.
  case passed
  /// More pixels differ than allowed.
  case differs
  /// The image and its golden have different sizes.
  case sizeChanged
  /// An actual image has no golden.
  case missingGolden
  /// A golden has no actual image.
  case extraGolden
  /// One of the two files could not be read or decoded (the check could not run for it).
  case unreadable

  /// Whether this is a failure (everything but `passed`).
  public var isFailure: Bool { self != .passed }
}

/// The result for one relative path in a golden check.
public struct GoldenEntry: Sendable, Codable {
  /// Path relative to both folders, e.g. `tabs/home.png`.
  public var path: String
  /// Outcome.
  public var status: GoldenStatus
  /// Differing pixels (`nil` when the images were not compared).
  public var mismatchedPixels: Int?
  /// Pixels over the threshold that pixelmatch's detector classed as anti-aliasing and did
  /// not count (always 0 when `includeAA` is true; `nil` when the images were not compared).
  public var antiAliasedPixels: Int?
  /// Pixels of the actual image (`nil` when it is absent or unreadable).
  public var totalPixels: Int?
  /// Size of the golden in px, when there is one that decodes.
  public var expectedSize: ImageSize?
  /// Size of the actual image in px, when there is one that decodes.
  public var actualSize: ImageSize?
  /// Largest colour difference in threshold units (0-1) and where, when pixels differ.
  public var largestDifference: Double?
  /// Position of `largestDifference` in px.
  public var largestDifferenceAt: PixelPoint?
  /// One line saying what happened, lowercase, the fix last.
  public var message: String
  /// The artifacts folder written for this failure, if any.
  public var artifacts: String?
  /// The exact command that accepts this failure (records its golden, or prunes a golden
  /// without an actual image), with the folders as given; `nil` for a pass or an unreadable
  /// file (fix the file first).
  public var accept: String?
  /// PNG bytes of golden, actual and diff for the HTML report (not encoded).
  public var images = GoldenImages()

  /// An entry for `path` with `status` and `message`; counts, sizes and artifacts unset.
  package init(path: String, status: GoldenStatus, message: String) {
    self.path = path
    self.status = status
    self.message = message
  }

  /// Sort key: how much differs (all pixels for a size change, a missing or extra image).
  public var magnitude: Int {
    switch status {
    case .passed, .differs: return mismatchedPixels ?? 0
    case .unreadable: return Int.max
    default:
      let expected = expectedSize.map { $0.width * $0.height } ?? 0
      let actual = actualSize.map { $0.width * $0.height } ?? 0
      return max(expected, actual)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case path, status, mismatchedPixels, antiAliasedPixels, totalPixels, expectedSize, actualSize
    case largestDifference, largestDifferenceAt, message, artifacts, accept
  }
}

/// The PNG files shown for one entry (encoded once, shared by artifacts and the HTML report).
public struct GoldenImages: Sendable {
  /// The golden's bytes, when it exists.
  public var expected: Data?
  /// The actual image's bytes, when it exists.
  public var actual: Data?
  /// The diff image, when both decode.
  public var diff: Data?

  /// No images.
  public init(expected: Data? = nil, actual: Data? = nil, diff: Data? = nil) {
    self.expected = expected
    self.actual = actual
    self.diff = diff
  }
}
