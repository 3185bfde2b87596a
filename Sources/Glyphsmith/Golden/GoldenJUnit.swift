import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `golden check --junit FILE`: the check as JUnit XML, the test-result format GitHub
/// (test-reporting actions), GitLab (`artifacts:reports:junit`) and Jenkins (JUnit plugin)
/// show. One `<testcase>` per image (`name` its relative path, `classname` `golden` plus its
/// folder with `/` as `.`); a failure holds `<failure type="STATUS" message="...">` with the
/// message, the accept command and the artifact paths, and its artifacts again as
/// `[[ATTACHMENT|PATH]]` lines in `<system-out>` (the form GitLab and Jenkins' attachments
/// plugin turn into links); an unreadable file is an `<error>`. No time stamp, host name or
/// durations: the same check gives the same bytes. Validates against the JUnit schema of
/// Jenkins' xUnit plugin (`junit-10.xsd`, kept in the test fixtures).
package enum GoldenJUnit {
  /// The XML document for `report`; `actual` and `golden` are the folders as given.
  package static func render(_ report: GoldenCheck.Report, actual: String, golden: String)
    -> String
  {
    let counts =
      "tests=\"\(report.checked)\" failures=\"\(report.failed)\" errors=\"\(report.errors)\""
    let suite = "glyphsmith golden check \(actual) against \(golden)"
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="\(escape(suite))" \(counts) time="0">
      <testsuite name="\(escape(suite))" \(counts) skipped="0" time="0">

      """
    // A limited check says so (issue 37 trial LOW-4), as a property of the suite.
    if let changed = report.changedSince {
      let line = String(GoldenCheckJob.changedLine(changed).dropLast(2))
      xml +=
        "<properties>\n<property name=\"glyphsmith.changedSince\" value=\"\(escape(line))\"/>\n</properties>\n"
    }
    for entry in report.results.sorted(by: { $0.path < $1.path }) {
      let folder = GoldenHTMLReport.folderOf(entry.path)
      let classname =
        folder.isEmpty
        ? "golden"
        : "golden."
          + folder.replacingEvery("/", with: ".")
      xml +=
        "<testcase classname=\"\(escape(classname))\" name=\"\(escape(entry.path))\" time=\"0\""
      guard entry.status.isFailure else {
        xml += "/>\n"
        continue
      }
      let element = entry.status == .unreadable ? "error" : "failure"
      var body = [entry.message]
      if let accept = entry.accept { body.append("accept: \(accept)") }
      let files = artifactFiles(entry)
      body += files.map { "\($0.name): \($0.path)" }
      xml +=
        ">\n<\(element) type=\"\(entry.status.rawValue)\" message=\"\(escape(entry.message))\">"
        + escape(body.joined(separator: "\n"), attribute: false) + "</\(element)>\n"
      if !files.isEmpty {
        xml +=
          "<system-out>"
          + escape(
            files.map { "[[ATTACHMENT|\($0.path)]]" }.joined(separator: "\n"), attribute: false)
          + "</system-out>\n"
      }
      xml += "</testcase>\n"
    }
    xml += "</testsuite>\n</testsuites>\n"
    return xml
  }

  /// Whether `data` is a JUnit file `render` wrote (its XML declaration and the
  /// `glyphsmith golden check` suite name), which `--junit` may replace.
  package static func isOwn(_ data: Data) -> Bool {
    data.starts(
      with: Data(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"glyphsmith golden check "
          .utf8
      ))
  }

  /// Writes `render(report, ...)` to `path`, atomically.
  /// - Throws: a `GlyphsmithFailure` naming `path` when it cannot be written.
  package static func write(
    _ report: GoldenCheck.Report, toPath path: String, actual: String, golden: String
  ) throws {
    let xml = render(report, actual: actual, golden: golden)
    do { try AtomicFile.write(Data(xml.utf8), toPath: path) } catch {
      throw GlyphsmithError.failure(error, path: path)
    }
  }

  /// The artifact files written for `entry` (`expected`, `actual`, `diff`, those present).
  static func artifactFiles(_ entry: GoldenEntry) -> [(name: String, path: String)] {
    guard let folder = entry.artifacts else { return [] }
    let images = entry.images
    let present: [(String, Bool)] = [
      ("expected", images.expected != nil), ("actual", images.actual != nil),
      ("diff", images.diff != nil),
    ]
    return present.filter(\.1).map {
      ($0.0, PathName(folder).appendingPathComponent("\($0.0).png"))
    }
  }

  /// `text` for XML text and attributes: `&`, `<`, `>`, `"` escaped, line breaks in an
  /// attribute as `&#10;` (kept in text), characters XML 1.0 cannot hold as `?`.
  static func escape(_ text: String, attribute: Bool = true) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += attribute ? "&#10;" : "\n"
      case "\t", "\r": out.unicodeScalars.append(scalar)
      default:
        let v = scalar.value
        let allowed = v >= 0x20 && !(0xFFFE...0xFFFF).contains(v)
        out.unicodeScalars.append(allowed ? scalar : "?")
      }
    }
    return out
  }
}
