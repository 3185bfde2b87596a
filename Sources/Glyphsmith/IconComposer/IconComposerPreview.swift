import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `appicon NAME.icon --preview FILE`: a contact sheet of an Icon Composer bundle for a
/// designer to look at, labelled in the picture as an approximation (only Apple's renderer
/// draws Liquid Glass exactly; docs/appicon.md): a row per appearance (light, dark, tinted,
/// clear), each with the icon on the iOS rounded square, the macOS shape and the watchOS
/// circle (`IconShape`) on that appearance's wallpaper, drawn by the glass model of
/// `IconComposerRenderer`; then every layer file alone on a checkerboard (framed) with its
/// name and the key paths of the layers that draw it. Text is set with the pinned fonts (Inter), so
/// the same bundle gives the same PNG bytes on every machine.
public enum IconComposerPreview {
  /// Side of each icon tile, px.
  public static let tile = 176
  /// Space around the sheet, px.
  static let margin = 24
  /// Space between tiles, px.
  static let gap = 16
  /// Width of the row labels, px.
  static let labelWidth = 88
  /// Padding above and below the tiles of a row, px.
  static let rowPadding = 14
  /// Side of a layer's thumbnail, px, and the width of its caption.
  static let thumb = 88
  /// The sheet's page.
  static let page = RGBA8(r: 0xFF, g: 0xFF, b: 0xFF)
  /// Text on the page.
  static let ink = RGBA8(r: 0x1C, g: 0x1C, b: 0x1E)
  /// Secondary text on the page.
  static let secondary = RGBA8(r: 0x6C, g: 0x6C, b: 0x70)
  /// The frame around each layer's thumbnail.
  static let frame = RGBA8(r: 0xAE, g: 0xAE, b: 0xB2)

  /// The wallpaper a row's icons sit on, top and bottom colours (a vertical gradient): light
  /// grey for light, near-black for dark and tinted, a violet-to-teal picture for clear (so
  /// that what shows through the clear glass can be seen).
  static func wallpaper(_ appearance: IconAppearance) -> (top: RGBA8, bottom: RGBA8) {
    switch appearance {
    case .light: return (RGBA8(r: 0xF2, g: 0xF2, b: 0xF7), RGBA8(r: 0xD8, g: 0xD8, b: 0xDE))
    case .dark, .tinted: return (RGBA8(r: 0x2C, g: 0x2C, b: 0x2E), RGBA8(r: 0x0A, g: 0x0A, b: 0x0C))
    case .clear: return (RGBA8(r: 0x5E, g: 0x5C, b: 0xE6), RGBA8(r: 0x30, g: 0xB0, b: 0xC7))
    }
  }

  /// The width of a row (and of the sheet), px.
  static var width: Int {
    margin + labelWidth + IconShape.allCases.count * (tile + gap) - gap + margin
  }

