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

// MARK: - Issue 23's structured mutations

/// libFuzzer's own byte-level mutator.
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// What librsvg reads differently from the bytes (issue 23), applied to a third of the
/// mutations (the rest are libFuzzer's own): a DTD internal subset with ATTLIST defaults and
/// ENTITY declarations, CSS escapes in style text, UTF-16 or UTF-32 re-encoding, an `<image>`
/// whose `data:` URI holds a PNG, JPEG or GIF header of a random size.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(
  _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
  var rng = SplitMix(state: UInt64(seed))
  guard rng.next() % 3 == 0, size > 0, data[0] != 0x89 else {
    return libFuzzerMutate(data, size, maxSize)
  }
  var bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
  switch rng.next() % 4 {
  case 0:
    let attlists = [
      "<!ATTLIST text font-size CDATA '1e9'>", "<!ATTLIST feTurbulence numOctaves CDATA '99999'>",
      "<!ATTLIST path stroke-width CDATA '1e19'>", "<!ATTLIST svg width CDATA '1e19mm'>",
      "<!ATTLIST polyline stroke-dasharray CDATA '0.01'>",
    ]
    let entities = [
      "<!ENTITY v '1e9'>", "<!ENTITY t '" + String(repeating: "W", count: 4000) + "'>",
      "<!ENTITY u '<use href=\"#a\"/><use href=\"#a\"/>'>",
    ]
    let subset =
      "<!DOCTYPE svg [" + attlists[Int(rng.next() % UInt64(attlists.count))]
      + entities[Int(rng.next() % UInt64(entities.count))] + "]>"
    var at = 0
    if bytes.starts(with: Array("<?xml".utf8)),
      let end = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0x3F && bytes[$0 + 1] == 0x3E })
    {
      at = end + 2
    }
    bytes.insert(contentsOf: Array(subset.utf8), at: at)
  case 1:
    var out: [UInt8] = []
    for b in bytes {
      let isAlnum = (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b)
      if isAlnum && rng.next() % 4 == 0 {
        out += Array((rng.next() % 2 == 0 ? "\\" + String(b, radix: 16) + " " : "\\").utf8)
        if out.last == 0x5C { out.append(b) }
      } else {
        out.append(b)
      }
    }
    bytes = out
  case 2:
    let text = String(decoding: bytes, as: UTF8.self)
    let encodings: [(String.Encoding, [UInt8])] = [
      (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]),
      (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]), (.utf32BigEndian, [0, 0, 0xFE, 0xFF]),
    ]
    let (encoding, bom) = encodings[Int(rng.next() % 4)]
    bytes = bom + [UInt8](text.data(using: encoding) ?? Data())
  default:
    let side = [24, 4097, 20000, 65535][Int(rng.next() % 4)]
    let header: (String, [UInt8])
    switch rng.next() % 3 {
    case 0:
      header = (
        "image/png",
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
          + [0, 0, UInt8(side >> 8), UInt8(side & 255), 0, 0, UInt8(side >> 8), UInt8(side & 255)]
          + [8, 6, 0, 0, 0, 0, 0, 0, 0]
      )
    case 1:
      header = (
        "image/jpeg",
        [0xFF, 0xD8, 0xFF, 0xC0, 0, 0x11, 8, UInt8(side >> 8), UInt8(side & 255)]
          + [UInt8(side >> 8), UInt8(side & 255), 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 0xFF, 0xD9]
      )
    default:
      header = (
        "image/gif",
        Array("GIF89a".utf8) + [UInt8(side & 255), UInt8(side >> 8), UInt8(side & 255)]
          + [UInt8(side >> 8), 0, 0, 0, 0x3B]
      )
    }
    let image =
      "<image width='24' height='24' href='data:\(header.0);base64,"
      + Data(header.1).base64EncodedString() + "'/>"
    bytes.insert(contentsOf: Array(image.utf8), at: Int(rng.next() % UInt64(bytes.count + 1)))
  }
  let count = min(bytes.count, maxSize)
  for i in 0..<count { data[i] = bytes[i] }
  return count
}

/// A small deterministic generator (SplitMix64) for the mutator.
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
