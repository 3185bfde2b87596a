import Foundation
import GlyphsmithCore
import Testing

// Issue 37: the binaries import FoundationEssentials, not Foundation (which links ICU, about
// 30 MB). What they used of Foundation proper is done by GlyphsmithCore's helpers; these
// compare each helper with the Foundation member it replaces (tests may import Foundation:
// they are not shipped).

/// Paths built from pieces that exercise every rule: runs of `/`, dots at either end, hidden
/// names, non-ASCII and combining characters.
private let pathPieces = [
  "", "/", "//", "a", "b.", ".", "..", ".h", "a.b", "a.b.c", "é.png", "e\u{301}.s", "x y.svg",
  "a/", "/a", "a/b", "a//b.c", "a/.b", "a/b./", "a.b/c", "a.b/", "./", "../x", "日本.語",
  ".a.b", "Icon@2x~ipad.png",
]

/// Every piece, and every pair joined with and without a `/`; paths corelibs Foundation
/// traps on (a trailing `//` after a one-character component, a combining mark after a `/`)
/// or compresses wrongly (`///a//b.c`, where its slash fixing skips a run) are left out.
private let samplePaths: [String] = {
  var paths = pathPieces
  for p in pathPieces { for q in pathPieces { paths += [p + q, p + "/" + q] } }
  return paths.filter { path in
    !path.contains("/\u{301}") && !path.hasPrefix("///") && !path.contains("///a")
      && !path.hasSuffix("a//") && !(path.contains("//") && path.hasSuffix("//"))
  }
}()

@Suite("PathName matches NSString")
struct PathNameTests {
  @Test func lastComponentExtensionAndStemMatchFoundation() {
    var compared = 0
    for path in samplePaths where !path.hasSuffix("//") {
      let ns = path as NSString
      #expect(PathName(path).lastPathComponent == ns.lastPathComponent, "\(path)")
      #expect(PathName(path).pathExtension == ns.pathExtension, "\(path)")
      #expect(PathName(path).deletingPathExtension == ns.deletingPathExtension, "\(path)")
      compared += 1
    }
    #expect(compared > 1000)
  }

  @Test func appendingMatchesFoundation() {
    for path in samplePaths where !path.hasSuffix("//") {
      for piece in pathPieces {
        #expect(
          PathName(path).appendingPathComponent(piece)
            == (path as NSString).appendingPathComponent(piece), "\(path) + \(piece)")
      }
    }
  }

  @Test(arguments: [
    "/a/./b/../c/", "/a//b", "/../a", "/a/b/..", "/", "/a/..", "/a/b/../../..", "/a/.b/c.",
    "/a/..b", "/x/é/./../y",
  ])
  func standardizingAbsolutePathsMatchesFoundation(path: String) {
    #expect(PathName(path).standardizingPath == (path as NSString).standardizingPath)
  }

  @Test func knownAnswers() {
    #expect(PathName("a/b.png").lastPathComponent == "b.png")
    #expect(PathName("//").lastPathComponent == "")
    #expect(PathName("/").lastPathComponent == "/")
    #expect(PathName("a/b.tar.gz").pathExtension == "gz")
    #expect(PathName(".hidden").pathExtension == "")
    #expect(PathName("b.").deletingPathExtension == "b")
    #expect(PathName("..").deletingPathExtension == "..")
    #expect(PathName("a//b.svg").deletingPathExtension == "a/b")
    // Foundation traps on these (`bé//é`) or keeps a run (`/a/.b/////.//c`): found by
    // `scripts/fuzz readers`; every run of `/` is one.
    #expect(PathName("bé//é").lastPathComponent == "é")
    #expect(PathName("bé//é.png").deletingPathExtension == "bé/é")
    #expect(PathName("//日").lastPathComponent == "日")
    #expect(PathName("/a/.b/////.//c").deletingPathExtension == "/a/.b/./c")
    #expect(PathName("a").appendingPathComponent("/b") == "a//b")
    #expect(PathName("a/").appendingPathComponent("b") == "a/b")
    // Foundation traps on these (SIGILL); the helper answers.
    #expect(PathName("x//").lastPathComponent == "x")
    #expect(PathName("/a//").pathExtension == "")
  }

  /// `fixingSlashes` answers a path with nothing to fix as it is, found on its bytes (issue
  /// 36), and still fixes `/` Characters only: a `/` that a combining mark joins is kept.
  @Test func fixingSlashesKnownAnswers() {
    #expect(PathName.fixingSlashes("") == "")
    #expect(PathName.fixingSlashes("/") == "/")
    #expect(PathName.fixingSlashes("///") == "")
    #expect(PathName.fixingSlashes("a/b.png") == "a/b.png")
    #expect(PathName.fixingSlashes("/x/y.imageset/y@2x.png") == "/x/y.imageset/y@2x.png")
    #expect(PathName.fixingSlashes("a/b/") == "a/b")
    #expect(PathName.fixingSlashes("a//b///c") == "a/b/c")
    #expect(PathName.fixingSlashes("bé//é/") == "bé/é")
    #expect(PathName.fixingSlashes("a/\u{301}/b") == "a/\u{301}/b")
    #expect(PathName.fixingSlashes("a//\u{301}") == "a//\u{301}")
    #expect(PathName.fixingSlashes("a/\u{301}/") == "a/\u{301}")
  }
}

