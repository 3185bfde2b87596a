/// An icon as vector geometry: every path librsvg paints, with its paint, in the order it
/// paints them, in px of the document's intrinsic canvas (96 dpi, the viewBox mapped onto the
/// canvas, y down), plus what librsvg drew that is not a plain filled or stroked path.
///
/// It is what `SVGPathRecorder` reads back from Cairo's SVG surface: librsvg has resolved
/// every shape, `<use>`, transform, unit and CSS rule, so the model holds only Cairo's four
/// path operations (`PathElement`: M, L, C, Z), solid colours, fill rules and stroke styles.
/// No SVG semantics are interpreted by Glyphsmith (resvg's usvg is the model: one resolved
/// tree that every writer reads).
///
/// One model per loaded input (`LoadedSVG.vectorModel()`), computed on first use and shared.
/// Consumers: custom symbols (`SymbolBuilder`) today; the output formats are
/// `VectorWriter`s over it (docs/vector-model.md says how to add one).
package struct VectorModel: Sendable, Equatable {
  /// The document's intrinsic canvas in px at 96 dpi (`SVGDocument.intrinsicSize`): the
  /// coordinate space of every path.
  package var canvas: Size
  /// The painted paths in drawing order (a later path paints over an earlier one).
  package var paths: [PaintedPath]
  /// What librsvg drew that plain paths cannot express (group opacity, masks, clipping,
  /// filters, images, text drawn as a reused group, gradients and patterns), each kind once,
  /// in the order first met; empty for plain vector artwork.
  package var unexpressed: [Unexpressed]
  /// Whether librsvg's drawing was recorded: `false` when the input holds what no vector
  /// writer expresses and what the recording's 4096 device units would make too costly to
  /// draw (filters, embedded images, text), found from its elements before anything is
  /// drawn (`LoadedSVG.vectorModel()`); `paths` is then empty and `unexpressed` names them.
  package var isRecorded: Bool

  /// A model; see the properties.
  package init(
    canvas: Size, paths: [PaintedPath], unexpressed: [Unexpressed] = [], isRecorded: Bool = true
  ) {
    self.canvas = canvas
    self.paths = paths
    self.unexpressed = unexpressed
    self.isRecorded = isRecorded
  }

  /// Whether every painted thing is a plain path with a solid colour (`unexpressed` is
  /// empty): a writer of plain paths reproduces the icon exactly.
  package var isPlain: Bool { unexpressed.isEmpty }

  /// Something librsvg drew that is not a plain filled or stroked path with a solid colour.
  package struct Unexpressed: Sendable, Equatable {
    /// What it is.
    package var feature: Feature
    /// The source element that brings it in, when one can be named (the first element in
    /// document order carrying the feature; `LoadedSVG` fills it from the element outline);
    /// `nil` when the recording alone is known.
    package var element: ElementReference?
    /// Whether the model holds what the feature draws as data a writer can read: every
    /// clip as `PaintedPath.clips`, every gradient fill as `PaintedPath.gradient`, every
    /// group opacity as `PaintedPath.opacity` (with the paths drawn in it in `paths`).
    /// Writers of plain paths refuse the feature either way; a VectorDrawable expresses a
    /// recorded one.
    package var recorded: Bool

    /// An entry; see the properties.
    package init(feature: Feature, element: ElementReference? = nil, recorded: Bool = false) {
      self.feature = feature
      self.element = element
      self.recorded = recorded
    }

    /// The feature's phrase, then the element when named: `masks or group opacity (<g
    /// id="a"> line 3)`.
    package var description: String {
      guard let element else { return feature.phrase }
      return feature.phrase + " (" + element.label + ")"
    }
  }

  /// The kinds of drawing plain paths cannot express, as Cairo's SVG surface shows them.
  package enum Feature: String, Sendable, CaseIterable {
    /// A `clip-path` on drawn content.
    case clipping
    /// A mask, which Cairo also uses for group opacity.
    case masks
    /// A filter.
    case filters
    /// Content drawn as a reused group: group opacity, masks, patterns or text.
    case reusedGroup
    /// Embedded raster images.
    case images
    /// Text (`<text>`): outlined by Pango at the recording's scale, never recorded
    /// (`VectorModel.isRecorded`).
    case text
    /// A paint of the whole surface (a painted rectangle).
    case wholeSurfacePaint
    /// A fill with a gradient or pattern (no solid colour; a stroke with one only has
    /// `PaintedPath.color` `nil`).
    case paintServers
    /// A stroke under a non-uniform scale (its width differs by direction).
    case nonUniformStroke

    /// Lowercase phrase for messages (the wording `symbol` prints).
    package var phrase: String {
      switch self {
      case .clipping: return "clipping"
      case .masks: return "masks or group opacity"
      case .filters: return "filters"
      case .reusedGroup: return "group opacity, masks, patterns or text (drawn as a reused group)"
      case .images: return "embedded images"
      case .text: return "text"
      case .wholeSurfacePaint: return "painted rectangles (whole-surface paint)"
      case .paintServers: return "pattern or gradient fills"
      case .nonUniformStroke: return "strokes under a non-uniform scale"
      }
    }
  }

  /// A source element named in a message: its local name, `id` and the 1-based line and
  /// column of its start tag's `<` as libxml2 reports them.
  package struct ElementReference: Sendable, Hashable {
    /// Local name, e.g. `g`.
    package var name: String
    /// Its `id`, if any.
    package var id: String?
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int

    /// A reference; see the properties.
    package init(name: String, id: String?, line: Int, column: Int) {
      self.name = name
      self.id = id
      self.line = line
      self.column = column
    }

    /// `<g id="a"> line 3` or `<mask> line 3`.
    package var label: String {
      "<\(name)\(id.map { " id=\"\($0)\"" } ?? "")> line \(line)"
    }
  }
}
