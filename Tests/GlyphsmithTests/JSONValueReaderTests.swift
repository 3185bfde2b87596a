import Foundation
import Testing

@testable import Glyphsmith

/// The one-pass JSON reader of the catalog check (`JSONValueReader`, issue 36), against what it
/// stands in for: every document it reads, `JSONDecoder` reads into the same `JSONValue` and
/// `StrictJSONSyntax` finds nothing in; what it refuses goes the long way, and
/// `AssetContents.read` gives the same model or the same problem either way.
@Suite("JSON value reader")
struct JSONValueReaderTests {
  /// Contents.json texts as Glyphsmith and Xcode write them, and odd but valid JSON.
  static var readable: [String] {
    var texts: [String] = []
    let entries: [[AssetContents.Entry]] = [
      [AssetContents.Entry(filename: "house@3x.png", idiom: "universal", scale: "3x")],
      [1, 2, 3].map {
        AssetContents.Entry(filename: "é\($0)x.png", idiom: "universal", scale: "\($0)x")
      },
      [
        AssetContents.Entry(
          filename: "a.png", idiom: "universal",
          appearances: [AssetContents.Appearance(appearance: "luminosity", value: "dark")])
      ],
    ]
    for images in entries {
      for template in [true, false] {
        let contents = AssetContents.imageSet(images: images, template: template)
        texts.append(String(decoding: try! contents.xcodeJSON(), as: UTF8.self))
      }
    }
    texts.append(
      String(decoding: try! AssetContents.group(namespace: true).xcodeJSON(), as: UTF8.self))
    texts.append(
      String(decoding: try! AssetContents.symbolSet(filename: "s.svg").xcodeJSON(), as: UTF8.self))
    texts += [
      "{}", "[]", "\"\"", "0", "-0", "1", "-1", "0.5", "1.0", "1e2", "1E-2", "-12.5e+3",
      "123456789012345", "12345678901234567", "0.1", "true", "false", "null", " \t\r\n{ } \n",
      #"{"a":[1,2,{"b":null}],"c":{"d":"e"}}"#,
      #"{"s":"\"\\\/\b\f\n\r\t\u00e9\u20ac"}"#,
      #"{"images":[{"filename":"a b.png","idiom":"universal","scale":"2x","extra":5}],"info":{"author":"me","version":2}}"#,
      #"{"info":{"author":"xcode","version":1.5}}"#,
      "{\"é\":1,\"e\u{301}x\":2}",
      "{\"日本\":\"🙂\"}",
      #"{"properties":{"template-rendering-intent":"template","other":[true,false,null]}}"#,
    ]
    return texts
  }

  /// Texts it refuses: not JSON, or what `StrictJSONSyntax` faults, or outside its plain case.
  static let refused: [String] = [
    "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\":1,\"a\":2}", "{\"é\":1,\"e\u{301}\":2}",
    "{\"a\":\"\\u0000\"}", "{\"a\u{0}\":1}", "\u{FEFF}{}", "{\"a\":\"\\ud83d\\ude00\"}",
    "123456789012345678", "1e400", "01", "1.", ".5", "+1", "-", "1e", "tru", "nul", "{} x",
    "{\"a\" 1}", "{a:1}", "[1 2]", "\"tab\there\"", "{\"a\":'b'}", "\"\\x\"", "\"\\u12\"",
    String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
    // JSONDecoder refuses these (scripts/fuzz readers, 2026-12-07): the long way decides.
    "0e2", "0E2", "[0e2]", "{\"scale\":0e2}", "-0e5",
  ]

  @Test("what it reads, JSONDecoder reads the same, and the strictness reader faults nothing")
  func readsAsFoundationDoes() throws {
    for text in Self.readable {
      let data = Data(text.utf8)
      let value = try #require(JSONValueReader.read(data), "\(text)")
      let expected = try JSONDecoder().decode(JSONValue.self, from: data)
      #expect(value == expected, "\(text)")
      #expect(StrictJSONSyntax.problem(in: data) == nil, "\(text)")
    }
  }

  @Test("numbers are Foundation's doubles, bit for bit")
  func numbers() throws {
    for text in ["0.1", "0.3", "2.675", "1e-7", "9007199254740993", "4.35", "-0", "1e22", "5e-324"]
    {
      let data = Data("[\(text)]".utf8)
      guard case .array(let read)? = JSONValueReader.read(data),
        case .number(let mine)? = read.first,
        case .array(let theirs) = try JSONDecoder().decode(JSONValue.self, from: data),
        case .number(let foundation)? = theirs.first
      else {
        Issue.record("\(text) not read as a number")
        continue
      }
      #expect(mine.bitPattern == foundation.bitPattern || (mine == 0 && foundation == 0), "\(text)")
    }
  }

  @Test("it refuses what is not its plain case", arguments: refused)
  func refuses(text: String) {
    #expect(JSONValueReader.read(Data(text.utf8)) == nil)
  }

  @Test("invalid UTF-8 in a string is refused")
  func invalidUTF8() {
    #expect(JSONValueReader.read(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
    #expect(JSONValueReader.read(Data([0x22, 0xFF, 0x22])) == nil)
  }

  @Test("AssetContents.read gives the model, or the problem, the long way gives")
  func assetContentsAsBefore() {
    for text in Self.readable + Self.refused {
      let data = Data(text.utf8)
      let fast = Result { () throws(StrictJSON.Problem) in try AssetContents.read(data) }
      let slow = Result { () throws(StrictJSON.Problem) in
        try StrictJSON.decode(AssetContents.self, from: data)
      }
      switch (fast, slow) {
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(text)")
      case (.failure(let a), .failure(let b)):
        #expect(String(describing: a) == String(describing: b), "\(text)")
      default:
        Issue.record("\(text): \(fast) against \(slow)")
      }
    }
  }
}
