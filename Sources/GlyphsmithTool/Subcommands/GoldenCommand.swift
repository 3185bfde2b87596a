import Dispatch
import FoundationEssentials
import Glibc
import Glyphsmith
import GlyphsmithCommands

/// `glyphsmith golden check|record|review ACTUAL_DIR GOLDEN_DIR`: the golden-image workflow.
enum GoldenCommand: DeclaredSubcommand {
  /// The command declared once, its three verbs' options in a section each: `parse`, the
  /// usage and this help (`golden VERB --help` prints it too) all come from it. `--metric` is
  /// listed for check and for record: one option, parsed once.
  static let declaration = CommandDeclaration(
    name: "golden",
    summary:
      "check rendered PNGs against goldens (report, artifacts, JUnit), review them in a browser, record goldens, or merge sharded checks",
    synopsis: """
      check ACTUAL_DIR GOLDEN_DIR [--artifacts DIR] [--report FILE.html]
                                     [--json] [--threshold T] [--include-aa|--no-include-aa]
                                     [--blend MODE] [--metric yiq|oklab] [--fail-over N|P%]
                                     [--junit FILE.xml] [--force] [--shard I/N]
                                     [--markdown FILE.md] [--changed-since REV [--config FILE]]
             glyphsmith golden record ACTUAL_DIR GOLDEN_DIR [--only PATH|GLOB|NAME...]
                                      [--prune] [--only-missing|--only-failed]
                                      [--metric yiq|oklab] [--verbose]
             glyphsmith golden review ACTUAL_DIR GOLDEN_DIR [--port N] [--host H] [--no-open]
             glyphsmith golden merge RESULTS.json... -o DIR [--markdown FILE.md] [--force]
      """,
    discussion: """
      check compares every PNG under ACTUAL_DIR (recursively) with the golden of the same
      relative path in GOLDEN_DIR, by decoded pixels (pixelmatch). A differing image, a size
      change, a missing golden and a golden without an actual image are each a failure. It never
      writes a golden. When golden.json records another renderer than the running one, it says
      "renderer changed from X to Y: re-record after review" first.

      record copies the actual PNGs into GOLDEN_DIR, atomically, and writes golden.json (strict
      options when new: threshold 0.05, checkerboard blend, anti-aliased pixels counted
      ("includeAA": true), YIQ metric, no differing pixel allowed; the renderer versions and a
      SHA-256 of each pinned font). A golden that already has the same pixels is left untouched
      and counted as unchanged; it prints one line, "recorded 12 goldens, 6222 unchanged,
      3 pruned". It deletes goldens only with --prune. A GOLDEN_DIR inside a golden folder uses
      that folder's golden.json and writes none of its own. Every failure of check names the
      record command that accepts it.

      review runs the check and serves its report on 127.0.0.1 (a free port unless --port),
      prints "review at http://127.0.0.1:PORT/?token=TOKEN" on stdout and serves until the
      page's Done button or Ctrl-C (exit 0). On the page: Accept and Reject for an image, an
      icon (all its scales), a folder or every failure the filter shows, Delete for a golden
      whose actual image is gone, Undo (every step, the previous golden bytes restored); keys
      a accept, r reject, u undo, j/k next/previous, ? help. Accepting writes as record does,
      never outside GOLDEN_DIR. Its JSON API (GET /api/results, POST /api/accept, /api/reject,
      /api/delete with {"paths": [...]}, POST /api/undo, POST /api/done) needs the token
      ("Authorization: Bearer TOKEN" or ?token=TOKEN) and the served Host: docs/review.md.

      merge joins the --json results of every shard of one check (golden check --shard I/N
      --json, each shard once) into what the check without --shard writes, byte for byte:
      DIR/results.json (its --json), DIR/junit.xml (its --junit), DIR/report.html (its --report,
      the shards' artifacts copied into DIR/report-files/) and its exit code. Each shard's
      artifacts are found at the folder its JSON names, from the current folder or from the
      results file's folder: docs/testing.md.

      Anti-aliased pixels count for goldens (pixelmatch does not count them by default): the
      renders are deterministic and golden.json pins the renderer, and on icons, which are
      almost all edges, the detector hides real regressions such as a heavier stroke. A
      golden.json without the key counts them too; unknown keys or values in it are an error.
      Every result says how many changed pixels were taken for anti-aliasing and not counted.
      """,
    options: [
      .value(
        "artifacts", "DIR",
        help: """
          for each failure write DIR/<path without .png>/expected.png,
          actual.png and diff.png
          """),
      .value(
        "report", "FILE.html",
        help: """
          write an HTML report that opens from disk: a summary, failures
          grouped by icon with scales side by side, a filter, counts per
          folder, side by side and slider/blink views; its images are the
          --artifacts files, or FILE-files/ beside it without --artifacts
          """),
      .flag(
        "json",
        help: """
          print {"version": 1, "rendererChange", "options", "checked",
          "passed", "failed", "errors", "results": [...]} on stdout
          """),
      .value(
        "threshold", "T", placement: .under,
        help: "change golden.json's options for this run (see 'compare')"),
      .flag("include-aa", listing: .joined, help: ""),
      .value(
        "blend", "MODE", kind: .choice(of: PixelmatchBlend.self), listing: .joined, help: ""),
      .value(
        "metric", "M", kind: .choice(of: PixelmatchMetric.self), listing: .joined, help: ""),
      .value("fail-over", "N|P%", listing: .joined, help: ""),
      .flag("no-include-aa", help: "do not count anti-aliased pixels for this run"),
      .value(
        "junit", "FILE.xml",
        help: """
          write JUnit XML: one test case per image, a failure's message,
          accept command and artifact paths (GitHub, GitLab, Jenkins)
          """),
      .value(
        "markdown", "FILE.md",
        help: """
          write a pull-request comment: the counts and, for each changed
          icon, its failures and one PNG of golden, actual and diff side
          by side at the failing scales, in FILE-images/ICON.png (merge
          too)
          """),
      .value(
        "shard", "I/N",
        help: """
          check only shard I of N (1 <= I <= N): the images split by icon
          (folder and name, SHA-256 mod N), an icon's scales and variants in
          one shard; the outputs cover its images, --json adds the "shard"
          record 'golden merge' needs
          """),
      .value(
        "changed-since", "REV",
        help: """
          compare only the icons that changed since the git revision REV:
          a golden changed, an icon file of that name changed in the
          project's icons folder, or the actual image does not carry its
          golden's fingerprint; every image when glyphsmith.json,
          golden.json or the renderer changed (docs/testing.md)
          """),
      .value(
        "config", "FILE", kind: .path,
        help: """
          with --changed-since: the project file (default: glyphsmith.json
          above the folders or here), which tells which icon makes which image
          """),
      .flag(
        "force",
        help: """
          check: let --report and --junit replace a file that is not a
          report glyphsmith wrote; record: replace or --prune goldens
          glyphsmith did not record (each named); merge: replace outputs in
          DIR glyphsmith did not write
          """),
      .heading("record options:"),
      .value(
        "only", "PATH|GLOB|NAME...", repeatable: true,
        help: """
          record just these: paths relative to ACTUAL_DIR (a folder selects
          what is below it; * ? [..] within a name, ** across folders), or
          icon names (bell: bell.png, bell@2x.png, tabs/bell-dark@3x.png,
          bell-compact@2x.png, in any folder); repeat --only or list
          several after it; one that selects nothing is an error (exit 2)
          """),
      .flag("prune", help: "delete the (selected) goldens that have no actual image"),
      .flag("verbose", help: "one line per golden written or pruned"),
      .flag(
        "only-missing",
        help: """
          write only goldens that do not exist yet (golden.json's renderer
          record is kept)
          """),
      .flag("only-failed", help: "write only goldens that are missing or fail the check"),
      .value(
        "metric", "METRIC", kind: .choice(of: PixelmatchMetric.self),
        help: "record METRIC (yiq or oklab) as golden.json's options.metric"),
      .value("jobs", "N", kind: .count, help: "threads (default: all cores)"),
      .heading("review options (and the check's --threshold ... --fail-over):"),
      .value(
        "port", "N", kind: .integer(minimum: 0, maximum: 65535),
        help: "port to serve on (default: a free one)"),
      .value(
        "host", "H", default: "127.0.0.1",
        help: """
          IPv4 or IPv6 address to serve on (default 127.0.0.1; one not
          loopback, 127.x or ::1, prints a warning and still needs the token)
          """),
      .flag("no-open", help: "do not open a browser (default: xdg-open the address)"),
      .heading("merge options:"),
      .value(
        "output", short: "o", "DIR",
        help: "the folder for results.json, junit.xml, report.html (required)"),
    ],
    helpColumn: 24,
    footer: """
      Exit: check 0 all match, 1 any failure, 2 could not run (missing folder, bad golden.json,
      unreadable PNG, write failure); record 0 written, 2 could not run, an --only selects
      nothing (nothing is written), an actual PNG could not be read or a golden glyphsmith
      did not make would be replaced or pruned (kept and named; the others are recorded all
      the same); review 0 after Done or Ctrl-C,
      2 could not run (missing folder, bad golden.json, address in use); merge as check, and
      2 when a results file cannot be read or is not a shard's, the shards differ in count,
      options, renderer or folders, overlap, or one is missing or given twice (each named).
      """,
    verbatimSynopsis: true,
    optionsTitle: "check options:")

