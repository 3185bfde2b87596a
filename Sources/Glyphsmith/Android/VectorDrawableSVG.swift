import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// A VectorDrawable (`<vector>` with `<path>`s, `<group>`s opening with a
/// `<clip-path>`, and `<aapt:attr>` gradients, as `VectorDrawableWriter` writes them) as an
/// SVG with the same viewport, so an independent renderer (resvg) can draw it back. Android's
/// attribute meanings (VectorDrawable reference): fillColor and strokeColor `#RRGGBB` or
/// `#AARRGGBB`, fillAlpha and strokeAlpha multiply them (and a gradient), fillType `nonZero`
/// (default) or `evenOdd`, strokeLineCap `butt`, strokeLineJoin `miter`, strokeMiterLimit 4 by
/// default; a path without fillColor is not filled. A `<clip-path>` clips what its group
/// draws after it (nonzero); a `<gradient>` is in the path's coordinates (`type` linear:
/// startX/Y to endX/Y, radial: centerX/Y and gradientRadius; `tileMode` clamp, repeat or
/// mirror; `<item android:offset android:color>` stops).
///
/// Two readers: the tests' drawn-back check (each drawable converted and drawn by resvg
/// against Glyphsmith's PNG), and `lint --role android-launcher`, which reads the foreground
/// VectorDrawable `appicon --platform android` wrote (`artwork(_:path:)`).
package enum VectorDrawableSVG {
  /// Why a file is not a VectorDrawable this reader takes: a lowercase phrase.
  package struct Failure: Error, CustomStringConvertible {
    /// The phrase, e.g. `unexpected element <animated-vector>`.
    package var description: String
  }

  /// Whether `data` looks like a VectorDrawable: its first element is `<vector`.
  package static func isVectorDrawable(_ data: Data) -> Bool {
    var first: String? = nil
    _ = LibXMLReader.events(data.prefix(64 * 1024)) { event in
      if first == nil, case .start(let tag) = event { first = tag.name }
    }
    return first == "vector"
  }

  /// The VectorDrawable `data` (read from `path`) as artwork: its SVG conversion, the
  /// viewport its canvas, the width and height its size in dp (1 dp = 1 px).
  /// - Throws: `GlyphsmithError.unusable` naming `path` and what the reader does not take.
  package static func artwork(_ data: Data, path: String) throws -> Artwork {
    let svg: String
    do { svg = try convert(data) } catch let failure as Failure {
      throw GlyphsmithError.unusable(
        path: path, problem: "cannot read it as a VectorDrawable: \(failure.description)")
    }
    return try Artwork(data: Data(svg.utf8), path: path, baseDirectory: nil)
  }

  /// A path being read: its attributes, and the gradients of its `<aapt:attr>` children by
  /// the attribute they set.
  private struct OpenPath {
    var attributes: [String: String]
    var gradients: [String: (attributes: [String: String], stops: [String])] = [:]
    var attr: String? = nil
  }

  /// The SVG of the VectorDrawable `data`, same viewport and size.
  /// - Throws: `Failure` for what this reader does not take (a group transform, an element
  ///   other than those `VectorDrawableWriter` writes, a clip-path after a drawing).
  package static func convert(_ data: Data) throws -> String {
    var size: (w: String, h: String, vw: String, vh: String)? = nil
    var body: [String] = []
    var defs: [String] = []
    // For each open <group>: the index of its start line in `body`, and whether it has drawn
    // anything yet (a clip-path must come first).
    var groups: [(line: Int, drawn: Bool)] = []
    var path: OpenPath? = nil
    var failure: String? = nil
    func fail(_ text: String) { if failure == nil { failure = text } }
    let readFailure = LibXMLReader.events(data) { event in
      switch event {
      case .start(let tag):
        func a(_ name: String) -> String? { tag.attributes["android:" + name] }
        switch tag.name {
        case "vector":
          size = (
            (a("width") ?? "").replacingEvery("dp", with: ""),
            (a("height") ?? "").replacingEvery("dp", with: ""),
            a("viewportWidth") ?? "", a("viewportHeight") ?? ""
          )
        case "group":
          if tag.attributes.keys.contains(where: { $0.hasPrefix("android:") }) {
            fail("a <group> with attributes (transforms are not converted)")
          }
          if !groups.isEmpty { groups[groups.count - 1].drawn = true }
          groups.append((body.count, false))
          body.append("<g>")
        case "clip-path":
          guard let d = a("pathData"), let group = groups.last, !group.drawn else {
            fail("a <clip-path> that does not open its group, or without pathData")
            return
          }
          let id = "c\(defs.count)"
          defs.append("<clipPath id=\"\(id)\"><path d=\"\(d)\" clip-rule=\"nonzero\"/></clipPath>")
          body[group.line] = "<g clip-path=\"url(#\(id))\">"
          groups[groups.count - 1].drawn = true
        case "path":
          if !groups.isEmpty { groups[groups.count - 1].drawn = true }
          path = OpenPath(attributes: tag.attributes)
        case "aapt:attr":
          guard path != nil, let name = tag.attributes["name"] else {
            fail("an <aapt:attr> outside a path")
            return
          }
          path?.attr = name.replacingEvery("android:", with: "")
        case "gradient":
          guard let attr = path?.attr else {
            fail("a <gradient> outside an <aapt:attr>")
            return
          }
          path?.gradients[attr] = (tag.attributes, [])
        case "item":
          guard let attr = path?.attr, path?.gradients[attr] != nil,
            let offset = a("offset"), let color = a("color")
          else {
            fail("an <item> outside a <gradient>, or without offset and color")
            return
          }
          let (rgb, alpha) = Self.color(color)
          path?.gradients[attr]?.stops.append(
            "<stop offset=\"\(offset)\" stop-color=\"\(rgb)\" stop-opacity=\"\(alpha)\"/>")
        default:
          fail("unexpected element <\(tag.name)>")
        }
      case .end(let name):
        switch name {
        case "group":
          groups.removeLast()
          body.append("</g>")
        case "aapt:attr": path?.attr = nil
        case "path":
          guard let open = path else { return }
          path = nil
          do { body.append(try Self.path(open, defs: &defs)) } catch {
            fail("\(error)")
          }
        default: break
        }
      case .characters, .comment, .cdata: break
      }
    }
    if let readFailure { throw Failure(description: "not XML: \(readFailure.message)") }
    if let failure { throw Failure(description: failure) }
    guard let size else { throw Failure(description: "no <vector>") }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size.w)" height="\(size.h)" \
      viewBox="0 0 \(size.vw) \(size.vh)">
      <defs>\(defs.joined(separator: "\n"))</defs>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }

  /// One `<path>` as SVG; its gradients go into `defs`.
  private static func path(_ open: OpenPath, defs: inout [String]) throws -> String {
    func a(_ name: String) -> String? { open.attributes["android:" + name] }
    guard let d = a("pathData") else { throw Failure(description: "a <path> without pathData") }
    var attributes = ["d=\"\(d)\""]
    func paint(_ key: String, alphaKey: String) throws -> (String, Double)? {
      let alpha = Double(a(alphaKey) ?? "1") ?? 1
      if let gradient = open.gradients[key] {
        let id = "g\(defs.count)"
        defs.append(try Self.gradient(gradient.attributes, stops: gradient.stops, id: id))
        return ("url(#\(id))", alpha)
      }
      guard let text = a(key) else { return nil }
      let (rgb, colorAlpha) = color(text)
      return (rgb, alpha * (Double(colorAlpha) ?? 1))
    }
    if let (fill, alpha) = try paint("fillColor", alphaKey: "fillAlpha") {
      attributes += ["fill=\"\(fill)\"", "fill-opacity=\"\(String(cFormat: "%.6f", alpha))\""]
      attributes.append("fill-rule=\"\(a("fillType") == "evenOdd" ? "evenodd" : "nonzero")\"")
    } else {
      attributes.append("fill=\"none\"")
    }
    if let (stroke, alpha) = try paint("strokeColor", alphaKey: "strokeAlpha") {
      attributes += [
        "stroke=\"\(stroke)\"", "stroke-opacity=\"\(String(cFormat: "%.6f", alpha))\"",
        "stroke-width=\"\(a("strokeWidth") ?? "0")\"",
        "stroke-linecap=\"\(a("strokeLineCap") ?? "butt")\"",
        "stroke-linejoin=\"\(a("strokeLineJoin") ?? "miter")\"",
        "stroke-miterlimit=\"\(a("strokeMiterLimit") ?? "4")\"",
      ]
    }
    return "<path " + attributes.joined(separator: " ") + "/>"
  }

  /// A `<gradient>` as an SVG gradient in user space.
  private static func gradient(_ attributes: [String: String], stops: [String], id: String)
    throws -> String
  {
    func a(_ name: String) -> String? { attributes["android:" + name] }
    let spread: String
    switch a("tileMode") ?? "clamp" {
    case "clamp": spread = "pad"
    case "repeat": spread = "repeat"
    case "mirror": spread = "reflect"
    default: throw Failure(description: "unknown tileMode \(a("tileMode") ?? "")")
    }
    let common = "id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" spreadMethod=\"\(spread)\""
    switch a("type") ?? "linear" {
    case "linear":
      return "<linearGradient \(common) x1=\"\(a("startX") ?? "0")\" y1=\"\(a("startY") ?? "0")\""
        + " x2=\"\(a("endX") ?? "0")\" y2=\"\(a("endY") ?? "0")\">"
        + stops.joined() + "</linearGradient>"
    case "radial":
      return "<radialGradient \(common) cx=\"\(a("centerX") ?? "0")\" cy=\"\(a("centerY") ?? "0")\""
        + " r=\"\(a("gradientRadius") ?? "0")\">" + stops.joined() + "</radialGradient>"
    default: throw Failure(description: "unsupported gradient type \(a("type") ?? "")")
    }
  }

  /// `#RRGGBB` or `#AARRGGBB` as an SVG colour and opacity.
  package static func color(_ text: String) -> (String, String) {
    let hex = text.dropFirst()
    guard hex.count == 8 else { return ("#" + hex, "1") }
    let alpha = Double(Int(hex.prefix(2), radix: 16) ?? 255) / 255
    return ("#" + hex.dropFirst(2), String(cFormat: "%.6f", alpha))
  }
}
