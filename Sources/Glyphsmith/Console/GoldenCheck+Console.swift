import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What `glyphsmith golden check` prints, assembled by the engine.
extension GoldenCheck.Report {
  /// The stderr lines, in order: a note when `golden.json` is missing, the renderer change,
  /// then one line per failure naming the file (and its artifacts folder), ending with the
  /// command that accepts it (`; accept: glyphsmith golden record ...`, once
  /// `addAcceptCommands` ran). `actual` and `golden` are the folders as given. Each line is a
  /// `Diagnostic`'s description (`manifestDiagnostics`, `failure(_:actual:golden:)`), except
  /// an unreadable image's, which is its `GlyphsmithError`'s.
  package func diagnostics(actual: String, golden: String) -> [String] {
    var lines = manifestDiagnostics(golden: golden).descriptions
    for entry in results where entry.status.isFailure {
      if entry.status == .unreadable {
        // An unreadable image's message is its GlyphsmithError's, already in compiler form.
        lines.append(
          entry.message + (entry.artifacts.map { " (artifacts in \($0))" } ?? "")
            + (entry.accept.map { "; accept: \($0)" } ?? ""))
      } else if let failure = failure(entry, actual: actual, golden: golden) {
        lines.append(failure.description)
      }
    }
    return lines
  }

  /// The note when `golden.json` is missing and the warning when the renderer changed
  /// (kind `golden`, about `GOLDEN/golden.json`).
  package func manifestDiagnostics(golden: String) -> [Diagnostic] {
    let manifest = "\(golden)/\(GoldenManifest.fileName)"
    var found: [Diagnostic] = []
    if !manifestFound {
      // "strict" only when the strict defaults are what the check used: --threshold 0.1 (or
      // any option given) is not them.
      let used =
        options == GoldenOptions()
        ? "strict options used" : "the options given on the command line used"
      found.append(
        Diagnostic(
          .note, path: manifest, kind: Diagnostic.Kind.golden,
          message:
            "not found; \(used) and the renderer not checked; 'glyphsmith golden record' writes one"
        ))
    }
    if let rendererChange {
      found.append(.warning(rendererChange, path: manifest, kind: Diagnostic.Kind.golden))
    }
    return found
  }

  /// A failed entry (not an unreadable one, whose error names itself) as an error about the
  /// image (in `golden` for a golden without an actual image, else in `actual`): the message,
  /// its artifacts folder, and the accept command as the fix (`accept: glyphsmith golden
  /// record ...`, once `addAcceptCommands` ran); `nil` for a passed or unreadable entry.
  package func failure(_ entry: GoldenEntry, actual: String, golden: String)
    -> Diagnostic?
  {
    guard entry.status.isFailure, entry.status != .unreadable else { return nil }
    let folder = entry.status == .extraGolden ? golden : actual
    return Diagnostic(
      .error, path: PathName(folder).appendingPathComponent(entry.path),
      kind: Diagnostic.Kind.golden,
      message: entry.message + (entry.artifacts.map { " (artifacts in \($0))" } ?? ""),
      fix: entry.accept.map { "accept: \($0)" })
  }

  /// Sets each failure's `accept` command (`GoldenAcceptCommand`) for the folders as given.
  package mutating func addAcceptCommands(actual: String, golden: String) {
    for index in results.indices {
      results[index].accept = GoldenAcceptCommand.command(
        for: results[index], actual: actual, golden: golden)
    }
  }

  /// `N images: P passed (`1 image: ...` for one), F failed, E could not be checked`, then what happened to
  /// anti-aliased pixels (`anti-aliasing counted`, or `A anti-aliased pixels not counted, B of
  /// them in images that passed`), plus `; report in FILE` when an HTML report was written to
  /// `reportPath`.
  package func summary(reportPath: String?) -> String {
    "\(counted(checked, "image")): \(passed) passed, \(failed) failed, \(errors) could not be checked; "
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
      "\(counted(all, "anti-aliased pixel")) not counted, \(inPasses) of them in images that passed"
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
    recorded.map { "recorded \(PathName(golden).appendingPathComponent($0))" }
      + pruned.map { "pruned \(PathName(golden).appendingPathComponent($0))" }
  }

  /// The stderr lines: an error per actual image that could not be recorded and per golden
  /// Glyphsmith did not make that it left as it is
  /// (`GOLDEN/PATH: error: exists and was not made by glyphsmith; move it or pass --force`), a
  /// warning per golden `--force` replaced or pruned, per `--only` pattern that selected
  /// nothing and per golden without an actual image (kept without `--prune`), then the one
  /// summary line `recorded N goldens, M unchanged[, P pruned][, E could not be read][, K not
  /// made by glyphsmith][; wrote golden.json]` (`P pruned` whenever `--prune` was given).
  package func diagnostics(golden: String) -> [String] {
    let path = { PathName(golden).appendingPathComponent($0) }
    let kept = notOwned.map {
      "\(GlyphsmithError.unusable(path: path($0), problem: OutputOwnership.foreignProblem))"
    }
    return errors + kept + forced.map { forcedWarning(path($0), pruned: pruned.contains($0)) }
      + warnings(golden: golden).descriptions + [
        "recorded \(counted(recorded.count, "golden")), \(unchanged.count) unchanged"
          + (pruneRequested ? ", \(pruned.count) pruned" : "")
          + (errors.isEmpty ? "" : ", \(errors.count) could not be read")
          + (notOwned.isEmpty ? "" : ", \(notOwned.count) not made by glyphsmith")
          + (manifestWritten ? "; wrote \(GoldenManifest.fileName)" : "")
          + (manifestFolder.map { "; options from \($0)/\(GoldenManifest.fileName)" } ?? "")
      ]
  }

  /// The warning of a golden Glyphsmith did not make that `--force` replaced
  /// (`PATH: warning: not made by glyphsmith; replaced (--force)`) or pruned (`...; deleted
  /// (--force)`), kind `replaced-by-force`.
  private func forcedWarning(_ path: String, pruned: Bool) -> String {
    guard pruned else { return OutputOwnership.replacedWarning(path).description }
    return Diagnostic.warning(
      "not made by glyphsmith; deleted (--force)", path: path,
      kind: Diagnostic.Kind.replacedByForce
    ).description
  }

  /// A warning (kind `golden`) per `--only` pattern that selected nothing and per golden
  /// without an actual image (kept without `--prune`).
  package func warnings(golden: String) -> [Diagnostic] {
    unmatchedPatterns.map {
      .warning(
        "--only matched no actual image and no golden; check the path (relative to ACTUAL_DIR)",
        path: $0, kind: Diagnostic.Kind.golden)
    }
      + extra.map {
        .warning(
          Set(extraNotOwned).contains($0)
            ? "golden has no actual image; glyphsmith did not make it (golden.json does not list it), so --prune keeps it too: delete it by hand if the image is gone (or pass --prune --force)"
            : "golden has no actual image; delete it with --prune if the image is gone",
          path: PathName(golden).appendingPathComponent($0), kind: Diagnostic.Kind.golden)
      }
  }

  /// `.unusableInput` (exit 2) when an actual image could not be recorded or a golden
  /// Glyphsmith did not make was left as it is, else `nil`.
  package var outcome: FailureCategory? {
    errors.isEmpty && notOwned.isEmpty ? nil : .unusableInput
  }
}
