import Foundation
import Testing

@testable import Glyphsmith

/// The record of outputs read without `Codable` (`OutputRecordReader`) and the byte-level path
/// questions (`PathBytes`), each compared with the code it stands in for (issue 36).
@Suite("output record reader")
struct OutputRecordReaderTests {
  /// The components odd paths are made of: dots, empty runs, spaces, composed and decomposed
  /// accents, CJK, a set folder.
  static let parts = [
    "a", "b", "é", "e\u{301}", ".", "..", "...", "", "a b", "x.imageset", ".hidden", "ü", "日本",
  ]

  /// Every path of up to three `parts`, with and without a leading and a trailing `/`.
  static var paths: [String] {
    var found: [String] = ["/", "//", "", ".", ".."]
    for first in parts {
      for second in [nil] + parts {
        for third in [nil] + parts {
          let joined = ([first] + [second, third].compactMap { $0 }).joined(separator: "/")
          found += [joined, "/" + joined, joined + "/", "/" + joined + "/", "//" + joined]
        }
      }
    }
    return found
  }

  @Test("a standardized path is found so by its bytes exactly when the text code leaves it as is")
  func standardizedMatchesText() {
    var mismatches: [String] = []
    var standard = 0
    let paths = Self.paths
    for path in paths {
      for cwd in ["/", "/home/proj", "/tmp/a b/é"] {
        let full = path.hasPrefix("/") ? path : cwd + "/" + path
        let text = PrunePaths.textStandardized(full)
        if PathBytes.isStandardized(full) != (text == full) { mismatches.append("is: " + full) }
        if text == full { standard += 1 }
        if PrunePaths.standardized(path, cwd: cwd) != text {
          mismatches.append(path + " in " + cwd)
        }
      }
    }
    #expect(mismatches == [])
    #expect(paths.count == 12_745)
    #expect(standard > 1000)
    #expect(PathBytes.isStandardized("/a/.../b"))
    #expect(!PathBytes.isStandardized("/a/./b"))
    #expect(!PathBytes.isStandardized("/a/b/.."))
    #expect(!PathBytes.isStandardized("a/b"))
    #expect(PrunePaths.standardized("x/../y//z/.", cwd: "/w") == "/w/y/z")
  }

