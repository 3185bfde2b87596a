import FoundationEssentials
import Glibc

/// The compact lines of `assets`' workers (`WorkerMessage`): a planned icon the parent sends,
/// the reply a worker answers. What is rare and nested (an icon's options, a failure, warnings,
/// lint findings) goes inside as the JSON it had before (`JSONEncoder`, sorted keys), so those
/// types keep one encoding; the options, the same for every icon of a run (or of a build's
/// group), are encoded once per distinct value on each side (`OptionsCache`).
extension PlannedIcon {
  /// This icon as a compact message; `options` is its options' JSON (`OptionsCache.text`).
  func compactLine(options: Data) -> Data {
    var w = WorkerMessage.Writer()
    write(to: &w, options: options)
    return w.line
  }

  /// This icon as a worker's task (`compactLine(options:)`) with the records' hashes of its
  /// sets' folders the parent read for it (`AssetsJob.recordedForWorker`: by normalised
  /// folder, then file name; `nil`: the worker reads the records itself), in sorted order.
  func compactTaskLine(options: Data, recorded: [String: [String: String]]?) -> Data {
    var w = WorkerMessage.Writer()
    write(to: &w, options: options)
    w.optional(recorded.map { $0.sorted { $0.key < $1.key } }) {
      $0.list($1) { w, folder in
        w.string(folder.key)
        w.list(folder.value.sorted { $0.key < $1.key }) { w, entry in
          w.string(entry.key)
          w.string(entry.value)
        }
      }
    }
    return w.line
  }

  /// The icon and the records' hashes of a task line (`compactTaskLine`); a line of
  /// `compactLine(options:)` alone is read too (no hashes: `nil`).
  /// - Throws: `WorkerMessage.Malformed` for a broken line (a folder or a file named twice
  ///   among them); what `options` throws.
  static func task(compactLine line: Data, options: (Data) throws -> IconOptions) throws
    -> (icon: PlannedIcon, recorded: [String: [String: String]]?)
  {
    typealias R = WorkerMessage.Reader
    typealias M = WorkerMessage.Malformed
    var r = try R(line)
    let icon = try read(from: &r, options: options)
    if r.atEnd { return (icon, nil) }
    let folders = try r.optional { (r: inout R) throws(M) in
      try r.list { (r: inout R) throws(M) in
        (
          try r.string(),
          try r.list { (r: inout R) throws(M) in (try r.string(), try r.string()) }
        )
      }
    }
    guard r.atEnd else { throw WorkerMessage.Malformed() }
    guard let folders else { return (icon, nil) }
    var recorded: [String: [String: String]] = [:]
    for (folder, entries) in folders {
      guard recorded.updateValue(try uniqueKeys(entries), forKey: folder) == nil else {
        throw WorkerMessage.Malformed()
      }
    }
    return (icon, recorded)
  }

  /// Writes this icon's fields to `w` (`compactLine`).
  private func write(to w: inout WorkerMessage.Writer, options: Data) {
    w.string(path)
    w.string(name)
    w.list(groups) { $0.string($1) }
    w.optional(sha256) { $0.string($1) }
    w.optional(darkPath) { $0.string($1) }
    w.optional(darkSha256) { $0.string($1) }
    w.data(options)
    w.optional(references.map { $0.sorted { $0.key < $1.key } }) {
      $0.list($1) { w, pair in
        w.string(pair.key)
        w.string(pair.value)
      }
    }
    w.optional(fingerprint) { $0.string($1) }
    w.optional(fingerprints.map { $0.sorted { $0.key < $1.key } }) {
      $0.list($1) { w, pair in
        w.string(pair.key)
        w.string(pair.value)
      }
    }
    w.list(outputs) { w, output in
      w.string(output.path)
      w.string(output.format)
      w.optional(output.fallback) { $0.bool($1) }
    }
    for paths in [replacing, changed, displacing] {
      w.optional(paths) { $0.list($1) { $0.string($1) } }
    }
  }

