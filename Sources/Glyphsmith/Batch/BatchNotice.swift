/// One thing a batch run (`assets`, `build`) tells the user about its inputs and outputs, as
/// data: a warning or finding, or an input that failed. The commands print each as its
/// compiler-form line (`Diagnostic.description`, `GlyphsmithError.description`), in order;
/// nothing in the engine turns a notice into text.
public enum BatchNotice: Equatable, Sendable {
  /// A warning or finding: an input's warning, a planning or output-record warning, a
  /// catalog finding.
  case diagnostic(Diagnostic)
  /// An input that failed (missing, unreadable, not rendered or not written), with its
  /// error, which names the input.
  case failure(GlyphsmithError)
}

extension AssetsReport {
  /// What the report tells, in the order `assets` and `build` print it: the report's
  /// warnings, each input's warnings then its failure (inputs in order), the catalog
  /// findings.
  package var notices: [BatchNotice] {
    var notices = warnings.map(BatchNotice.diagnostic)
    for input in inputs {
      notices += input.warnings.map(BatchNotice.diagnostic)
      if let failure = input.failure { notices.append(.failure(failure)) }
    }
    return notices + catalogFindings.map(BatchNotice.diagnostic)
  }
}

extension BatchNotice {
  /// What `strerror(ENOSPC)` says, as the write errors end with it.
  static let noSpace = "no space left on device"

  /// Whether this is an input that failed because its disk is full: a write error ending
  /// with the system's reason `no space left on device` (`AtomicFile`, `AtomicFolder`).
  var isFullDisk: Bool {
    guard case .failure(.writeFailed(_, let reason)) = self else { return false }
    return reason.hasSuffix(Self.noSpace)
  }

  /// The path a failure names (its output), `nil` for a diagnostic.
  private var failedPath: String? {
    guard case .failure(.writeFailed(let path, _)) = self else { return nil }
    return path
  }

  /// `notices` as `assets` and `build` print them (issue 32: a full disk printed 272 errors):
  /// the first input that failed on a full disk is told as it is; every later one is left
  /// out, and one error after the first names how many there were and the folder holding
  /// all of their outputs (`FOLDER: error: cannot write: N more outputs: no space left on
  /// device; free space on the disk holding FOLDER and build again`). Everything else stays,
  /// in order; the report keeps every failure.
  package static func summarisingFullDisk(_ notices: [BatchNotice]) -> [BatchNotice] {
    let full = notices.filter(\.isFullDisk)
    guard full.count > 1, let first = notices.firstIndex(where: \.isFullDisk) else {
      return notices
    }
    let folder = commonFolder(full.compactMap(\.failedPath))
    let more = full.count - 1
    let summary = BatchNotice.failure(
      .writeFailed(
        path: folder,
        reason:
          "\(counted(more, "more output")): \(noSpace); free space on the disk holding \(folder) and build again"
      ))
    var told: [BatchNotice] = []
    for (index, notice) in notices.enumerated() {
      if notice.isFullDisk && index != first { continue }
      told.append(notice)
      if index == first { told.append(summary) }
    }
    return told
  }

  /// This notice as `build --watch` tells it: an input that changed, or was deleted, while
  /// the run was going on ends "; building again" instead of "; run again", since the
  /// watcher sees that change and builds again by itself (trial t36); anything else as it is.
  package var watching: BatchNotice {
    guard case .failure(.unusable(let path, let problem)) = self,
      problem == AssetsJob.changedProblem || problem == AssetsJob.goneProblem
    else { return self }
    return .failure(
      .unusable(path: path, problem: problem.dropLast("run again".count) + "building again"))
  }

  /// The deepest folder holding every one of `paths` (`.` when they share none).
  package static func commonFolder(_ paths: [String]) -> String {
    let split = paths.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
    guard var common = split.first.map(Array.init) else { return "." }
    for parts in split.dropFirst() {
      var count = 0
      while count < min(common.count, parts.count)
        && common[count] == parts[parts.startIndex + count]
      {
        count += 1
      }
      common = Array(common.prefix(count))
    }
    let joined = common.joined(separator: "/")
    return joined.isEmpty ? (paths.first?.hasPrefix("/") == true ? "/" : ".") : joined
  }
}
