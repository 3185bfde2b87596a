import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// `glyphsmith outline`'s work: each SVG icon written as filled outlines only
/// (`OutlineWriter`: strokes outlined by FreeType, one nonzero path per run of one paint
/// colour), on its own canvas, so it renders like the source. Inputs are files or folders
/// (searched recursively, sorted); `output` is a folder receiving `NAME.svg` per input, or,
/// for one input file, a `.svg` file. Files are written atomically; one input's failure never
/// stops the others.
package struct OutlineJob: Sendable {
  /// Files or folders of `.svg` icons.
  package var inputs: [String]
  /// The folder written into (`NAME.svg` each), or the `.svg` file for a single input.
  package var output: String
  /// Threads (default: all cores); never changes the output.
  package var jobs = ParallelMap.availableCores

  /// A job; nothing runs until `run`.
  package init(inputs: [String], output: String) {
    self.inputs = inputs
    self.output = output
  }

  /// How many icons a run found and wrote.
  package struct Totals: Sendable, Equatable {
    /// Icons given (files found).
    package var icons = 0
    /// Icons whose outline was written.
    package var written = 0
    /// `outlined N of M icons to OUTPUT in S s; F failed`, as `assets` and `build` end.
    package func summary(output: String, seconds: Double) -> String {
      "outlined \(written) of \(counted(icons, "icon")) to \(output) in "
        + "\(String(cFormat: "%.2f", seconds)) s; \(icons - written) failed"
    }
  }

  /// Writes every input's outline; errors (`PATH: error: ...`) go to `diagnose`, in input
  /// order; `totals` receives the counts.
  /// - Returns: `nil` when every input was written, `.unusableInput` otherwise.
  package func run(
    diagnose: @escaping (String) -> Void, totals: ((Totals) -> Void)? = nil
  ) -> FailureCategory? {
    let (files, missing) = InputCollector.collect(inputs)
    var errors = missing.map(\.description)
    let single = output.lowercased().hasSuffix(".svg")
    if single && (files.count != 1 || inputs.count != 1) {
      errors.append(
        GlyphsmithError.invalidOption(
          "-o \(output) is one file, but \(files.count) icons were given; give a folder"
        ).description)
      errors.forEach(diagnose)
      return .unusableInput
    }
    var names: [String: String] = [:]
    var targets: [String?] = []
    for file in files {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".svg"
      if let other = names[name], !single {
        errors.append(
          GlyphsmithError.unusable(
            path: file, problem: "its outline \(name) would overwrite that of \(other); rename one"
          ).description)
        targets.append(nil)
        continue
      }
      names[name] = file
      targets.append(single ? output : output + "/" + name)
    }
    if !single {
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      } catch {
        diagnose(
          GlyphsmithError.writeFailed(path: output, reason: "cannot create the folder").description)
        return .unusableInput
      }
    }
    let results = ParallelMap.map(count: files.count, jobs: jobs) { index -> [String] in
      guard let target = targets[index] else { return [] }
      do {
        return try Self.outline(files[index], to: target).map {
          Diagnostic.warning($0, path: files[index], kind: Diagnostic.Kind.symbolOutline)
            .description
        }
      } catch {
        return [GlyphsmithError.wrap(error, path: files[index]).description]
      }
    }
    errors.forEach(diagnose)
    let failedIndices = Set(
      results.indices.filter { targets[$0] == nil || results[$0].contains { $0.contains(": error: ") } })
    totals?(Totals(icons: files.count + missing.count, written: files.count - failedIndices.count))
    for lines in results {
      for line in lines {
        diagnose(line)
        if line.contains(": error: ") { errors.append(line) }
      }
    }
    return errors.isEmpty ? nil : .unusableInput
  }

  /// Writes the outline of the SVG at `path` to `target`.
  /// - Throws: `GlyphsmithError` naming the input (a PNG, what cannot be outlined) or the
  ///   output (cannot be written).
  /// - Returns: the writer's notes (an even-odd fill kept), as warning texts.
  static func outline(_ path: String, to target: String) throws -> [String] {
    let artwork = try Artwork(path: path)
    guard let svg = artwork.svg else {
      throw GlyphsmithError.unusable(path: path, problem: "outline needs SVG artwork")
    }
    // Filters, images, masks and text named by their element before recording (the recording
    // calls a filter a reused group and never sees an image's element).
    let refused = VectorRender.refusedBeforeRecording(svg)
    if !refused.isEmpty {
      throw GlyphsmithError.unusable(
        path: path, problem: "cannot outline " + refused.joined(separator: ", "))
    }
    let model = try svg.vectorModel()
    let data: Data
    let notes: [String]
    do {
      (data, notes) = try OutlineWriter().outline(model, to: VectorTarget(canvasOf: model))
    } catch let error as SVGImageWriter.Unexpressible {
      throw GlyphsmithError.unusable(
        path: path,
        problem: error.description.replacingEvery("plain SVG paths cannot express", with: "cannot outline"))
    }
    try AtomicFile.write(data, toPath: target)
    return notes
  }
}
