import Foundation
import Testing

@testable import Glyphsmith

/// `AssetsJob.plan(collected:)`'s lookups in the records of outputs (`RecordLookups`), made
/// once and then brought up to date from what changed in each record (issue 36:
/// `OutputManifest.lookups(roots:after:)`): after every edit of the records they equal the
/// lookups made from every entry (`RecordLookups.full(roots:)`), and they were brought up to
/// date, not made anew, for every edit but those that must be made anew.
@Suite("record lookups")
struct RecordLookupsTests {
  /// A record of `count` icons in the catalog `C.xcassets` and the Android folder `android`.
  static func documents(count: Int) -> [OutputManifest.Document] {
    var catalog = OutputManifest.Document(outputs: [:], hashes: [:])
    var android = OutputManifest.Document(outputs: [:], hashes: [:])
    for index in 0..<count {
      let name = "icon\(index)"
      catalog.outputs[name + ".imageset"] = "../icons/\(name).svg"
      for file in ["Contents.json", name + "@2x.png", name + "@3x.png"] {
        catalog.hashes![name + ".imageset/" + file] = String(format: "%064x", index * 7 + file.count)
      }
      for density in ["mdpi", "hdpi"] {
        let output = "res/drawable-\(density)/\(name).png"
        android.outputs[output] = "../icons/\(name).svg"
        android.hashes![output] = String(format: "%064x", index * 11 + density.count)
      }
    }
    return [catalog, android]
  }

  /// One random edit of `documents` (a hash changed, added or gone; an output added or gone;
  /// a kept set, an `appicon` launcher or a symbol set added or gone; hashes moved aside as a
  /// journal does), named for the failure message.
  static func edit(_ documents: inout [OutputManifest.Document], random: inout SplitMix64)
    -> String
  {
    let which = random.below(2)
    var document = documents[which]
    defer { documents[which] = document }
    let keys = (document.hashes ?? [:]).keys.sorted()
    let outputs = document.outputs.keys.sorted()
    switch random.below(9) {
    case 0, 1:
      guard let key = keys.isEmpty ? nil : keys[random.below(keys.count)] else { return "none" }
      document.hashes![key] = String(format: "%064x", random.below(1 << 30))
      return "hash of \(key) changed"
    case 2:
      guard let key = keys.isEmpty ? nil : keys[random.below(keys.count)] else { return "none" }
      document.hashes![key] = nil
      return "hash of \(key) gone"
    case 3:
      let key = "new\(random.below(50)).imageset/new@2x.png"
      document.hashes = (document.hashes ?? [:]).merging([key: "ab"]) { $1 }
      return "hash of \(key) added"
    case 4:
      let output = "new\(random.below(50)).imageset"
      document.outputs[output] = "../icons/new.svg"
      return "output \(output) added"
    case 5:
      guard let output = outputs.isEmpty ? nil : outputs[random.below(outputs.count)] else {
        return "none"
      }
      document.outputs[output] = nil
      return "output \(output) gone"
    case 6:
      let output = "kept\(random.below(4)).imageset"
      var kept = Set(document.kept ?? [])
      if kept.contains(output) { kept.remove(output) } else { kept.insert(output) }
      // The kept set an output too, sometimes: it stays recorded when one of them goes.
      if random.chance(0.3) { document.outputs[output] = "../icons/kept.svg" }
      document.kept = kept.isEmpty ? nil : kept.sorted()
      return "kept \(output) toggled"
    case 7:
      let output = random.chance(0.5) ? "res/mipmap-mdpi/ic_launcher.png" : "sf-bell.symbolset"
      if output.hasSuffix(".png") {
        var appicon = document.appicon ?? [:]
        appicon[output] = appicon[output] == nil ? "../icon.svg" : nil
        document.appicon = appicon.isEmpty ? nil : appicon
      } else {
        var symbol = document.symbol ?? [:]
        symbol[output] = symbol[output] == nil ? "../icons/bell.svg" : nil
        document.symbol = symbol.isEmpty ? nil : symbol
      }
      return "launcher or symbol set \(output) toggled"
    default:
      // The journal: a few hashes moved to `replacing` (their files are not on disk, so
      // reading the record leaves them out of `hashes`), or moved back.
      if let replacing = document.replacing, !replacing.isEmpty {
        document.hashes = (document.hashes ?? [:]).merging(replacing) { $1 }
        document.replacing = nil
        return "journal taken back"
      }
      let moved = keys.prefix(3)
      document.replacing = Dictionary(uniqueKeysWithValues: moved.map { ($0, document.hashes![$0]!) })
      for key in moved { document.hashes![key] = nil }
      return "journal moved \(moved.count) hashes"
    }
  }

  static func write(_ documents: [OutputManifest.Document], roots: [String]) throws {
    for (document, root) in zip(documents, roots) {
      try XcodeJSON.encode(document).write(
        to: URL(fileURLWithPath: root + "/" + OutputManifest.fileName))
    }
  }

  @Test("brought up to date after each of 300 edits, equal to the lookups made anew", arguments: [1, 2])
  func updatedEqualsFull(seed: UInt64) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let roots = [folder.path("C.xcassets"), folder.path("android")]
    for root in roots {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    var documents = Self.documents(count: 40)
    try Self.write(documents, roots: roots)
    var state = OutputManifest.lookups(roots: roots, after: nil)
    #expect(!state.updated)
    #expect(state.lookups == RecordLookups.full(roots: roots))
    #expect(state.lookups.hashes.count == 40 * 3 + 40 * 2)
    #expect(state.lookups.hashesByFolder[roots[0] + "/icon3.imageset"]?.count == 3)
    #expect(state.lookups.recorded.contains(roots[1] + "/res/drawable-hdpi/icon7.png"))
    var random = SplitMix64(seed: seed)
    var updates = 0
    for step in 0..<300 {
      let what = Self.edit(&documents, random: &random)
      try Self.write(documents, roots: roots)
      state = OutputManifest.lookups(roots: roots, after: state)
      if state.updated { updates += 1 }
      let full = RecordLookups.full(roots: roots)
      #expect(state.lookups == full, "step \(step): \(what)")
      #expect(state.lookups.hashedFolders == Set(full.hashesByFolder.keys), "step \(step)")
      if state.lookups != full { break }
    }
    #expect(updates == 300)
  }

  @Test("a changed key that normalising would change, or other roots, are made anew")
  func madeAnew() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let roots = [folder.path("C.xcassets"), folder.path("android")]
    for root in roots {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    var documents = Self.documents(count: 5)
    try Self.write(documents, roots: roots)
    let first = OutputManifest.lookups(roots: roots, after: nil)
    // `icon1.imageset//extra.png` is `icon1.imageset/extra.png` once normalised.
    documents[0].hashes!["icon1.imageset//extra.png"] = "cd"
    try Self.write(documents, roots: roots)
    let second = OutputManifest.lookups(roots: roots, after: first)
    #expect(!second.updated)
    #expect(second.lookups == RecordLookups.full(roots: roots))
    #expect(second.lookups.hashes[roots[0] + "/icon1.imageset/extra.png"] == "cd")
    // The same records for other roots: made anew.
    let third = OutputManifest.lookups(roots: [roots[0]], after: second)
    #expect(!third.updated)
    #expect(third.lookups == RecordLookups.full(roots: [roots[0]]))
    // A root inside another: made anew.
    let nested = [folder.path("android"), folder.path("android/res")]
    let fourth = OutputManifest.lookups(roots: nested, after: OutputManifest.lookups(roots: nested, after: nil))
    #expect(!fourth.updated)
  }
}