  /// A parsed `golden` invocation.
  enum Action: Equatable {
    case check(CheckOptions)
    case record(RecordOptions)
    case review(ReviewOptions)
    case merge(GoldenMergeJob)
  }

  /// `golden check`'s options: the engine's job.
  typealias CheckOptions = GoldenCheckJob

  /// `golden record`'s options.
  struct RecordOptions: Equatable {
    var actual: String
    var golden: String
    var mode: GoldenRecord.Mode
    var metric: PixelmatchMetric?
    var only: [String]
    var prune: Bool
    var verbose: Bool
    var jobs: Int
    var force = false
  }

  /// `golden review`'s options: the engine's job and whether to open a browser.
  struct ReviewOptions: Equatable {
    var host: String
    var port: UInt16
    var check: GoldenCheckJob
    var open: Bool
  }

  static let verbs = ["check", "record", "review", "merge"]
  static let checkOnly = [
    "artifacts", "report", "json", "junit", "force", "shard", "markdown", "changed-since",
    "config",
  ]
  static let comparison = ["threshold", "blend", "fail-over", "include-aa", "no-include-aa"]
  static let recordOnly = ["only-missing", "only-failed", "only", "prune", "verbose", "force"]
  static let reviewOnly = ["port", "host", "no-open"]
  static let mergeOnly = ["output", "force", "markdown"]

