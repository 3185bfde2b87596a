import Foundation
import GlyphsmithCore
import Testing

@testable import Glyphsmith

/// `OutputRecordEncoder` (issue 36): a record re-encoded from the lines kept of the last one
/// is exactly the bytes `XcodeJSON.encode` gives, whatever was edited.
@Suite("record encoder")
struct OutputRecordEncoderTests {
  /// Pieces of keys and values: what sorts differently by byte, by case, by number or by
  /// Unicode form, and what JSON escapes.
  static let pieces = [
    "a", "B", "b", "10", "2", "9", "é", "e\u{301}", "/", "\\", "\"", "\n", "\t", "\u{1}",
    "\u{1F}", "\u{7F}", "日本", "🙂", "-", "_", ".", "Z", " ", "bell", "Bell", "bell@2x.png",
    "res/drawable-mdpi/", "bell.imageset/", "ﬁ", "Ａ", "~", "0",
  ]

  static func text(_ random: inout SplitMix64, pieces count: Int = 4) -> String {
    (0..<(1 + random.below(count))).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func hash(_ random: inout SplitMix64) -> String {
    String(format: "%016llx%016llx", random.next(), random.next())
  }

  static func map(_ random: inout SplitMix64, count: Int) -> [String: String] {
    var map: [String: String] = [:]
    while map.count < count { map[text(&random)] = random.percent(70) ? hash(&random) : text(&random) }
    return map
  }

  /// One random edit of `document`, of the kinds a run makes: values changed, keys removed
  /// or added, hashes moved to `replacing` and back (the journal, the update), a section
  /// appearing or going, the arrays and the project changed.
  static func edit(_ document: inout OutputManifest.Document, _ random: inout SplitMix64) {
    func changeValues(_ map: inout [String: String]?) {
      guard var m = map, !m.isEmpty else { return }
      let keys = m.keys.sorted()
      for _ in 0..<(1 + random.below(5)) { m[keys[random.below(keys.count)]] = hash(&random) }
      map = m
    }
    switch random.below(9) {
    case 0, 1, 2: changeValues(&document.hashes)
    case 3:
      // The journal: some hashes moved aside; then (next edit, maybe) back with new values.
      guard var hashes = document.hashes, hashes.count > 3 else { return }
      let keys = hashes.keys.sorted()
      var moved: [String: String] = document.replacing ?? [:]
      for _ in 0..<(1 + random.below(3)) {
        let key = keys[random.below(keys.count)]
        if let value = hashes.removeValue(forKey: key) { moved[key] = value }
      }
      document.hashes = hashes
      document.replacing = moved
    case 4:
      guard let moved = document.replacing else { return }
      var hashes = document.hashes ?? [:]
      for key in moved.keys { hashes[key] = hash(&random) }
      document.hashes = hashes
      document.replacing = nil
    case 5:
      var outputs = document.outputs
      if random.percent(50), outputs.count > 1 {
        outputs.removeValue(forKey: outputs.keys.sorted()[random.below(outputs.count)])
      } else {
        outputs[text(&random)] = text(&random)
      }
      document.outputs = outputs
    case 6:
      document.pending = random.percent(50) ? nil : map(&random, count: 1 + random.below(4))
      document.folders = random.percent(50) ? nil : ["ios": ".", "web": text(&random)]
    case 7:
      document.kept = random.percent(50) ? nil : [text(&random), text(&random)].sorted()
      document.created = random.percent(50) ? nil : [text(&random)]
      document.project = random.percent(50) ? nil : text(&random)
    default:
      changeValues(&document.outputs.optional)
      document.symbol = random.percent(70) ? nil : map(&random, count: 2)
      document.appicon = random.percent(70) ? nil : map(&random, count: 1)
    }
  }

  @Test("random records and edits: every encode is XcodeJSON's bytes", arguments: [1, 2, 3, 4])
  func randomEditsEncodeAsFoundation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let encoder = OutputRecordEncoder()
    var document = OutputManifest.Document(
      outputs: Self.map(&random, count: 40), hashes: Self.map(&random, count: 120))
    for step in 0..<150 {
      let root = step % 7 == 0 ? "/other" : "/root"
      let ours = try encoder.encode(document, root: root)
      let foundation = try XcodeJSON.encode(document)
      #expect(ours == foundation, "seed \(seed), step \(step)")
      if ours != foundation { return }
      Self.edit(&document, &random)
    }
  }

  @Test("a save's edits reuse the lines: no map encoded whole, bytes as Foundation's")
  func valueEditsKeepTheLines() throws {
    var random = SplitMix64(seed: 36)
    let encoder = OutputRecordEncoder()
    var hashes: [String: String] = [:]
    var outputs: [String: String] = [:]
    for index in 0..<3000 {
      let name = "icon-\(index)"
      outputs["\(name).imageset"] = "../icons/\(name).svg"
      for file in ["\(name).png", "\(name)@2x.png", "\(name)@3x.png"] {
        hashes["\(name).imageset/\(file)"] = Self.hash(&random)
      }
    }
    var document = OutputManifest.Document(outputs: outputs, hashes: hashes)
    #expect(try encoder.encode(document, root: "/c") == XcodeJSON.encode(document))
    #expect(encoder.wholeMaps == 2)
    for save in 0..<5 {
      // The journal moves the saved icon's hashes aside, the update brings them back anew.
      let keys = [".png", "@2x.png", "@3x.png"].map { "icon-\(save * 7).imageset/icon-\(save * 7)\($0)" }
      var journal = document
      journal.replacing = [:]
      for key in keys { journal.replacing![key] = journal.hashes![key]; journal.hashes![key] = nil }
      #expect(try encoder.encode(journal, root: "/c") == XcodeJSON.encode(journal))
      for key in keys { document.hashes![key] = Self.hash(&random) }
      #expect(try encoder.encode(document, root: "/c") == XcodeJSON.encode(document))
    }
    // Only each journal's small `replacing` map was encoded whole.
    #expect(encoder.wholeMaps == 2 + 5)
  }
}

extension Dictionary {
  /// The dictionary as an optional, to edit it where an optional is taken.
  fileprivate var optional: Self? {
    get { self }
    set { self = newValue ?? [:] }
  }
}
