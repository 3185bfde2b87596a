import Foundation
import Testing

@testable import Glyphsmith

/// The compact lines between `assets`' parent and its workers (`WorkerMessage`, issue 36):
/// every value comes back as written, a line never holds a newline byte, a broken line is
/// refused, and a planned icon and a reply read back as their JSON form reads them.
@Suite("worker messages")
struct WorkerMessageTests {
  static let strings = [
    "", "a", "house.svg", "line\nbreak", "\u{1B}", "\u{1B}N", "\n\n\u{1B}\u{1B}\n", "é",
    "e\u{301}", "日本", "🙂", "\u{0}", "{\"json\": true}", String(repeating: "x", count: 300),
  ]
  static let numbers: [UInt64] = [0, 1, 10, 27, 127, 128, 255, 16383, 16384, 1 << 35, .max]
  static let ints: [Int] = [0, 1, -1, 75, 1024, -1024, .max, .min]
  static let doubles: [Double] = [
    0, -0.0, 25, 24.999999999999996, 1.0 / 3, .pi, .leastNormalMagnitude / 1024 /* a subnormal */, -.infinity, .infinity,
    .greatestFiniteMagnitude, .leastNonzeroMagnitude,
  ]

  @Test("each kind of value reads back as written, and the line holds no newline byte")
  func valuesRoundTrip() throws {
    var w = WorkerMessage.Writer()
    for s in Self.strings { w.string(s) }
    for n in Self.numbers { w.unsigned(n) }
    for i in Self.ints { w.int(i) }
    for d in Self.doubles { w.double(d) }
    w.double(.nan)
    w.bool(true)
    w.bool(false)
    w.optional(nil as String?) { $0.string($1) }
    w.optional("x") { $0.string($1) }
    w.list(Self.strings) { $0.string($1) }
    w.data(Data([0x0A, 0x1B, 0x00, 0xFF]))
    let line = w.line
    #expect(!line.contains(0x0A))
    #expect(line.first == 0x01)
    #expect(WorkerMessage.isCompact(line))

    var r = try WorkerMessage.Reader(line)
    for s in Self.strings { #expect(try r.string() == s) }
    for n in Self.numbers { #expect(try r.unsigned() == n) }
    for i in Self.ints { #expect(try r.int() == i) }
    for d in Self.doubles { #expect(try r.double().bitPattern == d.bitPattern) }
    #expect(try r.double().bitPattern == Double.nan.bitPattern)
    #expect(try r.bool() == true)
    #expect(try r.bool() == false)
    typealias R = WorkerMessage.Reader
    typealias M = WorkerMessage.Malformed
    #expect(try r.optional { (r: inout R) throws(M) in try r.string() } == nil)
    #expect(try r.optional { (r: inout R) throws(M) in try r.string() } == "x")
    #expect(try r.list { (r: inout R) throws(M) in try r.string() } == Self.strings)
    #expect(try r.data() == Data([0x0A, 0x1B, 0x00, 0xFF]))
    #expect(r.atEnd)
  }

  @Test("escapes: a newline is 1B 4E, an escape byte 1B 45, nothing else changes")
  func escapedBytes() {
    var w = WorkerMessage.Writer()
    w.string("a\n\u{1B}b")
    // Format byte, length 4, then the bytes escaped.
    #expect([UInt8](w.line) == [0x01, 0x04, 0x61, 0x1B, 0x4E, 0x1B, 0x45, 0x62])
  }

  @Test(
    "a broken line is refused",
    arguments: [
      [],  // empty
      [0x7B, 0x7D],  // JSON, not compact
      [0x01, 0x05, 0x61],  // a string longer than what is left
      [0x01, 0x01, 0x1B],  // an escape at the end
      [0x01, 0x01, 0x1B, 0x41],  // an unknown escape
      [0x01, 0x02, 0xC3, 0x28],  // not UTF-8
      [0x01, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],  // > 64 bits
    ] as [[UInt8]])
  func brokenLines(bytes: [UInt8]) {
    #expect(throws: WorkerMessage.Malformed.self) {
      var r = try WorkerMessage.Reader(Data(bytes))
      _ = try r.string()
    }
  }

  @Test("a bool byte other than 0 or 1 is refused")
  func brokenBool() throws {
    var r = try WorkerMessage.Reader(Data([0x01, 0x02]))
    #expect(throws: WorkerMessage.Malformed.self) { try r.bool() }
  }

  /// A planned icon with every member set, odd characters in its paths.
  static var fullIcon: PlannedIcon {
    var options = IconOptions()
    options.role = .plain
    options.size = 25
    options.scales = [3]
    options.compact = true
    options.template = false
    options.padding = 1.5
    options.platforms = [.ios, .android, .web]
    options.androidFormat = "auto"
    options.minSdk = 24
    return PlannedIcon(
      path: "icons/a b\nc/é.svg", name: "é", groups: ["Group", "日本"],
      sha256: String(repeating: "ab", count: 32), darkPath: "icons/é-dark.svg",
      darkSha256: String(repeating: "cd", count: 32), options: options,
      references: ["/p/parts/tex.png": String(repeating: "12", count: 32), "/p/a.png": "missing"],
      fingerprint: String(repeating: "ef", count: 32),
      fingerprints: ["ios": "1", "android": "2", "web": "3"],
      outputs: [
        PlannedOutput(path: "out/A.xcassets/é.imageset/é@3x.png", format: "png"),
        PlannedOutput(path: "out/android/drawable/e.xml", format: "vector-drawable"),
        PlannedOutput(path: "out/android/drawable-hdpi/e.png", format: "png", fallback: true),
      ], replacing: ["out/x"], changed: ["out/y", "out/z"], displacing: ["out/w.webp"])
  }

  /// The same icon with every optional member absent.
  static var bareIcon: PlannedIcon {
    PlannedIcon(
      path: "a.svg", name: "a", groups: [], sha256: nil, darkPath: nil, darkSha256: nil,
      options: IconOptions(), fingerprint: nil, outputs: [])
  }

  @Test("a planned icon reads back equal to itself and to its JSON form read back")
  func plannedIconRoundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for icon in [Self.fullIcon, Self.bareIcon] {
      var cache = OptionsCache()
      let line = icon.compactLine(options: cache.text(icon.options))
      #expect(!line.contains(0x0A))
      let read = try PlannedIcon(compactLine: line, options: { try cache.options($0) })
      #expect(read == icon)
      let viaJSON = try JSONDecoder().decode(PlannedIcon.self, from: encoder.encode(icon))
      #expect(read == viaJSON)
      #expect(try encoder.encode(read) == encoder.encode(icon))
    }
  }

  @Test("a planned icon line with a byte more, or one less, is refused")
  func plannedIconTrailingBytes() throws {
    var cache = OptionsCache()
    let line = Self.fullIcon.compactLine(options: cache.text(Self.fullIcon.options))
    #expect(throws: WorkerMessage.Malformed.self) {
      _ = try PlannedIcon(compactLine: line + [0x00], options: { try cache.options($0) })
    }
    #expect(throws: WorkerMessage.Malformed.self) {
      _ = try PlannedIcon(compactLine: line.dropLast(), options: { try cache.options($0) })
    }
  }

