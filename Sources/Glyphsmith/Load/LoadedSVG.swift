import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// One SVG input, loaded once: every consumer (`Artwork`, lint and its rules, the text check,
/// the element locator, symbols and the `VectorWriter`s) reads this instead of parsing the
/// bytes again (resvg's usvg is the model: one parse into one resolved tree).
///
/// It owns the bytes as read, the `SVGDocument` (the reference-policy result, the normalised
/// document librsvg read, the librsvg handle and the intrinsic size), and, computed on first
/// use and kept: the element outline with lines, columns and ids and the `<text>` elements
/// (one libxml2 pass, `SVGOutline.read`), the vector model (`SVGPathRecorder`), and each
/// drawable element's ink rectangle (`ElementLocator`, lint only). Not thread-safe, as its
/// librsvg handle: each task loads its own.
package final class LoadedSVG {
  /// The path shown in messages (`-` for stdin).
  package let path: String
  /// The bytes as read (before any reference was dropped or construct normalised).
  package let data: Data
  /// Where relative references resolve (`nil`: none allowed, stdin).
  package let baseDirectory: URL?
  /// The document librsvg loaded: reference warnings, normalisations, size, handle.
  package let document: SVGDocument

  private var cachedStructure:
    (outline: Result<SVGOutline, GlyphsmithError>, text: [SVGTextCheck.TextElement])?
  private var cachedModel: Result<VectorModel, Error>?
  private var cachedInkRects: [Int: Rect]?

  /// Loads `data` (see `SVGDocument.init` for the checks and what it throws).
  /// - Throws: `RenderError` as `SVGDocument.init`.
  package init(
    data: Data, path: String, baseDirectory: URL?, sizeFromContent: Bool = false
  ) throws {
    self.path = path
    self.data = data
    self.baseDirectory = baseDirectory
    document = try SVGDocument(
      data: data, path: path, baseDirectory: baseDirectory, sizeFromContent: sizeFromContent)
  }

  /// The document librsvg reads and every structure reader reads: the bytes as read, or, when
  /// the pre-check normalised them (an internal DTD subset applied, another encoding
  /// re-encoded as UTF-8; `SVGDocument.normalizedSource`), that document.
  package var source: Data { document.normalizedSource ?? data }

  /// The intrinsic canvas in px at 96 dpi (`SVGDocument.intrinsicSize`).
  package var size: Size { document.intrinsicSize }

  /// The structure pass, read once.
  private var structure:
    (outline: Result<SVGOutline, GlyphsmithError>, text: [SVGTextCheck.TextElement])
  {
    if let cachedStructure { return cachedStructure }
    let read = SVGOutline.read(source, path: path)
    cachedStructure = read
    return read
  }

  /// The element outline (lines, columns, ids, silenced rules) of the bytes as read.
  /// - Throws: `GlyphsmithError.render(.invalidSVG)` as `SVGOutline.parse`.
  package func outline() throws -> SVGOutline { try structure.outline.get() }

  /// The `<text>` elements in document order; a file with no `<text` in its bytes needs no
  /// structure pass for that.
  package var textElements: [SVGTextCheck.TextElement] {
    if cachedStructure == nil && !SVGTextCheck.mayHoldText(source) { return [] }
    return structure.text
  }

  /// The icon's vector model, recorded on first use and shared; the features plain paths
  /// cannot express name the first element carrying them when the outline can tell.
  /// - Throws: what `SVGPathRecorder.record` throws.
  package func vectorModel() throws -> VectorModel {
    if let cachedModel { return try cachedModel.get() }
    let result = Result {
      let refused = unrecordable()
      if !refused.isEmpty {
        return VectorModel(
          canvas: document.intrinsicSize, paths: [], unexpressed: refused, isRecorded: false)
      }
      var model = try SVGPathRecorder.record(document)
      if !model.isPlain || model.paths.contains(where: { $0.gradient != nil }),
        let outline = try? outline()
      {
        for i in model.unexpressed.indices {
          model.unexpressed[i].element = carrier(of: model.unexpressed[i].feature, in: outline)
        }
        Self.nameRecorded(&model, in: outline)
      }
      return model
    }
    cachedModel = result
    return try result.get()
  }

  /// What no vector writer expresses and the recording must not draw, found from the element
  /// outline before anything is drawn: filters, embedded images and text, each with the
  /// first element carrying it, in that order. librsvg would draw them at the recording's
  /// 4096 device units, where a filter's surfaces reach the memory budget and text passes
  /// FreeType's limit (issue 36's VectorDrawable trial: an icon with text failed as "too
  /// large" instead of falling back to PNG drawables). Empty when the outline cannot be read
  /// (the recording then says what it finds), and without a structure pass when the bytes
  /// hold none of `filter`, `image`, `<text` or `:text` (most icons).
  func unrecordable() -> [VectorModel.Unexpressed] {
    guard
      source.containsBytes("filter".utf8) || source.containsBytes("image".utf8)
        || SVGTextCheck.mayHoldText(source),
      let outline = try? outline()
    else { return [] }
    var found = [VectorModel.Feature.filters, .images].compactMap { feature in
      carrier(of: feature, in: outline).map {
        VectorModel.Unexpressed(feature: feature, element: $0)
      }
    }
    if !textElements.isEmpty,
      let text = outline.elements.first(where: { $0.name == "text" })
    {
      found.append(
        VectorModel.Unexpressed(
          feature: .text,
          element: VectorModel.ElementReference(
            name: text.name, id: text.attributes["id"], line: text.line, column: text.column)))
    }
    return found
  }

  /// The first element carrying `feature` (`element(carrying:in:)`); for filters, masks,
  /// group opacity and clipping, when no element sets one by attribute or `style`, the first
  /// `<style>` element if the bytes declare the property (`filter:`, `mask:`, `opacity:`,
  /// `clip-path:`: a style sheet's rule, which the outline does not match to elements: the
  /// t36 trial's `.f { filter: url(#b) }` was recorded at 4096 units and ran out of memory,
  /// and a sheet's mask was refused naming no element). `nil` when nothing carries it.
  func carrier(of feature: VectorModel.Feature, in outline: SVGOutline)
    -> VectorModel.ElementReference?
  {
    if let found = Self.element(carrying: feature, in: outline) { return found }
    let properties: [String]
    switch feature {
    case .filters: properties = ["filter"]
    case .masks, .reusedGroup: properties = ["mask", "opacity"]
    case .clipping: properties = ["clip-path"]
    default: properties = []
    }
    guard properties.contains(where: { Self.declares($0, source) }),
      let sheet = outline.elements.first(where: { $0.name == "style" })
    else { return nil }
    return VectorModel.ElementReference(
      name: sheet.name, id: sheet.attributes["id"], line: sheet.line, column: sheet.column)
  }

  /// Whether `data` holds a `filter` declaration (`declares`).
  static func declaresFilter(_ data: Data) -> Bool { declares("filter", data) }

  /// Whether `data` holds a declaration of `property` (lower case): the word (any ASCII
  /// case, not part of a longer name) then optional white space and `:`, as a sheet's
  /// `filter: blur(1px)` or `FILTER:url(#b)`; `.filter-icon {` or `id="filter"` is none.
  static func declares(_ property: String, _ data: Data) -> Bool {
    let word = Array(property.utf8)
    return data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      func isName(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x2D || byte == 0x5F
          || (byte >= 0x30 && byte <= 0x39)
      }
      var i = 0
      while i + word.count <= bytes.count {
        var match = true
        for k in 0..<word.count where bytes[i + k] | 0x20 != word[k] {
          match = false
          break
        }
        if match && (i == 0 || !isName(bytes[i - 1])) {
          var j = i + word.count
          while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
          if j < bytes.count, bytes[j] == 0x3A { return true }
        }
        i += 1
      }
      return false
    }
  }

  /// Each drawable element's ink rectangle by element index (`ElementLocator.inkRects`),
  /// measured on first use.
  package func elementInkRects() -> [Int: Rect] {
    if let cachedInkRects { return cachedInkRects }
    let rects = ElementLocator.inkRects(data: source, path: path, baseDirectory: baseDirectory)
    cachedInkRects = rects
    return rects
  }

  /// Names the source elements of the model's gradients and opacity groups: the k-th
  /// gradient paint drawn is the k-th element (document order) whose `fill` or `stroke` is
  /// a `url(...)` of a gradient, the k-th opacity group the k-th element with an `opacity`
  /// below 1, when the counts agree (one element each); else every one names the first.
  static func nameRecorded(_ model: inout VectorModel, in outline: SVGOutline) {
    func reference(_ element: SVGOutline.Element) -> VectorModel.ElementReference {
      VectorModel.ElementReference(
        name: element.name, id: element.attributes["id"], line: element.line,
        column: element.column)
    }
    let gradientIDs = Set(
      outline.elements.filter { $0.name == "linearGradient" || $0.name == "radialGradient" }
        .compactMap { $0.attributes["id"] })
    func paintsGradient(_ value: String?) -> Bool {
      guard let value, value.hasPrefix("url(#") else { return false }
      let id = value.dropFirst(5).prefix { $0 != ")" }
      return gradientIDs.contains(String(id))
    }
    var painters: [VectorModel.ElementReference] = []
    for element in outline.elements {
      if paintsGradient(element.property("fill")) { painters.append(reference(element)) }
      if paintsGradient(element.property("stroke")) { painters.append(reference(element)) }
    }
    let translucent = outline.elements.filter {
      SVGOutline.number($0.property("opacity")).map { $0 < 1 } ?? false
    }.map(reference)
    let gradientPaths = model.paths.indices.filter { model.paths[$0].gradient != nil }
    for (k, index) in gradientPaths.enumerated() {
      model.paths[index].gradient?.element =
        painters.count == gradientPaths.count ? painters[k] : painters.first
    }
    let groups = Set(model.paths.flatMap { $0.opacity.map(\.id) })
    for index in model.paths.indices {
      for g in model.paths[index].opacity.indices {
        let id = model.paths[index].opacity[g].id
        model.paths[index].opacity[g].element =
          translucent.count == groups.count && id < translucent.count
          ? translucent[id] : translucent.first
      }
    }
  }

  /// The first element (document order) that brings `feature` in, as written in the source.
  static func element(carrying feature: VectorModel.Feature, in outline: SVGOutline)
    -> VectorModel.ElementReference?
  {
    func translucent(_ element: SVGOutline.Element) -> Bool {
      SVGOutline.number(element.property("opacity")).map { $0 < 1 } ?? false
    }
    let found = outline.elements.first { element in
      switch feature {
      case .clipping: return element.property("clip-path") != nil
      case .masks: return element.property("mask") != nil || translucent(element)
      case .filters: return element.property("filter").map { $0 != "none" } ?? false
      case .reusedGroup:
        return element.name == "text" || element.property("mask") != nil || translucent(element)
      case .images: return element.name == "image"
      case .text: return element.name == "text"
      case .wholeSurfacePaint: return element.property("filter") != nil || element.name == "image"
      case .paintServers: return element.property("fill")?.hasPrefix("url(") ?? false
      case .nonUniformStroke:
        return element.attributes["transform"] != nil && element.property("stroke") != nil
      }
    }
    return found.map {
      VectorModel.ElementReference(
        name: $0.name, id: $0.attributes["id"], line: $0.line, column: $0.column)
    }
  }
}