  static func parse(_ arguments: [String]) throws -> Action {
    let parsed = try declaration.parse(arguments)
    guard let verb = parsed.positionals.first else {
      throw UsageError(message: "needs 'check', 'record', 'review' or 'merge' first")
    }
    guard verbs.contains(verb) else {
      // A wrong verb is answered as a wrong subcommand is: the near ones, else the list.
      let near = Suggestion.near(verb, among: verbs)
      throw UsageError(
        message: "unknown verb '\(verb)'; "
          + (near.isEmpty
            ? "use one of \(verbs.joined(separator: ", "))"
            : "did you mean \(Suggestion.alternatives(near))?"))
    }
    if verb == "merge" {
      let given = Set(parsed.values.keys).union(parsed.flags)
      for option in Set(checkOnly + comparison + recordOnly + reviewOnly + ["jobs", "metric"])
        .sorted()
      where given.contains(option) && !mergeOnly.contains(option) {
        throw UsageError(message: "--\(option) does not apply to 'golden merge'")
      }
      let files = Array(parsed.positionals.dropFirst())
      guard !files.isEmpty else {
        throw UsageError(message: "golden merge needs the shards' RESULTS.json files")
      }
      guard let output = parsed.value("output") else {
        throw UsageError(message: "golden merge needs -o DIR")
      }
      var job = GoldenMergeJob(results: files, output: output)
      job.force = parsed.has("force")
      job.markdown = parsed.value("markdown")
      return .merge(job)
    }
    // `--only A B C`: the words after the two folders are more patterns.
    let extra = parsed.positionals.dropFirst(3)
    guard parsed.positionals.count == 3 || (verb == "record" && !parsed.all("only").isEmpty)
    else {
      throw UsageError(message: "golden \(verb) needs ACTUAL_DIR GOLDEN_DIR")
    }
    guard parsed.positionals.count >= 3 else {
      throw UsageError(message: "golden \(verb) needs ACTUAL_DIR GOLDEN_DIR")
    }
    let actual = parsed.positionals[1]
    let golden = parsed.positionals[2]
    let jobs = try parsed.whole("jobs") ?? ParallelMap.availableCores
    let given = Set(parsed.values.keys).union(parsed.flags)
    let metric = try parsed.value("metric").map(CompareOptionParsing.metric)
    let allowed: [String: [String]] = [
      "check": checkOnly + comparison, "record": recordOnly,
      "review": reviewOnly + comparison, "merge": mergeOnly,
    ]
    for option in Set(checkOnly + comparison + recordOnly + reviewOnly + mergeOnly).sorted()
    where given.contains(option) && !allowed[verb]!.contains(option) {
      let owners = verbs.filter { allowed[$0]!.contains(option) }.map { "'golden \($0)'" }
      throw UsageError(
        message: "--\(option) applies to \(owners.joined(separator: " and ")) only")
    }
    if verb == "record" {
      guard !(parsed.has("only-missing") && parsed.has("only-failed")) else {
        throw UsageError(message: "--only-missing and --only-failed exclude each other")
      }
      let mode: GoldenRecord.Mode =
        parsed.has("only-missing") ? .onlyMissing : parsed.has("only-failed") ? .onlyFailed : .all
      let only = parsed.all("only") + extra
      if let empty = only.first(where: { $0.isEmpty || $0.hasPrefix("/") }) {
        throw UsageError(
          message: "--only takes paths relative to ACTUAL_DIR, got '\(empty)'")
      }
      return .record(
        RecordOptions(
          actual: actual, golden: golden, mode: mode, metric: metric, only: only,
          prune: parsed.has("prune"), verbose: parsed.has("verbose"), jobs: jobs,
          force: parsed.has("force")))
    }
    var check = CheckOptions(actual: actual, golden: golden)
    check.artifacts = parsed.value("artifacts")
    check.report = parsed.value("report")
    check.junit = parsed.value("junit")
    check.markdown = parsed.value("markdown")
    check.force = parsed.has("force")
    check.json = parsed.has("json")
    check.changedSince = parsed.value("changed-since")
    check.config = parsed.value("config")
    if check.config != nil && check.changedSince == nil {
      throw UsageError(message: "--config applies with --changed-since")
    }
    if let text = parsed.value("shard") {
      guard let shard = GoldenCheck.Shard(parsing: text) else {
        throw UsageError(
          message: "--shard takes I/N with 1 <= I <= N (such as 2/4), got '\(text)'")
      }
      check.shard = shard
    }
    check.jobs = jobs
    var pixelmatch = PixelmatchOptions()
    var failOver = FailOver.zero
    do {
      try CompareOptionParsing.apply(parsed, to: &pixelmatch, failOver: &failOver)
    } catch let error as CompareError {
      if case .invalidOption(let message) = error { throw UsageError(message: message) }
      throw error
    }
    if parsed.value("threshold") != nil { check.overrides.threshold = pixelmatch.threshold }
    if parsed.has("include-aa") && parsed.has("no-include-aa") {
      throw UsageError(message: "--include-aa and --no-include-aa exclude each other")
    }
    if parsed.has("include-aa") { check.overrides.includeAA = true }
    if parsed.has("no-include-aa") { check.overrides.includeAA = false }
    check.overrides.metric = metric
    if parsed.value("blend") != nil { check.overrides.blend = pixelmatch.blend }
    if parsed.value("fail-over") != nil { check.overrides.failOver = failOver }
    guard verb == "review" else { return .check(check) }
    // Port 0: the system picks a free one (the help's default).
    let port = try parsed.whole("port") ?? 0
    return .review(
      ReviewOptions(
        host: parsed.valueOrDefault("host")!, port: UInt16(port), check: check,
        open: !parsed.has("no-open")))
  }

