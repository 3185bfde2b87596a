import Foundation
import Testing

@testable import Glyphsmith

private let square = svg(
  viewBox: "0 0 24 24", body: "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\"/>")
private let circle = svg(viewBox: "0 0 24 24", body: "<circle cx=\"12\" cy=\"12\" r=\"10\"/>")
private let triangle = svg(viewBox: "0 0 24 24", body: "<path d=\"M12 3 L21 20 L3 20 Z\"/>")

/// The records' hashes the parent hands a worker with each icon (`AssetsJob.recordedForWorker`,
/// issue 36: a fresh worker decoded all three records of a build for a few hashes): they are
/// what the worker would read itself from the same record bytes, after the journal moved the
/// replaced ones aside, and the worker goes by them, not by the record on disk.
@Suite("worker's recorded hashes")
struct WorkerRecordedHashesTests {
  /// Every file under `root` (the record left out) hashed, by path relative to it.
  static func hashes(under root: String) -> [String: String] {
    var found: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let next = enumerator?.nextObject() as? String {
      let path = root + "/" + next
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
        next != OutputManifest.fileName
      else { continue }
      found[next] = ContentHash.sha256(try! Data(contentsOf: URL(fileURLWithPath: path)))
    }
    return found
  }

  static func sha(_ path: String) throws -> String {
    ContentHash.sha256(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test("the hashes handed with an icon equal what the worker reads, after the journal")
  func handedEqualsRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (name, text) in [("bell", square), ("star", circle)] {
      _ = try folder.write("icons/\(name).svg", text)
    }
    var options = AssetsOptions()
    options.platforms = [.ios, .android]
    options.jobs = 1
    let job = AssetsJob(catalogPath: folder.path("C.xcassets"), options: options)
    let (collected, _) = InputCollector.collectTree([folder.path("icons")])
    _ = try job.run(plan: try job.plan(collected: collected))
    // A record of every file written, as a build leaves it (hashes of both icons' files).
    let roots = job.outputRoots
    #expect(roots.count == 2)
    var recorded: [String: [String: String]] = [:]
    for root in roots {
      let hashes = Self.hashes(under: root)
      recorded[root] = hashes
      // A key `normalised` changes, which the narrow read takes the long way.
      var written = hashes
      if root.hasSuffix("C.xcassets") { written["bell.imageset//extra.png"] = "abc" }
      let document = OutputManifest.Document(
        outputs: [:], hashes: written)
      try XcodeJSON.encode(document).write(
        to: URL(fileURLWithPath: root + "/" + OutputManifest.fileName))
    }
    // bell saved: stale, its outputs journalled as being replaced.
    _ = try folder.write("icons/bell.svg", triangle)
    let plan = try job.plan(collected: collected)
    let bell = try #require(plan.icons.firstIndex { $0.name == "bell" })
    let (unchanged, replaced) = AssetsJob.staleOutputs([(job, plan)])
    #expect(unchanged[bell] == nil)
    #expect(unchanged[1 - bell] != nil)
    try OutputManifest.replacing(roots: roots, replaced: replaced)
    // The journal moved bell's hashes out of `hashes`: what a worker reads is `replacing`.
    let catalogRoot = try #require(roots.first { $0.hasSuffix("C.xcassets") })
    let document = try JSONDecoder().decode(
      OutputManifest.Document.self,
      from: Data(contentsOf: URL(fileURLWithPath: catalogRoot + "/" + OutputManifest.fileName)))
    #expect(document.hashes?["bell.imageset/bell@2x.png"] == nil)
    #expect(
      document.replacing?["bell.imageset/bell@2x.png"]
        == recorded[catalogRoot]?["bell.imageset/bell@2x.png"])
    // In the shared drawable folders only bell's own files are moved aside; star's stay
    // hashed (issue 36: every drawable of the record was moved, and read back by the update).
    let androidRoot = try #require(roots.first { !$0.hasSuffix("C.xcassets") })
    let android = try JSONDecoder().decode(
      OutputManifest.Document.self,
      from: Data(contentsOf: URL(fileURLWithPath: androidRoot + "/" + OutputManifest.fileName)))
    let bellDrawables = Set(recorded[androidRoot]!.keys.filter { $0.hasSuffix("/bell.png") })
    let starDrawables = Set(recorded[androidRoot]!.keys.filter { $0.hasSuffix("/star.png") })
    #expect(bellDrawables.count == 5 && starDrawables.count == 5, "\(bellDrawables)")
    #expect(android.replacing.map { Set($0.keys) } == bellDrawables)
    for file in bellDrawables { #expect(android.replacing?[file] == recorded[androidRoot]?[file]) }
    #expect(android.hashes?.filter { starDrawables.contains($0.key) } == recorded[androidRoot]?.filter { starDrawables.contains($0.key) })

    // The parent reads the stale icons' folders alone: the same entries as the whole index.
    let full = RecordedHashIndex.read(roots: roots)
    let folders = Set(
      (plan.sets[bell] + plan.sets[bell].flatMap { $0.fallback ?? [] }).map {
        OutputManifest.normalised($0.folder)
      })
    let narrow = RecordedHashIndex.read(roots: roots, folders: folders)
    #expect(narrow == full.filter { folders.contains($0.key) })
    #expect(narrow.count == folders.count)
    let handed = AssetsJob.recordedForWorker(plan.sets[bell], index: narrow)
    #expect(handed == AssetsJob.recordedForWorker(plan.sets[bell], index: full))
    // A shared drawable folder read for bell's own files alone (as `processAll` asks: issue
    // 36, its 1,776 hashes were indexed for one icon) hands the same hashes.
    var names: [String: Set<String>] = [:]
    for set in plan.sets[bell] + plan.sets[bell].flatMap({ $0.fallback ?? [] }) where !set.whole {
      names[OutputManifest.normalised(set.folder), default: []].formUnion(set.files.map(\.name))
    }
    #expect(names.count == 5 && names.values.allSatisfy { $0 == ["bell.png"] }, "\(names)")
    let named = RecordedHashIndex.read(roots: roots, folders: folders, names: names)
    #expect(AssetsJob.recordedForWorker(plan.sets[bell], index: named) == handed)
    for (folder, wanted) in names {
      #expect(named[folder].map { Set($0.keys) } == wanted, "\(folder)")
      #expect(narrow[folder]?.count == 2, "\(folder): bell's and star's")
    }
    for folder in folders where names[folder] == nil { #expect(named[folder] == narrow[folder]) }
    // What a fresh worker reads itself (its own index, from the record on disk).
    let own = RecordedHashIndex().byFolder(roots: roots)
    let sets = plan.sets[bell] + plan.sets[bell].flatMap { $0.fallback ?? [] }
    #expect(sets.contains { $0.whole } && sets.contains { !$0.whole })
    for set in sets {
      let key = OutputManifest.normalised(set.folder)
      if set.whole {
        #expect(handed[key] == own[key])
        #expect(handed[key]?.isEmpty == false)
      } else {
        // A drawable folder is shared by every icon: only bell's own file goes with it.
        let names = set.files.map(\.name)
        #expect(handed[key].map { Set($0.keys) } == Set(names), "\(key)")
        for name in names { #expect(handed[key]?[name] == own[key]?[name]) }
        #expect(own[key]?.count == 2 * names.count)
      }
    }
    // The exact values: the hashes recorded before the save, of bell's files alone.
    let imageset = OutputManifest.normalised(catalogRoot + "/bell.imageset")
    #expect(
      handed[imageset]
        == recorded[catalogRoot]!.filter { $0.key.hasPrefix("bell.imageset/") }
        .reduce(into: [:]) { $0[String($1.key.dropFirst("bell.imageset/".count))] = $1.value }
        .merging(full[imageset]?["extra.png"].map { ["extra.png": $0] } ?? [:]) { a, _ in a })
    // The sets a worker plans with them are the sets it plans reading the records.
    let icon = plan.icons[bell]
    #expect(
      job.withRecordedHashes(job.plannedSets(icon.input), index: handed).map(\.recorded)
        == job.withRecordedHashes(job.plannedSets(icon.input)).map(\.recorded))
    // Through the worker's message and back, unchanged.
    var cache = OptionsCache()
    let line = icon.compactTaskLine(options: cache.text(icon.options), recorded: handed)
    #expect(!line.contains(0x0A))
    let task = try PlannedIcon.task(compactLine: line, options: { try cache.options($0) })
    #expect(task.icon == icon)
    #expect(task.recorded == handed)
    let bare = try PlannedIcon.task(
      compactLine: icon.compactLine(options: cache.text(icon.options)),
      options: { try cache.options($0) })
    #expect(bare.icon == icon && bare.recorded == nil)
    let none = try PlannedIcon.task(
      compactLine: icon.compactTaskLine(options: cache.text(icon.options), recorded: nil),
      options: { try cache.options($0) })
    #expect(none.icon == icon && none.recorded == nil)
    #expect(throws: WorkerMessage.Malformed.self) {
      _ = try PlannedIcon.task(compactLine: line + [0x00], options: { try cache.options($0) })
    }
  }

