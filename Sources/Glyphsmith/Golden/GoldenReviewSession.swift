import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One `golden review`: the check's results, what the reviewer did to each image and the
/// steps to undo, behind the JSON API the page uses (documented in `docs/review.md`; a
/// contract like the CLI). The server checks host, origin and token first; this type checks
/// every path against the results and writes only through `GoldenRecord` (atomic, links below
/// the golden folder refused, `golden.json` updated with the renderer record), so nothing is
/// written outside the golden folder. Used from one thread.
package final class GoldenReviewSession {
  /// What the reviewer did to a result.
  package enum Review: String, Sendable, Codable {
    /// Nothing yet (every result at the start).
    case pending
    /// Its golden was recorded from the actual image.
    case accepted
    /// Marked as a change that is not wanted (no file is touched).
    case rejected
    /// Its golden, which had no actual image, was deleted.
    case deleted
  }

  /// One undoable step: the files as they were before it and the states.
  struct Step {
    var action: String
    var paths: [String]
    var previousStates: [String: Review]
    var previousGoldens: [(path: String, entry: SavedEntry)]
    /// `golden.json` as it was, when the step wrote it.
    var previousManifest: SavedEntry?
  }

  /// A path as it was before a step, to be put back exactly (issue 33: a golden that was a
  /// symbolic link came back from an undo as a plain copy of its target).
  enum SavedEntry {
    /// Nothing was there.
    case absent
    /// A file (or anything else that is not a link) with these bytes.
    case bytes(Data)
    /// A symbolic link, with its target as written (relative or absolute, dangling or not).
    case link(target: String)

    /// What is at `url` now, a link not followed.
    static func read(_ url: URL) -> SavedEntry {
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
        return .link(target: target)
      }
      return FileBytes.read(url.path).map { .bytes($0) } ?? .absent
    }

    /// Puts it back at `url`: the bytes written atomically, the link made beside it and
    /// renamed over the path (so the path never goes missing); `removing` takes away what an
    /// absent entry finds.
    /// - Throws: `GlyphsmithError.writeFailed` naming the path and the system's reason.
    func restore(at url: URL, removing: () throws -> Void) throws {
      switch self {
      case .absent:
        try removing()
      case .bytes(let data):
        try AtomicFile.write(data, to: url)
      case .link(let target):
        let folder = url.deletingLastPathComponent().path
        let staging = "\(folder)/.\(url.lastPathComponent).tmp-link-\(Platform.processID)"
        try? FileManager.default.removeItem(atPath: staging)
        do {
          try FileManager.default.createSymbolicLink(
            atPath: staging, withDestinationPath: target)
        } catch {
          throw GlyphsmithError.writeFailed(
            path: url.relativePath, reason: "cannot make the link back to \(target): \(error)")
        }
        do throws(Platform.Failure) {
          try Platform.rename(staging, to: url.path)
        } catch {
          try? FileManager.default.removeItem(atPath: staging)
          throw GlyphsmithError.writeFailed(path: url.relativePath, reason: error.reason)
        }
      }
    }
  }

  /// The folders as the user gave them (for commands shown) and as URLs.
  package let actual: String
  package let golden: String
  let actualDirectory: URL
  let goldenDirectory: URL
  /// Threads for a record.
  let jobs: Int
  /// The check the review started from (with `accept` commands set).
  package private(set) var report: GoldenCheck.Report
  let statusByPath: [String: GoldenStatus]
  /// Each result's review state, by path.
  package private(set) var states: [String: Review]
  var steps: [Step] = []
  /// How many images had their accept, reject or delete taken back by undo (a step of 3
  /// images undone counts 3).
  package private(set) var undoneImages = 0

  /// What the review did, in images (issue 39: it counted actions, so an icon accepted, undone
  /// and accepted again said "6 accepted ... 1 undone" for 3 goldens): how many images are
  /// accepted, rejected and deleted now (an undone step no longer counts) and how many had a
  /// step taken back, e.g. `3 images accepted, 0 rejected, 0 deleted, 3 undone`. The closing
  /// line and every API answer (`summary`) give it.
  package var summary: String {
    var count: [Review: Int] = [:]
    for state in states.values { count[state, default: 0] += 1 }
    return Self.summary(
      accepted: count[.accepted] ?? 0, rejected: count[.rejected] ?? 0,
      deleted: count[.deleted] ?? 0, undone: undoneImages)
  }

  /// `summary`'s words for these counts of images (the page shows the one for zeros first).
  package static func summary(accepted: Int, rejected: Int, deleted: Int, undone: Int) -> String {
    "\(accepted) \(accepted == 1 ? "image" : "images") accepted, \(rejected) rejected, "
      + "\(deleted) deleted, \(undone) undone"
  }

  /// A session over `report`, a check of `actual` against `golden` (folders as given).
  package init(report: GoldenCheck.Report, actual: String, golden: String, jobs: Int = 1) {
    self.report = report
    self.actual = actual
    self.golden = golden
    actualDirectory = URL(fileURLWithPath: actual)
    goldenDirectory = URL(fileURLWithPath: golden)
    self.jobs = jobs
    statusByPath = Dictionary(
      report.results.map { ($0.path, $0.status) }, uniquingKeysWith: { a, _ in a })
    states = Dictionary(uniqueKeysWithValues: statusByPath.keys.map { ($0, .pending) })
  }

  /// An answer: HTTP status and a JSON body.
  package struct Answer: Sendable, Equatable {
    /// 200, 400, 404, 405, 409 or 500.
    package var status: Int
    /// The JSON body, a final newline included.
    package var body: Data
  }

  /// Answers an API request (`/api/...`) already past the host, origin and token checks;
  /// `query` is the request's query parameters (`GET /api/results?offset=0&limit=100` pages
  /// the results; other parameters, such as `token`, are ignored).
  package func handle(
    method: String, path: String, body: [UInt8], query: [(name: String, value: String)] = []
  ) -> Answer {
    let routes = [
      "/api/results": "GET", "/api/accept": "POST", "/api/reject": "POST",
      "/api/delete": "POST", "/api/undo": "POST", "/api/done": "POST",
    ]
    guard let allowed = routes[path] else {
      return Self.error(404, "no such API: \(path); see docs/review.md")
    }
    guard method == allowed else {
      return Self.error(405, "\(path) takes \(allowed), not \(method)")
    }
    switch path {
    case "/api/results": return resultsAnswer(query)
    case "/api/undo": return undo()
    case "/api/done": return Self.json(200, ["done": true, "summary": summary])
    default: break
    }
    let paths: [String]
    switch Self.paths(from: body) {
    case .success(let list): paths = list
    case .failure(let message): return Self.error(400, message.text)
    }
    switch path {
    case "/api/accept": return accept(paths)
    case "/api/reject": return reject(paths)
    default: return delete(paths)
    }
  }

  /// `GET /api/results`, paged when the query names `offset` or `limit` (`results(page:)`);
  /// 400 for a value that is not a whole number (`offset` from 0, `limit` from 1).
  private func resultsAnswer(_ query: [(name: String, value: String)]) -> Answer {
    let offset = query.first { $0.name == "offset" }?.value
    let limit = query.first { $0.name == "limit" }?.value
    guard offset != nil || limit != nil else { return Answer(status: 200, body: results()) }
    func number(_ text: String?, _ name: String, from low: Int) -> Result<Int?, Message> {
      guard let text else { return .success(nil) }
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.count <= 9,
        let value = Int(text), value >= low
      else {
        return .failure(Message("\(name) must be a whole number from \(low), not '\(text)'"))
      }
      return .success(value)
    }
    switch (number(offset, "offset", from: 0), number(limit, "limit", from: 1)) {
    case (.failure(let message), _), (_, .failure(let message)):
      return Self.error(400, message.text)
    case (.success(let offset), .success(let limit)):
      return Answer(status: 200, body: results(page: (offset ?? 0, limit)))
    }
  }

  /// A unique string that stands in a template for what is spliced in later (it cannot occur
  /// in a path or message: it holds a control character and a random UUID).
  private let placeholder = "\u{1}glyphsmith-review-\(UUID().uuidString)"

  /// Each result's JSON as `/api/results` writes it, cut where its `review` value goes, made
  /// the first time it is served (issue 36: encoding the whole check and parsing it back on
  /// every request took 0.4-0.6 s with 6,000 results before anything showed).
  private var resultFragments: [(head: Data, tail: Data)?] = []
  /// The answer's object without its results, made once.
  private var answerFrame: [String: JSONValue]?

  /// `GET /api/results`: `golden check --json`'s object, each result with `review` (its
  /// state), plus `undoSteps` (how many steps `/api/undo` can take back) and `summary`.
  /// With `page` (`?offset=O&limit=L`, a limit of `nil`: to the end): only the results from
  /// index O, at most L of them, in the same order (failures first, largest difference
  /// first), plus `offset` (O), `limit` (L, or `null`), `total` (how many results in all)
  /// and `next` (the offset of the next page, `null` after the last). The bytes are those of
  /// `referenceResults()` for the same results (the whole answer when `page` is `nil`); each
  /// result's JSON is made once and only its `review` value filled in per request.
  package func results(page: (offset: Int, limit: Int?)? = nil) -> Data {
    let count = report.results.count
    let start = min(page?.offset ?? 0, count)
    let end = page?.limit.map { min(count, start + $0) } ?? count
    if answerFrame == nil {
      var frame = report
      frame.results = []
      answerFrame = (try? XcodeJSON.encode(frame)).flatMap { JSONValue.parse($0)?.object }
    }
    guard var object = answerFrame else { return referenceResults() }
    object["results"] = .string(placeholder)
    object["undoSteps"] = JSONValue(any: steps.count)
    object["summary"] = JSONValue(any: summary)
    if let page {
      object["offset"] = JSONValue(any: page.offset)
      object["limit"] = page.limit.map { JSONValue(any: $0) } ?? .null
      object["total"] = JSONValue(any: count)
      object["next"] = end < count ? JSONValue(any: end) : .null
    }
    let frame = Self.encode(object)
    let marker = JSONValue.string(placeholder).encoded(escapingSlashes: false)
    guard let at = frame.firstRange(of: marker) else { return referenceResults() }
    if resultFragments.count != count { resultFragments = Array(repeating: nil, count: count) }
    var list = Data("[".utf8)
    for index in start..<end {
      guard let fragment = fragment(index) else { return referenceResults() }
      if index > start { list.append(0x2C) }
      let state = states[report.results[index].path] ?? .pending
      list.append(fragment.head)
      list.append(contentsOf: "\"\(state.rawValue)\"".utf8)
      list.append(fragment.tail)
    }
    list.append(0x5D)
    var data = frame[..<at.lowerBound]
    data.append(list)
    data.append(frame[at.upperBound...])
    return Data(data)
  }

  /// Result `index`'s JSON cut around its `review` value (made and kept on first use), or
  /// `nil` when it cannot be encoded.
  private func fragment(_ index: Int) -> (head: Data, tail: Data)? {
    if let made = resultFragments[index] { return made }
    guard let data = try? XcodeJSON.encode(report.results[index]),
      var object = JSONValue.parse(data)?.object
    else { return nil }
    object["review"] = .string(placeholder)
    let encoded = JSONValue.object(object).encoded(escapingSlashes: false)
    let marker = JSONValue.string(placeholder).encoded(escapingSlashes: false)
    guard let at = encoded.firstRange(of: marker) else { return nil }
    let made = (head: Data(encoded[..<at.lowerBound]), tail: Data(encoded[at.upperBound...]))
    resultFragments[index] = made
    return made
  }

  /// Makes the JSON of up to `count` more results ahead of their first request (the server
  /// calls it while idle); returns whether any was left to make.
  package func prepareResults(count: Int) -> Bool {
    if resultFragments.count != report.results.count {
      resultFragments = Array(repeating: nil, count: report.results.count)
    }
    var made = 0
    for index in resultFragments.indices where resultFragments[index] == nil {
      if made == count { return true }
      _ = fragment(index)
      made += 1
    }
    return false
  }

  /// `GET /api/results` as it was first written: the whole check encoded, parsed back and
  /// encoded again with each result's `review` (the reference `results()` is tested
  /// against, byte for byte).
  package func referenceResults() -> Data {
    guard let data = try? XcodeJSON.encode(report),
      var object = JSONValue.parse(data)?.object,
      let list = object["results"]?.array
    else { return Data("{}\n".utf8) }
    // Every element an object, as `as? [[String: Any]]` required.
    let results = list.compactMap(\.object)
    guard results.count == list.count else { return Data("{}\n".utf8) }
    object["results"] = .array(
      results.map { result -> JSONValue in
        var result = result
        let path = result["path"]?.string ?? ""
        result["review"] = .string((states[path] ?? .pending).rawValue)
        return .object(result)
      })
    object["undoSteps"] = JSONValue(any: steps.count)
    object["summary"] = JSONValue(any: summary)
    return Self.encode(object)
  }

  /// `POST /api/accept`: records the goldens of `paths` from the actual images. Each path
  /// must be a result that has an actual image (differs, size changed, golden missing, or
  /// passed), else 400; a path whose golden folder is a link below the golden folder is
  /// refused with 403; either way nothing is written.
  package func accept(_ paths: [String]) -> Answer {
    if let problem = check(paths, allowed: [.differs, .sizeChanged, .missingGolden, .passed]) {
      return Self.error(400, problem)
    }
    if let refusal = linkRefusal(paths) { return Self.error(403, refusal) }
    return write(action: "accept", paths: paths, prune: false, newState: .accepted)
  }

  /// `POST /api/delete`: deletes the goldens of `paths`, each a golden without an actual
  /// image (`extraGolden`); otherwise nothing is deleted.
  package func delete(_ paths: [String]) -> Answer {
    if let problem = check(paths, allowed: [.extraGolden]) { return Self.error(400, problem) }
    if let refusal = linkRefusal(paths) { return Self.error(403, refusal) }
    return write(action: "delete", paths: paths, prune: true, newState: .deleted)
  }

  /// `POST /api/reject`: marks `paths` as rejected (any result); no file is touched.
  package func reject(_ paths: [String]) -> Answer {
    if let problem = check(paths, allowed: nil) { return Self.error(400, problem) }
    let previous = Dictionary(uniqueKeysWithValues: paths.map { ($0, states[$0] ?? .pending) })
    steps.append(
      Step(
        action: "reject", paths: paths, previousStates: previous, previousGoldens: [],
        previousManifest: nil))
    for path in paths { states[path] = .rejected }
    return Self.json(200, answer("reject", paths: paths))
  }

  /// `POST /api/undo`: takes back the last step: the goldens and `golden.json` get their
  /// previous bytes again (or are removed when they did not exist), the states their previous
  /// values. 409 when there is nothing to undo.
  package func undo() -> Answer {
    guard let step = steps.last else { return Self.error(409, "nothing to undo") }
    do {
      for (path, _) in step.previousGoldens {
        let url = goldenDirectory.appendingPathComponent(path)
        try OutputSafety.checkNoLinkedFolders(
          root: goldenDirectory.path, folder: url.deletingLastPathComponent().path)
      }
      for (path, entry) in step.previousGoldens {
        let url = goldenDirectory.appendingPathComponent(path)
        try entry.restore(at: url) { try GoldenFiles.remove(path, in: goldenDirectory) }
      }
      if let manifest = step.previousManifest {
        let url = goldenDirectory.appendingPathComponent(GoldenManifest.fileName)
        try manifest.restore(at: url) { try? FileManager.default.removeItem(at: url) }
      }
    } catch {
      return Self.error(500, "\(error)")
    }
    steps.removeLast()
    for (path, state) in step.previousStates { states[path] = state }
    undoneImages += step.paths.count
    var object = answer("undo", paths: step.paths)
    object["undone"] = step.action
    return Self.json(200, object)
  }

  /// Records or prunes `paths` through `GoldenRecord`, keeping what it replaces for undo.
  private func write(action: String, paths: [String], prune: Bool, newState: Review) -> Answer {
    let previousGoldens = paths.map {
      (path: $0, entry: SavedEntry.read(goldenDirectory.appendingPathComponent($0)))
    }
    let manifestURL = goldenDirectory.appendingPathComponent(GoldenManifest.fileName)
    let previousManifest = SavedEntry.read(manifestURL)
    let record: GoldenRecord.Report
    do {
      record = try GoldenRecord.run(
        actual: actualDirectory, golden: goldenDirectory, mode: .all,
        only: GoldenSelection(exactPaths: paths), prune: prune, jobs: jobs)
    } catch {
      return Self.error(500, "\(error)")
    }
    let changed = Set(record.recorded + record.pruned)
    let done = Set(changed).union(record.unchanged)
    let previousStates = Dictionary(
      uniqueKeysWithValues: paths.filter(done.contains).map { ($0, states[$0] ?? .pending) })
    steps.append(
      Step(
        action: action, paths: paths.filter(done.contains), previousStates: previousStates,
        previousGoldens: previousGoldens.filter { changed.contains($0.path) },
        previousManifest: record.recordWritten ? previousManifest : nil))
    for path in paths where done.contains(path) { states[path] = newState }
    var object = answer(action, paths: paths.filter(done.contains))
    object["recorded"] = record.recorded
    object["unchanged"] = record.unchanged
    object["pruned"] = record.pruned
    // A golden Glyphsmith did not make is left as it is (a review has no --force).
    let errors =
      record.errors
      + record.notOwned.map {
        "\(GlyphsmithError.unusable(path: goldenDirectory.appendingPathComponent($0).relativePath, problem: OutputOwnership.foreignProblem))"
      }
    object["errors"] = errors
    return Self.json(errors.isEmpty ? 200 : 500, object)
  }

  /// `{"action", "paths", "review": {path: state}, "summary", "undoSteps"}` for the paths
  /// touched.
  private func answer(_ action: String, paths: [String]) -> [String: Any] {
    [
      "action": action, "paths": paths,
      "review": Dictionary(
        uniqueKeysWithValues: paths.map { ($0, (states[$0] ?? .pending).rawValue) }),
      "summary": summary, "undoSteps": steps.count,
    ]
  }

  /// Why `paths` cannot be acted on (empty, not in the results, or a status not in `allowed`),
  /// or `nil` when all can.
  private func check(_ paths: [String], allowed: Set<GoldenStatus>?) -> String? {
    guard !paths.isEmpty else { return "no paths given" }
    for path in paths {
      guard let status = statusByPath[path] else {
        return
          "'\(path)' is not in the results; paths are relative to ACTUAL_DIR as /api/results lists them"
      }
      if let allowed, !allowed.contains(status) {
        return "'\(path)' is \(status.rawValue); this action takes "
          + allowed.map(\.rawValue).sorted().joined(separator: ", ")
      }
    }
    return nil
  }

  /// Why a write for `paths` would go through a link below the golden folder (and so maybe
  /// outside it), or `nil`: checked before anything is written.
  private func linkRefusal(_ paths: [String]) -> String? {
    for path in paths {
      let url = goldenDirectory.appendingPathComponent(path)
      do {
        try OutputSafety.checkNoLinkedFolders(
          root: goldenDirectory.path, folder: url.deletingLastPathComponent().path)
      } catch {
        return "refused: \(error)"
      }
    }
    return nil
  }

  /// The `paths` of a `{"paths": [...]}` body, duplicates removed, order kept.
  static func paths(from body: [UInt8]) -> Result<[String], Message> {
    guard let object = JSONValue.parse(Data(body))?.object,
      let list = object["paths"]?.array, object.count == 1
    else { return .failure(Message("the body must be {\"paths\": [\"relative/path.png\", ...]}")) }
    var seen = Set<String>()
    var paths: [String] = []
    for item in list {
      guard let path = item.string else {
        return .failure(Message("every entry of \"paths\" must be a string"))
      }
      if seen.insert(path).inserted { paths.append(path) }
    }
    return .success(paths)
  }

  /// An error message as a `Result` failure.
  struct Message: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }

  static func error(_ status: Int, _ message: String) -> Answer {
    json(status, ["error": message])
  }

  static func json(_ status: Int, _ object: [String: Any]) -> Answer {
    Answer(status: status, body: encode(object))
  }

  static func encode(_ object: [String: Any]) -> Data {
    var data = JSONValue(any: object).encoded(escapingSlashes: false)
    data.append(0x0A)
    return data
  }
}
