import Foundation
import Glyphsmith

/// `glyphsmith assets INPUT... -o CATALOG.xcassets ...`: icons to an Xcode asset catalog.
enum AssetsCommand: Subcommand {
  static let name = "assets"
  static let summary = "render icons (files or folders) into an Xcode .xcassets catalog"
  static let help = """
    usage: glyphsmith assets INPUT... -o CATALOG.xcassets [--role R] [--size PT] [--shape S]
                             [--scales 1,2,3] [--compact] [--template|--original] [--padding PT]
                             [--jobs N] [--json] [--quiet]

    Each INPUT is an .svg or .png file or a folder (searched recursively, sorted). Every icon
    becomes NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png (per --scales) and a
    Contents.json as Xcode writes it; --compact adds NAME-compact.imageset at the compact tab
    bar size. NAME is the file name without extension (NFC); names that collide, also in case
    only, are refused before anything is written. A rerun rewrites each imageset it has an
    input for, whole; other folders in the catalog are left alone.

    options:
      -o, --output DIR      the catalog folder, e.g. Icons.xcassets (required)
      --role R              tab-bar (default), toolbar, indicator, plain
      --size PT             target size in pt instead of the role's HIG size
      --shape S             circle, square, wide or tall for every icon (default: from the ink)
      --scales LIST         scales to write, from 1,2,3 (default 1,2,3)
      --compact             also write NAME-compact.imageset (tab-bar role)
      --template            template images (default for tab-bar, toolbar, indicator)
      --original            original colours (default for plain)
      --padding PT          transparent margin in pt around each glyph
      --jobs N              threads (default: all cores); never changes the output
      --json                print a JSON report on stdout:
                            {"version": 1, "inputs": [{"path", "name", "status", "role",
                            "shape", "sizePt", "files": [{"path", "width", "height"}], "error"}]}
      --quiet               no progress bar and no summary line
      --stats               print where the time went on stderr (renders, time inside librsvg,
                            cairo and libpng, Glyphsmith's own overhead)

    roles:
    \(Role.helpTable)

    Exit: 0 all written; 2 at least one input could not be read, rendered or written (every
    other input is still written), or a usage error.
    """

  static let options: [OptionSpec] = [
    .value("output", short: "o"), .value("role"), .value("size"), .value("shape"),
    .value("scales"), .flag("compact"), .flag("template"), .flag("original"), .value("padding"),
    .value("jobs"), .flag("json"), .flag("quiet"), .flag("stats"), .flag("help"),
  ]

  struct Options {
    var inputs: [String]
    var catalog: String
    var assets: AssetsOptions
    var json: Bool
    var quiet: Bool
    var stats: Bool
  }

  static func parse(_ arguments: [String]) throws -> Options {
    let parsed = try ArgumentParser.parse(arguments, options: options)
    guard !parsed.positionals.isEmpty else {
      throw UsageError(message: "missing INPUT (files or folders of .svg and .png icons)")
    }
    guard let catalog = parsed.value("output") else {
      throw UsageError(message: "missing -o/--output CATALOG.xcassets")
    }
    if parsed.has("template") && parsed.has("original") {
      throw UsageError(message: "--template and --original exclude each other")
    }
    var assets = AssetsOptions()
    assets.role = try CommonOptions.role(parsed.value("role"), default: .tabBar)
    assets.sizePt = try parsed.positiveDouble("size")
    assets.shape = try CommonOptions.shape(parsed.value("shape"))
    assets.scales = try CommonOptions.scales(parsed.value("scales")) ?? [1, 2, 3]
    assets.compact = parsed.has("compact")
    if assets.compact && assets.role != .tabBar {
      throw UsageError(message: "--compact applies to the tab-bar role only")
    }
    assets.template = parsed.has("template") ? true : parsed.has("original") ? false : nil
    if let padding = parsed.value("padding") {
      guard let value = Double(padding), value >= 0 else {
        throw UsageError(message: "--padding needs a number of pt of at least 0, got '\(padding)'")
      }
      assets.paddingPt = value
    }
    assets.jobs = try parsed.integer("jobs") ?? ParallelMap.availableCores
    return Options(
      inputs: parsed.positionals, catalog: catalog, assets: assets, json: parsed.has("json"),
      quiet: parsed.has("quiet"), stats: parsed.has("stats"))
  }

  static func run(_ options: Options) -> ExitCode {

    let started = Date()
    let (files, missing) = InputCollector.collect(options.inputs)
    for error in missing { Terminal.error(error.description) }
    let job = AssetsJob(catalogPath: options.catalog, options: options.assets)
    let bar = Terminal.ProgressBar(enabled: !options.quiet && !options.json)
    var report: AssetsReport
    do {
      report = try job.run(files) { done, total in bar.update(done: done, total: total) }
    } catch {
      bar.finish()
      Terminal.error(GlyphsmithError.wrap(error, path: options.catalog).description)
      return .failure
    }
    bar.finish()
    for input in report.inputs {
      input.warnings.forEach(Terminal.error)
      if let error = input.error { Terminal.error(error) }
    }
    // Inputs that do not exist are failures of the report too.
    let missingResults = missing.map { error -> AssetInputResult in
      let path: String
      if case .unreadable(let p, _) = error { path = p } else { path = "" }
      return AssetInputResult.failed(path: path, role: options.assets.role, error: error)
    }
    report.inputs = missingResults + report.inputs
    if options.json {
      if let data = try? XcodeJSON.encode(report) { FileHandle.standardOutput.write(data) }
    }
    if !options.quiet && !options.json {
      let written = report.inputs.filter { $0.status == "written" }
      let fileCount = written.reduce(0) { $0 + $1.files.count }
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      Terminal.error(
        "wrote \(written.count) icons (\(fileCount) PNG files) to \(options.catalog) in \(seconds) s; \(report.failures) failed"
      )
    }
    if options.stats {
      let s = report.statistics
      Terminal.error(
        String(
          format:
            "stats: %d renders in %.3f s wall; task time %.3f s, of it %.3f s in librsvg/cairo/libpng and %.3f s writing files; overhead %.1f %%",
          s.renders, Date().timeIntervalSince(started), s.taskSeconds, s.librarySeconds,
          s.writeSeconds, s.overhead * 100))
    }
    return report.failures > 0 ? .failure : .success
  }
}
