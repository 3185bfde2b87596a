import FoundationEssentials
import GlyphsmithCore

/// Encodes a record of outputs (`OutputManifest.Document`) to exactly the bytes
/// `XcodeJSON.encode` gives for it, re-encoding only what changed since the last record this
/// process encoded for the same folder (issue 36: a `build --watch` save of one icon of 1,776
/// re-encoded three records of 1.2-1.9 MB twice, the journal's and the update's, about a
/// seventh of its CPU).
///
/// How the bytes stay Foundation's: the pretty printer writes an object as `{`, its entries
/// one a line (`"key" : value` at the object's depth), joined by `,` and a newline, and `}`;
/// a nested value is formatted by its depth alone, never by its siblings. So each top-level
/// entry of the record is the middle line(s) of the same entry encoded alone, and each entry
/// of a string map (`outputs`, `hashes`, ...) is one line: the lines are kept by key from the
/// map's last full encode (in Foundation's own order, read back from its output), and a map
/// whose keys are among the kept ones is written from them, a changed value's line encoded
/// anew by Foundation. A map with a key not kept, or one whose lines cannot be told apart,
/// is encoded whole by Foundation (and its lines kept); an empty map makes the whole record
/// encoded by Foundation.
final class OutputRecordEncoder: @unchecked Sendable {
  /// The encoder of this process (the records of all its output folders).
  static let shared = OutputRecordEncoder()

  /// One string map's entries as last encoded: the keys in Foundation's order, each key's
  /// value and line (`"key" : "value"`, no indent, comma or newline) at the key's position,
  /// and each key's position (issue 36: one look-up per entry, and the kept lines written in
  /// order without looking each key up again).
  private struct KeptMap {
    var order: [String] = []
    var values: [String] = []
    var lines: [[UInt8]] = []
    var index: [String: Int] = [:]
  }

  private let lock = PlainLock()
  /// By folder, then the record's key (`hashes`).
  private var kept: [String: [String: KeptMap]] = [:]
  /// How many string maps were encoded whole by Foundation so far (the tests'; read under
  /// no other encode).
  private(set) var wholeMaps = 0

  /// A fresh encoder (the tests'); the process uses `shared`.
  init() {}

  /// The bytes `XcodeJSON.encode(document)` gives, for the record of the folder `root`.
  /// - Throws: what `XcodeJSON.encode` throws.
  func encode(_ document: OutputManifest.Document, root: String) throws -> Data {
    let maps: [(String, [String: String]?)] = [
      ("appicon", document.appicon), ("folders", document.folders),
      ("hashes", document.hashes), ("outputs", document.outputs),
      ("pending", document.pending), ("replacing", document.replacing),
      ("symbol", document.symbol),
    ]
    // An empty container is printed in a way of its own: left to Foundation.
    if maps.contains(where: { $0.1?.isEmpty == true }) || document.kept?.isEmpty == true
      || document.created?.isEmpty == true
    {
      return try XcodeJSON.encode(document)
    }
    lock.lock()
    defer { lock.unlock() }
    // Taken out while they are brought up to date, so each is changed in place, not copied
    // (put back at the end; a throw leaves none, and the next encode is Foundation's).
    var known = kept.removeValue(forKey: root) ?? [:]
    // Sorted top-level keys: plain lower-case ASCII words, in the same order under any
    // comparison Foundation may use.
    var parts: [[UInt8]] = []
    for name in ["appicon", "created", "folders", "hashes", "kept", "outputs", "pending",
      "project", "replacing", "symbol", "version"]
    {
      switch name {
      case "created":
        if let created = document.created { parts.append(try Self.entry(name, created)) }
      case "kept":
        if let value = document.kept { parts.append(try Self.entry(name, value)) }
      case "project":
        if let project = document.project { parts.append(try Self.entry(name, project)) }
      case "version":
        parts.append(try Self.entry(name, document.version))
      default:
        guard let map = maps.first(where: { $0.0 == name })?.1 else { continue }
        var slot = known.removeValue(forKey: name)
        let (bytes, whole) = try Self.mapEntry(name, map, kept: &slot)
        known[name] = slot
        if whole { wholeMaps += 1 }
        parts.append(bytes)
      }
    }
    kept[root] = known
    var out: [UInt8] = Array("{\n".utf8)
    out.reserveCapacity(parts.reduce(8) { $0 + $1.count + 2 })
    for (index, part) in parts.enumerated() {
      if index > 0 { out += Array(",\n".utf8) }
      out += part
    }
    out += Array("\n}\n".utf8)
    return Data(out)
  }

  /// The entry `name` of a record holding `value` as Foundation writes it at depth 1 (`  "name"
  /// : ...`, as many lines as it takes, no comma or final newline).
  private static func entry<T: Encodable>(_ name: String, _ value: T) throws -> [UInt8] {
    try middle(XcodeJSON.encode([name: value]))
  }

  /// The bytes of an encoded one-entry object between its `{` line and its `}` line.
  private static func middle(_ data: Data) -> [UInt8] {
    // "{\n" ... "\n}\n"
    let bytes = [UInt8](data)
    return Array(bytes[2..<(bytes.count - 3)])
  }

