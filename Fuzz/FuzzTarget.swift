// libFuzzer entry point around SVG loading and PNG decoding, compiled by scripts/fuzz together
// with the GlyphsmithRender sources (swiftc -sanitize=fuzzer,address); not a SwiftPM target.
import Foundation

private let base = URL(fileURLWithPath: NSTemporaryDirectory())

/// One input: PNG bytes are decoded (header check, then pixels); anything else is read as
/// lint reads it (libxml2's SAX2 events), then loaded as an SVG, measured and drawn on a
/// 48 x 48 px canvas, as `glyphsmith render` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let data = Data(bytes: bytes, count: count)
  if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
    _ = try? PNGCodec.decode(data, path: "fuzz.png", maxPixels: 4_000_000)
    return 0
  }
  var events = 0
  _ = LibXMLReader.events(data) { _ in events += 1 }
  guard
    let document = try? SVGDocument(
      data: data, path: "fuzz.svg", baseDirectory: base, limits: InputLimits())
  else { return 0 }
  _ = try? document.inkRect()
  let size = document.intrinsicSize
  guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
    return 0
  }
  let k = 48 / max(size.width, size.height)
  _ = try? Rasterizer.render(
    .svg(document), width: 48, height: 48,
    placement: Placement(scale: k, offsetX: 0, offsetY: 0), path: "fuzz.svg")
  return 0
}
