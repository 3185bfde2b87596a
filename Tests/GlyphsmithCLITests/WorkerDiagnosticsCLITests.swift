import Foundation
import Glyphsmith
import Testing

/// Issue 31: a warning found in a worker process arrives in the parent as a `Diagnostic`, its
/// kind, path and severity as fields (`AssetsWorkerReply` carries the values; nothing reads
/// them back from text), the same values a run on threads finds; the report's JSON keeps
/// their lines.
@Suite("Worker warnings cross the pipe as Diagnostics")
struct WorkerDiagnosticsCLITests {
  @Test func aWorkersWarningsArriveInTheParentAsDiagnostics() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try DiagnosticCLITests.smallPNG().write(to: icons.appendingPathComponent("small.png"))
    try Data(DiagnosticCLITests.masked.utf8).write(to: icons.appendingPathComponent("masked.svg"))
    try Data(DiagnosticCLITests.references.utf8).write(
      to: icons.appendingPathComponent("ext.svg"))
    let renderer = CLIRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("glyphsmith-render").path
    func run(isolated: Bool, into name: String) throws -> AssetsBatch.Result {
      var options = AssetsOptions()
      options.platforms = [.ios, .android]
      options.androidFormat = "auto"
      options.jobs = 2
      var batch = AssetsBatch(
        inputs: [icons.path], catalog: dir.appendingPathComponent("\(name)/Icons.xcassets").path,
        options: options)
      if isolated {
        batch.isolation = WorkerIsolation(
          workerCommand: [renderer, "__worker", "assets"], budget: WorkerPool.Budget())
      }
      return try batch.run(diagnose: { _ in }, progress: { _, _ in })
    }
    let isolated = try run(isolated: true, into: "workers")
    let path = { (name: String) in icons.appendingPathComponent(name).path }
    #expect(isolated.report.inputs.map(\.path) == ["ext.svg", "masked.svg", "small.png"].map(path))
    #expect(isolated.report.inputs.allSatisfy { $0.status == .written })
    let warnings = isolated.report.inputs.map(\.warnings)
    #expect(
      warnings.map { $0.map(\.kind) } == [
        Array(repeating: Diagnostic.Kind.droppedReference, count: 3),
        [Diagnostic.Kind.rasterFallback],
        [
          Diagnostic.Kind.upscaledRaster, Diagnostic.Kind.opaqueTemplate,
          Diagnostic.Kind.rasterFallback,
        ],
      ])
    for (input, found) in zip(isolated.report.inputs, warnings) {
      #expect(found.allSatisfy { $0.path == input.path && $0.severity == .warning })
    }
    #expect(
      warnings[2] == [
        .warning(
          "upscaling a raster by 2.88x blurs it; give a larger PNG or an SVG",
          path: path("small.png"),
          kind: Diagnostic.Kind.upscaledRaster),
        .warning(
          "the PNG has no transparency, so as a template image it is a solid rectangle; give a PNG with a transparent background or use --original",
          path: path("small.png"), kind: Diagnostic.Kind.opaqueTemplate),
        .warning(
          "a PNG cannot be written as a VectorDrawable; writing PNG drawables instead",
          path: path("small.png"), kind: Diagnostic.Kind.rasterFallback),
      ])
    // The parent tells them in order, as data.
    #expect(isolated.notices == warnings.flatMap { $0.map(BatchNotice.diagnostic) })
    // The same values on threads.
    let threads = try run(isolated: false, into: "threads")
    #expect(threads.report.inputs.map(\.warnings) == warnings)
    #expect(threads.notices == isolated.notices)
    // The report's JSON holds their lines.
    let object = try #require(
      try JSONSerialization.jsonObject(with: XcodeJSON.encode(isolated.report)) as? [String: Any])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    #expect(inputs.map { $0["warnings"] as? [String] ?? [] } == warnings.map(\.descriptions))
  }
}
