import Foundation
import GlyphsmithRender
import Testing

@testable import Glyphsmith

/// One parse per input (issue 21): `ParseCounter` counts every libxml2 parse and librsvg load
/// made while each command's work runs on one input. Every load is one libxml2 read, the
/// canonical read (issue 33), whose tree the checks read too; no input skips it.
@Suite("Parse counts: each SVG is parsed once")
struct ParseCountTests {
  /// A Lucide-style stroked icon: nothing for the checks to bound.
  static let plain = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
      stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/>
    <path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>
    </svg>
    """
  /// An icon with a `<use>` of a `<symbol>`: the libxml2 pass normalises it for librsvg.
  static let reused = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
      width="24" height="24" viewBox="0 0 24 24">
    <symbol id="dot" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>
    <use xlink:href="#dot" x="2" y="2" width="20" height="20"/>
    </svg>
    """

  func counted(_ body: () throws -> Void) rethrows -> (libxml2: Int, librsvg: Int) {
    let counter = ParseCounter()
    try ParseCounter.$current.withValue(counter) { try body() }
    return (counter.libxml2Parses, counter.librsvgLoads)
  }

  @Test(arguments: [(plain, 1), (reused, 1)])
  func renderLoadsOnce(source: String, libxml2: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("icon.svg", source)
    var options = RenderOptions()
    options.role = .tabBar
    options.scale = 3
    let counts = try counted {
      _ = try RenderJob(input: input, output: folder.path("icon.png"), options: options).run()
    }
    #expect(counts.libxml2 == libxml2)
    #expect(counts.librsvg == 1)
  }

  @Test(arguments: [(plain, 1), (reused, 1)])
  func assetsLoadsOncePerInput(source: String, libxml2: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inputs = try ["a", "b", "c"].map { try folder.write("in/\($0).svg", source) }
    var options = AssetsOptions()
    options.compact = true
    options.jobs = 1
    let job = AssetsJob(catalogPath: folder.path("Icons.xcassets"), options: options)
    let counts = try counted {
      let report = try job.run(inputs)
      #expect(report.failures == 0)
    }
    // Six PNGs per input (regular and compact at @1x-@3x), one load each.
    #expect(counts.libxml2 == libxml2 * 3)
    #expect(counts.librsvg == 3)
    // A rerun with nothing changed loads nothing.
    let rerun = try counted { _ = try job.run(inputs) }
    #expect(rerun.libxml2 == 0 && rerun.librsvg == 0)
  }

  /// Lints a 24 x 24 px icon whose body is `body` at the tab bar size; its report and counts.
  func lintCounts(_ body: String) throws -> (LintFileReport, (libxml2: Int, librsvg: Int)) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write(
      "icon.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\(body)</svg>")
    var options = LintOptions()
    options.config = LintConfig()
    var report: LintFileReport?
    let counts = try counted { report = try Linter.lint(path: input, options: options).report }
    return (try #require(report), counts)
  }

  @Test func lintParsesTheStructureOnceAndLoadsAtMostTwice() throws {
    // A hairline ring: a pixel finding the element locator names, with the second librsvg
    // load (the copy with an id on every element).
    let (report, counts) = try lintCounts(
      "<circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"none\" stroke=\"black\" stroke-width=\"0.25\"/>")
    #expect(report.findings.contains { $0.line != nil })
    // The canonical read of the load, the structure pass, the copy annotated with ids and
    // its own canonical read.
    #expect(counts.libxml2 == 4)
    #expect(counts.librsvg == 2)
  }

  @Test func lintOfACleanIconLoadsOnce() throws {
    let (report, counts) = try lintCounts("<circle cx=\"12\" cy=\"12\" r=\"11\"/>")
    #expect(report.findings.allSatisfy { $0.line == nil })
    // The canonical read of the load and the structure pass.
    #expect(counts.libxml2 == 2)
    #expect(counts.librsvg == 1)
  }
}
