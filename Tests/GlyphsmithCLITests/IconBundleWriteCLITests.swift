import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35: `appicon FOREGROUND --format icon -o OUT/NAME.icon` writes an Icon Composer
/// bundle in Apple's layout and vocabulary, deterministically, atomically, and never over a
/// bundle Glyphsmith did not write.
@Suite struct IconBundleWriteCLITests {
  static let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/icons")

  /// A fresh folder holding `my star.svg` (a layer name with a space), `heart.svg` and
  /// `bell.svg` from the sample icons.
  static func folder() throws -> URL {
    let dir = try temporaryFolder()
    for (source, name) in [("star", "my star.svg"), ("heart", "heart.svg"), ("bell", "bell.svg")] {
      try FileManager.default.copyItem(
        at: icons.appendingPathComponent(source + ".svg"), to: dir.appendingPathComponent(name))
    }
    return dir
  }

  static let expectedJSON = """
    {
      "fill" : {
        "linear-gradient" : [
          "display-p3:0.23062,0.50976,0.96733,1.00000",
          "display-p3:0.23062,0.50976,0.96733,1.00000"
        ],
        "orientation" : {
          "start" : {
            "x" : 0.5,
            "y" : 0
          },
          "stop" : {
            "x" : 0.5,
            "y" : 0.7
          }
        }
      },
      "groups" : [
        {
          "layers" : [
            {
              "fill-specializations" : [
                {
                  "value" : "none"
                },
                {
                  "appearance" : "tinted",
                  "value" : {
                    "solid" : "display-p3:1.00000,1.00000,1.00000,1.00000"
                  }
                }
              ],
              "image-name-specializations" : [
                {
                  "value" : "my star.svg"
                },
                {
                  "appearance" : "dark",
                  "value" : "heart.svg"
                }
              ],
              "name" : "my star",
              "position" : {
                "scale" : 27.733333333333334,
                "translation-in-points" : [
                  0,
                  0
                ]
              }
            },
            {
              "image-name" : "bell.svg",
              "name" : "bell",
              "position" : {
                "scale" : 27.733333333333334,
                "translation-in-points" : [
                  0,
                  0
                ]
              }
            }
          ],
          "shadow" : {
            "kind" : "neutral",
            "opacity" : 0.5
          },
          "translucency" : {
            "enabled" : true,
            "value" : 0.5
          }
        }
      ],
      "supported-platforms" : {
        "circles" : [
          "watchOS"
        ],
        "squares" : "shared"
      }
    }
    """