  /// The icon of a compact message (`compactLine`); `options` turns the options' JSON back
  /// into options (`OptionsCache.options`).
  /// - Throws: `WorkerMessage.Malformed` for a broken message; what `options` throws.
  init(compactLine line: Data, options: (Data) throws -> IconOptions) throws {
    var r = try WorkerMessage.Reader(line)
    self = try Self.read(from: &r, options: options)
    guard r.atEnd else { throw WorkerMessage.Malformed() }
  }

  /// The icon's fields read from `r` (`write(to:options:)`), `r` left after them.
  /// - Throws: `WorkerMessage.Malformed` for a broken message; what `options` throws.
  private static func read(
    from r: inout WorkerMessage.Reader, options: (Data) throws -> IconOptions
  ) throws -> PlannedIcon {
    typealias R = WorkerMessage.Reader
    typealias M = WorkerMessage.Malformed
    let path = try r.string()
    let name = try r.string()
    let groups = try r.list { (r: inout R) throws(M) in try r.string() }
    let sha256 = try r.optional { (r: inout R) throws(M) in try r.string() }
    let darkPath = try r.optional { (r: inout R) throws(M) in try r.string() }
    let darkSha256 = try r.optional { (r: inout R) throws(M) in try r.string() }
    let optionsText = try r.data()
    let referencePairs = try r.optional { (r: inout R) throws(M) in
      try r.list { (r: inout R) throws(M) in
        (try r.string(), try r.string())
      }
    }
    let fingerprint = try r.optional { (r: inout R) throws(M) in try r.string() }
    let pairs = try r.optional { (r: inout R) throws(M) in
      try r.list { (r: inout R) throws(M) in
        (try r.string(), try r.string())
      }
    }
    let outputs = try r.list { (r: inout R) throws(M) in
      PlannedOutput(
        path: try r.string(), format: try r.string(),
        fallback: try r.optional { (r: inout R) throws(M) in try r.bool() }
      )
    }
    var lists: [[String]?] = []
    for _ in 0..<3 {
      lists.append(
        try r.optional { (r: inout R) throws(M) in
          try r.list { (r: inout R) throws(M) in try r.string() }
        })
    }
    return PlannedIcon(
      path: path, name: name, groups: groups, sha256: sha256, darkPath: darkPath,
      darkSha256: darkSha256, options: try options(optionsText),
      references: try referencePairs.map(Self.uniqueKeys), fingerprint: fingerprint,
      fingerprints: try pairs.map(Self.uniqueKeys),
      outputs: outputs, replacing: lists[0], changed: lists[1], displacing: lists[2])
  }

  /// `pairs` as a dictionary.
  /// - Throws: `WorkerMessage.Malformed` when a key comes twice.
  private static func uniqueKeys(_ pairs: [(String, String)]) throws -> [String: String] {
    var byKey: [String: String] = [:]
    for (key, value) in pairs {
      guard byKey.updateValue(value, forKey: key) == nil else { throw WorkerMessage.Malformed() }
    }
    return byKey
  }
}

/// Each distinct `IconOptions` of a run as JSON (the parent) and each distinct JSON as options
/// (a worker), made once: a run's icons share one value, a build's groups a few.
struct OptionsCache {
  private var texts: [IconOptions: Data] = [:]
  private var values: [Data: IconOptions] = [:]
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()

  /// `options` as JSON (sorted keys).
  mutating func text(_ options: IconOptions) -> Data {
    if let known = texts[options] { return known }
    let text = (try? encoder.encode(options)) ?? Data("{}".utf8)
    texts[options] = text
    return text
  }

  /// The options `text` holds.
  /// - Throws: `DecodingError` when it holds none.
  mutating func options(_ text: Data) throws -> IconOptions {
    if let known = values[text] { return known }
    let options = try JSONDecoder().decode(IconOptions.self, from: text)
    values[text] = options
    return options
  }
}