  /// Every stored member of the two messages' types is in the compact form: a member added
  /// to one of them must be added to `compactLine` and its reader too (this count fails).
  @Test("the compact forms cover every stored member")
  func everyMemberCovered() {
    #expect(Mirror(reflecting: Self.fullIcon).children.count == 14)
    #expect(Mirror(reflecting: PlannedOutput(path: "", format: "")).children.count == 3)
    #expect(Mirror(reflecting: Self.reply(failed: true)).children.count == 8)
    // path, name, status, role, shape, sizePt, files, failure, readError, warnings,
    // readWarnings, lint, lintCompact, writtenHashes: `readError` and `readWarnings` belong
    // to a result read from a JSON report only.
    #expect(Mirror(reflecting: Self.reply(failed: true).result).children.count == 14)
    #expect(Mirror(reflecting: WrittenFile(path: "", width: 0, height: 0)).children.count == 3)
  }

  /// A worker's reply, failed (with its failure) or written, with warnings, lint findings and
  /// written hashes.
  static func reply(failed: Bool) -> AssetsWorkerReply {
    let warnings: [Diagnostic] = [
      .warning("dropped reference to \"http://x\"", path: "icons/é.svg", kind: "dropped-reference"),
      .warning("second\nline", path: "icons/é.svg", line: 3, column: 7, kind: "size-fallback"),
    ]
    let failure: GlyphsmithError? =
      failed ? .unusable(path: "icons/é.svg", problem: "changed while the run was going on") : nil
    var result = AssetInputResult(
      path: "icons/é.svg", name: "é", status: failed ? .failed : .written, role: "tab-bar",
      shape: failed ? nil : "circle", sizePt: failed ? nil : 24.999999999999996,
      files: [
        WrittenFile(path: "out/A.xcassets/é.imageset/é.png", width: 25, height: 25),
        WrittenFile(path: "out/A.xcassets/é.imageset/é@2x.png", width: 50, height: 50),
      ], failure: failure, warnings: warnings,
      lint: [
        LintFinding(
          rule: LintRule.allCases[0], severity: .warning, message: "too thin",
          line: 2, column: 3, scale: 1, value: 0.5, limit: 1)
      ], lintCompact: failed ? nil : [])
    result.writtenHashes = WrittenHashes([
      "/out/A.xcassets/é.imageset/é.png": String(repeating: "0", count: 64),
      "/out/A.xcassets/é.imageset/Contents.json": String(repeating: "1", count: 64),
    ])
    return AssetsWorkerReply(
      result: result, failure: failure, warnings: warnings, taskSeconds: 0.006693127,
      librarySeconds: 1.0 / 3, writeSeconds: 0, canonicalSeconds: 0.000278303,
      hashes: nil)
  }

