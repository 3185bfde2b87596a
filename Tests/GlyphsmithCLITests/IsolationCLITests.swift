import Foundation
import Glyphsmith
import Testing

/// Issue 13's reproductions (each a few bytes), run through the built executable alone and
/// inside a batch, and the process isolation that keeps one bad file from stopping a batch.
@Suite("one bad file never stops a batch")
struct IsolationCLITests {
  /// Whether the executable under test has the fault seam (`FaultInjection`): debug builds
  /// only, the configuration `swift test` builds by default.
  static let faultsBuiltIn: Bool = {
    #if GLYPHSMITH_FAULT_INJECTION
      return true
    #else
      return false
    #endif
  }()
  static let faultsNote: Comment =
    "fault injection exists only in debug builds; run `swift test` without -c release"

  static let svgNS = "xmlns=\"http://www.w3.org/2000/svg\""
  static let fontBomb =
    "<svg \(svgNS) width=\"24\" height=\"24\"><text y=\"20\" font-size=\"1e9\">W</text></svg>"
  static let tallSVG = "<svg \(svgNS) width=\"24\" height=\"1e19\"/>"
  static let tallViewBox =
    "<svg \(svgNS) viewBox=\"0 0 24 1e38\"><rect width=\"24\" height=\"24\"/></svg>"
  /// `<a` + 0xF2 + `/>href`: an invalid UTF-8 byte in a name and the text `href`.
  static let invalidUTF8 = Data([0x3C, 0x61, 0xF2, 0x2F, 0x3E, 0x68, 0x72, 0x65, 0x66])

