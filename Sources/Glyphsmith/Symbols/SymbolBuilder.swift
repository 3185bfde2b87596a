import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Makes the three weights of a custom symbol from an SVG icon (issue 17, docs/symbols.md).
///
/// The geometry is what librsvg draws (`SVGPathRecorder`); strokes become outlines with
/// FreeType's stroker (`OutlineStroker`) at the icon's width x 0.5 (Ultralight), x 1
/// (Regular) and x 2 (Black), options in `SymbolOptions`. Each subpath is first outlined
/// whole; when its three outlines differ in commands (FreeType's inner joins depend on the
/// width) and its caps and joins are round, it is outlined segment by segment instead, which
/// gives the same shape with a width-independent command sequence. When that is not possible
/// either, all three weights become copies of Regular and a warning says so.
package enum SymbolBuilder {
  /// Builds the symbol for the SVG at `path`, named after the file (without extension).
  /// - Throws: `GlyphsmithError.unreadable` for a missing file, `.render` for invalid SVG,
  ///   `.unusable` when the input is a PNG or draws something other than fills and
  ///   strokes (text, images, masks, opacity), `.emptyArtwork` when it draws nothing.
  package static func build(path: String, options: SymbolOptions = SymbolOptions()) throws
    -> SymbolOutline
  {
    var isFolder = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw GlyphsmithError.unreadable(path: path, reason: "no such file")
    }
    guard !isFolder else {
      throw GlyphsmithError.unreadable(path: path, reason: "is a folder; give a file")
    }
    let data = try FileBytes.readInput(path)
    let url = URL(fileURLWithPath: path)
    return try build(
      data: data, path: path, baseDirectory: url.deletingLastPathComponent(),
      name: url.deletingPathExtension().lastPathComponent, options: options)
  }

  /// Builds the symbol `name` from SVG bytes (`path` names them in messages; references
  /// resolve in `baseDirectory`). See `build(path:options:)`.
  package static func build(
    data: Data, path: String, baseDirectory: URL?, name: String, options: SymbolOptions
  ) throws -> SymbolOutline {
    let artwork = try Artwork(data: data, path: path, baseDirectory: baseDirectory)
    guard let svg = artwork.svg else {
      throw GlyphsmithError.unusable(
        path: path, problem: "a symbol needs vector artwork; give an SVG, not a PNG")
    }
    var warnings = artwork.diagnostics
    let document = svg.document
    let file = document.path
    // Text is refused before anything is drawn: librsvg would lay it out at the recording's
    // scale (4096 units), where Pango warns on stderr, and a symbol of outlined glyphs is
    // not what docs/symbols.md promises.
    if let text = svg.textElements.first {
      throw GlyphsmithError.unusable(
        path: file,
        problem: "symbols are made of filled and stroked paths only; this file has text, "
          + text.label + "; convert the text to paths (outline it) first")
    }
    let recording = try svg.vectorModel()
    if !recording.isPlain {
      throw GlyphsmithError.unusable(
        path: file,
        problem: "symbols are made of filled and stroked paths only; this file uses "
          + unexpressedPhrase(recording.unexpressed) + "; flatten them into paths")
    }
    guard !recording.paths.isEmpty else { throw GlyphsmithError.emptyArtwork(path: file) }
    let layers = try layerAssignment(
      data: data, path: path, baseDirectory: baseDirectory, all: recording.paths)

    // Canvas px -> provisional template units (y centred on the middle of the cap height);
    // the ink is sized and centred below, once the Regular outline is known.
    let canvas = document.intrinsicSize
    let k0 = options.canvasHeightUnits / canvas.height
    let centreY = -SymbolTemplateGeometry.capHeight / 2
    func place(_ p: PathPoint) -> PathPoint {
      PathPoint(x: p.x * k0, y: (p.y - canvas.height / 2) * k0 + centreY)
    }

    // The shape decides the ink size, the side bearing and the stroke skeleton per weight.
    let analysis = try? InkAnalysis.measure(.svg(document), path: file)
    let skeletonCentre = analysis.map { ink in
      place(
        PathPoint(x: ink.bounds.x + ink.bounds.width / 2, y: ink.bounds.y + ink.bounds.height / 2))
    }

    let skeletonShape = analysis?.shape ?? .circle
    func skeleton(_ weight: SymbolWeight) -> (PathPoint) -> PathPoint {
      let c = options.sizesInk ? SymbolTemplateGeometry.skeletonScale(skeletonShape, weight) : 1
      let centre = skeletonCentre ?? PathPoint(x: 0, y: 0)
      return { p in
        PathPoint(x: centre.x + (p.x - centre.x) * c, y: centre.y + (p.y - centre.y) * c)
      }
    }

    let stroker = try OutlineStroker()
    /// A template path before sizing: a fill's outline (emboldened after sizing) or a
    /// stroke's three outlines.
    enum Pending {
      case fill(VectorPath)
      case stroke([SymbolWeight: VectorPath])
    }
    var pending: [(Pending, SymbolLayer)] = []
    var method = SymbolOutline.Method.fill
    var compatible = true
    for (index, painted) in recording.paths.enumerated() {
      let placed = painted.path.map(place)
      switch painted.paint {
      case .fill(let evenOdd):
        let outline = PathOrientation.byInk(closed(placed), evenOdd: evenOdd)
        pending.append((.fill(outline), layers[index]))
      case .stroke(var style, let dashed):
        if dashed {
          warnings.append(
            .warning(
              "dashed strokes are outlined solid", path: file, kind: Diagnostic.Kind.symbolOutline))
        }
        style.width *= k0
        if method == .fill { method = .stroked }
        // One template path per subpath: FreeType's contours of one subpath fill correctly
        // with the nonzero rule; separate paths never cancel each other.
        for subpath in placed.subpaths {
          // Whole, then segment by segment (round caps and joins); each first on Apple's
          // weight skeleton, then, when the grid makes that one incompatible, on the icon's.
          var weights: [SymbolWeight: VectorPath] = [:]
          attempts: for centreline in [skeleton, { _ in { $0 } }] {
            weights = try outlines(subpath, style: style, options: options, skeleton: centreline) {
              try stroker.stroke($0, style: $1)
            }
            if Set(weights.values.map(\.signature)).count == 1 { break attempts }
            if style.cap == .round && style.join == .round {
              weights = try outlines(
                subpath, style: style, options: options, skeleton: centreline
              ) { try stroker.strokeSegments($0, style: $1) }
              if Set(weights.values.map(\.signature)).count == 1 {
                method = .segmented
                break attempts
              }
            }
          }
          if weights.values.allSatisfy({ $0.isEmpty }) { continue }
          pending.append((.stroke(weights), layers[index]))
        }
      }
    }

    // Size: the Regular ink to the SF glyph of the same shape (or the canvas to --height).
    var regularInk: Rect? = nil
    for (item, _) in pending {
      let regular: VectorPath
      switch item {
      case .fill(let outline): regular = outline
      case .stroke(let weights): regular = weights[.regular] ?? VectorPath()
      }
      if let bounds = SymbolInk.bounds(regular) {
        regularInk = regularInk.map { SymbolInk.union($0, bounds) } ?? bounds
      }
    }
    guard let ink = regularInk else { throw GlyphsmithError.emptyArtwork(path: file) }
    let shape =
      analysis?.shape
      ?? GlyphShape.classify(width: ink.width, height: ink.height, inkedCorners: 0)
    let s =
      options.sizesInk ? SymbolTemplateGeometry.inkScale(shape: shape, ink: ink) : 1
    let inkCentreX = ink.x + ink.width / 2
    let inkCentreY = ink.y + ink.height / 2
    let shiftY = options.sizesInk ? centreY - inkCentreY : 0
    func size(_ p: PathPoint) -> PathPoint {
      PathPoint(x: (p.x - inkCentreX) * s, y: (p.y - inkCentreY) * s + inkCentreY + shiftY)
    }

    // Fills grow into the spaces between their parts: the narrowest one limits them. Each
    // fill's knock-out marks (thin holes in broad ink) get bolder at Black, not thinner.
    var bases: [Int: VectorPath] = [:]
    for (i, (item, _)) in pending.enumerated() {
      if case .fill(let outline) = item {
        // Corners sharper than a right angle are bevelled (by 0.02 units) in every weight,
        // so that Black grows them by a bevel, not a spike (`OutlineOffset`).
        let base = PathNormalizer.normalize(outline.map(size))
        bases[i] =
          options.embolden(.black) == 0 && options.embolden(.ultralight) == 0
          ? base : PathNormalizer.normalize(OutlineOffset.bevelled(base))
      }
    }
    let fillIndices = bases.keys.sorted()
    let fillBases = fillIndices.compactMap { bases[$0] }
    let knockOuts =
      options.emboldenFollowsThickness
      ? SymbolKnockOuts.find(in: fillBases) : fillBases.map { .none($0.subpaths.count) }
    var fills: [Int: (base: VectorPath, knockOuts: SymbolKnockOuts)] = [:]
    for (n, i) in fillIndices.enumerated() { fills[i] = (fillBases[n], knockOuts[n]) }
    let narrowest =
      options.emboldenFollowsThickness && !fillBases.isEmpty
      ? SymbolInk.narrowest(fillBases, signs: knockOuts.map(\.signs))
      : (black: nil, ultralight: nil)

    var paths: [SymbolOutline.Path] = []
    for (i, (item, layer)) in pending.enumerated() {
      var weights: [SymbolWeight: VectorPath] = [:]
      var growing: Set<Int> = []
      switch item {
      case .fill:
        guard let fill = fills[i] else { continue }
        weights =
          SymbolWeights.embolden(
            fill.base, options: options, knockOuts: fill.knockOuts, narrowest: narrowest
          ).0
        growing = fill.knockOuts.holes
      case .stroke(let strokes):
        for (weight, path) in strokes { weights[weight] = PathNormalizer.normalize(path.map(size)) }
      }
      weights = SymbolWeights.keepingDirections(weights, growing: growing)
      if Set(weights.values.map(\.signature)).count != 1 { compatible = false }
      paths.append(SymbolOutline.Path(weights: weights, layer: layer))
    }
    if !compatible {
      warnings.append(
        .warning(
          "the three weights cannot be made compatible (same paths and "
            + "commands); Ultralight and Black are copies of Regular", path: file,
          kind: Diagnostic.Kind.symbolOutline))
      for i in paths.indices {
        let regular = paths[i].weights[.regular] ?? VectorPath()
        paths[i].weights = [.ultralight: regular, .regular: regular, .black: regular]
      }
      method = .copied
    }
    let bearing = SymbolTemplateGeometry.sideBearing(shape: shape)
    var outline = SymbolOutline(
      name: name, paths: paths, width: canvas.width * k0 * s, height: canvas.height * k0 * s,
      method: method, diagnostics: warnings)
    outline.place(
      bearing: bearing,
      canvasTopLeft: size(PathPoint(x: 0, y: (0 - canvas.height / 2) * k0 + centreY)))
    return outline
  }

  /// What `unexpressed` names, for the refusal: each feature once with the element that
  /// brings it in, and a group opacity or mask named once (Cairo draws one as a mask and a
  /// reused group: issue 39's trial read "masks or group opacity, group opacity, masks,
  /// patterns or text (drawn as a reused group)" for one `opacity="0.5"`).
  static func unexpressedPhrase(_ unexpressed: [VectorModel.Unexpressed]) -> String {
    let hasMask = unexpressed.contains { $0.feature == .masks }
    var phrases: [String] = []
    for entry in unexpressed where !(hasMask && entry.feature == .reusedGroup) {
      if !phrases.contains(entry.description) { phrases.append(entry.description) }
    }
    switch phrases.count {
    case 0: return "something other than paths"
    case 1: return phrases[0]
    default: return phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
    }
  }

  /// The outline of `subpath` at each weight's width, its centreline scaled by `skeleton`.
  private static func outlines(
    _ subpath: VectorPath, style: StrokeStyle, options: SymbolOptions,
    skeleton: (SymbolWeight) -> (PathPoint) -> PathPoint,
    _ stroke: (VectorPath, StrokeStyle) throws -> VectorPath
  ) throws -> [SymbolWeight: VectorPath] {
    var result: [SymbolWeight: VectorPath] = [:]
    for weight in SymbolWeight.allCases {
      var weighted = style
      weighted.width = style.width * options.factor(weight)
      let centreline = subpath.map(skeleton(weight))
      result[weight] = PathNormalizer.normalize(try stroke(centreline, weighted))
    }
    return result
  }

  /// `path` with every subpath ending in `close` (a fill closes them anyway).
  static func closed(_ path: VectorPath) -> VectorPath {
    VectorPath(
      path.subpaths.flatMap { subpath in
        subpath.elements.last == .close ? subpath.elements : subpath.elements + [.close]
      })
  }

  /// The hierarchical layer of each painted path: a path belongs to the deepest-listed layer
  /// whose class (`symbol-secondary`, `symbol-tertiary`) hides it when that class is hidden
  /// with a user stylesheet (librsvg's `rsvg_handle_set_stylesheet`).
  static func layerAssignment(
    data: Data, path: String, baseDirectory: URL?, all: [PaintedPath]
  ) throws -> [SymbolLayer] {
    var result = Array(repeating: SymbolLayer.primary, count: all.count)
    for layer in [SymbolLayer.secondary, .tertiary]
    where data.firstRange(of: Data(layer.inputClass.utf8)) != nil {
      let hidden = try SVGDocument(data: data, path: path, baseDirectory: baseDirectory)
      try hidden.applyStylesheet(".\(layer.inputClass) { display: none !important; }")
      var remaining = try SVGPathRecorder.record(hidden).paths.map { Key($0) }
      for (i, painted) in all.enumerated() {
        if let found = remaining.firstIndex(of: Key(painted)) {
          remaining.remove(at: found)
        } else {
          result[i] = layer
        }
      }
    }
    return result
  }

  /// A painted path without its drawing-order index, for matching between recordings.
  private struct Key: Equatable {
    var path: VectorPath
    var paint: PaintedPath.Paint
    init(_ painted: PaintedPath) {
      path = painted.path
      paint = painted.paint
    }
  }
}