  /// The entry `name` holding the non-empty string map `map` (depth 1), from `kept` where it
  /// can; `kept` is left holding what to keep for the next one.
  private static func mapEntry(_ name: String, _ map: [String: String], kept slot: inout KeptMap?)
    throws -> ([UInt8], whole: Bool)
  {
    func whole() throws -> ([UInt8], whole: Bool) {
      let (bytes, made) = try wholeMap(name, map)
      slot = made
      return (bytes, true)
    }
    guard var kept = slot else { return try whole() }
    // Held here alone while it changes (no copy of its lines).
    slot = nil
    guard map.count <= kept.order.count else { return try whole() }
    // Every kept key in the map (the same count, each of the map's kept), or those marked.
    let all = map.count == kept.order.count
    var present = all ? [] : [Bool](repeating: false, count: kept.order.count)
    // Compared by their bytes: two strings Swift calls equal (`é` composed or not) are
    // written as they are.
    var size = 0
    for (key, value) in map {
      guard let position = kept.index[key], sameBytes(kept.order[position], key) else {
        return try whole()
      }
      if !all { present[position] = true }
      if !sameBytes(kept.values[position], value) {
        kept.lines[position] = try line(key, value)
        kept.values[position] = value
      }
      size += kept.lines[position].count + 6
    }
    var out: [UInt8] = Array("  \"\(name)\" : {\n".utf8)
    out.reserveCapacity(out.count + size + 4)
    var first = true
    for position in kept.order.indices where all || present[position] {
      if !first { out += [0x2C, 0x0A] }
      first = false
      out += [0x20, 0x20, 0x20, 0x20]
      out += kept.lines[position]
    }
    out += Array("\n  }".utf8)
    slot = kept
    return (out, false)
  }

  /// Whether `a` and `b` have the same UTF-8 bytes (two strings Swift calls equal, `é`
  /// composed or not, may not), compared as contiguous bytes where they are.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    let compared = a.utf8.withContiguousStorageIfAvailable { first in
      b.utf8.withContiguousStorageIfAvailable { second in first.elementsEqual(second) }
    }
    if let inner = compared, let result = inner { return result }
    return a.utf8.elementsEqual(b.utf8)
  }

  /// The line of one map entry as Foundation writes it (`"key" : "value"`).
  private static func line(_ key: String, _ value: String) throws -> [UInt8] {
    // "{\n  LINE\n}\n"
    let bytes = [UInt8](try XcodeJSON.encode([key: value]))
    return Array(bytes[4..<(bytes.count - 3)])
  }

  /// The entry `name` holding `map` encoded whole by Foundation, and its lines by key when
  /// each line's key is told (`nil` else: nothing kept).
  private static func wholeMap(_ name: String, _ map: [String: String]) throws
    -> ([UInt8], KeptMap?)
  {
    let entry = try self.entry(name, map)
    // `  "name" : {` newline, the lines at depth 2, newline, `  }`.
    let head = Array("  \"\(name)\" : {\n".utf8)
    guard entry.count > head.count + 4, Array(entry[..<head.count]) == head else {
      return (entry, nil)
    }
    let body = entry[head.count..<(entry.count - 4)]
    var byLiteral: [[UInt8]: String] = [:]
    byLiteral.reserveCapacity(map.count)
    for key in map.keys { byLiteral[escaped(key)] = key }
    var kept = KeptMap()
    kept.order.reserveCapacity(map.count)
    kept.values.reserveCapacity(map.count)
    kept.lines.reserveCapacity(map.count)
    kept.index.reserveCapacity(map.count)
    for raw in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var line = Array(raw)
      guard line.count > 4, line[..<4] == [0x20, 0x20, 0x20, 0x20] else { return (entry, nil) }
      line.removeFirst(4)
      if line.last == 0x2C { line.removeLast() }
      // The key's literal: from the first quote to the next one not escaped.
      guard line.first == 0x22 else { return (entry, nil) }
      var index = 1
      while index < line.count && line[index] != 0x22 {
        index += line[index] == 0x5C ? 2 : 1
      }
      guard index < line.count, let key = byLiteral[Array(line[...index])],
        let value = map[key], kept.index[key] == nil
      else { return (entry, nil) }
      kept.index[key] = kept.order.count
      kept.order.append(key)
      kept.values.append(value)
      kept.lines.append(line)
    }
    guard kept.order.count == map.count else { return (entry, nil) }
    return (entry, kept)
  }

  /// `text` as a JSON string literal (quotes, backslash and control characters escaped, the
  /// rest as UTF-8): only to tell which of Foundation's lines holds which key (a literal
  /// reads back as one string only, so a match is that key whatever escapes Foundation
  /// chose; a key it escapes otherwise matches no line, and the map is not kept).
  static func escaped(_ text: String) -> [UInt8] {
    var out: [UInt8] = [0x22]
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case 0x22: out += [0x5C, 0x22]
      case 0x5C: out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, 0x6E]
      case 0x0D: out += [0x5C, 0x72]
      case 0x09: out += [0x5C, 0x74]
      case 0x08: out += [0x5C, 0x62]
      case 0x0C: out += [0x5C, 0x66]
      case ..<0x20:
        out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: out.append(byte)
      }
    }
    out.append(0x22)
    return out
  }
}