extension AssetsWorkerReply {
  /// This reply as a compact message; `encoder` writes the rare nested values (sorted keys).
  func compactLine(encoder: JSONEncoder) throws -> Data {
    var w = WorkerMessage.Writer()
    w.string(result.path)
    w.string(result.name)
    w.string(result.status.rawValue)
    w.string(result.role)
    w.optional(result.shape) { $0.string($1) }
    w.optional(result.sizePt) { $0.double($1) }
    w.list(result.files) { w, file in
      w.string(file.path)
      w.int(file.width)
      w.int(file.height)
    }
    w.optional(try result.lint.map { try encoder.encode($0) }) { $0.data($1) }
    w.optional(try result.lintCompact.map { try encoder.encode($0) }) { $0.data($1) }
    w.optional(try failure.map { try encoder.encode($0) }) { $0.data($1) }
    w.optional(warnings.isEmpty ? nil : try encoder.encode(warnings)) { $0.data($1) }
    w.double(taskSeconds)
    w.double(librarySeconds)
    w.double(writeSeconds)
    w.optional(canonicalSeconds) { $0.double($1) }
    w.list(result.writtenHashes.byPath.sorted { $0.key < $1.key }) { w, pair in
      w.string(pair.key)
      w.string(pair.value)
    }
    return w.line
  }

  /// The reply of a compact message (`compactLine`), its result's failure, warnings and
  /// written hashes in place as the parent uses them; `hashes` is left `nil`.
  /// - Throws: `WorkerMessage.Malformed` for a broken message, `DecodingError` for a nested
  ///   value that does not decode.
  init(compactLine line: Data, decoder: JSONDecoder) throws {
    var r = try WorkerMessage.Reader(line)
    typealias R = WorkerMessage.Reader
    typealias M = WorkerMessage.Malformed
    let path = try r.string()
    let name = try r.string()
    guard let status = AssetInputStatus(rawValue: try r.string()) else { throw M() }
    let role = try r.string()
    let shape = try r.optional { (r: inout R) throws(M) in try r.string() }
    let sizePt = try r.optional { (r: inout R) throws(M) in try r.double() }
    let files = try r.list { (r: inout R) throws(M) in
      WrittenFile(path: try r.string(), width: try r.int(), height: try r.int())
    }
    let lint = try r.optional { (r: inout R) throws(M) in try r.data() }
    let lintCompact = try r.optional { (r: inout R) throws(M) in try r.data() }
    let failure = try r.optional { (r: inout R) throws(M) in try r.data() }
    let warnings = try r.optional { (r: inout R) throws(M) in try r.data() }
    let taskSeconds = try r.double()
    let librarySeconds = try r.double()
    let writeSeconds = try r.double()
    let canonicalSeconds = try r.optional { (r: inout R) throws(M) in try r.double() }
    let hashes = try r.list { (r: inout R) throws(M) in (try r.string(), try r.string()) }
    guard r.atEnd else { throw M() }
    let decodedFailure = try failure.map { try decoder.decode(GlyphsmithError.self, from: $0) }
    let decodedWarnings = try warnings.map { try decoder.decode([Diagnostic].self, from: $0) } ?? []
    var result = AssetInputResult(
      path: path, name: name, status: status, role: role, shape: shape, sizePt: sizePt,
      files: files, failure: decodedFailure, warnings: decodedWarnings,
      lint: try lint.map { try decoder.decode([LintFinding].self, from: $0) },
      lintCompact: try lintCompact.map { try decoder.decode([LintFinding].self, from: $0) })
    var byPath: [String: String] = [:]
    for (key, value) in hashes {
      guard byPath.updateValue(value, forKey: key) == nil else { throw M() }
    }
    result.writtenHashes = WrittenHashes(byPath)
    self.init(
      result: result, failure: decodedFailure, warnings: decodedWarnings,
      taskSeconds: taskSeconds, librarySeconds: librarySeconds, writeSeconds: writeSeconds,
      canonicalSeconds: canonicalSeconds, hashes: nil)
  }
}
