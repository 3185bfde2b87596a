import Foundation
import Glyphsmith
import Testing

/// Issue 35: `appicon --format icon --dark-background COLOR` (the dark appearance's fill) and
/// `appicon --project`, the `appicon` block of `glyphsmith.json` (the command line's
/// spellings; the groups' and layers' Icon Composer properties as `icon.json` spells them).
@Suite struct IconBundleProjectCLITests {
  static let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/icons")

  /// `art/heart.svg`, `art/bell.svg`, `icons/bell.svg`, `sub/` and `glyphsmith.json` holding
  /// `appicon` (nothing when `nil`).
  static func project(appicon: String?) throws -> URL {
    let dir = try temporaryFolder()
    for folder in ["art", "icons", "sub"] {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (source, name) in [
      ("heart", "art/heart.svg"), ("bell", "art/bell.svg"), ("bell", "icons/bell.svg"),
    ] {
      try FileManager.default.copyItem(
        at: icons.appendingPathComponent(source + ".svg"), to: dir.appendingPathComponent(name))
    }
    let block = appicon.map { ",\n  \"appicon\": " + $0 } ?? ""
    try Data(
      """
      {
        "version": 1,
        "icons": "icons",
        "ios": {"catalog": "App/Icons.xcassets"}\(block)
      }
      """.utf8
    ).write(to: dir.appendingPathComponent("glyphsmith.json"))
    return dir
  }

  static let block = """
    {
        "icon": "art/heart.svg",
        "format": "icon",
        "output": "App/AppIcon.icon",
        "background": "#1E3A8A",
        "dark-background": "#000000",
        "layer": ["art/bell.svg"],
        "groups": [
          {
            "specular": false,
            "shadow": {"kind": "layer-color", "opacity": 0.3},
            "glass": true,
            "layers": [
              {"opacity": 0.9, "blend-mode": "multiply"},
              {"glass": false, "position": {"scale": 20, "translation-in-points": [0, 120]}}
            ]
          }
        ]
      }
    """

  /// What `block` writes: the colour fill with its dark specialization (the light fill the
  /// default entry, as Apple's files hold it); the group's shadow and specular, its `glass`
  /// on the heart and the bell's own `false`; the heart's opacity and blend mode beside the
  /// writer's 65 % placement; the bell's own position.
  static let expectedJSON = """
    {
      "fill-specializations" : [
        {
          "value" : {
            "automatic-gradient" : "display-p3:0.14369,0.22472,0.52172,1.00000"
          }
        },
        {
          "appearance" : "dark",
          "value" : {
            "automatic-gradient" : "display-p3:0.00000,0.00000,0.00000,1.00000",
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
          }
        }
      ],
      "groups" : [
        {
          "layers" : [
            {
              "blend-mode" : "multiply",
              "fill-specializations" : [
                {
                  "value" : "none"
                },
                {
                  "appearance" : "dark",
                  "value" : {
                    "solid" : "display-p3:1.00000,1.00000,1.00000,1.00000"
                  }
                },
                {
                  "appearance" : "tinted",
                  "value" : {
                    "solid" : "display-p3:1.00000,1.00000,1.00000,1.00000"
                  }
                }
              ],
              "glass" : true,
              "image-name" : "heart.svg",
              "name" : "heart",
              "opacity" : 0.9,
              "position" : {
                "scale" : 27.733333333333334,
                "translation-in-points" : [
                  0,
                  0
                ]
              }
            },
            {
              "glass" : false,
              "image-name" : "bell.svg",
              "name" : "bell",
              "position" : {
                "scale" : 20,
                "translation-in-points" : [
                  0,
                  120
                ]
              }
            }
          ],
          "shadow" : {
            "kind" : "layer-color",
            "opacity" : 0.3
          },
          "specular" : false,
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

  @Test func theAppiconBlockWritesTheIconWithItsGroupAndLayerProperties() throws {
    let dir = try Self.project(appicon: Self.block)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "art/heart.svg: note: the foreground's colours stand out by 1.24:1 in the dark "
        + "appearance (under 3:1); it is filled white there (a dark fill-specialization); give "
        + "--dark ICON to choose\n"
        + "art/heart.svg: note: the foreground's colours stand out by 1:1 in the tinted "
        + "appearance (under 3:1); it is filled white there (a tinted fill-specialization)\n"
        + "App/AppIcon.icon/Assets/heart.svg: warning: [appearance-contrast] in the light appearance "
        + "(groups[0].layers[0]) the icon's art (this front layer and the others in front of "
        + "the background) stands out from the background by at most 2.83:1 over 90 % of its "
        + "ink (limit 3:1): it vanishes; draw it in a colour that stands out from the "
        + "background, or give the layer a fill in such a colour (or give the icon another "
        + "background: appicon --background)\n"
        + "App/AppIcon.icon/Assets/bell.svg: warning: [appearance-contrast] in the dark "
        + "appearance (groups[0].layers[1]) the layer stands out from what is behind it by at "
        + "most 1.13:1 over 90 % of its ink (limit 3:1): it vanishes; give the layer a dark "
        + "fill-specialization in a light colour, or draw it in a colour that stands out on the "
        + "dark background too (appicon --dark replaces the foreground only)\n"
        + "App/AppIcon.icon/Assets/bell.svg: warning: [appearance-contrast] in the tinted "
        + "appearance (groups[0].layers[1]) the layer stands out from what is behind it by at "
        + "most 1:1 over 90 % of its ink (limit 3:1): it vanishes; give the layer a tinted "
        + "fill-specialization in a light colour (tinted icons are made from luminance)\n"
        + "wrote App/AppIcon.icon (icon.json, 2 layer files)\n")
    let json = try Data(contentsOf: dir.appendingPathComponent("App/AppIcon.icon/icon.json"))
    #expect(String(decoding: json, as: UTF8.self) == Self.expectedJSON)
    // The writer's own forms are Apple's; what the block chose beyond them is the user's
    // (values the format knows that the 11 vendored documents happen not to hold).
    let unknown = IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value)
    #expect(
      unknown == [
        "groups[].layers[].blend-mode: \"multiply\"", "groups[].layers[].opacity: number",
      ])
    let validate = try CLIRunner.run(["validate", "App/AppIcon.icon"], in: dir)
    #expect(validate.status == 0 && validate.stderr == "", "\(validate.stderr)")
  }

  @Test func theCommandLineWinsAndPathsAreTheProjectFilesFromBelowIt() throws {
    let dir = try Self.project(appicon: Self.block)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "--project", "--config", "../glyphsmith.json", "-o", "X.icon",
        "--dark-background", "#FFFFFF", "--layer", "../icons/bell.svg",
      ], in: dir.appendingPathComponent("sub"))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "../art/heart.svg: note: the foreground's colours stand out by 1:1 in the tinted "
        + "appearance (under 3:1); it is filled white there (a tinted fill-specialization)\n"
        + "X.icon/Assets/heart.svg: warning: [appearance-contrast] in the light appearance "
        + "(groups[0].layers[0]) the icon's art (this front layer and the others in front of "
        + "the background) stands out from the background by at most 2.83:1 over 90 % of its "
        + "ink (limit 3:1): it vanishes; draw it in a colour that stands out from the "
        + "background, or give the layer a fill in such a colour (or give the icon another "
        + "background: appicon --background)\n"
        + "X.icon/Assets/bell.svg: warning: [appearance-contrast] in the tinted appearance "
        + "(groups[0].layers[1]) the layer stands out from what is behind it by at most 1:1 over "
        + "90 % of its ink (limit 3:1): it vanishes; give the layer a tinted fill-specialization "
        + "in a light colour (tinted icons are made from luminance)\n"
        + "wrote X.icon (icon.json, 2 layer files)\n")
    let json = try Data(contentsOf: dir.appendingPathComponent("sub/X.icon/icon.json"))
    let (document, problems) = try IconComposerDocument.read(json)
    #expect(problems == [])
    #expect(
      document.fill.specializations?.last?.json
        == IconComposerDocument.Specialization<IconComposerDocument.Fill>(
          appearance: .dark,
          value: .automaticGradient(
            IconBundleJob.displayP3(.white),
            orientation: .init(start: .init(x: 0.5, y: 0), stop: .init(x: 0.5, y: 0.7)))
        ).json)
    #expect(document.groups[0].layers.map(\.imageName.value) == ["heart.svg", "bell.svg"])
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("sub/X.icon/Assets/bell.svg"))
        == Data(contentsOf: dir.appendingPathComponent("icons/bell.svg")))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("App").path))
  }

  @Test func darkBackgroundGivesApplesFillPerAppearance() throws {
    let dir = try Self.project(appicon: nil)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(
      [
        "appicon", "art/bell.svg", "--format", "icon", "-o", "A.icon", "--background", "#0A84FF",
        "--dark-background", "#000000",
      ], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try Data(contentsOf: dir.appendingPathComponent("A.icon/icon.json"))
    // LNPopupController's form: the light automatic gradient, the dark one with orientation.
    #expect(
      String(decoding: json, as: UTF8.self).hasPrefix(
        """
        {
          "fill-specializations" : [
            {
              "value" : {
                "automatic-gradient" : "display-p3:0.23062,0.50976,0.96733,1.00000"
              }
            },
            {
              "appearance" : "dark",
              "value" : {
                "automatic-gradient" : "display-p3:0.00000,0.00000,0.00000,1.00000",
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
              }
            }
          ],
          "groups" : [
        """))
    #expect(
      IconComposerVocabulary.unknownForms(in: try IconComposerJSON.read(json).value) == [])
  }

  @Test(arguments: [
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"layers": [{"opacity": 1.5}]}]}"#,
      "glyphsmith.json: error: invalid glyphsmith.json: 'appicon.groups[0].layers[0].opacity': 1.5 is outside 0 to 1; an opacity is from 0 (invisible) to 1 (opaque), as Icon Composer's slider sets it; see docs/project.md"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"layers": [{}, {"glass": true}]}]}"#,
      "glyphsmith.json: error: 'appicon.groups[0].layers[1]': group 0 has 1 layer (heart); give at most 1"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{}, {}]}"#,
      "glyphsmith.json: error: 'appicon.groups[1]': the icon has 1 group (the foreground's); give at most 1"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"specular": 1}]}"#,
      "glyphsmith.json: error: invalid glyphsmith.json: wrong value 1 for 'appicon.groups[0].specular'; allowed: true, false; see docs/project.md"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"blur": 1}]}"#,
      "glyphsmith.json: error: invalid glyphsmith.json: unknown key 'blur' in 'appicon.groups[0]'; allowed: blend-mode, glass, layers, opacity, position, shadow, specular, translucency; see docs/project.md"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"shadow": {"kind": "soft", "opacity": 0.5}}]}"#,
      "glyphsmith.json: error: invalid glyphsmith.json: unknown value 'soft' for 'appicon.groups[0].shadow.kind'; allowed: neutral, layer-color, none; see docs/project.md"
    ),
    (
      #"{"icon": "art/heart.svg", "format": "icon", "output": "A.icon", "groups": [{"shadow": {"kind": "none"}}]}"#,
      "glyphsmith.json: error: invalid glyphsmith.json: 'appicon.groups[0].shadow.opacity': missing; Icon Composer always writes it (a number); see docs/project.md"
    ),
    (
      #"{"icon": "art/heart.svg", "output": "A.xcassets", "groups": [{"specular": true}]}"#,
      "glyphsmith.json: error: 'appicon.groups' gives Icon Composer properties, which apply with \"format\": \"icon\""
    ),
  ])
  func badBlocksAreRefusedNamingTheKeyPath(block: String, message: String) throws {
    let dir = try Self.project(appicon: block)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
        "art", "glyphsmith.json", "icons", "sub",
      ])
  }

  @Test func aProjectWithoutTheBlockIsRefused() throws {
    let dir = try Self.project(appicon: nil)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon", "--project"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glyphsmith.json: error: no 'appicon' block; add one (e.g. {\"icon\": \"art/icon.svg\", "
        + "\"format\": \"icon\", \"output\": \"App/AppIcon.icon\"}) or leave out --project; see "
        + "docs/project.md\n")
  }

  @Test(arguments: [
    (
      ["art/bell.svg", "-o", "X.xcassets", "--dark-background", "#000000"],
      "glyphsmith appicon: error: --dark-background applies with --format icon"
    ),
    (
      ["art/bell.svg", "--format", "icon", "-o", "X.icon", "--dark-background", "#000000"],
      "glyphsmith appicon: error: --dark-background needs --background COLOR: Icon Composer's documents give a dark fill beside a light one"
    ),
    (
      [
        "art/bell.svg", "--format", "icon", "-o", "X.icon", "--background", "art/heart.svg",
        "--dark-background", "#000000",
      ],
      "glyphsmith appicon: error: --dark-background needs --background COLOR: Icon Composer's documents give a dark fill beside a light one"
    ),
    (
      ["art/bell.svg", "--format", "icon", "-o", "X.icon", "--dark-background", "#00000080"],
      "glyphsmith appicon: error: --dark-background must be opaque; use #RRGGBB"
    ),
    (
      ["art/bell.svg", "--format", "icon", "-o", "X.icon", "--dark-background", "blurple"],
      "glyphsmith appicon: error: --dark-background: invalid colour 'blurple'; use \(ColorParser.forms)"
    ),
  ])
  func darkBackgroundUsageErrors(arguments: [String], message: String) throws {
    let dir = try Self.project(appicon: nil)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLIRunner.run(["appicon"] + arguments, in: dir)
    #expect(result.status == 2)
    #expect(result.stderr == message + "\nsee 'glyphsmith help appicon'\n")
  }
}
