import Foundation

/// What `glyphsmith golden check` prints, assembled by the engine.
extension GoldenCheck.Report {
  /// The stderr lines, in order: a note when `golden.json` is missing, the renderer change,
  /// then one line per failure naming the file (and its artifacts folder), ending with the
  /// command that accepts it (`; accept: glyphsmith golden record ...`, once
  /// `addAcceptCommands` ran). `actual` and `golden` are the folders as given.
  package func diagnostics(actual: String, golden: String) -> [String] {
    var lines: [String] = []
    if !manifestFound {
      lines.append(
        "\(golden)/\(GoldenManifest.fileName): note: not found; strict options used and the renderer not checked; 'glyphsmith golden record' writes one"
      )
    }
    if let rendererChange {
      lines.append("\(golden)/\(GoldenManifest.fileName): warning: \(rendererChange)")
    }
    for entry in results where entry.status.isFailure {
      let folder = entry.status == .extraGolden ? golden : actual
      let path = (folder as NSString).appendingPathComponent(entry.path)
      var line =
        entry.status == .unreadable ? entry.message : "\(path): error: \(entry.message)"
      if let artifacts = entry.artifacts { line += " (artifacts in \(artifacts))" }
      if let accept = entry.accept { line += "; accept: \(accept)" }
      lines.append(line)
    }
    return lines
  }

  /// Sets each failure's `accept` command (`GoldenAcceptCommand`) for the folders as given.
  package mutating func addAcceptCommands(actual: String, golden: String) {
    for index in results.indices {
      results[index].accept = GoldenAcceptCommand.command(
        for: results[index], actual: actual, golden: golden)
    }
  }

  /// `N images: P passed, F failed, E could not be checked`, then what happened to
  /// anti-aliased pixels (`anti-aliasing counted`, or `A anti-aliased pixels not counted, B of
  /// them in images that passed`), plus `; report in FILE` when an HTML report was written to
  /// `reportPath`.
  package func summary(reportPath: String?) -> String {
    "\(checked) images: \(passed) passed, \(failed) failed, \(errors) could not be checked; "
      + antiAliasingSummary + (reportPath.map { "; report in \($0)" } ?? "")
  }

  /// `anti-aliasing counted`, or `A anti-aliased pixels not counted, B of them in images that
  /// passed`: so that a pass hiding changed pixels never looks clean.
  package var antiAliasingSummary: String {
    if options.pixelmatch.includeAA { return "anti-aliasing counted" }
    let all = results.reduce(0) { $0 + ($1.antiAliasedPixels ?? 0) }
    let inPasses = results.filter { $0.status == .passed }.reduce(0) {
      $0 + ($1.antiAliasedPixels ?? 0)
    }
    return
      "\(all) anti-aliased pixel\(all == 1 ? "" : "s") not counted, \(inPasses) of them in images that passed"
  }

  /// Writes the HTML report (`GoldenHTMLReport`) to `path`, atomically; it links each
  /// failure's artifacts relative to `path`'s folder.
  /// - Throws: a `GlyphsmithFailure` naming `path` when it cannot be written.
  package func writeHTML(toPath path: String, actual: String, golden: String) throws {
    let html = GoldenHTMLReport.render(self, actual: actual, golden: golden, reportPath: path)
    do { try AtomicFile.write(Data(html.utf8), toPath: path) } catch {
      throw GlyphsmithError.failure(error, path: path)
    }
  }

  /// `.unusableInput` when an image could not be checked, else `.answerIsNo` when any
  /// failed, else `nil`.
  package var outcome: FailureCategory? {
    if errors > 0 { return .unusableInput }
    return failed > 0 ? .answerIsNo : nil
  }
}

/// What `glyphsmith golden record` prints, assembled by the engine.
extension GoldenRecord.Report {
  /// The per-file lines (stderr, `--verbose` only): `recorded GOLDEN/PATH` for each golden
  /// written, then `pruned GOLDEN/PATH` for each golden deleted.
  package func recordedLines(golden: String) -> [String] {
    recorded.map { "recorded \((golden as NSString).appendingPathComponent($0))" }
      + pruned.map { "pruned \((golden as NSString).appendingPathComponent($0))" }
  }

  /// The stderr lines: an error per actual image that could not be recorded, a warning per
  /// `--only` pattern that selected nothing and per golden without an actual image (kept
  /// without `--prune`), then the one summary line
  /// `recorded N goldens, M unchanged[, P pruned][, E could not be read][; wrote golden.json]`
  /// (`P pruned` whenever `--prune` was given).
  package func diagnostics(golden: String) -> [String] {
    errors
      + unmatchedPatterns.map {
        "\($0): warning: --only matched no actual image and no golden; check the path (relative to ACTUAL_DIR)"
      }
      + extra.map {
        "\((golden as NSString).appendingPathComponent($0)): warning: golden has no actual image; delete it with --prune if the image is gone"
      } + [
        "recorded \(recorded.count) golden\(recorded.count == 1 ? "" : "s"), \(unchanged.count) unchanged"
          + (pruneRequested ? ", \(pruned.count) pruned" : "")
          + (errors.isEmpty ? "" : ", \(errors.count) could not be read")
          + (manifestWritten ? "; wrote \(GoldenManifest.fileName)" : "")
          + (manifestFolder.map { "; options from \($0)/\(GoldenManifest.fileName)" } ?? "")
      ]
  }

  /// `.unusableInput` (exit 2) when an actual image could not be recorded, else `nil`.
  package var outcome: FailureCategory? { errors.isEmpty ? nil : .unusableInput }
}
