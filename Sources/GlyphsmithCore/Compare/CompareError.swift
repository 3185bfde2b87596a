/// Errors of image comparison. Messages are lowercase and name the file when there is one.
/// The CLI maps `sizeMismatch` to exit code 1 (the answer is "no") and the rest to 2.
public enum CompareError: Error, Equatable, CustomStringConvertible {
  /// The two images have different sizes (px); nothing is cropped or compared.
  case sizeMismatch(path: String?, expected: ImageSize, actual: ImageSize)
  /// An option value the comparison cannot use.
  case invalidOption(String)

  /// The message in compiler form, naming the file.
  public var description: String {
    switch self {
    case .sizeMismatch(let path, let expected, let actual):
      return (path.map { "\($0): " } ?? "")
        + "error: images differ in size: \(expected) vs \(actual); compare images of the same size"
    case .invalidOption(let message):
      return "error: \(message)"
    }
  }
}

/// A width and height in px, printed `WxH`.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Width in px.
  public var width: Int
  /// Height in px.
  public var height: Int

  /// A size in px.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size of `image`.
  public init(of image: RGBAImage) {
    self.init(width: image.width, height: image.height)
  }

  /// `50x60`.
  public var description: String { "\(width)x\(height)" }
}
