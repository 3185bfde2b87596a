import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: Apple's `icon.json` files read and written back give the same bytes, so a `.icon`
/// Glyphsmith writes diffs cleanly when a designer re-saves it in Icon Composer.
@Suite struct IconComposerRoundTripTests {
  @Test func theFixtureListNamesEveryVendoredBundle() throws {
    let root = IconComposerFixtures.directory
    let found = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".icon") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    #expect(found == IconComposerFixtures.bundles)
    #expect(IconComposerFixtures.bundles.count == 11)
  }

  @Test(arguments: IconComposerFixtures.bundles)
  func theTypedModelWritesApplesBytes(bundle: String) throws {
    let data = try IconComposerFixtures.iconJSON(bundle)
    let (document, problems) = try IconComposerDocument.read(data)
    #expect(problems == [])
    let written = document.encoded()
    #expect(written == data, "\(bundle): \(firstDifference(written, data))")
    #expect(document.finalNewline == (bundle == IconComposerFixtures.bundleWithFinalNewline))
    // Everything is typed: nothing of Apple's files is carried as unknown.
    #expect(document.other.isEmpty)
    for group in document.groups {
      #expect(group.other.isEmpty)
      for layer in group.layers { #expect(layer.other.isEmpty) }
    }
  }

  @Test(arguments: IconComposerFixtures.bundles)
  func theJSONLayerWritesApplesBytes(bundle: String) throws {
    let data = try IconComposerFixtures.iconJSON(bundle)
    let (value, finalNewline) = try IconComposerJSON.read(data)
    #expect(IconComposerJSON.encode(value, finalNewline: finalNewline) == data)
  }

  @Test func numbersAreWrittenShortest() {
    #expect(IconComposerJSON.number(1) == "1")
    #expect(IconComposerJSON.number(0) == "0")
    #expect(IconComposerJSON.number(-1) == "-1")
    #expect(IconComposerJSON.number(-0.0) == "0")
    #expect(IconComposerJSON.number(0.5) == "0.5")
    #expect(IconComposerJSON.number(0.1) == "0.1")
    #expect(IconComposerJSON.number(0.8361431181581168) == "0.8361431181581168")
    #expect(IconComposerJSON.number(-15.401968359566022) == "-15.401968359566022")
    #expect(IconComposerJSON.number(1.24) == "1.24")
  }

  @Test func layoutIsApples() {
    let value = JSONValue.object([
      "b": .array([.number(1), .string("x \"y\" / é")]), "a": .bool(true),
      "blend-mode-specializations": .array([]), "blend-mode": .null, "e": .object([:]),
    ])
    let expected = """
      {
        "a" : true,
        "b" : [
          1,
          "x \\"y\\" / é"
        ],
        "blend-mode" : null,
        "blend-mode-specializations" : [],
        "e" : {}
      }
      """
    #expect(String(decoding: IconComposerJSON.encode(value), as: UTF8.self) == expected)
    #expect(IconComposerJSON.encode(.number(2), finalNewline: true) == Data("2\n".utf8))
  }

  /// `at byte N: written ... / read ...` around the first differing byte.
  func firstDifference(_ a: Data, _ b: Data) -> String {
    let a = [UInt8](a)
    let b = [UInt8](b)
    let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    func around(_ bytes: [UInt8]) -> String {
      String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self)
    }
    return "at byte \(index): written «\(around(a))» read «\(around(b))»"
  }
}
