import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// The versions of what decides a render's pixels, and a SHA-256 of each pinned font file.
public struct RendererRecord: Sendable, Equatable, Codable {
  /// Library versions (cairo, pixman, librsvg, libpng, pango, freetype, harfbuzz, fontconfig).
  public var libraries: RendererVersions
  /// Font file name to `sha256:` + hex digest.
  public var fonts: [String: String]

  /// A record from its parts.
  public init(libraries: RendererVersions, fonts: [String: String]) {
    self.libraries = libraries
    self.fonts = fonts
  }

  /// The running process's renderer (font files hashed once per process).
  public static var current: RendererRecord {
    RendererRecord(libraries: .current, fonts: currentFonts)
  }

  private static let currentFonts: [String: String] = {
    var fonts: [String: String] = [:]
    for url in FontEnvironment.fontFiles {
      if let data = try? Data(contentsOf: url) {
        fonts[url.lastPathComponent] = "sha256:" + ContentHash.sha256(data)
      }
    }
    return fonts
  }()

  /// What differs from `other`: `nil` when nothing; otherwise the two sides, listing only the
  /// components that changed, e.g. `("cairo 1.16.0", "cairo 1.18.0")`.
  public func change(to other: RendererRecord) -> (from: String, to: String)? {
    var from: [String] = []
    var to: [String] = []
    let mine = libraries.components
    let theirs = other.libraries.components
    for (index, component) in mine.enumerated() where component.version != theirs[index].version {
      from.append("\(component.name) \(component.version)")
      to.append("\(component.name) \(theirs[index].version)")
    }
    for name in Set(fonts.keys).union(other.fonts.keys).sorted()
    where fonts[name] != other.fonts[name] {
      from.append("font \(name) " + (fonts[name].map(Self.short) ?? "absent"))
      to.append("font \(name) " + (other.fonts[name].map(Self.short) ?? "absent"))
    }
    return from.isEmpty ? nil : (from.joined(separator: ", "), to.joined(separator: ", "))
  }

  private static func short(_ hash: String) -> String {
    String(hash.replacingEvery("sha256:", with: "").prefix(12))
  }
}

extension RendererVersions {
  /// Name and version of each library, in a fixed order.
  var components: [(name: String, version: String)] {
    [
      ("cairo", cairo), ("pixman", pixman), ("librsvg", librsvg), ("libpng", libpng),
      ("pango", pango), ("freetype", freetype), ("harfbuzz", harfbuzz), ("fontconfig", fontconfig),
    ]
  }
}
