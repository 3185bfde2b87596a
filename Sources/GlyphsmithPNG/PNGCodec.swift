import CPNGCodec
import Foundation

/// PNG decoding and encoding through libpng (the classic API, wrapped in the `CPNGCodec` C
/// target because libpng reports errors with setjmp/longjmp).
public enum PNGCodec {
  /// Largest PNG accepted, in px on a side.
  public static let maximumSide = 16384

  /// Decodes any PNG colour type to straight RGBA8 (`RGBAImage`): palette with tRNS, grey,
  /// grey + alpha, RGB, RGBA, 16-bit, interlaced. Samples are taken as stored (gAMA, sRGB and
  /// iCCP are ignored); 16-bit samples become round(v / 257).
  /// - Parameter maxPixels: the largest width x height accepted (default
  ///   `InputLimits.current.maxPixels`, 4096 x 4096), checked against the header first.
  /// - Throws: `RenderError.invalidPNG` with libpng's message, `.tooLarge` over 16384 px on a
  ///   side or over `maxPixels` (both checked before decoding).
  public static func decode(
    _ data: Data, path: String, maxPixels: Int = InputLimits.current.maxPixels
  ) throws -> RGBAImage {
    try checkPixels(data, path: path, maxPixels: maxPixels)
    var decoded = gs_png_decoded()
    var status = GS_PNG_OK
    // Within the limits, libpng writes straight into the image's array (the header gives its
    // size): no second buffer, no copy.
    if let size = size(of: data), size.width > 0, size.height > 0, size.width <= maximumSide,
      size.height <= maximumSide
    {
      let count = size.width * size.height * 4
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = data.withUnsafeBytes { raw in
          LibraryClock.measure {
            gs_png_decode_into(
              raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(maximumSide),
              buffer.baseAddress, count, &decoded)
          }
        }
        initialized = status == GS_PNG_OK ? count : 0
      }
      if status == GS_PNG_OK {
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
      }
    } else {
      status = data.withUnsafeBytes { raw in
        LibraryClock.measure {
          gs_png_decode(
            raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(maximumSide), &decoded)
        }
      }
    }
    defer { gs_png_free(decoded.pixels) }
    switch status {
    case GS_PNG_OK:
      let width = Int(decoded.width)
      let height = Int(decoded.height)
      let pixels = [UInt8](
        UnsafeBufferPointer(start: decoded.pixels, count: width * height * 4))
      return RGBAImage(width: width, height: height, pixels: pixels)
    case GS_PNG_NOT_PNG:
      // An empty file says so, as `render`, `assets` and `lint` do, rather than "no signature".
      let problem = data.isEmpty ? "the file is empty" : "not a PNG file (no PNG signature)"
      throw RenderError.invalidPNG(path: path, message: problem)
    case GS_PNG_TOO_LARGE:
      throw RenderError.tooLarge(
        path: path,
        what:
          "\(decoded.width)x\(decoded.height) px; PNG input is limited to \(maximumSide) px on a side"
      )
    case GS_PNG_OUT_OF_MEMORY:
      throw RenderError.invalidPNG(path: path, message: "out of memory")
    default:
      throw RenderError.invalidPNG(path: path, message: message(&decoded.message))
    }
  }

  /// Encodes `image` as an 8-bit RGBA PNG with an sRGB chunk and no time stamp, so the same
  /// pixels always give the same bytes. `opaque: true` drops the alpha channel (RGB PNG), for
  /// images that must have none (App Store marketing icons). `text` adds tEXt chunks in the
  /// order given (keys 1-79 Latin-1 characters).
  /// - Throws: `RenderError.pngEncode` with libpng's message.
  public static func encode(
    _ image: RGBAImage, opaque: Bool = false, text: [(key: String, value: String)] = []
  ) throws -> Data {
    var pixels = image.pixels
    if opaque {
      var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
      for i in 0..<(image.width * image.height) {
        rgb[i * 3] = pixels[i * 4]
        rgb[i * 3 + 1] = pixels[i * 4 + 1]
        rgb[i * 3 + 2] = pixels[i * 4 + 2]
      }
      pixels = rgb
    }
    var encoded = gs_png_encoded()
    let keys = text.map { strdup($0.key) }
    let values = text.map { strdup($0.value) }
    defer {
      for pointer in keys + values { free(pointer) }
    }
    let status = pixels.withUnsafeBufferPointer { buffer in
      keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
        values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in
          LibraryClock.measure {
            gs_png_encode(
              buffer.baseAddress, UInt32(image.width), UInt32(image.height), opaque ? 3 : 4,
              compressionLevel, k.baseAddress, v.baseAddress, Int32(text.count), &encoded)
          }
        }
      }
    }
    defer { gs_png_free(encoded.bytes) }
    guard status == GS_PNG_OK, let bytes = encoded.bytes else {
      throw RenderError.pngEncode(message: message(&encoded.message))
    }
    return Data(bytes: bytes, count: encoded.length)
  }

  /// zlib level used with the Sub filter and run-length strategy, for PNGs whose pixels are
  /// not mostly runs of one colour (gradients, photos). Images where at least 75 % of the
  /// pixels on every 8th row equal their left neighbour (icons, screenshots) are written
  /// unfiltered at zlib level 2 instead (the faster encode for them). Both choices depend on
  /// the pixels only, so output bytes are stable.
  public static let compressionLevel: Int32 = 6

  /// Throws when the header of the PNG `data` announces more than `maxPixels` pixels (width x
  /// height, without overflow); data without a readable header passes (the decoder then
  /// reports it).
  /// - Throws: `RenderError.tooLarge` naming `path`, the size and the limit.
  public static func checkPixels(
    _ data: Data, path: String, maxPixels: Int = InputLimits.current.maxPixels
  ) throws {
    guard let size = self.size(of: data) else { return }
    let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
    if overflow || pixels > maxPixels {
      throw RenderError.tooLarge(
        path: path,
        what: "\(size.width)x\(size.height) px PNG; inputs are limited to \(maxPixels) pixels "
          + "(--max-pixels)")
    }
  }

  /// Reads the size in px from the PNG header without decoding; `nil` when `data` is not PNG.
  public static func size(of data: Data) -> (width: Int, height: Int)? {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var scratch = (0..<256).map { _ in CChar(0) }
    let status = data.withUnsafeBytes { raw in
      scratch.withUnsafeMutableBufferPointer { m in
        gs_png_read_size(
          raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height, m.baseAddress)
      }
    }
    return status == GS_PNG_OK ? (Int(width), Int(height)) : nil
  }

  /// The text of the tEXt chunk `key` in the PNG `data` (chunks before the image data only),
  /// or `nil` when `data` is not a readable PNG or has no such chunk. Pixels are not decoded.
  public static func text(_ key: String, in data: Data) -> String? {
    var buffer = [CChar](repeating: 0, count: 1024)
    let status = data.withUnsafeBytes { raw in
      buffer.withUnsafeMutableBufferPointer { out in
        LibraryClock.measure {
          gs_png_read_text(
            raw.bindMemory(to: UInt8.self).baseAddress, raw.count, key, out.baseAddress, out.count)
        }
      }
    }
    guard status == GS_PNG_OK, buffer[0] != 0 else { return nil }
    let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: text, as: UTF8.self)
  }

  /// The libpng version, e.g. "1.6.39".
  public static var libpngVersion: String { String(cString: gs_png_version()) }

  private static func message<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { raw in
      let text = String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      return text.isEmpty ? "unknown libpng error" : text
    }
  }
}