  /// A marked copy under one of the set's own names that the set does not write
  /// (`bell@4x.png`) is Glyphsmith's only when the record hashes it as it is: the worker
  /// removes it with the fresh hash handed, keeps it with a stale one (the user's, changed
  /// since), and with none handed reads the record on disk (here none: the user's).
  @Test(
    "a worker goes by the hashes handed, a stale one keeping the file",
    arguments: ["fresh", "stale", "none"])
  func workerGoesByTheHandedHashes(handedHash: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("icons/bell.svg", square)
    var options = AssetsOptions()
    options.jobs = 1
    let job = AssetsJob(catalogPath: folder.path("C.xcassets"), options: options)
    let (collected, _) = InputCollector.collectTree([folder.path("icons")])
    _ = try job.run(plan: try job.plan(collected: collected))
    let set = folder.path("C.xcassets/bell.imageset")
    try FileManager.default.copyItem(atPath: set + "/bell@2x.png", toPath: set + "/bell@4x.png")
    var hashes: [String: String] = [:]
    for name in ["bell.png", "bell@2x.png", "bell@3x.png", "bell@4x.png", "Contents.json"] {
      hashes[name] = try Self.sha(set + "/" + name)
    }
    if handedHash == "stale" { hashes["bell@4x.png"] = String(repeating: "0", count: 64) }
    _ = try folder.write("icons/bell.svg", triangle)
    let plan = try job.plan(collected: collected)
    let handed = handedHash == "none" ? nil : [OutputManifest.normalised(set): hashes]
    let result = job.process(plan.icons[0], knownStale: true, recorded: handed)
    #expect(result.status == .written, "\(String(describing: result.failure))")
    #expect(
      FileManager.default.fileExists(atPath: set + "/bell@4x.png") == (handedHash != "fresh"))
    #expect(try Self.sha(set + "/bell@2x.png") != hashes["bell@2x.png"])
  }
}
