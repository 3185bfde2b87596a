import FoundationEssentials
import Glibc

/// The page size in pt of a vector file in an image set, read from its header as the PNG
/// size is read from IHDR (nothing is parsed or drawn): a PDF's first `/MediaBox [x0 y0 x1
/// y1]` (ISO 32000-1, 7.7.3.3; 1 unit = 1 pt), an SVG's root `width` and `height` (unitless
/// or `px`: 1 px = 1 pt of the @1x image, as Xcode takes them; `pt`: 4/3 px). `nil` when the
/// file cannot be read or states no size in those terms (a percentage, `em`).
package enum VectorPageSize {
  /// Bytes read at most (vector icons are far smaller; a larger file is not sized).
  static let readLimit = 4 << 20

  /// The size of the PDF or SVG at `path` (by its extension), else `nil`.
  package static func read(atPath path: String) -> (width: Double, height: Double)? {
    guard let data = Platform.readPrefix(atPath: path, count: readLimit) else { return nil }
    return size(of: data, fileExtension: PathName(path).pathExtension)
  }

  /// The size of a PDF or SVG file's bytes (`fileExtension` `pdf` or `svg`, any case), else
  /// `nil`. Only the header's bytes are read as text: a PDF's binary streams are never decoded.
  package static func size(of data: Data, fileExtension: String) -> (width: Double, height: Double)?
  {
    switch fileExtension.lowercased() {
    case "pdf":
      guard let start = firstOffset(of: "/MediaBox", in: data),
        let open = firstOffset(of: "[", in: data, from: start),
        let close = firstOffset(of: "]", in: data, from: open)
      else { return nil }
      return mediaBox(numbers: String(decoding: data[open + 1..<close], as: UTF8.self))
    case "svg":
      guard let start = firstOffset(of: "<svg", in: data),
        let end = firstOffset(of: ">", in: data, from: start)
      else { return nil }
      return svgSize(tag: String(decoding: data[start + 4..<end], as: UTF8.self))
    default: return nil
    }
  }

  /// `size(of:fileExtension:)` in whole px of the @1x image (rounded), `(0, 0)` when unknown.
  package static func wholeSize(of data: Data, fileExtension: String) -> (width: Int, height: Int) {
    guard let size = size(of: data, fileExtension: fileExtension) else { return (0, 0) }
    return (Int(size.width.rounded()), Int(size.height.rounded()))
  }

  /// The index in `data` of the first occurrence of `needle`'s UTF-8 bytes at or after
  /// `from` (an index of `data`), else `nil`.
  static func firstOffset(of needle: String, in data: Data, from: Data.Index? = nil) -> Int? {
    let pattern = Array(needle.utf8)
    let base = data.startIndex
    let skip = (from ?? base) - base
    return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
      guard let first = pattern.first, bytes.count >= pattern.count + skip else { return nil }
      var i = skip
      let last = bytes.count - pattern.count
      while i <= last {
        if bytes[i] == first {
          var j = 1
          while j < pattern.count && bytes[i + j] == pattern[j] { j += 1 }
          if j == pattern.count { return base + i }
        }
        i += 1
      }
      return nil
    }
  }

  /// The first range of `needle` in `text`, compared byte for byte (no `NSString`).
  static func range(of needle: String, in text: String) -> Range<String.Index>? {
    let pattern = Array(needle.utf8)
    let bytes = text.utf8
    var i = bytes.startIndex
    while i != bytes.endIndex {
      if bytes[i...].starts(with: pattern) {
        return i..<bytes.index(i, offsetBy: pattern.count)
      }
      bytes.formIndex(after: &i)
    }
    return nil
  }

  /// The width and height of a `/MediaBox`'s four numbers (`numbers`: the text between its
  /// brackets).
  static func mediaBox(numbers text: String) -> (width: Double, height: Double)? {
    let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard numbers.count == 4 else { return nil }
    let size = (abs(numbers[2] - numbers[0]), abs(numbers[3] - numbers[1]))
    return size.0 > 0 && size.1 > 0 ? size : nil
  }

  /// The `width` and `height` in px of the root `<svg>` start tag (`tag`: its text after
  /// `<svg`, up to its `>`).
  static func svgSize(tag: String) -> (width: Double, height: Double)? {
    func length(_ name: String) -> Double? {
      for quote in ["\"", "'"] {
        guard
          let found = Self.range(of: " \(name)=\(quote)", in: tag)
            ?? Self.range(of: "\n\(name)=\(quote)", in: tag),
          let close = tag[found.upperBound...].firstIndex(of: Character(quote))
        else { continue }
        var value = tag[found.upperBound..<close].trimmingWhitespace()
        var factor = 1.0
        if value.hasSuffix("px") {
          value.removeLast(2)
        } else if value.hasSuffix("pt") {
          value.removeLast(2)
          factor = 4.0 / 3.0
        }
        return Double(value).map { $0 * factor }
      }
      return nil
    }
    guard let width = length("width"), let height = length("height"), width > 0, height > 0
    else { return nil }
    return (width, height)
  }
}