@Suite("trimming matches Foundation's character sets")
struct TrimTests {
  @Test func setsMatchFoundationOverAllScalars() {
    var whitespace = 0
    for value in 0...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(TrimSet.isWhitespace(scalar) == CharacterSet.whitespaces.contains(scalar), "\(value)")
      #expect(TrimSet.isNewline(scalar) == CharacterSet.newlines.contains(scalar), "\(value)")
      if TrimSet.isWhitespace(scalar) { whitespace += 1 }
    }
    #expect(whitespace == 19)
  }

  @Test(arguments: [
    "", " ", "\t a b \t", "\n x \r\n", "\u{A0}é\u{2003}", "\u{200B}x\u{200B}", " \u{301}a ",
    "\u{85}line\u{2028}", "a", "  \n\t  ", "'quoted\"", " 'x' ",
  ])
  func trimsAsFoundation(text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    #expect(
      text.trimmingWhitespaceAndNewlines()
        == text.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(text.trimmingNewlines() == text.trimmingCharacters(in: .newlines))
    #expect(
      text.trimming(scalarsIn: " '\"")
        == text.trimmingCharacters(in: CharacterSet(charactersIn: " '\"")))
    #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
  }
}

@Suite("String(cFormat:) matches String(format:)")
struct CFormatTests {
  @Test(arguments: [0.0, -0.0, 0.5, 1.005, 2.675, 1e-7, 123456.789, -3.25, 1e21, 0.1 + 0.2])
  func numbersFormatAsFoundation(value: Double) {
    for format in ["%.2f", "%g", "%.6f", "%.9g", "%.3f", "%.1f %%", "%.0f", "%.3g", "%.5f"] {
      #expect(String(cFormat: format, value) == String(format: format, value), "\(format)")
    }
  }

  @Test func integersAndHexFormatAsFoundation() {
    for value in [0, 7, 15, 255, 4095, 65535] {
      for format in ["U+%04X", "%02X", "\\x%02X", "\\u%04x", "ETA %d:%02d"] {
        #expect(String(cFormat: format, value, 5) == String(format: format, value, 5))
      }
    }
    #expect(String(cFormat: "#%02X%02X%02X", 1, 171, 255) == "#01ABFF")
    let long = String(cFormat: "%0300d", 1)
    #expect(long.count == 300 && long.hasSuffix("01"))
  }
}

@Suite("canonical forms match Foundation's")
struct NormalizationTests {
  @Test(arguments: [
    "", "abc", "é", "e\u{301}", "\u{1E0B}\u{323}", "Å", "A\u{30A}", "한국어", "\u{1100}\u{1161}",
    "caf\u{E9}.svg", "cafe\u{301}.svg", "ﬁ", "\u{212B}",
  ])
  func formsMatch(text: String) {
    #expect(
      Array(text.canonicalComposition.utf8)
        == Array(text.precomposedStringWithCanonicalMapping.utf8))
    #expect(
      Array(text.canonicalDecomposition.utf8)
        == Array(text.decomposedStringWithCanonicalMapping.utf8))
  }

  @Test func lastRangeFindsTheLastOccurrence() {
    let name = ".icon.tmp-12-3.tmp-45-6"
    #expect(name.lastRange(of: ".tmp-") == name.range(of: ".tmp-", options: .backwards))
    #expect("aaa".lastRange(of: "aa") == "aaa".range(of: "aa", options: .backwards))
    #expect("star@2x~ipad".lastRange(of: "@").map { "star@2x~ipad"[$0.upperBound...] } == "2x~ipad")
    #expect("abc".lastRange(of: "@") == nil)
  }
}

