import CPNGCodec
import FoundationEssentials
import Glibc

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
  ///   side or over `maxPixels`, a file past `maximumFileBytes(maxPixels:)` or image data
  ///   that would inflate past what its size needs (`checkSizes`; all checked before
  ///   decoding).
  public static func decode(
    _ data: Data, path: String, maxPixels: Int = InputLimits.current.maxPixels
  ) throws -> RGBAImage {
    try checkPixels(data, path: path, maxPixels: maxPixels)
    try checkSizes(data, path: path, maxPixels: maxPixels)
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

  /// Largest PNG file accepted, in bytes, for inputs of at most `maxPixels` pixels: 2 bytes
  /// a pixel plus 16 MiB of other chunks (default 48 MiB; an icon's PNG is a few hundred KB,
  /// and a file past this, read whole, would take most of a worker's 200 MB before decoding).
  public static func maximumFileBytes(maxPixels: Int) -> Int {
    let (bytes, overflow) = maxPixels.multipliedReportingOverflow(by: 2)
    return overflow ? Int.max : bytes + 16 * 1024 * 1024
  }

  /// Throws, before anything is inflated or allocated, when the PNG `data` is larger than
  /// `maximumFileBytes(maxPixels:)` or its compressed image data (the IDAT chunks together)
  /// is longer than the image's rows need uncompressed (plus 1/32 and 16 KiB for zlib's
  /// framing): deflate cannot make data shorter that way only to pad it, so the excess is
  /// data libpng would inflate and throw away (issue 33: a 1x1 PNG of 1 MB inflating to
  /// 1 GiB took 3-9 s). Data without a readable header passes (the decoder reports it).
  /// - Throws: `RenderError.tooLarge` naming `path`, the sizes and `--max-pixels`.
  public static func checkSizes(
    _ data: Data, path: String, maxPixels: Int = InputLimits.current.maxPixels
  ) throws {
    let limit = maximumFileBytes(maxPixels: maxPixels)
    if data.count > limit {
      throw RenderError.tooLarge(
        path: path,
        what: "\(data.count) bytes; PNG files are limited to \(limit) bytes (2 bytes a pixel "
          + "of --max-pixels, plus 16 MiB)")
    }
    let bytes = [UInt8](data.prefix(33))
    guard bytes.count == 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      bytes[12...15].elementsEqual(Array("IHDR".utf8))
    else { return }
    func be32(_ b: [UInt8], _ i: Int) -> Int {
      Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    let width = be32(bytes, 16)
    let height = be32(bytes, 20)
    let depth = Int(bytes[24])
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(bytes[25])] ?? 4
    let interlaced = bytes[28] != 0
    let rowBytes = (width * channels * max(depth, 1) + 7) / 8
    // Adam7 adds a filter byte per row of each pass and pads each pass's rows.
    let raw = height * (1 + rowBytes) + (interlaced ? 8 * (height + 8) * (1 + channels * 2) : 0)
    var compressed = 0
    var offset = 8
    data.withUnsafeBytes { raw in
      let b = raw.bindMemory(to: UInt8.self)
      while offset + 8 <= b.count {
        let length =
          Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8
          | Int(b[offset + 3])
        let type = (b[offset + 4], b[offset + 5], b[offset + 6], b[offset + 7])
        if type == (0x49, 0x44, 0x41, 0x54) { compressed += length }  // IDAT
        if type == (0x49, 0x45, 0x4E, 0x44) { break }  // IEND
        offset += 12 + length
      }
    }
    let allowed = raw + raw / 32 + 16384
    if compressed > allowed {
      throw RenderError.tooLarge(
        path: path,
        what: "its image data is \(compressed) bytes compressed, more than a \(width)x\(height) "
          + "px PNG needs uncompressed (\(raw) bytes); re-save it (PNG inputs are limited by "
          + "--max-pixels)")
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
