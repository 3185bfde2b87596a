import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: the key paths and value forms of Apple's 11 documents are the vocabulary, and
/// what Glyphsmith's model writes stays inside it.
@Suite struct IconComposerVocabularyTests {
  /// The union of every vendored document's forms.
  static func appleForms() throws -> Set<String> {
    var forms: Set<String> = []
    for bundle in IconComposerFixtures.bundles {
      let (json, _) = try IconComposerJSON.read(try IconComposerFixtures.iconJSON(bundle))
      forms.formUnion(IconComposerVocabulary.forms(of: json))
    }
    return forms
  }

  @Test func theVocabularyIsExactlyWhatApplesFilesUse() throws {
    let forms = IconComposerJSON.sortedKeys(try Self.appleForms())
    #expect(forms == IconComposerVocabulary.apple)
  }
}

extension IconComposerVocabularyTests {
  typealias Document = IconComposerDocument

  /// A document built through the model with every property Apple's files set, each in a
  /// form they use: what a writer built on the model emits.
  static func builtDocument() -> Document {
    let black = Document.Color(space: .displayP3, components: [0, 0, 0, 1])
    let white = Document.Color(space: .sRGB, components: [1, 1, 1, 1])
    let foreground = Document.Layer(
      name: "Glyph", imageName: .init("Glyph.svg"),
      glass: .init(specializations: [.init(value: false), .init(appearance: .tinted, value: true)]),
      fill: .init(
        specializations: [
          .init(value: .automatic), .init(appearance: .dark, value: .solid(black)),
          .init(appearance: .tinted, value: .solid(black)),
        ]),
      opacity: .init(specializations: [.init(appearance: .dark, value: 1)]),
      blendMode: .init(specializations: [
        .init(appearance: .tinted, value: .init(rawValue: "screen"))
      ]),
      hidden: .init(false),
      position: .init(.init(scale: 0.65, translation: (0, -15.5))))
    let background = Document.Layer(
      name: "Background", imageName: .init("Back ground.png"), glass: .init(false),
      // Apple's files give a layer's gradient and opacity only as specializations.
      fill: .init(specializations: [
        .init(
          value: .linearGradient(
            [black, white],
            orientation: .init(start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 0.7))))
      ]),
      opacity: .init(specializations: [.init(appearance: .dark, value: 0)]),
      blendMode: .init(.normal))
    let front = Document.Group(
      name: "Front", layers: [foreground], hidden: .init(false),
      blurMaterial: .init(specializations: [
        .init(value: .init(0.5)), .init(appearance: .tinted, value: .init(nil)),
      ]),
      shadow: .init(.init(kind: .neutral, opacity: 0.5)),
      translucency: .init(.init(enabled: true, value: 0.5)),
      specular: .init(specializations: [.init(value: true), .init(appearance: .dark, value: false)]
      ),
      lighting: .init(.combined), position: .init(.init(scale: 1)))
    let back = Document.Group(
      layers: [background], opacity: .init(1), blurMaterial: .init(.init(nil)),
      shadow: .init(.init(kind: .layerColor, opacity: 0.5)), specular: .init(false),
      blendMode: .init(.normal))
    return Document(
      fill: .init(
        .automaticGradient(
          .init(space: .extendedSRGB, components: [0, 0.47843, 1, 1]), orientation: nil)),
      groups: [front, back],
      supportedPlatforms: .init(circles: ["watchOS"], squares: .keyword("shared")))
  }

  @Test func aDocumentBuiltThroughTheModelUsesOnlyApplesForms() throws {
    let built = Self.builtDocument()
    #expect(IconComposerVocabulary.unknownForms(in: built.json) == [])
    // And it reads back as itself, with no problem.
    let (read, problems) = try Document.read(built.encoded())
    #expect(problems == [])
    #expect(read == built)
  }

  @Test func formsApplesFilesNeverUseAreNamed() {
    var document = Self.builtDocument()
    document.groups[0].layers[0].opacity.specializations = [
      .init(appearance: .light, idiom: .watchOS, value: 0.5)
    ]
    document.groups[0].layers[0].fill = .init(.solid(.init(space: .gray, components: [0.5, 1])))
    document.fill = .init(.keyword(.systemDark))
    document.groups[1].layers[0].other["note"] = .string("hello")
    #expect(
      IconComposerVocabulary.unknownForms(in: document.json) == [
        "fill: \"system-dark\"",
        "groups[].layers[].fill.solid: color:gray",
        "groups[].layers[].note: \"hello\"",
        "groups[].layers[].opacity-specializations[].appearance: \"light\"",
        "groups[].layers[].opacity-specializations[].idiom: \"watchOS\"",
      ])
  }

  @Test func formsOfOneValue() {
    #expect(
      IconComposerVocabulary.form(
        of: .string("display-p3:0.00000,0.00000,0.00000,1.00000"), at: "x") == "color:display-p3")
    #expect(
      IconComposerVocabulary.form(
        of: .string("Back ground.png"), at: "groups[].layers[].image-name") == "string")
    #expect(
      IconComposerVocabulary.form(of: .string("normal"), at: "groups[].blend-mode") == "\"normal\"")
    #expect(IconComposerVocabulary.form(of: .array([]), at: "groups") == "[]")
    #expect(IconComposerVocabulary.form(of: .object([:]), at: "fill") == "{}")
    #expect(IconComposerVocabulary.form(of: .null, at: "groups[].blur-material") == "null")
  }
}
