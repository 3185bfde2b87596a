import Foundation
import Testing

@testable import Glyphsmith

/// `glyphsmith.json` is read as strictly as `golden.json`: every unknown key or wrong value is
/// an error naming its key path and the allowed ones; rules apply in order, key by key, by
/// glob.
@Suite("glyphsmith.json")
struct ProjectConfigTests {
  static func parse(_ text: String) throws -> ProjectConfig {
    try ProjectConfig.parse(Data(text.utf8), path: "p/glyphsmith.json")
  }

  static func message(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [
    ("brand/**", "brand/a.svg", true), ("brand/**", "brand/x/y/b.svg", true),
    ("brand/**", "brandx/a.svg", false), ("**/a.svg", "a.svg", true),
    ("**/a.svg", "x/y/a.svg", true), ("*.svg", "x/a.svg", false), ("*.svg", "a.svg", true),
    ("h?art.svg", "heart.svg", true), ("h?art.svg", "hart.svg", false),
    ("[a-c]*.svg", "bell.svg", true), ("[!a-c]*.svg", "bell.svg", false),
    ("[^a-c]*.svg", "star.svg", true), ("x/*/z.svg", "x/y/z.svg", true),
    ("x/*/z.svg", "x/y/w/z.svg", false), ("x/**/z.svg", "x/y/w/z.svg", true),
    ("heart.svg", "Heart.svg", false),
  ])
  func globs(pattern: String, path: String, matches: Bool) throws {
    #expect(try GlobPattern(pattern).matches(path) == matches)
  }

  @Test func badGlobsAreRefused() {
    #expect(throws: GlobPattern.Problem.unclosedBracket) { try GlobPattern("[ab.svg") }
    #expect(throws: GlobPattern.Problem.notRelative) { try GlobPattern("/a.svg") }
    #expect(throws: GlobPattern.Problem.notRelative) { try GlobPattern("../a.svg") }
    #expect(throws: GlobPattern.Problem.empty) { try GlobPattern("") }
  }

  // Issue 34: 'ios.scales' holds while some icon is still written as PNG.
  @Test func scalesWithAVectorFormatNeedAPNGIcon() throws {
    let config = try Self.parse(
      #"{"version": 1, "icons": "i", "ios": {"catalog": "A", "format": "pdf", "scales": [2, 3]}, "rules": [{"match": "photo*", "format": "png"}]}"#
    )
    #expect(config.ios?.scales == [2, 3])
    #expect(config.ios?.format == "pdf")
  }

  @Test func rulesApplyInOrderKeyByKey() throws {
    let config = try Self.parse(
      """
      {"version": 1, "icons": "icons", "ios": {"catalog": "A.xcassets"},
       "defaults": {"role": "tab-bar", "padding": 1},
       "rules": [{"match": "brand/**", "role": "plain", "original": true, "size": 32},
                 {"match": "brand/logo.svg", "size": 40},
                 {"match": "old/*", "skip": true}]}
      """)
    // The options an icon's settings give.
    func options(_ path: String) -> IconOptions {
      var options = IconOptions()
      config.settings(for: path).apply(to: &options)
      return options
    }
    let logo = options("brand/logo.svg")
    #expect(logo.role == .plain && logo.template == false && logo.size == 40 && logo.padding == 1)
    let mark = options("brand/x/mark.svg")
    #expect(mark.size == 32 && mark.role == .plain)
    let bell = options("bell.svg")
    #expect(bell.role == .tabBar && bell.size == nil && bell.template == nil)
    #expect(config.settings(for: "bell.svg").skip == nil)
    #expect(config.settings(for: "bell.svg").values.keys.sorted() == ["padding", "role"])
    #expect(config.settings(for: "old/a.svg").skip == true)
    #expect(config.resolve(config.icons) == "p/icons")
    #expect(config.platforms == [.ios])
  }

  @Test(arguments: [
    (
      #"{"version": 1, "icons": "i", "ios": {"catalog": "A", "compat": true}}"#,
      "unknown key 'compat' in 'ios'; allowed: catalog, compact, format, namespace, scales, symbols"
    ),
    (
      #"{"version": 1, "icons": "i", "ios": {"catalog": "A", "format": "eps"}}"#,
      "unknown value 'eps' for 'ios.format'; allowed: png, pdf, svg"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "rules": [{"match": "*", "role": "tabbar"}]}"#,
      "unknown value 'tabbar' for 'rules[0].role'; allowed: plain, tab-bar, toolbar, indicator"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "rules": [{"match": "*"}, {"match": "a", "size": 0}]}"#,
      "wrong value 0 for 'rules[1].size'; allowed: a number greater than 0"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "defaults": {"original": "yes"}}"#,
      "wrong value 'yes' for 'defaults.original'; allowed: true, false"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "rules": [{"role": "plain"}]}"#,
      "missing key 'rules[0].match'"
    ),
    (#"{"version": 1, "ios": {"catalog": "A"}}"#, "missing key 'icons'"),
    (#"{"version": 2, "icons": "i", "ios": {"catalog": "A"}}"#, "unknown value 2 for 'version'; allowed: 1"),
    (#"{"version": 1, "icons": "i"}"#, "no platform: declare at least one of 'ios', 'android', 'web'"),
    (
      #"{"version": 1, "icons": "i", "ios": {"catalog": "A", "format": "pdf", "scales": [2, 3]}}"#,
      "'ios.scales' applies to PNG image sets, and every icon here is written as 'pdf' (one vector file for every scale); drop 'ios.scales', or give 'format': 'png' to the icons that need PNGs"
    ),
    (
      #"{"version": 1, "icons": "i", "ios": {"catalog": "A", "scales": [2]}, "defaults": {"format": "svg"}, "rules": [{"match": "a*", "format": "pdf"}]}"#,
      "'ios.scales' applies to PNG image sets, and every icon here is written as 'pdf', 'svg' (one vector file for every scale); drop 'ios.scales', or give 'format': 'png' to the icons that need PNGs"
    ),
    (
      #"{"version": 1, "icons": "i", "android": {"res": "android/drawables"}}"#,
      "'android.res' must name a folder called res (drawables go to res/drawable-<density>/), got 'android/drawables'"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "rules": [{"match": "[a", "skip": true}]}"#,
      "bad glob '[a' in 'rules[0].match': '[' without its closing ']'"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "defaults": {"platforms": ["ios"]}}"#,
      "'defaults.platforms' names 'ios', which the file declares no block for; declared: web"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "lint": {"rule": {}}}"#,
      "unknown key 'rule' in 'lint'; allowed: roles, rules"
    ),
    (
      #"{"version": 1, "icons": "i", "web": {"folder": "w"}, "lint": {"rules": {"detail-loss": {"severity": "loud"}}}}"#,
      "unknown value 'loud' for 'lint.rules.detail-loss.severity'; allowed: error, warning, info, off"
    ),
    (#"{"version": 1, "icons": "i", "web": {"folder": "w"}"#, "not valid JSON: it stops at line 1, column 51 before the JSON is complete"),
  ])
  func invalidFilesNameTheKeyAndTheAllowedValues(text: String, problem: String) {
    let message = Self.message(text)
    #expect(message.hasPrefix("p/glyphsmith.json: error: "), "\(message)")
    #expect(message.contains(problem), "\(message)")
  }
}
