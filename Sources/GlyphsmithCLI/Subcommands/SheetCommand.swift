import Foundation
import Glyphsmith

/// `glyphsmith sheet INPUT... -o SHEET.png`: a contact sheet of rendered icons.
enum SheetCommand: Subcommand {
  static let name = "sheet"
  static let summary = "draw a contact sheet PNG of icons rendered by role, with their names"
  static let help = """
    usage: glyphsmith sheet INPUT... -o SHEET.png [--role R] [--compact] [--scale N]
                            [--columns N] [--tint COLOR] [--limit N]
         glyphsmith sheet --symbols CATALOG|NAME.symbolset|TEMPLATE.svg... -o SHEET.png

    Renders each icon (files or folders, as for assets) by its role and lays the results out in
    a grid, each glyph on a faint tile that shows its canvas, its name below; with --compact
    the compact glyph sits beside the regular one.

    With --symbols the inputs are custom symbol templates (folders are searched for .svg
    files, so a catalog or a .symbolset works): each cell shows Ultralight-S, Regular-S and
    Black-S drawn from the template by librsvg, 28 pt each, and --role, --compact and --tint
    do not apply.

    options:
      -o, --output FILE     the PNG to write (required)
      --symbols             the inputs are symbol templates (see above)
      --role R              tab-bar (default), toolbar, indicator, plain
      --compact             show the compact tab bar glyph too
      --scale N             px per pt (default 2)
      --columns N           cells per row (default 8)
      --tint COLOR          glyph colour (default black)
      --limit N             only the first N icons

    Exit: 0 written; 2 when an input could not be rendered (the sheet is still written) or on
    a usage error.
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("role"), .flag("compact"), .value("scale"),
    .value("columns"), .value("tint"), .value("limit"), .flag("symbols"), .flag("help"),
  ]

  struct Options {
    var inputs: [String]
    var output: String
    var limit: Int?
    var render: RenderOptions
    var sheet: ContactSheet
    var symbols = false
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else { throw UsageError(message: "missing INPUT") }
    guard let output = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output SHEET.png")
    }
    var render = RenderOptions()
    var sheet = ContactSheet()
    render.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    render.tint = try CommonOptions.color(parsed.value("tint"), option: "tint")
    render.compact = parsed.has("compact")
    if render.compact && render.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    sheet.scale = try parsed.positiveDouble("scale") ?? 2
    sheet.columns = try parsed.integer("columns") ?? 8
    render.scale = sheet.scale
    if parsed.has("symbols") { sheet.cellPt = 112 }
    return Options(
      inputs: parsed.positionals, output: output, limit: try parsed.integer("limit"),
      render: render, sheet: sheet, symbols: parsed.has("symbols"))
  }

  static func run(_ options: Options) -> ExitCode {
    let (render, sheet, output) = (options.render, options.sheet, options.output)
    var (files, missing) = InputCollector.collect(options.inputs)
    for error in missing { Terminal.error(error.description) }
    if options.symbols { files = files.filter { $0.lowercased().hasSuffix(".svg") } }
    if let limit = options.limit { files = Array(files.prefix(limit)) }
    let size = sheet.size(forCount: files.count)
    guard size.width <= Rasterizer.maximumSide, size.height <= Rasterizer.maximumSide else {
      Terminal.error(
        "\(output): error: the sheet would be \(size.width)x\(size.height) px for \(files.count) icons, "
          + "over \(Rasterizer.maximumSide) px a side; use --limit N, --columns N or a smaller --scale"
      )
      return .failure
    }
    if files.isEmpty {
      Terminal.error("\(output): error: no .svg or .png icons in the inputs; nothing to draw")
      return .failure
    }
    let withCompact = render.compact
    let entries = ParallelMap.map(count: files.count, jobs: ParallelMap.availableCores) {
      index -> Result<ContactSheet.Entry, GlyphsmithError> in
      do {
        if options.symbols {
          return .success(
            try SymbolSheet.entry(templatePath: files[index], glyphPt: 28, scale: sheet.scale))
        }
        let artwork = try Artwork(path: files[index])
        var options = render
        options.compact = false
        var glyphs = [try GlyphRenderer.render(artwork, options: options).image]
        if withCompact {
          options.compact = true
          glyphs.append(try GlyphRenderer.render(artwork, options: options).image)
        }
        return .success(
          ContactSheet.Entry(name: AssetName.from(path: files[index]), glyphs: glyphs))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: files[index]))
      }
    }
    var failed = !missing.isEmpty
    var good: [ContactSheet.Entry] = []
    for entry in entries {
      switch entry {
      case .success(let value): good.append(value)
      case .failure(let error):
        Terminal.error(error.description)
        failed = true
      }
    }
    do {
      let image = try sheet.render(good)
      try AtomicFile.write(try PNGCodec.encode(image), toPath: output)
    } catch {
      Terminal.error(GlyphsmithError.wrap(error, path: output).description)
      return .failure
    }
    return failed ? .failure : .success
  }
}
