import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Holds the images inside an SVG (`<image>` and `<feImage>`: `data:` URIs and files in the
/// input's folder) to the PNG inputs' budgets before librsvg decodes them (issue 23): a
/// raster's header (`RasterHeader`) must announce at most `InputLimits.maxPixels` pixels and
/// 16384 px on a side, a file at most `maximumBytes`; a nested SVG goes through
/// `SVGPreflight` itself (`maximumDepth` levels), and a `data:` one bounded there is written
/// back in its bounded form (base64). Content whose size cannot be read before decoding (no
/// format `RasterHeader` knows) is dropped with a warning, as gdk-pixbuf might still decode
/// it at any size.
enum EmbeddedImages {
  /// What checking the images found.
  struct Outcome {
    /// The refusal (`RenderError.tooLarge`'s `what`, naming the option), or `nil`.
    var tooLarge: String?
    /// References to drop, with the reason (for `ReferenceDropper`).
    var dropped: [String: String] = [:]
    /// Font sizes bounded inside nested `data:` SVGs.
    var boundedFontSizes: [(from: String, to: String)] = []
    /// Whether a `data:` URI was rewritten in the tree.
    var rewritten = false
  }

  /// Largest image file an SVG may reference, in bytes: the SVG inputs' own limit (10 MiB).
  static let maximumBytes = 10 * 1024 * 1024
  /// Nested SVG images are checked this many levels deep; deeper ones are refused.
  static let maximumDepth = 3

  /// Checks `images` (the nodes and their `href` values). `verdict` is the reference policy
  /// (a refused reference is never read, so not checked); `depth` counts the SVG images
  /// around this document.
  static func check(
    _ images: [(node: xmlNodePtr, reference: String)], limits: InputLimits,
    baseDirectory: URL?, verdict: (String) -> String?, depth: Int
  ) -> Outcome {
    var outcome = Outcome()
    for (node, reference) in images {
      let trimmed = reference.trimmingWhitespaceAndNewlines()
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let bytes: Data
      let isData = trimmed.lowercased().hasPrefix("data:")
      if isData {
        guard let decoded = decode(trimmed) else { continue }
        bytes = decoded
      } else {
        guard verdict(trimmed) == nil, let baseDirectory,
          let file = file(trimmed, in: baseDirectory)
        else { continue }
        guard
          let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
          attributes[.type] as? FileAttributeType == .typeRegular
        else { continue }
        let size = (attributes[.size] as? Int) ?? (attributes[.size] as? UInt64).map { Int($0) } ?? 0
        if size > maximumBytes {
          outcome.tooLarge =
            outcome.tooLarge
            ?? "the image '\(shown(trimmed))' is \(size) bytes; images inside an SVG are "
            + "limited to 10 MiB"
          continue
        }
        guard let read = try? Data(contentsOf: file) else { continue }
        bytes = read
      }
      if bytes.isEmpty { continue }
      switch RasterHeader.read(bytes) {
      case .raster(let info):
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > limits.maxPixels || max(info.width, info.height) > 16384 {
          outcome.tooLarge =
            outcome.tooLarge
            ?? "the image '\(shown(trimmed))' inside it is a \(info.width)x\(info.height) px "
            + "\(info.format); images are limited to \(limits.maxPixels) pixels (--max-pixels) "
            + "and 16384 px on a side"
        }
      case .svg:
        nested(
          bytes, node: node, reference: trimmed, isData: isData, limits: limits,
          baseDirectory: isData ? nil : baseDirectory, depth: depth, into: &outcome)
      case .unreadable:
        continue  // gdk-pixbuf refuses it too
      case .unknown:
        outcome.dropped[reference] =
          "not a PNG, JPEG, GIF, BMP, WebP or SVG image, so its size cannot be checked before "
          + "it is decoded"
      }
    }
    return outcome
  }

  /// Checks a nested SVG image; a `data:` one that was bounded is written back.
  private static func nested(
    _ bytes: Data, node: xmlNodePtr, reference: String, isData: Bool, limits: InputLimits,
    baseDirectory: URL?, depth: Int, into outcome: inout Outcome
  ) {
    guard depth + 1 <= maximumDepth else {
      outcome.tooLarge =
        outcome.tooLarge
        ?? "SVG images nest more than \(maximumDepth) levels deep ('\(shown(reference))')"
      return
    }
    // A data: image is canonical already (`CanonicalSVG`); a file is read as librsvg reads
    // it, so its checks read its canonical form.
    var checked = bytes
    if !isData {
      guard let canonical = try? CanonicalSVG.read(bytes, path: reference, depth: depth + 1)
      else {
        outcome.tooLarge =
          outcome.tooLarge
          ?? "the SVG image '\(shown(reference))' cannot be read canonically (its encoding, "
          + "syntax or gzip stream)"
        return
      }
      checked = canonical.data
    }
    guard
      let found = SVGPreflight.run(
        checked, limits: limits, baseDirectory: baseDirectory, normalize: false, depth: depth + 1)
    else { return }
    if let refusal = found.tooLarge ?? found.unfaithful {
      outcome.tooLarge = outcome.tooLarge ?? "the SVG image '\(shown(reference))': \(refusal)"
      return
    }
    if found.useInstances > limits.maxUse {
      outcome.tooLarge =
        outcome.tooLarge
        ?? "the SVG image '\(shown(reference))' expands to more than \(limits.maxUse) <use> "
        + "instances (--max-use)"
      return
    }
    // A file is given to librsvg as its canonical (and bounded) form, so librsvg reads only
    // what was checked (issue 33); a data: one only when it was bounded.
    guard let rewritten = found.rewritten ?? (isData ? nil : checked) else { return }
    outcome.boundedFontSizes += found.boundedFontSizes
    if let attribute = SVGNormalizer.attributeNode(node, "href") {
      let raw = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self)
      let fragment = reference.firstIndex(of: "#").map { String(reference[$0...]) } ?? ""
      xmlNodeSetContent(
        raw, "data:image/svg+xml;base64," + rewritten.base64EncodedString() + fragment)
      outcome.rewritten = true
    }
  }

  /// The bytes of a `data:` URI (`;base64` or percent-encoded), or `nil` when malformed.
  static func decode(_ uri: String) -> Data? {
    guard let comma = uri.firstIndex(of: ",") else { return nil }
    let header = uri[..<comma].lowercased()
    let payload = String(uri[uri.index(after: comma)...])
    if header.hasSuffix(";base64") {
      return Data(base64Encoded: payload, options: .ignoreUnknownCharacters)
    }
    return (payload.percentDecoded ?? payload).data(using: .utf8)
  }

  /// The file a same-folder reference names (its fragment removed, percent-decoded).
  private static func file(_ reference: String, in folder: URL) -> URL? {
    var part = reference
    if let hash = part.firstIndex(of: "#") { part = String(part[..<hash]) }
    if part.lowercased().hasPrefix("file:") { return URL(string: part) }
    if part.hasPrefix("/") { return URL(fileURLWithPath: part) }
    return folder.appendingPathComponent(part.percentDecoded ?? part)
  }

  /// A reference as messages show it: `data:` URIs cut after 40 characters.
  private static func shown(_ reference: String) -> String {
    reference.count > 60 ? String(reference.prefix(40)) + "..." : reference
  }
}
