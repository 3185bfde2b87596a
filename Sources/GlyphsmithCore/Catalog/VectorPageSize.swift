import Foundation

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
    return size(of: data, fileExtension: (path as NSString).pathExtension)
  }

  /// The size of a PDF or SVG file's bytes (`fileExtension` `pdf` or `svg`, any case), else
  /// `nil`.
  package static func size(of data: Data, fileExtension: String) -> (width: Double, height: Double)?
  {
    let text = String(decoding: data, as: UTF8.self)
    switch fileExtension.lowercased() {
    case "pdf": return mediaBox(text)
    case "svg": return svgSize(text)
    default: return nil
    }
  }

  /// `size(of:fileExtension:)` in whole px of the @1x image (rounded), `(0, 0)` when unknown.
  package static func wholeSize(of data: Data, fileExtension: String) -> (width: Int, height: Int) {
    guard let size = size(of: data, fileExtension: fileExtension) else { return (0, 0) }
    return (Int(size.width.rounded()), Int(size.height.rounded()))
  }

  /// The first `/MediaBox`'s width and height.
  static func mediaBox(_ text: String) -> (width: Double, height: Double)? {
    guard let start = text.range(of: "/MediaBox"),
      let open = text[start.upperBound...].firstIndex(of: "["),
      let close = text[open...].firstIndex(of: "]")
    else { return nil }
    let numbers = text[text.index(after: open)..<close].split(whereSeparator: \.isWhitespace)
      .compactMap { Double($0) }
    guard numbers.count == 4 else { return nil }
    let size = (abs(numbers[2] - numbers[0]), abs(numbers[3] - numbers[1]))
    return size.0 > 0 && size.1 > 0 ? size : nil
  }

  /// The root `<svg>` start tag's `width` and `height` in px.
  static func svgSize(_ text: String) -> (width: Double, height: Double)? {
    guard let start = text.range(of: "<svg"),
      let end = text[start.upperBound...].firstIndex(of: ">")
    else { return nil }
    let tag = text[start.upperBound..<end]
    func length(_ name: String) -> Double? {
      for quote in ["\"", "'"] {
        guard let found = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
          let close = tag[found.upperBound...].firstIndex(of: Character(quote))
        else { continue }
        var value = tag[found.upperBound..<close].trimmingCharacters(in: .whitespaces)
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
