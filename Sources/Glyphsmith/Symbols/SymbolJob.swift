import Foundation
import GlyphsmithRender

/// Makes `NAME.symbolset`s in a catalog from SVG icons (`glyphsmith symbol`, and `assets
/// --platform ios --symbols`), in parallel, results in input order.
public struct SymbolJob: Sendable {
  /// The SVG files, as given.
  public var inputs: [String]
  /// The `.xcassets` folder to write into (created with its `Contents.json` when missing).
  public var catalog: String
  /// How to make the weights.
  public var options = SymbolOptions()
  /// Also measure each template against its source (`SymbolMeasure`).
  public var measure = false
  /// Threads to use.
  public var jobs = ParallelMap.availableCores

  /// A job for `inputs` into `catalog`.
  public init(inputs: [String], catalog: String) {
    self.inputs = inputs
    self.catalog = catalog
  }

  /// Runs the job. Errors for single inputs are collected in the report; the rest go on.
  /// - Throws: `GlyphsmithError.nameCollision` when two inputs give one symbol name (nothing
  ///   is written), `.writeFailed` when the catalog folder cannot be created.
  public func run() throws -> SymbolReport {
    var seen: [String: String] = [:]
    for input in inputs {
      let name = AssetName.from(path: input)
      if let first = seen[name.lowercased()] {
        throw GlyphsmithError.nameCollision(name: name, first: first, second: input)
      }
      seen[name.lowercased()] = input
    }
    try SymbolSetWriter.ensureCatalog(catalog)
    let (inputs, catalog, options, measure) = (
      self.inputs, self.catalog, self.options, self.measure
    )
    let results = ParallelMap.map(count: inputs.count, jobs: max(jobs, 1)) {
      index -> Result<SymbolReport.Entry, GlyphsmithError> in
      let input = inputs[index]
      do {
        var outline = try SymbolBuilder.build(path: input, options: options)
        outline.name = AssetName.from(path: input)
        let folder = try SymbolSetWriter.write(outline, toCatalog: catalog)
        var result: SymbolMeasure.Result? = nil
        if measure {
          let source = try Artwork(path: input)
          if case .svg(let document) = source.source {
            result = try SymbolMeasure.measure(
              template: SymbolTemplateWriter.svg(outline), outline: outline, source: document)
          }
        }
        return .success(
          SymbolReport.Entry(
            input: input, name: outline.name, symbolset: folder, method: outline.method.rawValue,
            weighted: outline.method != .copied && outline.method != .fill,
            paths: outline.paths.count, warnings: outline.warnings, measure: result))
      } catch {
        return .failure(GlyphsmithError.wrap(error, path: input))
      }
    }
    var entries: [SymbolReport.Entry] = []
    var errors: [String] = []
    for result in results {
      switch result {
      case .success(let entry): entries.append(entry)
      case .failure(let error): errors.append(error.description)
      }
    }
    return SymbolReport(symbols: entries, errors: errors)
  }
}
