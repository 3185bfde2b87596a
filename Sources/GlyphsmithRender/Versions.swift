import CCairo
import CPNGCodec
import CPango
import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The versions of the libraries that decide Glyphsmith's pixels, as linked at run time
/// (headers for FreeType), for `--version` and for golden-image records.
public struct RendererVersions: Sendable, Equatable, Codable {
  /// cairo, e.g. "1.16.0" (draws every pixel).
  public var cairo: String
  /// pixman, cairo's rasteriser.
  public var pixman: String
  /// librsvg, e.g. "2.54.7" (parses and draws SVG).
  public var librsvg: String
  /// libpng (decodes and encodes PNG).
  public var libpng: String
  /// Pango (lays out text).
  public var pango: String
  /// FreeType, from its headers (rasterises glyph outlines).
  public var freetype: String
  /// HarfBuzz (shapes text).
  public var harfbuzz: String
  /// fontconfig (finds the pinned fonts).
  public var fontconfig: String

  /// The running process's versions.
  public static var current: RendererVersions {
    let fc = Int(FcGetVersion())
    return RendererVersions(
      cairo: String(cString: cairo_version_string()),
      pixman: String(cString: pixman_version_string()),
      librsvg: "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)",
      libpng: PNGCodec.libpngVersion,
      pango: String(cString: pango_version_string()),
      freetype:
        "\(glyphsmith_freetype_major).\(glyphsmith_freetype_minor).\(glyphsmith_freetype_patch)",
      harfbuzz: String(cString: hb_version_string()),
      fontconfig: "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)")
  }

  /// One line: `cairo 1.16.0, librsvg 2.54.7, ...`.
  public var summary: String {
    "cairo \(cairo), pixman \(pixman), librsvg \(librsvg), libpng \(libpng), pango \(pango), "
      + "freetype \(freetype), harfbuzz \(harfbuzz), fontconfig \(fontconfig)"
  }
}