@Suite("JSONSyntaxCheck matches JSONSerialization")
struct JSONSyntaxCheckTests {
  static let seeds = [
    #"{"a": 1, "b": [true, false, null, -0.5e+3, "x\n\u00e9\ud83d\ude00"], "c": {"d": "é"}}"#,
    #"[1, 2.5, -3, 0, 1e5, 1E-2, "\"\\\/\b\f\r\t"]"#,
    "  {\n  \"version\": 1,\n  \"images\": [ { \"idiom\": \"universal\", \"scale\": \"2x\" } ]\n}\n",
    #""str""#, "12", "-0", "true", "null", "[]", "{}", "[[[[]]]]", #"{"k":{"k":{"k":[0.0]}}}"#,
  ]

  /// Foundation's words for `data`, or nil when it parses.
  static func foundation(_ data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
  }

  /// Every prefix of every seed, and 20,000 seeds with one to three bytes deleted, inserted or
  /// replaced (a fixed generator: the same documents every run).
  @Test func brokenDocumentsAreNamedAsFoundationNamesThem() {
    let alphabet = Array("{}[]\",:.-+eE0123456789 \n\t\\unlfatrsx/".utf8)
      + [0, 1, 0x1F, 0xC3, 0xA9, 0xFF, 0x80, 0xEF, 0xBB, 0xBF]
    var documents: [[UInt8]] = []
    for seed in Self.seeds {
      let bytes = Array(seed.utf8)
      for n in 0...bytes.count { documents.append(Array(bytes.prefix(n))) }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<20_000 {
      var bytes = Array(Self.seeds[next(Self.seeds.count)].utf8)
      for _ in 0...next(3) {
        let at = next(bytes.count + 1)
        switch next(3) {
        case 0 where at < bytes.count: bytes.remove(at: at)
        case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
        default: if at < bytes.count { bytes[at] = alphabet[next(alphabet.count)] }
        }
      }
      documents.append(bytes)
    }
    documents += [
      Array(String(repeating: "[", count: 600).utf8),
      Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8),
      Array((String(repeating: "[", count: 511) + String(repeating: "]", count: 511)).utf8),
      Array("[1e999, 2e999]".utf8), Array(#"["\udc00"]"#.utf8), Array(#"["\ud800\u0041"]"#.utf8),
      [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x31], Array("[\"ab\\".utf8) + [0xC3, 0xA9, 0x22, 0x5D],
    ]
    var invalid = 0
    var mismatches = 0
    for document in documents {
      let data = Data(document)
      let expected = Self.foundation(data)
      if expected != nil { invalid += 1 }
      if JSONSyntaxCheck.firstError(in: data) != expected {
        mismatches += 1
        if mismatches < 10 {
          let text = String(decoding: document, as: UTF8.self).debugDescription
          let found = JSONSyntaxCheck.firstError(in: data) ?? "nil"
          Issue.record("\(text): Foundation \(expected ?? "nil"), check \(found)")
        }
      }
    }
    #expect(mismatches == 0)
    #expect(invalid > 10_000)
  }

  @Test func knownAnswers() {
    #expect(JSONSyntaxCheck.firstError(in: Data(#"{"a": }"#.utf8)) == "Invalid value around character 6.")
    #expect(JSONSyntaxCheck.firstError(in: Data("[1,2".utf8)) == "Unexpected end of file during JSON parse.")
    #expect(JSONSyntaxCheck.firstError(in: Data("[01]".utf8)) == "Number with leading zero around character 2.")
    #expect(JSONSyntaxCheck.firstError(in: Data("[1e999]".utf8)) == "Number 1e999 is not representable in Swift.")
    #expect(JSONSyntaxCheck.firstError(in: Data(#"{"a": [1, {"b": true}], "c": null}"#.utf8)) == nil)
  }
}

/// What `scripts/fuzz readers` found (2026-12-07), kept: each input as Foundation reads it,
/// and the one place where the check counts otherwise on purpose.
@Suite("JSONSyntaxCheck: the readers fuzzer's findings")
struct JSONSyntaxFuzzFindingsTests {
  @Test(arguments: [
    [0x00, 0x00], [0x00, 0x00, 0x7B], [0x00, 0x00, 0x20], [0x00, 0x00, 0x00],
    // A UTF-16 mark, then U+FEFF: a character, not a second mark.
    [0xFE, 0xFF, 0xFE, 0xFF, 0x00, 0x31], [0xFF, 0xFE, 0xFF, 0xFE, 0x31, 0x00],
  ] as [[UInt8]])
  func shortAndMarkedDocumentsAsFoundation(bytes: [UInt8]) {
    let data = Data(bytes)
    #expect(JSONSyntaxCheckTests.foundation(data) == "Invalid value around character 0.")
    #expect(JSONSyntaxCheck.firstError(in: data) == "Invalid value around character 0.")
  }

