import Foundation
import Glyphsmith
import GlyphsmithTestSupport
import Testing

/// Golden-image check for the indicator suites (badge, dots, tab bar): the shared
/// `assertGolden` of `GlyphsmithTestSupport` (recording per `GLYPHSMITH_RECORD`, artifacts and
/// messages), then, because these pictures are pinned exactly, decoded pixels compared for
/// equality as well, so even a difference `assertGolden`'s threshold lets through fails.
///
/// Goldens live in the top-level `golden/` folder as PNGs. Each folder also gets a
/// `VERSIONS.txt` naming the libraries and fonts that set its pixels when a golden is recorded.
enum IndicatorGolden {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("golden")

  /// Compares `image` with `golden/<relative>`: through `assertGolden`, then exactly.
  static func check(
    _ image: RGBAImage, _ relative: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = assertGolden(image, named: relative, sourceLocation: sourceLocation)
    let url = root.appendingPathComponent(relative)
    switch outcome {
    case .recorded:
      try writeVersions(in: url.deletingLastPathComponent())
    case .matched:
      let expected = try PNGCodec.decode(Data(contentsOf: url), path: url.path)
      if expected != image {
        var differing = 0
        var largest = 0
        for i in 0..<image.pixels.count where image.pixels[i] != expected.pixels[i] {
          differing += 1
          largest = max(largest, abs(Int(image.pixels[i]) - Int(expected.pixels[i])))
        }
        let message =
          "\(relative): within assertGolden's threshold but not exact: \(differing) channel "
          + "values differ (largest by \(largest)); re-record with GLYPHSMITH_RECORD=all after review"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      }
    case .failed(let message):
      // Reported by assertGolden; a golden just recorded in the implicit `missing` mode fails
      // until reviewed, but its folder still gets the versions it was drawn with.
      if message.contains("recorded a new golden at") {
        try writeVersions(in: url.deletingLastPathComponent())
      }
    }
  }

  private static func writeVersions(in folder: URL) throws {
    let fonts = FontEnvironment.fontFiles.map(\.lastPathComponent).joined(separator: ", ")
    let text = """
      Pixels in this folder were recorded with:
      \(RendererVersions.current.summary)
      fonts: \(fonts)

      """
    try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent("VERSIONS.txt"))
  }
}

/// Pixel helpers for exact assertions on indicator images.
enum PixelProbe {
  /// Bounding box (x, y, width, height) of pixels with alpha above `threshold`.
  static func inkBounds(_ image: RGBAImage, threshold: UInt8 = 0) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > threshold {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  /// 8-connected components of pixels with alpha above `threshold`, each as its bounding box
  /// and its largest alpha, sorted left to right.
  static func components(_ image: RGBAImage, threshold: UInt8 = 0)
    -> [(minX: Int, maxX: Int, minY: Int, maxY: Int, maxAlpha: UInt8)]
  {
    let w = image.width
    let h = image.height
    var label = [Int](repeating: -1, count: w * h)
    var result: [(minX: Int, maxX: Int, minY: Int, maxY: Int, maxAlpha: UInt8)] = []
    for start in 0..<(w * h) where label[start] < 0 && image.pixels[start * 4 + 3] > threshold {
      var stack = [start]
      label[start] = result.count
      var box = (minX: Int.max, maxX: -1, minY: Int.max, maxY: -1, maxAlpha: UInt8(0))
      while let p = stack.popLast() {
        let x = p % w
        let y = p / w
        box.minX = min(box.minX, x)
        box.maxX = max(box.maxX, x)
        box.minY = min(box.minY, y)
        box.maxY = max(box.maxY, y)
        box.maxAlpha = max(box.maxAlpha, image.pixels[p * 4 + 3])
        for dy in -1...1 {
          for dx in -1...1 {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
            let q = ny * w + nx
            if label[q] < 0 && image.pixels[q * 4 + 3] > threshold {
              label[q] = result.count
              stack.append(q)
            }
          }
        }
      }
      result.append(box)
    }
    return result.sorted { $0.minX < $1.minX }
  }
}
