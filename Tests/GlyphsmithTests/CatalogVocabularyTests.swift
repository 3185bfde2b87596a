import Foundation
import Testing

@testable import Glyphsmith

/// `CatalogVocabulary.folderType` on a name's bytes (issue 36) against the
/// `NSString.pathExtension` it stood in for, on every kind of name a folder can hold.
@Suite("catalog vocabulary")
struct CatalogVocabularyTests {
  static let names: [String] = {
    var names = [
      "", ".", "..", "a", "a.", ".imageset", "..imageset", "a.imageset", "a.b.imageset",
      "a.imageset.png", "house@3x.png", "Contents.json", "a .imageset", "a.imageset ",
      "a.Imageset", "a.IMAGESET", "é.imageset", "e\u{301}.imageset", "a.\u{301}imageset",
      "日本.appiconset", "a/b.imageset", "a.imageset/", "a.colorset", "a.symbolset", "a.dataset",
      "group", "a.xcassets", "a.launchimage", "a.textureset", "🙂.imageset", "a..imageset",
      "a.imageset.", "a.json",
    ]
    for kind in CatalogVocabulary.folderTypes.sorted() {
      names += ["x.\(kind)", "x.y.\(kind)", ".\(kind)", "x\(kind)", "x.\(kind)x", "\(kind)"]
    }
    return names
  }()

  @Test("folderType gives what NSString's pathExtension gave, for every name")
  func folderTypeAsPathExtension() {
    for name in Self.names {
      let kind = (name as NSString).pathExtension
      let expected = CatalogVocabulary.folderTypes.contains(kind) ? kind : ""
      #expect(CatalogVocabulary.folderType(name) == expected, "\(name)")
    }
    #expect(CatalogVocabulary.folderType("a.imageset") == "imageset")
    #expect(CatalogVocabulary.folderType("house@3x.png") == "")
  }
}