  @Test func afterAUTF8MarkTheFileIsCounted() {
    let data = Data("\u{FEFF}{\n  \"a\": x\n}".utf8)
    // Foundation counts from after the mark (character 9); the check from the file's start.
    #expect(JSONSyntaxCheckTests.foundation(data) == "Invalid value around character 9.")
    #expect(JSONSyntaxCheck.firstError(in: data) == "Invalid value around character 12.")
    #expect(JSONSyntaxProblem.describe(data) == "not valid JSON at line 2, column 8 (invalid value)")
    #expect(
      JSONSyntaxProblem.describe(Data("\u{FEFF}x".utf8))
        == "not valid JSON at line 1, column 1 (invalid value)")
  }

  /// A Latin-1 file (t37c's trial: Foundation's "Invalid UTF-8 sequence 1 bytes starting from
  /// character 24." came through as it was).
  @Test func aLatin1FileIsNamedAsNotUTF8WhereItStops() {
    let data = Data("{\n  \"name\": \"caf".utf8) + Data([0xE9]) + Data("\"\n}\n".utf8)
    #expect(JSONSyntaxCheck.firstError(in: data)?.hasPrefix("Invalid UTF-8 sequence") == true)
    #expect(
      JSONSyntaxProblem.describe(data)
        == "not valid JSON at line 2, column 15: the file is not UTF-8 text; save it as UTF-8")
  }

  @Test func aUTF16DocumentIsPlacedInItsText() {
    let text = "{\n  \"a\": x\n}"
    for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16] {
      let data = text.data(using: encoding)!
      #expect(
        JSONSyntaxProblem.describe(data) == "not valid JSON at line 2, column 8 (invalid value)",
        "\(encoding)")
    }
  }
}

@Suite("the shipped targets import no Foundation")
struct FoundationImportGuardTests {
  /// The targets the two executables link: each imports FoundationEssentials (no ICU),
  /// never Foundation, whose ICU data alone is about 30 MB of each binary (issue 37).
  static let essentialsTargets = [
    "GlyphsmithPNG", "GlyphsmithCore", "GlyphsmithCLISupport", "GlyphsmithCommands",
    "GlyphsmithFront", "GlyphsmithRender", "GlyphsmithGolden", "Glyphsmith", "GlyphsmithTool",
    "GlyphsmithToolMain",
  ]

  @Test func noShippedSourceImportsFoundation() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    var checked = 0
    for target in Self.essentialsTargets {
      let folder = sources.appendingPathComponent(target)
      let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        checked += 1
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          let imports = words.first == "import" || (words.first?.hasPrefix("@") == true && words.dropFirst().first == "import")
          let module = words.last.map(String.init) ?? ""
          #expect(
            !(imports && (module == "Foundation" || module.hasPrefix("Foundation."))),
            "\(target)/\(file): \(line)")
        }
      }
    }
    #expect(checked > 400)
  }
}

@Suite("text helpers match Foundation")
struct TextHelperTests {
  @Test(arguments: ["a b", "é/ü?#%", "x~y_z.-!$&'()*+,:=@", "日本", "tab\there", ""])
  func pathSegmentsEncodeAsFoundation(text: String) {
    #expect(
      text.percentEncodedPathSegment
        == text.addingPercentEncoding(
          withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"])))
  }

  @Test(arguments: ["a%20b", "%C3%A9", "%zz", "%", "%4", "%+1", "plain", "%FF", "%2f%2F"])
  func percentDecodingMatchesFoundation(text: String) {
    #expect(text.percentDecoded == text.removingPercentEncoding)
  }

  @Test func replacingAndCaseInsensitiveSearchMatchFoundation() {
    for (text, target, replacement) in [
      ("a>b>c", ">", " > "), ("aaa", "aa", "b"), ("x", "", "y"), ("caf\u{E9}", "e", "E"),
    ] {
      #expect(
        text.replacingEvery(target, with: replacement)
          == text.replacingOccurrences(of: target, with: replacement))
    }
    for (text, target) in [
      ("a{FONT-size:1}", "font"), ("<!entity x>", "<!ENTITY"), ("@Media x", "@media"), ("no", "x"),
    ] {
      let ours = text.firstRangeIgnoringASCIICase(of: target).map { String(text[$0]) }
      let theirs = text.range(of: target, options: .caseInsensitive).map { String(text[$0]) }
      #expect(ours == theirs)
    }
  }
}

