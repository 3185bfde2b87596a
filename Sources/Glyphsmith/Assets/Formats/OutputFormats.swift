import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The registry of the file formats `assets` writes: one line per format. Planned files name
/// their format (`PlannedAssetFile.format`), the plan prints its name, the up-to-date check
/// and the encoding are the format's own, and a file any of them reads a fingerprint from is
/// Glyphsmith's (`AssetsJob.removeReplaced`). Where each is chosen by name is its `choices`
/// (`render -f`, `--android-format`, the project's `format` keys; the help and the schema list
/// them through the generated `OutputFormatIndex`): a new format is its file and a line in
/// `all`, then `scripts/update-generated`.
package enum OutputFormats {
  /// PNG (`PNGFormat`).
  package static let png = PNGFormat()
  /// Android VectorDrawable (`VectorDrawableFormat`).
  package static let vectorDrawable = VectorDrawableFormat()
  /// ICO packed from PNGs (`ICOFormat`).
  package static let ico = ICOFormat()
  /// PDF, one page drawn by librsvg on Cairo's PDF surface (`PDFFormat`).
  package static let pdf = PDFFormat()
  /// Plain SVG paths from the vector model (`SVGFormat`).
  package static let svg = SVGFormat()

  /// Every registered format, names unique.
  package static let all: [any OutputFormat] = [png, pdf, svg, vectorDrawable, ico]

  /// The drawn formats of `all`, in its order, typed as such: `as? any DrawnOutputFormat` on
  /// each of `all` looked each format's conformance up in the runtime's tables (about 1 M
  /// instructions of every `render`, issue 36). `OutputFormatsTests` checks that it holds
  /// exactly the drawn ones of `all`.
  package static let drawnFormats: [any DrawnOutputFormat] = [png, pdf, svg, vectorDrawable]

  /// The format called `name`, else `nil`.
  package static func named(_ name: String) -> (any OutputFormat)? {
    all.first { $0.name == name }
  }

  /// The names `place` takes, in order (the first is the default): where the CLI, the
  /// project file and the schema read them (through `OutputFormatIndex`, generated from
  /// these, below the engine).
  package static func names(for place: OutputFormatChoice.Place) -> [String] {
    all.flatMap { $0.choices.filter { $0.place == place }.map(\.name) }
  }

  /// The drawn format `render -f name` writes, else `nil`.
  package static func rendered(_ name: String) -> (any DrawnOutputFormat)? {
    drawn(name, at: .render)
  }

  /// The drawn format chosen by `name` at `place` (`render -f`, a catalog's `format`), else
  /// `nil`.
  package static func drawn(_ name: String, at place: OutputFormatChoice.Place)
    -> (any DrawnOutputFormat)?
  {
    guard
      let format = all.first(where: { $0.choices.contains { $0.place == place && $0.name == name } }
      )
    else { return nil }
    return drawnFormats.first { $0.name == format.name }
  }

  /// The drawn format `render` writes to a file named `path` (by its extension, `.png`,
  /// `.pdf`, `.svg`, `.xml`, any case), else `nil` (no extension, another, or `-`).
  package static func rendered(forPath path: String) -> (any DrawnOutputFormat)? {
    let ext = PathName(path).pathExtension.lowercased()
    guard !ext.isEmpty else { return nil }
    return drawnFormats.first {
      $0.fileExtension == ext && $0.choices.contains { $0.place == .render }
    }
  }

  /// Whether `data` is a file Glyphsmith wrote in any registered format (it carries a
  /// fingerprint).
  package static func carriesFingerprint(_ data: Data) -> Bool {
    all.contains { $0.fingerprint(in: data) != nil }
  }
}
