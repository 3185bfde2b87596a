/// A connected set of pixels of a mask (`ConnectedComponents`), or any box of pixels being
/// grown: its area and bounding box in px of the grid it came from.
struct PixelComponent: Equatable, Sendable {
  /// Pixel count.
  var area = 0
  /// Leftmost column (`Int.max` while empty).
  var minX = Int.max
  /// Top row (`Int.max` while empty).
  var minY = Int.max
  /// Rightmost column (-1 while empty).
  var maxX = -1
  /// Bottom row (-1 while empty).
  var maxY = -1
  /// Whether it touches the outermost row or column.
  var touchesBorder = false
  /// Box width in px.
  var boxWidth: Int { maxX - minX + 1 }
  /// Box height in px.
  var boxHeight: Int { maxY - minY + 1 }
}
