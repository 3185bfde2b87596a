/// Coverage (alpha, 0-1) of a render as a grid, for the lint measures.
/// Row-major, top row first; sizes in px of the render it came from.
struct PixelGrid {
  let width: Int
  let height: Int
  /// Alpha 0-1 per pixel.
  var alpha: [Float]

  /// The alpha channel of `image`, scaled to 0-1.
  init(_ image: RGBAImage) {
    width = image.width
    height = image.height
    alpha = InkMask.alpha(ofRGBA: image.pixels)
  }

  /// Pixels at least half covered (1) or not (0): the ink mask.
  func inkMask() -> [UInt8] { InkMask.ink(alpha: alpha) }
}

/// The pixel operations the lint rules call, by the names they use; each is one of the
/// kernels in `Kernels/`, where they are documented and tested.
enum PixelOps {
  /// `DistanceTransform.infinity`.
  static let infinity = DistanceTransform.infinity

  /// `InkMask.complement`.
  static func complement(_ mask: [UInt8]) -> [UInt8] { InkMask.complement(mask) }

  /// `DistanceTransform.squaredDistance(to:width:height:)`.
  static func squaredDistance(to feature: [UInt8], width: Int, height: Int) -> [Double] {
    DistanceTransform.squaredDistance(to: feature, width: width, height: height)
  }

  /// `ColumnDistance.rowSearch`.
  @inline(__always)
  static func rowSearch(
    _ c: UnsafeBufferPointer<Int32>, x: Int, y: Int, width: Int, reach: Int
  ) -> Int? {
    ColumnDistance.rowSearch(c, x: x, y: y, width: width, reach: reach)
  }

  /// `ColumnDistance.distances(to:width:height:far:)`.
  static func columnDistances(
    to feature: UnsafeBufferPointer<UInt8>, width: Int, height: Int, far: Int32
  ) -> [Int32] {
    ColumnDistance.distances(to: feature, width: width, height: height, far: far)
  }

  /// `InkDistance.squaredDistance(ink:background:cap:width:height:)`.
  static func inkSquaredDistance(
    ink: [UInt8], background: [UInt8], cap: Double, width: Int, height: Int
  ) -> [Double] {
    InkDistance.squaredDistance(
      ink: ink, background: background, cap: cap, width: width, height: height)
  }

  /// `Morphology.dilation(of:limit:width:height:)`.
  static func dilation(of feature: [UInt8], limit: Int, width: Int, height: Int) -> [UInt8] {
    Morphology.dilation(of: feature, limit: limit, width: width, height: height)
  }

  /// `ConnectedComponents.label(_:width:height:eightConnected:)`.
  static func components(
    _ mask: [UInt8], width: Int, height: Int, eightConnected: Bool
  ) -> (labels: [Int32], components: [PixelComponent]) {
    ConnectedComponents.label(mask, width: width, height: height, eightConnected: eightConnected)
  }

  /// `Morphology.thickness(_:inkDistance:cap:width:height:)`.
  static func thickness(
    _ mask: [UInt8], inkDistance: [Double], cap: Double, width: Int, height: Int
  ) -> [Float] {
    Morphology.thickness(mask, inkDistance: inkDistance, cap: cap, width: width, height: height)
  }

  /// `StructuralSimilarity.ssim(_:_:width:height:window:step:)`.
  static func ssim(
    _ a: [Float], _ b: [Float], width: Int, height: Int, window: Int, step: Int = 1
  ) -> (mean: Double, map: [Float]) {
    StructuralSimilarity.ssim(a, b, width: width, height: height, window: window, step: step)
  }
}