  @Test(
    "a reply reads back as the parent read its JSON form: the same result, report and hashes",
    arguments: [false, true])
  func replyRoundTrip(failed: Bool) throws {
    let reply = Self.reply(failed: failed)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let line = try reply.compactLine(encoder: encoder)
    #expect(!line.contains(0x0A))
    let read = try AssetsWorkerReply.decode(line, decoder: JSONDecoder())

    // The JSON form, as the worker wrote it before, read as the parent read it.
    var json = reply
    json.hashes = AssetsWorkerReply.packed(reply.result.writtenHashes.byPath)
    let old = try AssetsWorkerReply.decode(encoder.encode(json), decoder: JSONDecoder())
    var oldResult = old.result
    oldResult.failure = old.failure
    oldResult.warnings = old.warnings
    oldResult.writtenHashes = WrittenHashes(AssetsWorkerReply.unpacked(old.hashes))

    #expect(read.failure == reply.failure)
    #expect(read.warnings == reply.warnings)
    #expect(read.result.failure == reply.failure)
    #expect(read.result.warnings == reply.warnings)
    #expect(read.result.lint == reply.result.lint)
    #expect(read.result.lintCompact == reply.result.lintCompact)
    #expect(read.result.writtenHashes.byPath == reply.result.writtenHashes.byPath)
    #expect(read.result.writtenHashes.byPath == oldResult.writtenHashes.byPath)
    #expect(read.taskSeconds == reply.taskSeconds)
    #expect(read.librarySeconds == reply.librarySeconds)
    #expect(read.writeSeconds == reply.writeSeconds)
    #expect(read.canonicalSeconds == reply.canonicalSeconds)
    // The `--json` report's entry: byte for byte what the JSON form gave.
    #expect(try encoder.encode(read.result) == encoder.encode(oldResult))
    #expect(read.result.error == oldResult.error)
  }

  @Test("a reply line cut short is refused; a JSON reply is still read")
  func replyForms() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let line = try Self.reply(failed: false).compactLine(encoder: encoder)
    #expect(throws: (any Error).self) {
      _ = try AssetsWorkerReply.decode(line.dropLast(3), decoder: JSONDecoder())
    }
    let json = try encoder.encode(Self.reply(failed: true))
    let read = try AssetsWorkerReply.decode(json, decoder: JSONDecoder())
    #expect(read.failure == Self.reply(failed: true).failure)
  }
}