  /// A PNG whose header says `width` x `height` 1-bit grey (no pixel data: the limit is
  /// checked before decoding).
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      return be(UInt32(body.count)) + typed + be(crc32(typed))
    }
    let ihdr = be(width) + be(height) + [1, 0, 0, 0, 0]
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        + chunk("IEND", []))
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func write(_ text: String, _ name: String, in dir: URL) throws {
    try Data(text.utf8).write(to: dir.appendingPathComponent(name))
  }

  /// Runs the command and returns its result and wall seconds.
  static func timed(_ arguments: [String], in dir: URL, environment: [String: String] = [:])
    throws -> (CLIResult, Double)
  {
    let start = Date()
    let result = try CLIRunner.run(arguments, in: dir, environment: environment)
    return (result, Date().timeIntervalSince(start))
  }

  @Test func hugeFontSizeIsBoundedBeforeLibrsvgAndRenders() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(Self.fontBomb, "font.svg", in: dir)
    let (result, _) = try Self.timed(["render", "font.svg", "-o", "font.png"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "font.svg: warning: font-size 1e+09 is past what librsvg can draw; drawn at 4096px\n")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("font.png").path))
  }

  @Test(arguments: [
    ("tall.svg", tallSVG, "tall.svg: error: too large: output over 1099511627776 px on a side"),
    ("box.svg", tallViewBox, "box.svg: error: too large: output over 1099511627776 px on a side"),
  ])
  func hugeIntrinsicSizesFailWithAMessage(name: String, svg: String, message: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(svg, name, in: dir)
    let (result, _) = try Self.timed(["render", name, "-o", "out.png"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(message))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name])
  }

  @Test func hugeOptionsAreUsageErrorsAndNormalScalesStayValid() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "c.svg", in: dir)
    for command in ["render", "assets"] {
      for option in command == "render"
        ? ["--size", "--scale", "--padding"] : ["--size", "--padding"]
      {
        let output = command == "render" ? "c.png" : "C.xcassets"
        let result = try CLIRunner.run([command, "c.svg", "-o", output, option, "1e19"], in: dir)
        #expect(result.status == 2, "\(command) \(option)")
        #expect(result.stderr.contains("\(option) is at most"), "\(command) \(option)")
      }
    }
    for scale in ["4", "1.5"] {
      let result = try CLIRunner.run(
        ["render", "c.svg", "-o", "c.png", "--size", "10", "--scale", scale], in: dir)
      #expect(result.status == 0)
      let image = try PNGCodec.decode(
        try Data(contentsOf: dir.appendingPathComponent("c.png")), path: "c.png")
      #expect(image.width == (scale == "4" ? 40 : 15))
    }
  }

  @Test func invalidUTF8NameWithHrefIsAnInvalidSVGNotATrap() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.invalidUTF8.write(to: dir.appendingPathComponent("bad.svg"))
    let (result, _) = try Self.timed(["render", "bad.svg", "-o", "bad.png"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("bad.svg: error: invalid SVG: "))
  }

  @Test func hugePNGIsRefusedFromItsHeaderByRenderAndCompare() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.pngHeader(width: 16000, height: 16000).write(to: dir.appendingPathComponent("big.png"))
    let small = try PNGCodec.encode(RGBAImage(width: 32, height: 32))
    try small.write(to: dir.appendingPathComponent("small.png"))
    let render = try CLIRunner.run(["render", "big.png", "-o", "out.png"], in: dir)
    #expect(render.status == 2)
    #expect(
      render.stderr.hasPrefix(
        "big.png: error: too large: 16000x16000 px PNG; inputs are limited to 16777216 pixels"))
    let compare = try CLIRunner.run(["compare", "small.png", "big.png"], in: dir)
    #expect(compare.status == 2)
    #expect(compare.stderr.contains("big.png: error: too large: 16000x16000 px PNG"))
    // Raised past the default memory budget too (decoding 16000 x 16000 needs 1 GB): the
    // decode itself then finds the pixel data missing.
    let raised = try CLIRunner.run(
      ["render", "big.png", "-o", "out.png", "--max-pixels", "268435456", "--max-memory", "2048"],
      in: dir)
    #expect(raised.status == 2 && raised.stderr.contains("big.png: error: invalid PNG"))
    let unraised = try CLIRunner.run(
      ["render", "big.png", "-o", "out.png", "--max-pixels", "268435456"], in: dir)
    #expect(
      unraised.stderr
        == "big.png: error: rendering needs more than 200 MB (--max-memory); simplify the file "
        + "or raise --max-memory\n")
  }

  @Test func turbulenceOctavesAreClampedWithoutChangingPixels() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    func svg(_ octaves: Int) -> String {
      "<svg \(Self.svgNS) width=\"64\" height=\"64\"><filter id=\"f\"><feTurbulence "
        + "baseFrequency=\"0.05\" numOctaves=\"\(octaves)\"/></filter>"
        + "<rect width=\"64\" height=\"64\" filter=\"url(#f)\"/></svg>"
    }
    try Self.write(svg(100000), "bomb.svg", in: dir)
    try Self.write(svg(24), "clamped.svg", in: dir)
    try Self.write(svg(23), "fewer.svg", in: dir)
    // Its time is bench/hostile's (turbulence), never a test's.
    let bomb = try CLIRunner.run(["render", "bomb.svg", "-o", "bomb.png"], in: dir)
    #expect(bomb.status == 0 && bomb.stderr == "")
    for name in ["clamped", "fewer"] {
      #expect(
        try CLIRunner.run(["render", "\(name).svg", "-o", "\(name).png"], in: dir).status == 0)
    }
    let read = { (name: String) in try Data(contentsOf: dir.appendingPathComponent(name)) }
    #expect(try read("bomb.png") == read("clamped.png"))
    // 24 octaves are past 8-bit precision: the 24th changes nothing either.
    #expect(try read("clamped.png") == read("fewer.png"))
  }

  @Test func useFanOutPastMaxUseIsRefused() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    // 70^3 instances from 3 levels of 70 uses each.
    var svg =
      "<svg \(Self.svgNS) width=\"24\" height=\"24\"><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
    for level in 1...3 {
      svg += "<g id=\"l\(level)\">"
      svg += String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 70)
      svg += "</g>"
    }
    svg += "</defs><use href=\"#l3\"/></svg>"
    try Self.write(svg, "fan.svg", in: dir)
    // Its time is bench/hostile's (use-fan), never a test's.
    let result = try CLIRunner.run(["render", "fan.svg", "-o", "fan.png"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "fan.svg: error: too large: the SVG expands to more than 10000 <use> instances (--max-use)")
    )
    let lint = try CLIRunner.run(["lint", "fan.svg"], in: dir)
    #expect(lint.status == 2 && lint.stderr.contains("fan.svg: error: too large"))
    let allowed = try CLIRunner.run(
      ["render", "fan.svg", "-o", "fan.png", "--max-use", "400000", "--timeout", "60"], in: dir)
    #expect(allowed.status == 0)
  }

  /// Both ways `render` isolates its input (issue 36): in process under `CInProcessGuard`
  /// (the default) and in a forked child (`GLYPHSMITH_ISOLATION=fork`) end a crash, a stack
  /// overflow, a hang and a memory blow-up in the same one line and exit 2, and write nothing.
  @Test(
    .enabled(if: faultsBuiltIn, faultsNote),
    arguments: [
      ("abort", "the renderer crashed on this file (SIGABRT); check or simplify the file"),
      ("stack", "the renderer crashed on this file (SIGSEGV); check or simplify the file"),
      ("hang", "rendering took longer than 2 s (--timeout); simplify the file or raise --timeout"),
      (
        "memory",
        "rendering needs more than 128 MB (--max-memory); simplify the file or raise --max-memory"
      ),
    ], ["guard", "fork"])
  func renderSurvivesACrashHangOrBlowUp(fault: (kind: String, message: String), isolation: String)
    throws
  {
    let (kind, message) = fault
    // Only the hang waits for the timeout; the other faults get one no busy machine reaches
    // first (issue 33: on a loaded machine the memory case timed out at 1 s before its
    // worker had allocated 128 MB).
    let timeout = Self.faultTimeout(kind)
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><!--FAULT--><rect width=\"8\" height=\"8\"/></svg>",
      "bad.svg", in: dir)
    let (result, seconds) = try Self.timed(
      ["render", "bad.svg", "-o", "bad.png", "--timeout", timeout, "--max-memory", "128"],
      in: dir,
      environment: ["GLYPHSMITH_FAULT_INJECTION": "\(kind):FAULT", "GLYPHSMITH_ISOLATION": isolation])
    #expect(result.status == 2)
    #expect(result.stderr == "bad.svg: error: \(message)\n")
    #expect(seconds < (kind == "hang" ? 10 : 30))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.svg"])
  }

  /// The `--timeout` of a fault case: 2 s for the hang (the timeout is what it tests), 20 s
  /// for the others, so a worker on a busy machine reaches its crash or its memory limit
  /// before any timeout.
  static func faultTimeout(_ kind: String) -> String { kind == "hang" ? "2" : "20" }

  @Test(.enabled(if: faultsBuiltIn, faultsNote), arguments: ["abort", "hang", "memory"])
  func assetsWritesEveryOtherInputAroundACrash(kind: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for i in 0..<12 {
      try Self.write(
        "<svg \(Self.svgNS) viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"\(i % 9 + 2)\"/></svg>",
        "icon\(i).svg", in: icons)
    }
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><!--FAULT--><rect width=\"8\" height=\"8\"/></svg>",
      "icon5bad.svg", in: icons)
    try Self.write(Self.fontBomb, "font.svg", in: icons)
    try Self.invalidUTF8.write(to: icons.appendingPathComponent("utf8.svg"))
    let (result, seconds) = try Self.timed(
      [
        "assets", "icons", "-o", "A.xcassets", "--role", "plain", "--size", "24", "--json",
        "--jobs", "2", "--timeout", Self.faultTimeout(kind), "--max-memory", "128",
      ], in: dir, environment: ["GLYPHSMITH_FAULT_INJECTION": "\(kind):FAULT"])
    #expect(result.status == 2)
    #expect(seconds < 60)
    let report = try JSONDecoder().decode(AssetsReport.self, from: result.stdout)
    let failed = report.inputs.filter { $0.status == .failed }.map(\.path).sorted()
    #expect(failed == ["icons/icon5bad.svg", "icons/utf8.svg"])
    #expect(report.inputs.filter { $0.status == .written }.count == 13)
    let bad = report.inputs.first { $0.path == "icons/icon5bad.svg" }!
    let expected = [
      "abort": "icons/icon5bad.svg: error: the renderer crashed on this file (SIGABRT)",
      "hang": "icons/icon5bad.svg: error: rendering took longer than 2 s",
      "memory": "icons/icon5bad.svg: error: rendering needs more than 128 MB",
    ][kind]!
    #expect(bad.error?.hasPrefix(expected) == true, "\(bad.error ?? "")")
    for i in 0..<12 {
      let png = dir.appendingPathComponent("A.xcassets/icon\(i).imageset/icon\(i)@3x.png")
      #expect(FileManager.default.fileExists(atPath: png.path))
    }
  }

  /// A worker whose state one input broke (a poisoned font cache: librsvg then panics on the
  /// next file with text, found by the fuzzer) crashes on an innocent input: that input runs
  /// again in a new worker and is written; which inputs share a worker never decides the
  /// outcome (it did: the input after the poisoning one failed with SIGABRT, and with another
  /// --jobs another input did).
  @Test(.enabled(if: faultsBuiltIn, faultsNote))
  func anInputAWorkerCrashedOnAfterAnotherRunsAgainInANewWorker() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><!--POISON--><rect width=\"8\" height=\"8\"/></svg>",
      "a.svg", in: icons)
    for name in ["b", "c", "d"] {
      try Self.write(
        "<svg \(Self.svgNS) viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"9\"/></svg>",
        "\(name).svg", in: icons)
    }
    var trees: [[String: Data]] = []
    for jobs in ["1", "2"] {
      let out = "J\(jobs).xcassets"
      let result = try CLIRunner.run(
        ["assets", "icons", "-o", out, "--role", "plain", "--size", "24", "--jobs", jobs],
        in: dir, environment: ["GLYPHSMITH_FAULT_INJECTION": "poison:POISON"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr.hasPrefix("wrote 4 icons (12 PNG files) to \(out)"), "\(result.stderr)")
      let root = dir.appendingPathComponent(out)
      var tree: [String: Data] = [:]
      for case let file as URL in FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: nil)!
      where !file.hasDirectoryPath && !file.lastPathComponent.hasPrefix(".") {
        tree[String(file.path.dropFirst(root.path.count))] = try Data(contentsOf: file)
      }
      #expect(tree.keys.filter { $0.hasSuffix(".png") }.count == 12)
      trees.append(tree)
    }
    #expect(trees[0] == trees[1])
  }

  @Test func workerOutputIsByteIdenticalForEveryJobs() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let icons = dir.appendingPathComponent("icons")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    for i in 0..<9 {
      try Self.write(
        "<svg \(Self.svgNS) viewBox=\"0 0 24 24\"><rect x=\"\(i)\" y=\"2\" width=\"\(20 - i)\" height=\"\(i + 3)\"/></svg>",
        "r\(i).svg", in: icons)
    }
    var trees: [[String: Data]] = []
    for jobs in ["1", "2", "5"] {
      let out = "J\(jobs).xcassets"
      let result = try CLIRunner.run(
        ["assets", "icons", "-o", out, "--quiet", "--jobs", jobs], in: dir)
      #expect(result.status == 0)
      let root = dir.appendingPathComponent(out)
      var tree: [String: Data] = [:]
      for case let file as URL in FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: nil)!
      where !file.hasDirectoryPath {
        tree[String(file.path.dropFirst(root.path.count))] = try Data(contentsOf: file)
      }
      trees.append(tree)
    }
    // 9 sets of 4 files, the catalog's Contents.json and its record of outputs.
    #expect(trees[0].count == 9 * 4 + 2)
    #expect(trees[0] == trees[1] && trees[1] == trees[2])
  }

  @Test(.enabled(if: faultsBuiltIn, faultsNote))
  func lintReportsEveryOtherFileAroundACrash() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(circleSVG, "a.svg", in: dir)
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><!--FAULT--><rect width=\"8\" height=\"8\"/></svg>",
      "b.svg", in: dir)
    try Self.write(circleSVG, "c.svg", in: dir)
    let result = try CLIRunner.run(
      ["lint", "a.svg", "b.svg", "c.svg", "--json", "--jobs", "2"], in: dir,
      environment: ["GLYPHSMITH_FAULT_INJECTION": "abort:FAULT"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("b.svg: error: the renderer crashed on this file (SIGABRT)"))
    let report = try JSONDecoder().decode(LintReport.self, from: result.stdout)
    #expect(report.files.map(\.path) == ["a.svg", "c.svg"])
  }

  @Test func referencesLibrsvgWouldDropSilentlyAreDroppedWithAWarning() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let nested =
      "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E"
      + "%3Cimage href=%22/etc/secret.png%22/%3E%3C/svg%3E"
    let svg =
      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://example.com/svg11.dtd\">"
      + "<svg \(Self.svgNS) width=\"8\" height=\"8\">"
      + "<style>rect { fill: url(other.svg#paint) }</style>"
      + "<rect width=\"8\" height=\"8\" style=\"stroke:url('/etc/x.svg#s')\"/>"
      + "<image width=\"4\" height=\"4\" href=\"\(nested)\"/></svg>"
    try Self.write(svg, "refs.svg", in: dir)
    let result = try CLIRunner.run(["render", "refs.svg", "-o", "refs.png"], in: dir)
    #expect(result.status == 0)
    #expect(
      result.stderr.split(separator: "\n") == [
        "refs.svg: warning: dropped reference 'http://example.com/svg11.dtd': external DTDs are never loaded",
        "refs.svg: warning: dropped reference '/etc/secret.png': a file referenced inside a data: SVG is never loaded; inline the content",
        "refs.svg: warning: dropped reference 'other.svg#paint': CSS url() references to other files are never loaded; inline the content",
        "refs.svg: warning: dropped reference '/etc/x.svg#s': CSS url() references to other files are never loaded; inline the content",
      ])
  }

  /// What the guarded render holds on stderr comes out as the forked child's did: warnings
  /// (four, in order), a render error, a usage error, an input that is not there, a PNG, and
  /// `-o -`: the same status, stdout and stderr both ways (issue 36).
  @Test(.enabled(if: faultsBuiltIn, faultsNote))
  func guardedRenderAnswersAsTheForkedChildDid() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let nested =
      "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E"
      + "%3Cimage href=%22/etc/secret.png%22/%3E%3C/svg%3E"
    try Self.write(
      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://example.com/svg11.dtd\">"
        + "<svg \(Self.svgNS) width=\"8\" height=\"8\">"
        + "<style>rect { fill: url(other.svg#paint) }</style>"
        + "<rect width=\"8\" height=\"8\" style=\"stroke:url('/etc/x.svg#s')\"/>"
        + "<image width=\"4\" height=\"4\" href=\"\(nested)\"/></svg>", "refs.svg", in: dir)
    try Self.write("<svg \(Self.svgNS) width=\"8\" height=\"8\"><rect", "broken.svg", in: dir)
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><rect width=\"8\" height=\"8\"/></svg>",
      "ok.svg", in: dir)
    try Self.pngHeader(width: 4, height: 4).write(to: dir.appendingPathComponent("head.png"))
    let cases: [[String]] = [
      ["render", "refs.svg", "-o", "refs.png"],
      ["render", "broken.svg", "-o", "broken.png"],
      ["render", "missing.svg", "-o", "missing.png"],
      ["render", "head.png", "-o", "head-out.png"],
      ["render", "ok.svg", "-o", "-", "--size", "4"],
      ["render", "ok.svg", "-o", "ok.png", "--role", "tab-bar", "--timeout", "0.000001"],
    ]
    var statuses: [Int32] = []
    for arguments in cases {
      let guarded = try CLIRunner.run(arguments, in: dir)
      let forked = try CLIRunner.run(arguments, in: dir, environment: ["GLYPHSMITH_ISOLATION": "fork"])
      #expect(guarded.status == forked.status, "\(arguments)")
      #expect(guarded.stdout == forked.stdout, "\(arguments)")
      #expect(guarded.stderr == forked.stderr, "\(arguments)")
      statuses.append(guarded.status)
    }
    #expect(statuses == [0, 2, 2, 2, 0, 2])
  }

  /// Trial t36b: stdout closed, full or a pipe whose reader left; a file size limit with an
  /// output past it and with warnings held; a lower data limit the user set. The guard and the
  /// fork answer alike (`sh -c` sets the limits and descriptors, then execs the tool).
  @Test(.enabled(if: faultsBuiltIn, faultsNote))
  func limitsAndStdoutFailuresAnswerAlikeAndNameTheirCause() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><circle cx=\"4\" cy=\"4\" r=\"3\"/></svg>",
      "ok.svg", in: dir)
    try Self.write(
      "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://example.com/svg11.dtd\">"
        + "<svg \(Self.svgNS) width=\"8\" height=\"8\"><rect width=\"8\" height=\"8\"/></svg>",
      "warns.svg", in: dir)
    func run(_ script: String, _ isolation: String) throws -> CLIResult {
      try CLIRunner.run(
        ["-c", script], in: dir,
        environment: ["GLYPHSMITH_ISOLATION": isolation, "GLYPHSMITH_BIN": CLIRunner.executable.path],
        executable: URL(fileURLWithPath: "/bin/sh"))
    }
    let cases: [(script: String, status: Int32, stderr: (String) -> Bool)] = [
      (
        "exec \"$GLYPHSMITH_BIN\" render ok.svg -o - --size 4 >&-", 2,
        { $0 == "stdout: error: cannot write: bad file descriptor\n" }
      ),
      (
        "exec \"$GLYPHSMITH_BIN\" render ok.svg -o - --size 4 >/dev/full", 2,
        { $0 == "stdout: error: cannot write: no space left on device\n" }
      ),
      (
        "ulimit -f 1; exec \"$GLYPHSMITH_BIN\" render ok.svg -o big.png --size 1024 --scale 3", 2,
        { $0.hasPrefix("big.png: error: cannot write: cannot write ./.big.png.tmp-") && $0.hasSuffix(": file too large\n") }
      ),
      (
        "ulimit -f 0; exec \"$GLYPHSMITH_BIN\" render warns.svg -o - --size 8 >/dev/null", 0,
        { $0 == "warns.svg: warning: dropped reference 'http://example.com/svg11.dtd': external DTDs are never loaded\n" }
      ),
      (
        "ulimit -S -d 100000; exec \"$GLYPHSMITH_BIN\" render ok.svg -o large.png --size 2048 --scale 3 --max-memory 400", 2,
        { $0.hasPrefix("ok.svg: error: ") }
      ),
    ]
    for (script, status, stderr) in cases {
      let guarded = try run(script, "guard")
      let forked = try run(script, "fork")
      #expect(guarded.status == status, "\(script): \(guarded.stderr)")
      #expect(stderr(guarded.stderr), "\(script): \(guarded.stderr)")
      #expect(guarded.status == forked.status, "\(script)")
      #expect(stderr(forked.stderr), "\(script): \(forked.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["ok.svg", "warns.svg"])
  }

  /// `G_MESSAGES_DEBUG=all` sends GLib's debug lines to stderr, never into the PNG that
  /// `render -o -` writes on stdout (trial t36b L6).
  @Test func glibDebugMessagesNeverReachStdout() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.write(
      "<svg \(Self.svgNS) width=\"8\" height=\"8\"><text x=\"1\" y=\"7\" font-size=\"6\">A</text></svg>",
      "text.svg", in: dir)
    let plain = try CLIRunner.run(["render", "text.svg", "-o", "-", "--size", "16"], in: dir)
    let debug = try CLIRunner.run(
      ["render", "text.svg", "-o", "-", "--size", "16"], in: dir,
      environment: ["G_MESSAGES_DEBUG": "all"])
    #expect(plain.status == 0 && debug.status == 0)
    #expect(plain.stdout.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(debug.stdout == plain.stdout)
  }
}