  static func run(_ action: Action) throws -> FailureCategory? {
    switch action {
    case .check(let options): return try check(options)
    case .record(let options): return try record(options)
    case .review(let options): return try review(options)
    case .merge(let job): return try merge(job)
    }
  }

  static func merge(_ job: GoldenMergeJob) throws -> FailureCategory? {
    let output = try job.run(diagnose: Terminal.error)
    StandardStream.output.write(output.stdout)
    return output.outcome
  }

  static func check(_ job: GoldenCheckJob) throws -> FailureCategory? {
    let output = try job.run(diagnose: Terminal.error)
    StandardStream.output.write(output.stdout)
    return output.outcome
  }

  static func record(_ options: RecordOptions) throws -> FailureCategory? {
    let report: GoldenRecord.Report
    do {
      report = try GoldenRecord.run(
        actual: URL(fileURLWithPath: options.actual), golden: URL(fileURLWithPath: options.golden),
        mode: options.mode, metric: options.metric,
        only: options.only.isEmpty ? nil : GoldenSelection(patterns: options.only),
        prune: options.prune, force: options.force, jobs: options.jobs)
    } catch {
      throw GlyphsmithError.failure(error, path: options.golden)
    }
    // Per-file lines only with --verbose (stderr; stdout carries data only).
    if options.verbose { report.recordedLines(golden: options.golden).forEach(Terminal.info) }
    // Warnings, then the one summary line (--quiet drops it).
    let lines = report.diagnostics(golden: options.golden)
    lines.dropLast().forEach(Terminal.error)
    lines.last.map(Terminal.info)
    return report.outcome
  }

  static func review(_ options: ReviewOptions) throws -> FailureCategory? {
    var job = GoldenReviewJob(check: options.check)
    job.host = options.host == "localhost" ? "127.0.0.1" : options.host
    job.port = options.port
    let closing = try job.run(diagnose: Terminal.error) { line, address in
      Terminal.output(line)
      if options.open { openBrowser(address) }
    }
    Terminal.info(closing)
    return nil
  }

  /// Opens `address` with `xdg-open` (or `open` on macOS) when there is one; never fails.
  static func openBrowser(_ address: String) {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for tool in ["xdg-open", "open"] {
      for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
        // Started and left running, its output to /dev/null, its input and environment this
        // process's; waited for on a queue of its own, so it leaves no zombie behind while
        // the review goes on (xdg-open ends once the browser is started).
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let child = Platform.spawn(
          [candidate, address], environment: environment, stdin: 0, stdout: null, stderr: null)
        if null >= 0 { close(null) }
        if let child {
          DispatchQueue.global(qos: .utility).async { _ = Platform.waitForExit(child) }
        }
        return
      }
    }
  }
}