  /// One appearance: its label, then the icon on each shape (`IconShape.allCases`, left to
  /// right), on the appearance's wallpaper; `width` x (`tile` + 2 x `rowPadding`) px, opaque.
  /// - Throws: as `IconComposerRenderer.glass`, naming a layer file that does not render;
  ///   `RenderError` from Cairo or Pango.
  package static func row(_ bundle: IconComposerBundle, appearance: IconAppearance) throws
    -> RGBAImage
  {
    let height = tile + 2 * rowPadding
    var band = RGBAImage(width: width, height: height)
    let paper = wallpaper(appearance)
    IconComposerRenderer.paintGradient(
      &band, stops: [paper.top, paper.bottom],
      orientation: .init(start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 1)),
      box: (0, 0, Double(width), Double(height)), keepAlpha: false)
    let canvas = try Canvas(width: width, height: height)
    try canvas.composite(band, blend: .normal)
    let labelColor = appearance == .light ? ink : .white
    let label = try TextLayout(
      appearance.label, style: TextStyle(weight: .semibold, sizePx: 17, color: labelColor))
    try canvas.draw(
      label, x: Double(margin),
      y: (Double(height) - label.logicalRect.height) / 2)
    for (index, shape) in IconShape.allCases.enumerated() {
      let scene = IconScene(bundle.document, appearance: appearance, idiom: shape.idiom)
      let icon = try IconComposerRenderer.glass(
        scene, bundle: bundle, side: shape.inner(side: tile).side)
      let shown = try shape.tile(icon, side: tile)
      let x = margin + labelWidth + index * (tile + gap)
      try canvas.draw(
        shown,
        in: Rect(x: Double(x), y: Double(rowPadding), width: Double(tile), height: Double(tile)))
    }
    return try canvas.image()
  }

  /// The contact sheet of `bundle` (the type's description).
  /// - Throws: as `row(_:appearance:)`.
  package static func sheet(_ bundle: IconComposerBundle) throws -> RGBAImage {
    let title = try TextLayout(
      bundle.name + ".icon",
      style: TextStyle(weight: .semibold, sizePx: 22, color: ink, literal: true))
    let notes = try [
      "An approximation of Apple's Liquid Glass, drawn by Glyphsmith: fills, opacity,",
      "blend modes, translucency, a simple specular highlight and shadow. Only Apple's",
      "renderer is exact: check on a Mac with ictool --export-preview (docs/appicon.md).",
    ].map { try TextLayout($0, style: TextStyle(weight: .regular, sizePx: 13, color: secondary)) }
    let heads = try IconShape.allCases.map {
      try TextLayout($0.rawValue, style: TextStyle(weight: .semibold, sizePx: 14, color: ink))
    }
    let rows = try IconAppearance.allCases.map { try row(bundle, appearance: $0) }
    let files = layerFiles(bundle.document)
    let cell = thumb + gap
    let columns = max(1, (width - 2 * margin + gap) / cell)
    let captionHeight = 46
    let layerRows = (files.count + columns - 1) / columns
    let layersHead = try TextLayout(
      "Layers, front first", style: TextStyle(weight: .semibold, sizePx: 14, color: ink))

    var y = margin
    let titleY = y
    y += Int(title.logicalRect.height.rounded(.up)) + 4
    let notesY = y
    y += notes.reduce(0) { $0 + Int($1.logicalRect.height.rounded(.up)) } + 14
    let headsY = y
    y += Int(heads[0].logicalRect.height.rounded(.up)) + 6
    let rowsY = y
    y += rows.reduce(0) { $0 + $1.height }
    y += 20
    let layersHeadY = y
    y += Int(layersHead.logicalRect.height.rounded(.up)) + 8
    let layersY = y
    y += layerRows * (thumb + captionHeight + 8)
    let height = y + margin - 8

    let canvas = try Canvas(width: width, height: height)
    canvas.fill(page)
    try canvas.draw(title, x: Double(margin), y: Double(titleY))
    var lineY = Double(notesY)
    for note in notes {
      try canvas.draw(note, x: Double(margin), y: lineY)
      lineY += note.logicalRect.height.rounded(.up)
    }
    for (index, head) in heads.enumerated() {
      let x = margin + labelWidth + index * (tile + gap)
      try canvas.draw(
        head, x: Double(x) + (Double(tile) - head.logicalRect.width) / 2, y: Double(headsY))
    }
    var rowY = rowsY
    for row in rows {
      try canvas.draw(
        row, in: Rect(x: 0, y: Double(rowY), width: Double(row.width), height: Double(row.height)))
      rowY += row.height
    }
    try canvas.draw(layersHead, x: Double(margin), y: Double(layersHeadY))
    for (index, file) in files.enumerated() {
      let x = margin + (index % columns) * cell
      let top = layersY + (index / columns) * (thumb + captionHeight + 8)
      // A 1 px frame, so that a white or clear layer still shows its square.
      canvas.fillRect(
        Rect(
          x: Double(x - 1), y: Double(top - 1), width: Double(thumb + 2), height: Double(thumb + 2)),
        color: frame)
      try canvas.draw(
        try thumbnail(file.name, in: bundle),
        in: Rect(x: Double(x), y: Double(top), width: Double(thumb), height: Double(thumb)))
      let name = try TextLayout(
        file.name, style: TextStyle(weight: .semibold, sizePx: 11, color: ink, literal: true),
        box: TextBox(widthPx: Double(thumb + gap / 2), maximumLines: 2))
      try canvas.draw(
        name, x: Double(x) + (Double(thumb) - name.logicalRect.width) / 2,
        y: Double(top + thumb + 3))
      let paths = try TextLayout(
        file.caption,
        style: TextStyle(weight: .regular, sizePx: 9, color: secondary, literal: true),
        box: TextBox(widthPx: Double(thumb + gap / 2), maximumLines: 2))
      try canvas.draw(
        paths, x: Double(x) + (Double(thumb) - paths.logicalRect.width) / 2,
        y: Double(top + thumb + 3) + name.logicalRect.height.rounded(.up))
    }
    return try canvas.image()
  }

  /// Each layer file of `document` once, in document order, with its caption under its
  /// thumbnail: the key paths of the layers that draw it, then the appearances it is drawn
  /// in when not all of them (`groups[0].layers[0], dark only` for a `--dark` file,
  /// `tinted only` for a `--tinted` one, `hidden` for one no appearance draws; issue 35's
  /// second trial, finding 17); a file drawn by several layers in some appearances only, the
  /// count of layers instead of their key paths (`2 layers, dark and tinted only`).
  package static func layerFiles(_ document: IconComposerDocument) -> [(
    name: String, caption: String
  )] {
    var files: [(name: String, keyPaths: [String])] = []
    for (keyPath, layer) in document.layersWithPaths {
      for name in layer.imageNames {
        if let i = files.firstIndex(where: { $0.name == name }) {
          if !files[i].keyPaths.contains(keyPath) { files[i].keyPaths.append(keyPath) }
        } else {
          files.append((name, [keyPath]))
        }
      }
    }
    let appearances: [IconAppearance] = [.light, .dark, .tinted]
    let scenes = appearances.map { IconScene(document, appearance: $0) }
    return files.map { file in
      let drawn = appearances.indices.filter { i in
        scenes[i].groups.contains { $0.layers.contains { $0.imageName == file.name } }
      }.map { appearances[$0].rawValue }
      let paths = file.keyPaths.joined(separator: " ")
      // Two key paths and the appearances do not fit the caption's two lines: the count
      // of layers says enough beside where the file is drawn (issue 35's fifth trial, F10:
      // `--dark X --tinted X` read `groups[0].layers[0] / groups[0].layers[1], ...`).
      if file.keyPaths.count > 1 && !drawn.isEmpty && drawn.count < appearances.count {
        return (
          file.name,
          "\(file.keyPaths.count) layers, " + drawn.joined(separator: " and ") + " only"
        )
      }
      switch drawn.count {
      case appearances.count: return (file.name, paths)
      case 0: return (file.name, paths + ", hidden")
      default: return (file.name, paths + ", " + drawn.joined(separator: " and ") + " only")
      }
    }
  }

  /// The layer file `name` alone, its canvas fitted and centred in `thumb` px, on a grey
  /// checkerboard of 8 px squares.
  /// - Throws: as `IconComposerBundle.artwork`, naming the file; `RenderError`.
  static func thumbnail(_ name: String, in bundle: IconComposerBundle) throws -> RGBAImage {
    var board = RGBAImage(width: thumb, height: thumb)
    for y in 0..<thumb {
      for x in 0..<thumb {
        let light: UInt8 = ((x / 8) + (y / 8)) % 2 == 0 ? 0xE5 : 0xC7
        let i = (y * thumb + x) * 4
        board.pixels[i] = light
        board.pixels[i + 1] = light
        board.pixels[i + 2] = light
        board.pixels[i + 3] = 255
      }
    }
    let artwork = try bundle.artwork(name)
    let size = artwork.canvasSize
    let scale = Double(thumb) / max(size.width, size.height, 1)
    let art: RGBAImage
    do {
      art = try Rasterizer.render(
        artwork.source, width: thumb, height: thumb,
        placement: Placement(
          scale: scale, offsetX: (Double(thumb) - scale * size.width) / 2,
          offsetY: (Double(thumb) - scale * size.height) / 2),
        path: artwork.path)
    } catch {
      throw GlyphsmithError.wrap(error, path: artwork.path)
    }
    let canvas = try Canvas(width: thumb, height: thumb)
    try canvas.composite(board, blend: .normal)
    try canvas.composite(art, blend: .normal)
    return try canvas.image()
  }

  /// Reads the bundle at `bundlePath` and writes its contact sheet as a PNG at `path`,
  /// atomically. A bundle `validate` rejects is not drawn (a picture of what Xcode will not
  /// compile, or of a file outside the bundle, would mislead): its first error stops it.
  /// - Throws: as `IconComposerBundle(path:)` and `sheet(_:)`; `GlyphsmithError.unusable`
  ///   naming the finding's file (`NAME.icon/icon.json`) with validate's first error, its key
  ///   path first (`groups[0].layers[2].image-name: '../fg.svg' is not a file name; ...; the
  ///   bundle does not validate (glyphsmith validate NAME.icon)`); `.writeFailed` naming
  ///   `path`.
  public static func write(bundlePath: String, toPath path: String) throws {
    // Checked before drawing: a path inside the bundle or over its document is refused.
    try PictureOutput.check(path)
    let bundle = try IconComposerBundle(path: bundlePath)
    let findings = IconBundleCheck.check(
      bundle: bundle.path,
      asset: IconBundleCheck.assetName(PathName(bundle.path).lastPathComponent),
      svgLayer: IconLayerCheck.svg)
    if let error = findings.first(where: { $0.severity == .error }) {
      throw GlyphsmithError.unusable(
        path: error.path,
        problem: (error.entry.map { $0 + ": " } ?? "") + error.message
          + "; the bundle does not validate (glyphsmith validate \(bundle.path))")
    }
    let data = try PNGCodec.encode(try sheet(bundle))
    try PictureOutput.write(data, toPath: path)
  }
}
