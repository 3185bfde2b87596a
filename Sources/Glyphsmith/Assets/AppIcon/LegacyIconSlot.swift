/// One slot of the legacy (pre-Xcode 14) iOS app icon list: a size in pt at a scale.
package struct LegacyIconSlot: Equatable, Sendable {
  /// `iphone`, `ipad` or `ios-marketing`.
  package var idiom: String
  /// The side in pt as Xcode writes it (`"83.5"`).
  package var sizePt: String
  /// px per pt: 1, 2 or 3.
  package var scale: Int

  /// The side in px: size x scale, exact (83.5 pt @2x = 167 px).
  package var pixels: Int { Int((Double(sizePt)! * Double(scale)).rounded()) }

  /// The file name in the appiconset: `NAME-iphone-20@2x.png`, `NAME-ios-marketing-1024.png`.
  package func filename(prefix: String) -> String {
    "\(prefix)-\(idiom)-\(sizePt)\(scale == 1 ? "" : "@\(scale)x").png"
  }

  /// The Contents.json entry.
  package func entry(prefix: String) -> AssetContents.Entry {
    .init(
      filename: filename(prefix: prefix), idiom: idiom, scale: "\(scale)x",
      size: "\(sizePt)x\(sizePt)")
  }

  /// The iPhone, iPad and App Store slots Xcode 13 listed for an iOS app icon, in its order:
  /// iPhone 20, 29, 40, 60 pt @2x and @3x; iPad 20, 29, 40, 76 pt @1x and @2x and 83.5 pt
  /// @2x; ios-marketing 1024 pt @1x (18 slots).
  package static let iOS: [LegacyIconSlot] =
    ["20", "29", "40", "60"].flatMap { size in
      [2, 3].map { LegacyIconSlot(idiom: "iphone", sizePt: size, scale: $0) }
    }
    + ["20", "29", "40", "76"].flatMap { size in
      [1, 2].map { LegacyIconSlot(idiom: "ipad", sizePt: size, scale: $0) }
    }
    + [
      LegacyIconSlot(idiom: "ipad", sizePt: "83.5", scale: 2),
      LegacyIconSlot(idiom: "ios-marketing", sizePt: "1024", scale: 1),
    ]
}