  @Test("relative paths by bytes equal those by String components, for every pair")
  func relativePathMatchesText() {
    // Every path of up to two parts, each with and without a leading `/`.
    var folders: [String] = ["/", ""]
    for first in Self.parts {
      for second in [nil] + Self.parts {
        let joined = ([first] + [second].compactMap { $0 }).joined(separator: "/")
        folders += [joined, "/" + joined + "/"]
      }
    }
    var mismatches: [String] = []
    var fast = 0
    for folder in folders {
      for path in folders {
        let text = OutputManifest.textRelativePath(fromFolder: folder, to: path)
        if OutputManifest.relativePath(fromFolder: folder, to: path) != text {
          mismatches.append(folder + " -> " + path)
        }
        if PathBytes.relativePath(fromFolder: folder, to: path) != nil { fast += 1 }
      }
    }
    #expect(mismatches == [])
    #expect(folders.count == 366)
    #expect(fast == 33_124)
    #expect(
      OutputManifest.relativePath(fromFolder: "/p/App/Icons.xcassets", to: "/p/icons/bell.svg")
        == "../../icons/bell.svg")
    #expect(OutputManifest.relativePath(fromFolder: "/p", to: "/p") == "")
    #expect(OutputManifest.relativePath(fromFolder: "/p/q", to: "/p") == "..")
    // Composed and decomposed é are one component to `String`, two to bytes: the text decides.
    #expect(PathBytes.relativePath(fromFolder: "/é", to: "/e\u{301}/x") == nil)
    #expect(OutputManifest.relativePath(fromFolder: "/é", to: "/e\u{301}/x") == "x")
  }

  /// A record as Glyphsmith writes it (`XcodeJSON`), with `count` outputs and six hashes each.
  static func document(count: Int, seed: Int) -> OutputManifest.Document {
    var outputs: [String: String] = [:]
    var hashes: [String: String] = [:]
    for index in 0..<count {
      let name = "icon-\(seed)-\(index)"
      outputs["\(name).imageset"] = "../../icons/\(name).svg"
      for scale in 1...6 {
        hashes["\(name).imageset/\(name)@\(scale)x.png"] = String(
          repeating: String(format: "%02x", (index + scale) % 256), count: 32)
      }
    }
    return OutputManifest.Document(
      version: 1, outputs: outputs, pending: seed % 2 == 0 ? nil : ["p.imageset": ""],
      kept: seed % 3 == 0 ? nil : ["k.imageset", "a b.imageset"],
      folders: ["ios": ".", "web": "../../web/icons"], hashes: hashes.isEmpty ? nil : hashes,
      appicon: seed % 2 == 0 ? ["res/mipmap-mdpi/ic_launcher.png": "icon.svg"] : nil,
      project: seed % 2 == 0 ? "../../glyphsmith.json" : nil,
      created: seed % 3 == 1 ? ["res", "res/drawable-hdpi"] : nil,
      symbol: seed % 4 == 3 ? ["sf-bell.symbolset": "icons/bell.svg"] : nil)
  }

  @Test("records Glyphsmith writes are read as JSONDecoder reads them", arguments: 0..<8)
  func writtenRecords(seed: Int) throws {
    let document = Self.document(count: seed * 37, seed: seed)
    let data = try XcodeJSON.encode(document)
    let decoded = try JSONDecoder().decode(OutputManifest.Document.self, from: data)
    #expect(decoded == document)
    #expect(OutputRecordReader.document(data) == decoded)
  }

  @Test(
    "odd but plain records read as JSONDecoder reads them",
    arguments: [
      #"{"outputs":{},"version":1}"#,
      #" { "version" : 1 , "outputs" : { "a" : "b" } } "# + "\n",
      "{\t\"version\":\r\n2,\"outputs\":{\"a b/c\":\"../e\"}}",
      #"{"version":-0,"outputs":{},"kept":[],"created":[" "],"hashes":{}}"#,
      #"{"version":1,"outputs":{"x":""},"project":"","folders":{"ios":"."},"symbol":{},"appicon":{}}"#,
      #"{"version":1,"outputs":{"A":"1","a":"2"},"pending":{"a":"3"}}"#,
      #"{"version":123456789012345678,"outputs":{}}"#,
    ])
  func plainRecords(text: String) throws {
    let data = Data(text.utf8)
    let decoded = try JSONDecoder().decode(OutputManifest.Document.self, from: data)
    let fast = try #require(OutputRecordReader.document(data))
    #expect(fast == decoded)
  }

  @Test(
    "anything else is left to JSONDecoder",
    arguments: [
      "", " ", "[]", "{}", #"{"outputs":{}}"#, #"{"version":1}"#,
      #"{"version":1,"outputs":{"a\/b":"c"}}"#, #"{"version":1,"outputs":{"é":"c"}}"#,
      #"{"version":1,"outputs":{"a":"b","a":"c"}}"#, #"{"version":1,"version":1,"outputs":{}}"#,
      #"{"version":1,"outputs":{},"extra":0}"#, #"{"version":1,"outputs":{},"kept":null}"#,
      #"{"version":1.0,"outputs":{}}"#, #"{"version":1e0,"outputs":{}}"#,
      #"{"version":01,"outputs":{}}"#, #"{"version":true,"outputs":{}}"#,
      #"{"version":"1","outputs":{}}"#, #"{"version":1,"outputs":{"a":1}}"#,
      #"{"version":1,"outputs":{},}"#, #"{"version":1,"outputs":{"a":"b",}}"#,
      #"{"version":1,"outputs":{}} x"#, #"{"version":1,"outputs":{}}}"#,
      #"{"version":1 "outputs":{}}"#, #"{"version":1,"outputs":{"a" "b"}}"#,
      #"{"version":1,"outputs":{},"kept":["a",]}"#, #"{"version":1,"outputs":{},"kept":"a"}"#,
      #"{"version":1234567890123456789,"outputs":{}}"#, #"{"version":-,"outputs":{}}"#,
      // 20 digits: added up, they overflowed `Int` and trapped (found by mutatedRecords).
      #"{"version":99999999999999999999,"outputs":{}}"#,
      #"{"version":-123456789012345678901234567890,"outputs":{}}"#,
      "{\"version\":1,\"outputs\":{\"a\tb\":\"c\"}}", "\u{FEFF}{\"version\":1,\"outputs\":{}}",
      #"{"version":1,"outputs":{"a":"b"#, "<<<<<<< HEAD\n{\"version\":1,\"outputs\":{}}",
    ])
  func leftToDecoder(text: String) {
    #expect(OutputRecordReader.document(Data(text.utf8)) == nil)
  }

  @Test("every cut of a written record is read as JSONDecoder reads it, or left to it")
  func truncatedRecords() throws {
    let data = try XcodeJSON.encode(Self.document(count: 3, seed: 5))
    var fast = 0
    for end in 0...data.count {
      let cut = data.prefix(end)
      guard let document = OutputRecordReader.document(cut) else { continue }
      fast += 1
      #expect(try JSONDecoder().decode(OutputManifest.Document.self, from: cut) == document)
    }
    // Only the whole record, and it with its last line feed cut, are whole JSON.
    #expect(fast == (data.last == UInt8(ascii: "\n") ? 2 : 1))
  }

  /// The reader reads untrusted bytes (a record anyone may edit, or a merge conflict leaves):
  /// a differential fuzz in the test run. 20,000 mutants of written records (bytes flipped,
  /// JSON tokens and the record's keys inserted, runs cut or repeated); whatever the reader
  /// accepts, `JSONDecoder` must decode to the same `Document`; it never traps.
  @Test("20,000 mutants of written records: what the reader accepts, JSONDecoder reads alike")
  func mutatedRecords() throws {
    let tokens: [[UInt8]] = [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u00e9", "0", "-", "1e9", "null", "true", " ",
      "\n", "\"version\"", "\"outputs\"", "\"pending\"", "\"kept\"", "\"folders\"",
      "\"hashes\"", "\"appicon\"", "\"project\"", "\"created\"", "\"symbol\"", "\"replacing\"",
      "\"a\":\"b\"", "99999999999999999999", "é", "\u{FEFF}",
    ].map { Array($0.utf8) }
    var random = SplitMix64(seed: 36)
    var accepted = 0
    var mismatches: [String] = []
    for round in 0..<20_000 {
      var bytes = [UInt8](try XcodeJSON.encode(Self.document(count: round % 5, seed: round % 8)))
      for _ in 0...random.below(4) {
        let at = random.below(bytes.count + 1)
        switch random.below(5) {
        case 0 where at < bytes.count: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: at)
        case 2 where at < bytes.count:
          bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
        case 3 where at < bytes.count:
          let run = Array(bytes[at..<min(bytes.count, at + 1 + random.below(16))])
          bytes.insert(contentsOf: run, at: at)
        default: bytes.insert(UInt8(ascii: ["0", "\"", ",", "}"][random.below(4)]), at: at)
        }
      }
      let data = Data(bytes)
      guard let fast = OutputRecordReader.document(data) else { continue }
      accepted += 1
      let decoded = try? JSONDecoder().decode(OutputManifest.Document.self, from: data)
      if decoded != fast { mismatches.append(String(decoding: bytes, as: UTF8.self)) }
    }
    #expect(mismatches == [])
    // Some mutants stay in the subset (a changed hash digit, a repeated space) and are compared.
    #expect(accepted > 1_000, "\(accepted)")
  }
}
