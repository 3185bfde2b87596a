import Foundation
import Testing

@testable import Glyphsmith

/// Issue 28: `assets --platform android --android-format vector|auto`.
@Suite("assets --android-format: VectorDrawables, auto's PNG fallback, reruns")
struct AndroidVectorAssetsTests {
  static let plain = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <path d="M4 4h16v16H4z" fill="#3366cc"/></svg>
    """
  static let masked = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <mask id="m"><rect width="24" height="12" fill="white"/></mask>
    <circle id="dot" cx="12" cy="12" r="10" mask="url(#m)"/>
    </svg>
    """

  func run(_ folder: TemporaryFolder, _ format: String, force: Bool = false) throws
    -> AssetsReport
  {
    var options = AssetsOptions()
    options.platforms = [.android]
    options.androidFormat = format
    options.force = force
    options.jobs = 1
    return try AssetsJob(catalogPath: folder.path("out"), options: options).run([
      folder.path("in/box.svg"), folder.path("in/masked.svg"),
    ])
  }

  @Test("vector: the plain icon as res/drawable/box.xml, the masked one fails naming <circle>")
  func vector() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("in/box.svg", Self.plain)
    try folder.write("in/masked.svg", Self.masked)
    let report = try run(folder, "vector")
    #expect(report.inputs.map(\.status.rawValue) == ["written", "failed"])
    #expect(report.inputs[0].files.map(\.path) == [folder.path("out/android/res/drawable/box.xml")])
    #expect(report.inputs[0].files.map(\.width) == [24])
    #expect(
      report.inputs[1].error
        == folder.path("in/masked.svg")
        + ": error: a VectorDrawable cannot express group opacity, masks, patterns or text (drawn as a reused group) (<circle id=\"dot\"> line 3)"
    )
    let xml = try String(contentsOfFile: folder.path("out/android/res/drawable/box.xml"), encoding: .utf8)
    // The default role is the tab-bar template: one colour, black.
    #expect(xml.contains("android:fillColor=\"#000000\""))
    #expect(xml.contains("<!-- glyphsmith:source="))
    #expect(folder.listing().filter { $0.hasSuffix(".png") }.isEmpty)
    // A rerun finds it up to date.
    #expect(try run(folder, "vector").inputs.map(\.status.rawValue) == ["unchanged", "failed"])
  }

  @Test("auto: PNGs with a warning where a VectorDrawable cannot; formats replace each other")
  func auto() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("in/box.svg", Self.plain)
    try folder.write("in/masked.svg", Self.masked)
    _ = try run(folder, "png")
    #expect(FileManager.default.fileExists(atPath: folder.path("out/android/res/drawable-mdpi/box.png")))
    // A hand-made file of the resource is never removed, nor written beside: `auto` fails
    // box by name as `vector` does (trial H2: box.xml was written beside it, a duplicate
    // resource), before anything of it is written; masked goes on.
    try folder.write("out/android/res/drawable-hdpi/box.png", "hand made")
    let refused = try run(folder, "auto")
    #expect(refused.inputs.map(\.status.rawValue) == ["failed", "written"])
    #expect(
      refused.inputs[0].error
        == folder.path("in/box.svg") + ": error: " + folder.path("out/android/res/drawable-hdpi/box.png")
        + " is a file of resource drawable/box that glyphsmith did not make, and glyphsmith writes "
        + folder.path("out/android/res/drawable/box.xml")
        + ": one resource in two files fails Android's build in one folder (Duplicate resources), and in another qualifier's folder is used instead of glyphsmith's wherever that qualifier applies; move it or pass --force"
    )
    #expect(try String(contentsOfFile: folder.path("out/android/res/drawable-hdpi/box.png"), encoding: .utf8) == "hand made")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out/android/res/drawable/box.xml")))
    #expect(FileManager.default.fileExists(atPath: folder.path("out/android/res/drawable-mdpi/box.png")))
    try FileManager.default.removeItem(atPath: folder.path("out/android/res/drawable-hdpi/box.png"))
    let report = try run(folder, "auto")
    #expect(report.inputs.map(\.status.rawValue) == ["written", "unchanged"])
    #expect(
      refused.inputs[1].warnings.descriptions == [
        folder.path("in/masked.svg")
          + ": warning: a VectorDrawable cannot express group opacity, masks, patterns or text (drawn as a reused group) (<circle id=\"dot\"> line 3); writing PNG drawables instead"
      ])
    #expect(refused.inputs[1].warnings.map(\.kind) == [Diagnostic.Kind.rasterFallback])
    #expect(refused.inputs[1].warnings.map(\.path) == [folder.path("in/masked.svg")])
    #expect(refused.inputs[1].files.map(\.width) == [24, 36, 48, 72, 96])
    let listing = folder.listing().filter { $0.hasPrefix("out/android/res/") && $0.contains(".") }
    #expect(
      listing == [
        "out/android/res/drawable-hdpi/masked.png", "out/android/res/drawable-mdpi/masked.png",
        "out/android/res/drawable-xhdpi/masked.png", "out/android/res/drawable-xxhdpi/masked.png",
        "out/android/res/drawable-xxxhdpi/masked.png", "out/android/res/drawable/box.xml",
      ])
    #expect(try run(folder, "auto").inputs.map(\.status.rawValue) == ["unchanged", "unchanged"])
    // Back to PNG: a hand-made PNG fails box by name (issue 32), and nothing of it is
    // written or removed; once it is moved, the VectorDrawable Glyphsmith wrote goes.
    try folder.write("out/android/res/drawable-hdpi/box.png", "hand made")
    let blocked = try run(folder, "png")
    #expect(
      blocked.inputs.first { $0.path.hasSuffix("box.svg") }?.error
        == folder.path("in/box.svg") + ": error: " + folder.path("out/android/res/drawable-hdpi/box.png")
        + " exists and was not made by glyphsmith; move it or pass --force")
    #expect(try String(contentsOfFile: folder.path("out/android/res/drawable-hdpi/box.png"), encoding: .utf8) == "hand made")
    #expect(FileManager.default.fileExists(atPath: folder.path("out/android/res/drawable/box.xml")))
    try FileManager.default.removeItem(atPath: folder.path("out/android/res/drawable-hdpi/box.png"))
    _ = try run(folder, "png")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out/android/res/drawable/box.xml")))
  }
}
