import Foundation
import Glyphsmith
import Testing

/// Issue 33's reference chains and fan-outs, generated here (each file tens of KB): before,
/// a 1,000-long mask chain overflowed librsvg's stack (SIGSEGV), `feConvolveMatrix
/// order="30"` panicked (SIGABRT) and 2,000 turbulences took past 3 s; each is now refused
/// by name, naming the flag that raises its bound, or renders.
@Suite("reference chains and filter fan-out are bounded")
struct ReferenceBoundsCLITests {
  static let ns = "xmlns=\"http://www.w3.org/2000/svg\""

  static func svg(_ body: String) -> Data {
    Data("<svg \(ns) width=\"24\" height=\"24\">\(body)</svg>".utf8)
  }

  /// A chain of `n` references of each kind.
  static func chain(_ kind: String, _ n: Int) -> Data {
    let rect = "<rect width=\"24\" height=\"24\" fill=\"#fff\""
    switch kind {
    case "use":
      let links = (1..<n).map { "<g id=\"u\($0)\"><use href=\"#u\($0 - 1)\"/></g>" }
      return svg(
        "<defs><g id=\"u0\">\(rect)/></g>\(links.joined())</defs><use href=\"#u\(n - 1)\"/>")
    case "mask":
      let links = (1..<n).map { "<mask id=\"m\($0)\">\(rect) mask=\"url(#m\($0 - 1))\"/></mask>" }
      return svg(
        "<defs><mask id=\"m0\">\(rect)/></mask>\(links.joined())</defs>"
          + "<rect width=\"24\" height=\"24\" mask=\"url(#m\(n - 1))\"/>")
    case "clip":
      let links = (1..<n).map {
        "<clipPath id=\"c\($0)\"><rect width=\"24\" height=\"24\" clip-path=\"url(#c\($0 - 1))\"/></clipPath>"
      }
      return svg(
        "<defs><clipPath id=\"c0\"><rect width=\"24\" height=\"24\"/></clipPath>\(links.joined())"
          + "</defs><rect width=\"24\" height=\"24\" clip-path=\"url(#c\(n - 1))\"/>")
    default:
      let links = (1..<n).map { "<linearGradient id=\"g\($0)\" href=\"#g\($0 - 1)\"/>" }
      return svg(
        "<defs><linearGradient id=\"g0\"><stop offset=\"0\" stop-color=\"red\"/>"
          + "<stop offset=\"1\" stop-color=\"blue\"/></linearGradient>\(links.joined())</defs>"
          + "<rect width=\"24\" height=\"24\" fill=\"url(#g\(n - 1))\"/>")
    }
  }

  @Test(arguments: ["use", "mask", "clip", "gradient"])
  func aThousandLongChainIsRefusedNamingTheFlag(kind: String) throws {
    let dir = try BoundsCLITests.folder([("c.svg", Self.chain(kind, 1000))])
    defer { try? FileManager.default.removeItem(at: dir) }
    try BoundsCLITests.expectRefused(
      "c.svg", in: dir,
      "too large: references chain 1000 deep (use, href, clip-path, mask, filter, marker, paint "
        + "servers), past the 32 librsvg follows in an icon's budget (--max-ref-depth)")
  }

