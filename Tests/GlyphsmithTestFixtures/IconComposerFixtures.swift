import Foundation

/// The Icon Composer fixtures: 11 `.icon` bundles (`icon.json` + `Assets/`) saved by Apple's
/// Icon Composer (Xcode 26) in four open-source apps (MIT and BSD 2-clause, each licence in
/// its source folder; provenance in `Fixtures/icon-composer/README.md`), vendored byte for
/// byte from the shared `testdata/icon-composer` so the tests run wherever the package is
/// cloned.
public enum IconComposerFixtures {
  /// The fixtures folder.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/icon-composer").standardizedFileURL

  /// The bundles' paths relative to `directory`, sorted by their bytes. The tests check that
  /// each exists, so a missing one fails instead of shrinking the list.
  public static let bundles = [
    "AssetCatalogTinkerer/Resources/AppIconV2.icon",
    "AssetCatalogTinkerer/Resources/AppIconV3.icon",
    "AssetCatalogTinkerer/Resources/AppIconV4.icon",
    "AssetCatalogTinkerer/Resources/AppIconV5.icon",
    "LNPopupController/LNPopupControllerExample/LNPopupController.icon",
    "criticalmaps-ios/iOS/AppIcon-Dark.icon",
    "criticalmaps-ios/iOS/AppIcon-Neon.icon",
    "criticalmaps-ios/iOS/AppIcon-Rainbow.icon",
    "criticalmaps-ios/iOS/AppIcon-Sun.icon",
    "criticalmaps-ios/iOS/AppIcon.icon",
    "tophat/Tophat/AppIcon.icon",
  ]

  /// The one bundle whose `icon.json` ends with a newline (added in its repository; Icon
  /// Composer writes none).
  public static let bundleWithFinalNewline = "tophat/Tophat/AppIcon.icon"

  /// The bundle `name` (one of `bundles`) as a file URL.
  public static func bundle(_ name: String) -> URL {
    directory.appendingPathComponent(name, isDirectory: true)
  }

  /// The bytes of bundle `name`'s `icon.json`.
  /// - Throws: Foundation's error when the file cannot be read.
  public static func iconJSON(_ name: String) throws -> Data {
    try Data(contentsOf: bundle(name).appendingPathComponent("icon.json"))
  }

  /// A copy of bundle `name` in a fresh temporary folder (`FOLDER/NAME.icon`), for tests that
  /// break one: returns the copy's URL.
  /// - Throws: Foundation's error when the copy fails.
  public static func copy(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "glyphsmith-icon-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent(bundle(name).lastPathComponent, isDirectory: true)
    try FileManager.default.copyItem(at: bundle(name), to: target)
    return target
  }
}
