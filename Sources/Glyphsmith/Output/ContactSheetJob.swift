import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `glyphsmith sheet`'s work: collects the icons from files and folders, renders each by its
/// role (and compact, when asked) in parallel, lays them out as a `ContactSheet` and writes
/// the PNG atomically. Inputs that cannot be read or rendered are reported and left out; the
/// sheet is still written.
public struct ContactSheetJob: Sendable {
  /// Files or folders of `.svg` and `.png` icons (folders searched recursively, sorted).
  public var inputs: [String]
  /// The PNG to write.
  public var output: String
  /// Only the first `limit` icons, when set.
  public var limit: Int?
  /// How each icon is rendered; `compact` adds the compact glyph beside the regular one.
  public var render: RenderOptions
  /// The sheet's geometry (its `scale` should equal `render.scale`).
  public var sheet: ContactSheet
  /// Threads for rendering; never changes the output.
  public var jobs: Int = ParallelMap.availableCores
  /// The inputs are custom symbol templates (`.svg` files; folders such as a catalog are
  /// searched): each cell shows Ultralight-S, Regular-S and Black-S (`SymbolSheet`).
  public var symbols = false
  /// The project whose settings each icon is drawn with (`sheet --project`), else `nil`:
  /// every icon in `render`'s role. With a project each icon takes the role, size, shape,
  /// padding, template or original colours and compact glyph `build` gives it
  /// (`ProjectBuild.renderOptions`), `render.tint` colours only the template ones (an
  /// original keeps its colours, as its image set does), icons a rule skips are left out, and
  /// no inputs mean the project's icons folder. An input outside the icons folder is reported
  /// and left out (no rule can match it).
  public var project: ProjectConfig? = nil

  /// A job; nothing runs until `run`.
  public init(
    inputs: [String], output: String, limit: Int? = nil, render: RenderOptions,
    sheet: ContactSheet
  ) {
    self.inputs = inputs
    self.output = output
    self.limit = limit
    self.render = render
    self.sheet = sheet
  }

  /// Draws and writes the sheet. `diagnose` receives each problem with an input, in input
  /// order, as a compiler-form line (on the calling thread).
  /// - Returns: `nil` when every input was drawn, `.unusableInput` when some were not (the
  ///   sheet is written without them).
  /// - Throws: `GlyphsmithError.unusable` when the sheet would be over
  ///   `Rasterizer.maximumSide` px a side or there is nothing to draw; a `GlyphsmithFailure`
  ///   when the sheet cannot be drawn or written.
  public func run(diagnose: (String) -> Void) throws -> FailureCategory? {
    let build = project.map(ProjectBuild.init(config:))
    let inputs = build != nil && self.inputs.isEmpty ? [build!.iconsFolder] : self.inputs
    var (files, missing) = InputCollector.collect(inputs)
    for error in missing { diagnose(error.description) }
    var outside: [GlyphsmithError] = []
    var projectRenders: [String: RenderOptions] = [:]
    if let build {
      files = files.filter { file in
        guard let relative = build.relativePath(ofPath: file) else {
          outside.append(
            .unusable(
              path: file,
              problem:
                "not in the icons folder '\(build.iconsFolder)' of \(build.config.path); "
                + "the project's rules cannot match it, so it is left out"))
          return false
        }
        guard var options = build.renderOptions(forRelativePath: relative, scale: sheet.scale)
        else { return false }
        if self.render.compact && options.role == .tabBar { options.compact = true }
        if options.isTemplate { options.tint = self.render.tint }
        projectRenders[file] = options
        return true
      }
    }
    outside.forEach { diagnose($0.description) }
    if symbols { files = files.filter { $0.lowercased().hasSuffix(".svg") } }
    // `NAME-dark` beside `NAME` is the dark appearance of that icon, not an icon of its own,
    // as in `assets`.
    if !symbols {
      let dark = AssetPlanner.darkVariantPaths(files)
      files.removeAll { dark.contains($0) }
    }
    if let limit { files = Array(files.prefix(limit)) }
    let size = sheet.size(forCount: files.count)
    guard size.width <= Rasterizer.maximumSide, size.height <= Rasterizer.maximumSide else {
      throw GlyphsmithError.unusable(
        path: output,
        problem:
          "the sheet would be \(size.width)x\(size.height) px for \(files.count) icons, "
          + "over \(Rasterizer.maximumSide) px a side; use --limit N, --columns N or a smaller --scale"
      )
    }
    if files.isEmpty {
      throw GlyphsmithError.unusable(
        path: output, problem: "no .svg or .png icons in the inputs; nothing to draw")
    }
    let (render, symbols, scale, renders) = (self.render, self.symbols, sheet.scale, projectRenders)
    let entries = ParallelMap.map(count: files.count, jobs: jobs) {
      index -> Result<(ContactSheet.Entry, [Diagnostic]), GlyphsmithError> in
      do {
        if symbols {
          return .success(
            (try SymbolSheet.entry(templatePath: files[index], glyphPt: 28, scale: scale), []))
        }
        return .success(
          try Self.entry(path: files[index], render: renders[files[index]] ?? render))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: files[index]))
      }
    }
    var failed = !missing.isEmpty || !outside.isEmpty
    var good: [ContactSheet.Entry] = []
    for entry in entries {
      switch entry {
      case .success(let (value, warnings)):
        // The warnings `render` prints for the same file (dropped references, upscaling).
        warnings.descriptions.forEach(diagnose)
        good.append(value)
      case .failure(let error):
        diagnose(error.description)
        failed = true
      }
    }
    do {
      let image = try sheet.render(good)
      try PictureOutput.write(
        try PNGCodec.encode(image), toPath: output, inputs: files)
    } catch {
      throw GlyphsmithError.wrap(error, path: output)
    }
    return failed ? .unusableInput : nil
  }

  /// One cell: the icon at `path` rendered regular (and compact when `render.compact`), and
  /// the render's warnings, each once.
  static func entry(
    path: String, render: RenderOptions
  ) throws -> (ContactSheet.Entry, [Diagnostic]) {
    let artwork = try Artwork(path: path)
    var options = render
    options.compact = false
    let regular = try GlyphRenderer.render(artwork, options: options)
    var glyphs = [regular.image]
    var warnings = regular.diagnostics
    if render.compact {
      options.compact = true
      let compact = try GlyphRenderer.render(artwork, options: options)
      glyphs.append(compact.image)
      warnings += compact.diagnostics.filter { !warnings.contains($0) }
    }
    let entry = ContactSheet.Entry(
      name: FileName.display(AssetName.from(path: path)), glyphs: glyphs)
    return (entry, warnings)
  }
}