@Suite("JSONValue trees match JSONSerialization")
struct JSONTreeTests {
  @Test func encodedTreesMatchJSONSerialization() throws {
    let object: [String: Any] = [
      "done": true, "summary": "1 accepted", "count": 3, "share": 0.25,
      "paths": ["a/b.png", "c d"], "nested": ["x": 1, "y": [false, "z"]],
    ]
    let theirs = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    #expect(JSONValue(any: object).encoded(escapingSlashes: false) == theirs)
    let line = try JSONSerialization.data(
      withJSONObject: ["file": "a/b.png", "hash": "00ff"], options: [.sortedKeys])
    #expect(JSONValue.object(["file": .string("a/b.png"), "hash": .string("00ff")]).encoded() == line)
  }

  @Test func parsedTreesHoldWhatJSONSerializationRead() throws {
    let data = Data(#"{"icons": "i", "n": [1, 2.5, true, null, {"k": "v"}]}"#.utf8)
    let value = try #require(JSONValue.parse(data))
    #expect(value.object?["icons"]?.string == "i")
    let list = try #require(value.object?["n"]?.array)
    #expect(list == [.number(1), .number(2.5), .bool(true), .null, .object(["k": .string("v")])])
    let tree = try #require(value.anyTree as? [String: Any])
    #expect((tree["n"] as? [Any])?[2] as? Bool == true)
    #expect((tree["n"] as? [Any])?[0] as? Bool == nil)
    #expect(JSONValue.parse(Data("[1,".utf8)) == nil)
  }
}

@Suite("processes, folders and errors without Foundation")
struct PlatformHelperTests {
  @Test func childProcessCollectsOutputStatusAndFolder() throws {
    let folder = FileManager.default.temporaryDirectory.path
    let outcome = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", "pwd; echo oops >&2; exit 3"], directory: folder,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(outcome.status == 3)
    let printed = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(printed == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path + "\n"
      || printed == folder + "\n")
    #expect(String(decoding: outcome.stderr, as: UTF8.self) == "oops\n")
    let killed = try ChildProcess.run(
      "/bin/sh", arguments: ["-c", "kill -9 $$"], directory: "/", environment: [:])
    #expect(killed.status == nil)
    #expect(throws: ChildProcess.Failure.self) {
      try ChildProcess.run("/nonexistent/tool", arguments: [], directory: "/", environment: [:])
    }
  }

  /// A command that fills its standard error pipe (64 KiB) before it ends its standard
  /// output: read one after the other, it waited for ever (the port's caveat, 2026-12-07).
  @Test(.timeLimit(.minutes(1))) func childProcessFillingStandardErrorFirstEnds() throws {
    let outcome = try ChildProcess.run(
      "/bin/sh",
      arguments: ["-c", "head -c 300000 /dev/zero | tr '\\0' e >&2; printf out; exec 2>&-; printf put"],
      directory: "/", environment: ["PATH": "/usr/bin:/bin"])
    #expect(outcome.status == 0)
    #expect(String(decoding: outcome.stdout, as: UTF8.self) == "output")
    #expect(outcome.stderr.count == 300_000)
    #expect(outcome.stderr.allSatisfy { $0 == UInt8(ascii: "e") })
  }

  @Test func walkListsWhatTheEnumeratorListed() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("walk-\(ProcessInfo.processInfo.processIdentifier)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for folder in ["a/b", "c", ".hidden"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    for file in ["a/b/x.png", "a/y.json", ".hidden/z", "top"] {
      _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data("1".utf8))
    }
    try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "a")
    var theirs: [String] = []
    let walker = try #require(FileManager.default.enumerator(atPath: root))
    while let relative = walker.nextObject() as? String { theirs.append(relative) }
    #expect(Platform.walk(root)?.sorted() == theirs.sorted())
    #expect(Platform.walk(root + "/missing") == nil)
  }

  @Test func posixReasonsUnderFileErrors() {
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/golden.json"))
      Issue.record("read a missing file")
    } catch {
      #expect(SystemError.posixCode(error) == ENOENT)
      #expect(SystemError.posixReason(error) == "No such file or directory")
    }
    #expect(SystemError.posixReason(CocoaError(.fileReadUnknown)) == nil)
  }
}
