import GlyphsmithRender

/// The registry of output formats written from an icon's `VectorModel`: one line per
/// `VectorWriter`. Adding a format is one new file (the writer) and one line here; see
/// docs/vector-model.md.
package enum VectorWriters {
  /// Every registered writer, in the order they are listed (names unique).
  package static let all: [any VectorWriter] = [
    // One line per writer, e.g. `PDFVectorWriter(),`.
    VectorDrawableWriter(),
    SVGImageWriter(),
    OutlineWriter(),
  ]

  /// The writer called `name` among `writers` (default: every registered one); `nil` when
  /// there is none.
  package static func writer(
    named name: String, among writers: [any VectorWriter] = all
  ) -> (any VectorWriter)? {
    writers.first { $0.name == name }
  }
}