  @Test func writesApplesLayoutAndVocabularyDeterministically() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "appicon", "my star.svg", "--format", "icon", "-o", "out/App.icon", "--background",
      "#0A84FF", "--dark", "heart.svg", "--layer", "bell.svg",
    ]
    let result = try CLIRunner.run(arguments, in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    // The 24 pt Lucide glyphs are placed at 65 % of the canvas; the black star is filled
    // white in the tinted appearance (a note); the written layers are linted: the black
    // --dark heart and the black --layer bell vanish on the dark background (warnings).
    #expect(
      result.stderr
        == "my star.svg: note: the foreground's colours stand out by 1:1 in the tinted "
        + "appearance (under 3:1); it is filled white there (a tinted fill-specialization)\n"
        + "out/App.icon/Assets/heart.svg: warning: [appearance-contrast] in the dark appearance "
        + "(groups[0].layers[0]) the layer stands out from what is behind it by at most 1.51:1 "
        + "over 90 % of its ink (limit 3:1): it vanishes; the file is the layer's dark art: "
        + "draw it in a light colour, or give the layer a dark fill-specialization in a light "
        + "colour\n"
        + "out/App.icon/Assets/bell.svg: warning: [appearance-contrast] in the dark appearance "
        + "(groups[0].layers[1]) the layer stands out from what is behind it by at most 1.55:1 "
        + "over 90 % of its ink (limit 3:1): it vanishes; give the layer a dark "
        + "fill-specialization in a light colour, or draw it in a colour that stands out on the "
        + "dark background too (appicon --dark replaces the foreground only)\n"
        + "out/App.icon/Assets/bell.svg: warning: [appearance-contrast] in the tinted appearance "
        + "(groups[0].layers[1]) the layer stands out from what is behind it by at most 1:1 over "
        + "90 % of its ink (limit 3:1): it vanishes; give the layer a tinted fill-specialization "
        + "in a light colour (tinted icons are made from luminance)\n"
        + "wrote out/App.icon (icon.json, 3 layer files)\n")
    let bundle = dir.appendingPathComponent("out/App.icon")
    let json = try Data(contentsOf: bundle.appendingPathComponent("icon.json"))
    #expect(String(decoding: json, as: UTF8.self) == Self.expectedJSON)
    #expect(
      IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value) == [])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted() == [
        ".glyphsmith-icon", "Assets", "icon.json",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: bundle.appendingPathComponent("Assets").path
      ).sorted() == ["bell.svg", "heart.svg", "my star.svg"])
    // Layer files byte for byte.
    #expect(
      try Data(contentsOf: bundle.appendingPathComponent("Assets/my star.svg"))
        == Data(contentsOf: dir.appendingPathComponent("my star.svg")))
    #expect(
      try String(contentsOf: bundle.appendingPathComponent(".glyphsmith-icon"), encoding: .utf8)
        == "glyphsmith icon.json sha256 \(ContentHash.sha256(json))\n"
        + ["bell.svg", "heart.svg", "my star.svg"].map {
          "glyphsmith Assets/\($0) sha256 "
            + ContentHash.sha256(try Data(contentsOf: dir.appendingPathComponent($0))) + "\n"
        }.joined())
    // Validates clean; a second run writes the same bytes (its own bundle is replaced).
    let validate = try CLIRunner.run(["validate", "out/App.icon"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "", "\(validate.stderr)")
    let again = try CLIRunner.run(arguments, in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Data(contentsOf: bundle.appendingPathComponent("icon.json")) == json)
  }

  @Test func aBackgroundFileIsTheBackLayerAndTheDefaultFillIsAutomatic() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      ["appicon", "bell.svg", "--format", "icon", "-o", "B.icon", "--background", "heart.svg"],
      in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try Data(contentsOf: dir.appendingPathComponent("B.icon/icon.json"))
    let (document, problems) = try IconComposerDocument.read(json)
    #expect(problems == [])
    #expect(document.fill == .init(.automatic))
    #expect(
      document.groups.map { $0.layers.map(\.imageName.value) } == [["bell.svg"], ["heart.svg"]])
    #expect(document.groups[1].layers[0].glass == .init(false))
    #expect(
      IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value) == [])
    #expect(json.last != 0x0A)
  }

  /// `--tinted ICON`: Apple's documents never swap a layer's file for tinted (only for
  /// dark), but hide layers per appearance: the tinted art is a layer of its own shown only
  /// in tinted, the foreground hidden there.
  @Test func tintedArtIsALayerShownOnlyInTheTintedAppearance() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">\
      <circle cx="12" cy="12" r="8" fill="#FFFFFF"/></svg>
      """.utf8
    ).write(to: dir.appendingPathComponent("tint.svg"))
    let result = try CLIRunner.run(
      [
        "appicon", "bell.svg", "--format", "icon", "-o", "T.icon", "--background", "#0A84FF",
        "--tinted", "tint.svg",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    // No white tinted fill for the bell any more (it is hidden in tinted); the white disc
    // stands out in tinted, so the lint is clean.
    #expect(
      result.stderr
        == "bell.svg: note: the foreground's colours stand out by 1.55:1 in the dark appearance "
        + "(under 3:1); it is filled white there (a dark fill-specialization); give --dark ICON "
        + "to choose\n"
        + "wrote T.icon (icon.json, 2 layer files)\n")
    let json = try Data(contentsOf: dir.appendingPathComponent("T.icon/icon.json"))
    let text = String(decoding: json, as: UTF8.self)
    #expect(
      text.contains(
        """
                  "hidden-specializations" : [
                    {
                      "appearance" : "tinted",
                      "value" : true
                    }
                  ],
                  "image-name" : "bell.svg",
        """))
    #expect(
      text.contains(
        """
                  "hidden-specializations" : [
                    {
                      "value" : true
                    },
                    {
                      "appearance" : "tinted",
                      "value" : false
                    }
                  ],
                  "image-name" : "tint.svg",
                  "name" : "tint",
        """))
    #expect(
      IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value) == [])
    let (document, problems) = try IconComposerDocument.read(json)
    #expect(problems == [])
    #expect(document.groups.map { $0.layers.map(\.imageName.value) } == [["bell.svg", "tint.svg"]])
    // What each appearance draws: the bell in light and dark, the disc in tinted and clear.
    for (appearance, drawn) in [
      (IconAppearance.light, ["bell.svg"]), (.dark, ["bell.svg"]), (.tinted, ["tint.svg"]),
      (.clear, ["tint.svg"]),
    ] {
      let scene = IconScene(document, appearance: appearance)
      #expect(scene.groups.flatMap { $0.layers.map(\.imageName) } == drawn, "\(appearance)")
    }
  }

  @Test func aBundleGlyphsmithDidNotWriteIsNeverReplacedWithoutForce() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let foreign = dir.appendingPathComponent("App.icon")
    try FileManager.default.copyItem(
      at: IconComposerFixtures.bundle("tophat/Tophat/AppIcon.icon"), to: foreign)
    let before = try Data(contentsOf: foreign.appendingPathComponent("icon.json"))
    let arguments = ["appicon", "bell.svg", "--format", "icon", "-o", "App.icon"]
    let refused = try CLIRunner.run(arguments, in: dir)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "bell.svg: error: App.icon exists and was not made by glyphsmith; move it or pass --force\n"
    )
    #expect(try Data(contentsOf: foreign.appendingPathComponent("icon.json")) == before)

    let forced = try CLIRunner.run(arguments + ["--force"], in: dir)
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "bell.svg: note: the foreground's colours stand out by 1.55:1 in the dark appearance "
        + "(under 3:1); it is filled white there (a dark fill-specialization); give --dark ICON "
        + "to choose\n"
        + "bell.svg: note: the foreground's colours stand out by 1:1 in the tinted appearance "
        + "(under 3:1); it is filled white there (a tinted fill-specialization)\n"
        + "App.icon: warning: not made by glyphsmith; replaced (--force)\n"
        + "wrote App.icon (icon.json, 1 layer file)\n")
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: foreign.appendingPathComponent("Assets").path) == ["bell.svg"])

    // Re-saved since (its icon.json changed): no longer Glyphsmith's.
    let file = foreign.appendingPathComponent("icon.json")
    try (try Data(contentsOf: file) + Data("\n".utf8)).write(to: file)
    let resaved = try CLIRunner.run(arguments, in: dir)
    #expect(resaved.status == 2)
  }

  @Test(arguments: [
    (
      ["--format", "icon", "-o", "X"],
      "glyphsmith appicon: error: --format icon: -o needs OUT/NAME.icon, got 'X'"
    ),
    (
      ["--format", "icon", "-o", "X.icon", "--legacy"],
      "glyphsmith appicon: error: --legacy does not apply with --format icon"
    ),
    (
      ["--format", "svg", "-o", "X.icon"],
      "glyphsmith appicon: error: --format: appiconset or icon, got 'svg'"
    ),
    (
      ["-o", "X.xcassets", "--layer", "heart.svg"],
      "glyphsmith appicon: error: --layer applies with --format icon"
    ),
  ])
  func usageErrors(extra: [String], message: String) throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "bell.svg"] + extra, in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\nsee 'glyphsmith help appicon'\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
  }

  @Test func twoLayersOfOneFileNameAreRefused() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("dark"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("heart.svg"),
      to: dir.appendingPathComponent("dark/bell.svg"))
    let result = try CLIRunner.run(
      ["appicon", "bell.svg", "--format", "icon", "-o", "X.icon", "--dark", "dark/bell.svg"],
      in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "dark/bell.svg: error: the layer bell.svg has the same file name, 'bell.svg', and "
        + "other bytes; Assets/ holds one file of a name; rename one\n")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("X.icon").path))
  }

  @Test func coloursAreWrittenInDisplayP3() {
    #expect(IconBundleJob.displayP3(.white).text == "display-p3:1.00000,1.00000,1.00000,1.00000")
    #expect(
      IconBundleJob.displayP3(RGBA8(r: 0, g: 0, b: 0, a: 255)).text
        == "display-p3:0.00000,0.00000,0.00000,1.00000")
    #expect(
      IconBundleJob.displayP3(RGBA8(r: 0x0A, g: 0x84, b: 0xFF, a: 255)).text
        == "display-p3:0.23062,0.50976,0.96733,1.00000")
  }
}
