import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Web icon sets (formats.md, "Android and web"): `favicon.ico` (16, 32 and 48 px PNG
/// entries), `apple-touch-icon.png` (180 x 180 px, opaque), `icon-192.png`, `icon-512.png`,
/// `icon-512-maskable.png` (content inside the central circle of radius 40 % of the width, on
/// an opaque background) and `manifest-icons.json` listing the manifest icons.
package enum WebIcons {
  /// The favicon's file name and its entries' sizes in px.
  package static let faviconName = "favicon.ico"
  /// The favicon's entries, px on a side.
  package static let faviconSizes = [16, 32, 48]
  /// Background of the opaque icons (apple-touch-icon, maskable): white.
  package static let background = RGBA8.white
  /// Radius of the maskable safe zone as a share of the width (0.4).
  package static let maskableSafeRadius = 0.4

  struct File {
    var name: String
    var render: RenderOptions
    var opaque: Bool
  }

  struct Plan {
    var folder: String
    var files: [File]
    var texts: [(name: String, data: Data)]
  }

  /// The files of `root/name/`: the artwork's canvas fitted into each square size (as the
  /// plain role does), template or original as `base` says.
  static func plan(root: String, name: String, base: RenderOptions) -> Plan {
    func square(_ side: Int, padding: Double = 0, background: RGBA8? = nil) -> RenderOptions {
      var render = base
      render.role = .plain
      render.template = base.template ?? base.role.isTemplateByDefault
      render.sizePt = nil
      render.scale = 1
      render.widthPx = side
      render.heightPx = side
      render.paddingPt = padding
      render.background = background
      return render
    }
    // A square inside the safe circle: side = 2 r / sqrt(2); padding is what is left.
    let safeSide = 2 * maskableSafeRadius * 512 / 2.0.squareRoot()
    let files =
      faviconSizes.map { File(name: "favicon-\($0).png", render: square($0), opaque: false) } + [
        File(
          name: "apple-touch-icon.png",
          render: square(180, padding: 180 * 0.1, background: background), opaque: true),
        File(name: "icon-192.png", render: square(192), opaque: false),
        File(name: "icon-512.png", render: square(512), opaque: false),
        File(
          name: "icon-512-maskable.png",
          render: square(512, padding: ((512 - safeSide) / 2).rounded(.up), background: background),
          opaque: true),
      ]
    return Plan(
      folder: root + "/" + name, files: files, texts: [("manifest-icons.json", manifestData)])
  }

  /// The bytes of every `manifest-icons.json` Glyphsmith writes (the same for every icon).
  package static let manifestData: Data = {
    let manifest = Manifest(icons: [
      .init(src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: nil),
      .init(src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: nil),
      .init(src: "icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable"),
    ])
    return (try? XcodeJSON.encode(manifest)) ?? Data()
  }()

  /// The `icons` member of a web app manifest.
  struct Manifest: Codable {
    struct Icon: Codable {
      var src: String
      var sizes: String
      var type: String
      var purpose: String?
    }
    var icons: [Icon]
  }
}
