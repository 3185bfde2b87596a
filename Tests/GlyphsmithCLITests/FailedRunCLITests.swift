import Foundation
import Glyphsmith
import Testing

/// Issue 32: a run that fails removes nothing. Found by the new-user trial: switching
/// `android.format` to `vector` with a hand-made `drawable/bell.xml` failed bell (exit 2) and
/// yet removed bell's own PNGs. The icons that are written lose their drawables of the other
/// format in the same run (trial t36c F9), the one exception.
@Suite("A failed run removes nothing")
struct FailedRunCLITests {
  typealias O = OwnershipCLITests

  @Test func aPlanningErrorOnAnIconRemovesNothingOfItAndTheNextGoodRunPrunes() throws {
    let folder = try O.project(#"{"version": 1, "icons": "icons", "android": {"res": "android/res"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let bellPNGs = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map {
      res.appendingPathComponent("drawable-\($0)/bell.png")
    }
    let before = try bellPNGs.map { ContentHash.sha256(try Data(contentsOf: $0)) }
    try O.write("<vector/>\n", to: res.appendingPathComponent("drawable/bell.xml"))
    try O.write(
      #"{"version": 1, "icons": "icons", "android": {"res": "android/res", "format": "vector"}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))

    let failed = try CLIRunner.run(["build"], in: folder)
    #expect(failed.status == 2)
    let lines = failed.stderr.split(separator: "\n").map(String.init)
    // camera and heart, written as VectorDrawables, lose their PNGs (trial t36c F9: never
    // both formats of one icon); bell, failed, keeps its own.
    #expect(
      Array(lines.dropLast())
        == Self.pngsRemovedThenBellFailed, "\(failed.stderr)")
    #expect(failed.stderr.hasSuffix("1 failed; 10 removed\n"))
    #expect(try bellPNGs.map { ContentHash.sha256(try Data(contentsOf: $0)) } == before)
    #expect(O.read(res.appendingPathComponent("drawable/bell.xml")) == "<vector/>\n")

    // Moved away, the next run succeeds and removes bell's PNGs.
    try FileManager.default.removeItem(at: res.appendingPathComponent("drawable/bell.xml"))
    let good = try CLIRunner.run(["build"], in: folder)
    #expect(good.status == 0)
    #expect(
      (good.stdoutText + good.stderr).contains(
        "android/res/drawable-mdpi/bell.png: removed (icons/bell.svg no longer makes it)"))
    #expect(bellPNGs.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
  }

  static let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]

  /// The stderr lines (summary aside) of a failed run switching to VectorDrawables with the
  /// user's `drawable/bell.xml`: camera's and heart's PNGs removed, then bell's error.
  static let pngsRemovedThenBellFailed: [String] =
    ["camera", "heart"].flatMap { (name: String) -> [String] in
      densities.map { (density: String) -> String in
        "android/res/drawable-\(density)/\(name).png: removed (icons/\(name).svg no longer makes it)"
      }
    } + [
      "icons/bell.svg: error: android/res/drawable/bell.xml exists and was not made by glyphsmith; move it or pass --force"
    ]

  /// The SHA-256 of each file at `urls` (`nil` for one that is not there).
  static func hashes(_ urls: [URL]) -> [String?] {
    urls.map { url in (try? Data(contentsOf: url)).map { ContentHash.sha256($0) } }
  }

  // Found by the new-user trial: the guard was in `build` only, so `assets --prune` with a
  // failing icon still pruned the outputs of a deleted one.
  @Test func assetsPruneInAFailedRunRemovesNothingAndTheNextGoodRunPrunes() throws {
    let folder = try O.project("{}")
    let arguments = ["assets", "icons", "-o", "App/Icons.xcassets", "--platform", "ios,android",
      "--android-out", "android", "--prune"]
    #expect(try CLIRunner.run(arguments, in: folder).status == 0)
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let heart = catalog.appendingPathComponent("heart.imageset")
    let heartPNGs = Self.densities.map {
      folder.appendingPathComponent("android/res/drawable-\($0)/heart.png")
    }
    let before = Self.hashes(heartPNGs + [heart.appendingPathComponent("heart@2x.png")])
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/heart.svg"))
    try O.write("<svg", to: folder.appendingPathComponent("icons/bad.svg"))

    let failed = try CLIRunner.run(arguments, in: folder)
    #expect(failed.status == 2)
    #expect(
      failed.stderr.split(separator: "\n").map(String.init) == [
        "icons/bad.svg: error: invalid SVG: XML parse error at line 1, column 5: Couldn't find end of Start Tag svg line 1",
        "wrote 0 icons (0 PNG files) to App/Icons.xcassets, android in 0.00 s; 2 unchanged; 1 failed; 0 removed",
      ].map { $0 } || failed.stderr.hasSuffix("2 unchanged; 1 failed; 0 removed\n"))
    #expect(!failed.stderr.contains("removed ("))
    #expect(Self.hashes(heartPNGs + [heart.appendingPathComponent("heart@2x.png")]) == before)
    #expect(before.allSatisfy { $0 != nil })

    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bad.svg"))
    let good = try CLIRunner.run(arguments, in: folder)
    #expect(good.status == 0)
    #expect(good.stderr.contains("App/Icons.xcassets/heart.imageset: removed (its source icons/heart.svg is gone)\n"))
    #expect(good.stderr.contains("android/res/drawable-mdpi/heart.png: removed (its source icons/heart.svg is gone)\n"))
    #expect(good.stderr.hasSuffix("2 unchanged; 0 failed; 6 removed\n"))
    #expect(!FileManager.default.fileExists(atPath: heart.path))
    #expect(Self.hashes(heartPNGs).allSatisfy { $0 == nil })
  }

  // Found by the new-user trial: in a failed run switching `android.format`, the icons that
  // succeeded removed their own old-format drawables, which then went uncounted. Trial t36c F9
  // found the other way round worse: keeping them left both formats of one icon in `res`, a
  // duplicate resource to aapt. An icon whose new files are written loses its old ones at
  // once, told and counted; the icon that failed keeps its own; the prune waits for a run
  // that succeeds.
  @Test(arguments: [false, true])
  func aFailedFormatSwitchKeepsOnlyTheFailedIconsOldDrawables(prune: Bool) throws {
    let folder = try O.project("{}")
    var arguments = ["assets", "icons", "-o", "out", "--platform", "android", "--android-out", "android"]
    if prune { arguments.append("--prune") }
    #expect(try CLIRunner.run(arguments, in: folder).status == 0)
    let res = folder.appendingPathComponent("android/res")
    let cameraPNGs = Self.densities.map { res.appendingPathComponent("drawable-\($0)/camera.png") }
    let bellPNGs = Self.densities.map { res.appendingPathComponent("drawable-\($0)/bell.png") }
    let bellBefore = Self.hashes(bellPNGs)
    #expect(Self.hashes(cameraPNGs).allSatisfy { $0 != nil })
    #expect(bellBefore.allSatisfy { $0 != nil })
    try O.write("<vector/>\n", to: res.appendingPathComponent("drawable/bell.xml"))

    let failed = try CLIRunner.run(arguments + ["--android-format", "vector"], in: folder)
    #expect(failed.status == 2)
    // camera's and heart's VectorDrawables are written, and their PNGs go with a line each.
    #expect(
      failed.stderr.split(separator: "\n").dropLast().map(String.init)
        == Self.pngsRemovedThenBellFailed, "\(failed.stderr)")
    // Counted where the summary counts removals (`--prune`).
    #expect(
      failed.stderr.hasSuffix(prune ? "; 1 failed; 10 removed\n" : "; 0 unchanged; 1 failed\n"),
      "\(failed.stderr)")
    #expect(O.read(res.appendingPathComponent("drawable/camera.xml"))?.hasPrefix("<?xml") == true)
    #expect(Self.hashes(cameraPNGs).allSatisfy { $0 == nil })
    // bell failed: its PNGs stay, byte for byte, beside the user's file.
    #expect(Self.hashes(bellPNGs) == bellBefore)
    #expect(O.read(res.appendingPathComponent("drawable/bell.xml")) == "<vector/>\n")

    try FileManager.default.removeItem(at: res.appendingPathComponent("drawable/bell.xml"))
    let good = try CLIRunner.run(arguments + ["--android-format", "vector"], in: folder)
    #expect(good.status == 0)
    #expect(Self.hashes(cameraPNGs).allSatisfy { $0 == nil })
    #expect(O.names(res) == ["drawable"])
    #expect(O.names(res.appendingPathComponent("drawable")) == ["bell.xml", "camera.xml", "heart.xml"])
    // Only bell's PNGs were left to remove (with or without --prune: its VectorDrawable is
    // written now).
    #expect(
      good.stderr.split(separator: "\n").dropLast().sorted()
        == Self.densities.map {
          "android/res/drawable-\($0)/bell.png: removed (icons/bell.svg no longer makes it)"
        }.sorted(), "\(good.stderr)")
  }

  // Found by the new-user trial: only the first asset-name collision was named per run.
  @Test(arguments: [
    ["assets", "icons", "-o", "I.xcassets", "--platform", "ios,android"], ["build"],
  ])
  func everyNameCollisionIsNamedAndNothingIsWritten(_ arguments: [String]) throws {
    let folder = try O.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "I.xcassets"}, "android": {"res": "android/res"}}"#,
      icons: ["camera"])
    let icons = folder.appendingPathComponent("icons")
    for (name, path) in [("bell", "a/bell.svg"), ("bell", "b/bell.svg"), ("heart", "a/heart.svg"), ("heart", "c/Heart.svg")] {
      try FileManager.default.createDirectory(
        at: icons.appendingPathComponent(path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: O.icons.appendingPathComponent(name + ".svg"), to: icons.appendingPathComponent(path))
    }
    let run = try CLIRunner.run(arguments, in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr.split(separator: "\n").dropLast().map(String.init) == [
        "icons/b/bell.svg: error: asset name 'bell' collides with icons/a/bell.svg (asset names must differ, and in more than letter case); rename one of them",
        "icons/c/Heart.svg: error: asset name 'Heart' collides with icons/a/heart.svg (asset names must differ, and in more than letter case); rename one of them",
      ])
    // Then the summary line (issue 32: a run that fails in planning ends with one too).
    #expect(
      AdoptMarkedCLITests.summary(run.stderr)
        == (arguments == ["build"]
          ? "built 0 icons (0 PNG files) to I.xcassets, android/res in S s; 0 unchanged; 0 skipped; 2 failed; 0 removed (planning failed: nothing was written or removed)"
          : "wrote 0 icons (0 PNG files) to I.xcassets, android in S s; 0 unchanged; 2 failed (planning failed: nothing was written or removed)"))
    #expect(O.names(folder) == ["glyphsmith.json", "icons"])
  }
}