  @Test(arguments: ["use", "mask", "clip", "gradient"])
  func aChainWithinARaisedBoundRendersQuickly(kind: String) throws {
    let dir = try BoundsCLITests.folder([("c.svg", Self.chain(kind, 400))])
    defer { try? FileManager.default.removeItem(at: dir) }
    let refused = try CLIRunner.run(["render", "c.svg", "-o", "c.png"], in: dir)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("references chain 400 deep"))
    let (result, seconds) = try CanonicalReadCLITests.timed(
      ["render", "c.svg", "-o", "c.png", "--max-ref-depth", "500"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(seconds < CanonicalReadCLITests.budget, "\(seconds) s")
  }

  @Test func aLargeConvolutionKernelIsRefusedNamingTheFlag() throws {
    func convolve(_ order: Int) -> Data {
      let kernel = Array(repeating: "1", count: order * order).joined(separator: " ")
      return Self.svg(
        "<filter id=\"f\"><feConvolveMatrix order=\"\(order)\" kernelMatrix=\"\(kernel)\"/>"
          + "</filter><rect width=\"24\" height=\"24\" filter=\"url(#f)\"/>")
    }
    let dir = try BoundsCLITests.folder([
      ("k30.svg", convolve(30)), ("k9.svg", convolve(9)), ("k12.svg", convolve(12)),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    try BoundsCLITests.expectRefused(
      "k30.svg", in: dir,
      "too large: feConvolveMatrix order=\"30\" is past 9 (--max-kernel); librsvg cannot draw a "
        + "kernel that large")
    #expect(try CLIRunner.run(["render", "k9.svg", "-o", "k9.png"], in: dir).status == 0)
    #expect(try CLIRunner.run(["render", "k12.svg", "-o", "k.png"], in: dir).status == 2)
    let raised = try CLIRunner.run(
      ["render", "k12.svg", "-o", "k.png", "--max-kernel", "12"], in: dir)
    #expect(raised.status == 0, "\(raised.stderr)")
    // The flag stops below the order librsvg panics at (25).
    let past = try CLIRunner.run(
      ["render", "k30.svg", "-o", "k.png", "--max-kernel", "30"], in: dir)
    #expect(past.status == 2)
    #expect(past.stderr.contains("--max-kernel"))
  }

  @Test func filterFanOutThroughCopiesAndMarkersIsCounted() throws {
    let turbulence = "<feTurbulence baseFrequency=\"0.1\" numOctaves=\"4\"/>"
    let many = (0..<2000).map {
      "<filter id=\"f\($0)\">\(turbulence)</filter><rect width=\"24\" height=\"24\" filter=\"url(#f\($0))\"/>"
    }
    // One filter, drawn at each of a path's 2,000 vertices through a marker.
    let vertices = (0..<2000).map { "L\($0 % 24) \($0 / 100)" }.joined(separator: " ")
    let marker =
      "<defs><filter id=\"f\">\(turbulence)</filter><marker id=\"m\" markerWidth=\"4\" "
      + "markerHeight=\"4\"><rect width=\"4\" height=\"4\" filter=\"url(#f)\"/></marker></defs>"
      + "<path d=\"M0 0 \(vertices)\" stroke=\"#000\" marker-mid=\"url(#m)\"/>"
    // One filter, drawn by 300 uses of one group.
    let uses =
      "<defs><filter id=\"f\">\(turbulence)</filter><g id=\"g\"><rect width=\"2\" height=\"2\" "
      + "filter=\"url(#f)\"/></g></defs>"
      + (0..<300).map { "<use href=\"#g\" x=\"\($0 % 24)\"/>" }.joined()
    let dir = try BoundsCLITests.folder([
      ("many.svg", Self.svg(many.joined())), ("marker.svg", Self.svg(marker)),
      ("uses.svg", Self.svg(uses)),
      ("few.svg", Self.svg(many.prefix(3).joined())),
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["many.svg", "marker.svg", "uses.svg"] {
      try BoundsCLITests.expectRefused(
        name, in: dir, "too large: it draws more than 200 filter primitives")
    }
    let (few, seconds) = try CanonicalReadCLITests.timed(
      ["render", "few.svg", "-o", "f.png"], in: dir)
    #expect(few.status == 0)
    #expect(seconds < CanonicalReadCLITests.budget)
    let raised = try CLIRunner.run(
      ["render", "uses.svg", "-o", "u.png", "--max-filters", "400"], in: dir)
    #expect(raised.status == 0, "\(raised.stderr)")
  }

  /// Found by this fuzzing: a group using itself ten times, in a UTF-16 entity,
  /// within the --max-use count (librsvg expanded it 500,000 times: 15 s, release build).
  @Test func aGroupUsingItselfIsRefusedWhateverItsCount() throws {
    let uses = String(repeating: "<use href=\"#g0\"/>", count: 10)
    let svg =
      "<!DOCTYPE svg [<!ENTITY levels '<g id=\"g0\">\(uses)</g>'>]>"
      + "<svg \(Self.ns) width=\"24\" height=\"24\">&levels;</svg>"
    let dir = try BoundsCLITests.folder([
      ("self.svg", Data([0xFF, 0xFE]) + svg.data(using: .utf16LittleEndian)!)
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    try BoundsCLITests.expectRefused(
      "self.svg", in: dir,
      "too large: a <use> of #g0 sits inside #g0 (a circular reference, which draws nothing)")
  }

  /// GradientChainTests' input through the CLI: a 2,500-long gradient `href` cycle (14 s in
  /// Glyphsmith's own code before the fix) is refused by its depth within the budget.
  @Test func aLongGradientCycleIsRefusedQuickly() throws {
    let n = 2500
    var body = "<linearGradient id=\"g0\" href=\"#g\(n - 1)\"/>"
    for i in 1..<n { body += "<linearGradient id=\"g\(i)\" href=\"#g\(i - 1)\"/>" }
    let svg = Self.svg(
      "<defs>\(body)</defs><rect width=\"24\" height=\"24\" fill=\"url(#g\(n - 1))\"/>")
    let dir = try BoundsCLITests.folder([("cycle.svg", svg)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (result, seconds) = try CanonicalReadCLITests.timed(
      ["render", "cycle.svg", "-o", "c.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("cycle.svg: error: too large: references chain "), "\(result.stderr)")
    #expect(result.stderr.contains("(--max-ref-depth)"), "\(result.stderr)")
    #expect(seconds < CanonicalReadCLITests.budget, "\(seconds) s")
  }
}
