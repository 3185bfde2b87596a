import Foundation
import Testing

@testable import Glyphsmith

/// `IconOptions.fingerprintText` is derived from the resolved value, reproduces the version 1
/// fingerprints byte for byte (outputs written by earlier releases stay up to date), and
/// changes with every property (no key can be left out again).
@Suite("IconOptions: the resolved value and its fingerprint")
struct IconOptionsTests {
  /// The hand-written fingerprint of releases before issue 31 (`AssetsOptions.fingerprint`
  /// and the platforms line of `AssetsJob.fingerprintPrefix`), kept here as the reference.
  static func versionOne(_ o: IconOptions, minSdk: Int = 21) -> String {
    [
      "role=\(o.role.rawValue)", "size=\(o.size.map { "\($0)" } ?? "-")",
      "shape=\(o.shape?.rawValue ?? "-")", "scales=\(o.scales)", "compact=\(o.compact)",
      "template=\(o.template.map { "\($0)" } ?? "-")", "padding=\(o.padding)",
    ].joined(separator: ";")
      + (o.androidFormat == "png" ? "" : ";android=\(o.androidFormat);minSdk=\(minSdk)")
      + "\nplatforms=\(o.platforms.map(\.rawValue))"
  }

  @Test func pinnedStringsOfVersionOne() {
    var options = IconOptions()
    #expect(
      options.fingerprintText
        == "role=tab-bar;size=-;shape=-;scales=[1, 2, 3];compact=false;template=-;padding=0.0\nplatforms=[\"ios\"]"
    )
    options.compact = true
    options.size = 25
    options.template = false
    options.padding = 1.5
    options.shape = .circle
    options.scales = [2, 3]
    #expect(
      options.fingerprintText
        == "role=tab-bar;size=25.0;shape=circle;scales=[2, 3];compact=true;template=false;padding=1.5\nplatforms=[\"ios\"]"
    )
    var android = IconOptions()
    android.role = .plain
    android.platforms = [.ios, .android, .web]
    android.androidFormat = "vector"
    #expect(
      android.fingerprintText
        == "role=plain;size=-;shape=-;scales=[1, 2, 3];compact=false;template=-;padding=0.0;android=vector;minSdk=21\nplatforms=[\"ios\", \"android\", \"web\"]"
    )
    // PNG drawables: the API level changes nothing written, so it is not in the text.
    android.androidFormat = "png"
    android.minSdk = 19
    #expect(
      android.fingerprintText
        == "role=plain;size=-;shape=-;scales=[1, 2, 3];compact=false;template=-;padding=0.0\nplatforms=[\"ios\", \"android\", \"web\"]"
    )
  }

  @Test(arguments: [Role.tabBar, .plain, .toolbar])
  func sameAsVersionOneOverAGrid(role: Role) {
    for size in [nil, 17.5, 24] as [Double?] {
      for template in [nil, true, false] as [Bool?] {
        for format in ProjectConfig.androidFormats {
          for minSdk in [nil, 21, 26] as [Int?] {
            var options = IconOptions()
            options.role = role
            options.size = size
            options.template = template
            options.platforms = [.android, .web]
            options.androidFormat = format
            options.minSdk = minSdk
            #expect(
              options.fingerprintText
                == Self.versionOne(options, minSdk: minSdk ?? 21))
          }
        }
      }
    }
  }

  /// A change of each stored property, as (from, to); the test below fails when a property
  /// is added without one here, so every key of the resolved value is in the fingerprint.
  static let changes: [String: @Sendable (IconOptions) -> IconOptions] = [
    "role": {
      var o = $0
      o.role = .plain
      return o
    },
    "size": {
      var o = $0
      o.size = 30
      return o
    },
    "shape": {
      var o = $0
      o.shape = .wide
      return o
    },
    "scales": {
      var o = $0
      o.scales = [2]
      return o
    },
    "compact": {
      var o = $0
      o.compact = true
      return o
    },
    "template": {
      var o = $0
      o.template = false
      return o
    },
    "padding": {
      var o = $0
      o.padding = 2
      return o
    },
    "androidFormat": {
      var o = $0
      o.androidFormat = "auto"
      return o
    },
    "minSdk": {
      var o = $0
      o.minSdk = 24
      return o
    },
    "catalogFormat": {
      var o = $0
      o.catalogFormat = "pdf"
      return o
    },
    "platforms": {
      var o = $0
      o.platforms = [.ios]
      return o
    },
  ]

  @Test func everyPropertyChangesTheFingerprint() {
    var base = IconOptions()
    // Android drawn as a VectorDrawable, so that the Android keys matter.
    base.platforms = [.ios, .android]
    base.androidFormat = "vector"
    let labels = Mirror(reflecting: base).children.compactMap(\.label)
    #expect(Set(labels) == Set(Self.changes.keys), "a property without a change in `changes`")
    for label in labels {
      guard let change = Self.changes[label] else { continue }
      let changed = change(base)
      #expect(changed != base, "\(label): the change changes nothing")
      #expect(
        changed.fingerprintText != base.fingerprintText, "\(label) is not in the fingerprint")
      #expect(
        AssetsJob.fingerprintPrefix(changed) != AssetsJob.fingerprintPrefix(base),
        "\(label) is not in the fingerprint prefix")
    }
  }

  @Test func normalisedDropsWhatWritesNothing() {
    var options = IconOptions()
    options.androidFormat = "vector"
    options.minSdk = 19
    // No Android: neither key can change an output.
    #expect(options.normalised.androidFormat == "png")
    #expect(options.normalised.minSdk == nil)
    options.platforms = [.android]
    #expect(options.normalised.androidFormat == "vector")
    #expect(options.normalised.minSdk == 19)
    options.minSdk = nil
    #expect(options.normalised.minSdk == 21)
    #expect(options.normalised.normalised == options.normalised)
  }

  @Test func assetsOptionsForwardToTheResolvedValue() {
    var assets = AssetsOptions()
    assets.sizePt = 20
    assets.paddingPt = 1
    assets.minSdk = 23
    assets.platforms = [.android]
    #expect(assets.icon.size == 20)
    #expect(assets.icon.padding == 1)
    #expect(assets.icon.minSdk == 23)
    #expect(assets.icon.platforms == [.android])
    #expect(AssetsOptions().minSdk == 21)
  }
}
