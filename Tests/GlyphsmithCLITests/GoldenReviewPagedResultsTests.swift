import Foundation
import Glyphsmith
import GlyphsmithCore
import Testing

/// `GET /api/results` made once per result and paged (issue 36: with 2,000 icons it took 0.4 to
/// 3.7 s to answer, before anything showed): the whole answer byte for byte what it was
/// (`referenceResults`, the check encoded, parsed back and encoded again) in every review
/// state, pages that together are the whole list, and a review that accepts every changed
/// image page by page.
@Suite("golden review paged results")
struct GoldenReviewPagedResultsTests {
  /// `root/work/{act,gold}`: `c00.png` ... `c11.png` changed (black to white, 4x4),
  /// `s00.png` ... `s07.png` the same, `gone.png` only a golden.
  private func fixture() throws -> (root: URL, work: URL) {
    let root = try temporaryFolder()
    let work = root.appendingPathComponent("work")
    func write(_ image: RGBAImage, _ path: String) throws {
      let url = work.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try PNGCodec.encode(image).write(to: url)
    }
    let black = RGBAImage(width: 4, height: 4, fill: .black)
    let white = RGBAImage(width: 4, height: 4, fill: .white)
    let changed = (0..<12).map { String(format: "act/set/c%02d.png", $0) }
    let same = (0..<8).map { String(format: "act/s%02d.png", $0) }
    for path in changed + same + ["act/gone.png"] { try write(black, path) }
    #expect(try CLIRunner.run(["golden", "record", "act", "gold"], in: work).status == 0)
    for path in changed { try write(white, path) }
    try FileManager.default.removeItem(at: work.appendingPathComponent("act/gone.png"))
    return (root, work)
  }

  @Test func theWholeAnswerIsTheReferenceBytesInEveryState() throws {
    let (root, work) = try fixture()
    defer { try? FileManager.default.removeItem(at: root) }
    let actual = work.appendingPathComponent("act").path
    let golden = work.appendingPathComponent("gold").path
    var report = try GoldenCheck.run(
      actual: URL(fileURLWithPath: actual), golden: URL(fileURLWithPath: golden),
      artifacts: root.appendingPathComponent("files"))
    report.addAcceptCommands(actual: actual, golden: golden)
    #expect(report.results.count == 21)
    #expect(report.failed == 13)
    let session = GoldenReviewSession(report: report, actual: actual, golden: golden)
    func same(_ step: String) {
      let reference = session.referenceResults()
      #expect(reference.count > 2000, "\(step)")
      #expect(session.results() == reference, "\(step)")
      // The answer as the API gives it, and again (the second from the kept fragments).
      #expect(session.handle(method: "GET", path: "/api/results", body: []).body == reference)
      #expect(session.results() == reference, "\(step), again")
    }
    same("at the start")
    #expect(session.accept(["set/c00.png", "set/c03.png"]).status == 200)
    #expect(session.reject(["set/c05.png"]).status == 200)
    #expect(session.delete(["gone.png"]).status == 200)
    same("after accept, reject and delete")
    #expect(session.undo().status == 200)
    same("after an undo")
    // Made ahead while the server is idle: the same bytes.
    let fresh = GoldenReviewSession(report: report, actual: actual, golden: golden)
    #expect(fresh.prepareResults(count: 5) == true)
    #expect(fresh.prepareResults(count: 100) == false)
    #expect(fresh.prepareResults(count: 100) == false)
    #expect(fresh.results() == fresh.referenceResults())

    // A page is the whole answer with `results` cut and `offset`, `limit`, `total`, `next`.
    let whole = try #require(JSONValue.parse(session.results())?.object)
    let list = try #require(whole["results"]?.array)
    let page = try #require(JSONValue.parse(session.results(page: (5, 7)))?.object)
    var expected = whole
    expected["results"] = .array(Array(list[5..<12]))
    expected["offset"] = .number(5)
    expected["limit"] = .number(7)
    expected["total"] = .number(21)
    expected["next"] = .number(12)
    #expect(page == expected)
    let last = try #require(JSONValue.parse(session.results(page: (18, 7)))?.object)
    #expect(last["results"]?.array == Array(list[18...]))
    #expect(last["next"] == .null)
    let beyond = try #require(JSONValue.parse(session.results(page: (40, nil)))?.object)
    #expect(beyond["results"]?.array == [])
    #expect(beyond["limit"] == .null)
    #expect(beyond["next"] == .null)
    #expect(beyond["total"] == .number(21))
  }

  @Test func pagesOverHTTPListEveryResultOnceAndAcceptingPageByPageAcceptsEveryChange() throws {
    let (root, work) = try fixture()
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try ReviewServer(["act", "gold"], in: work)
    let whole = try server.request("GET", "/api/results")
    #expect(whole.status == 200)
    let all = try #require(JSONValue.parse(Data(whole.body.utf8))?.object?["results"]?.array)
    #expect(all.count == 21)

    // Bad values: 400 with the reason; the token in the query is not a paging parameter.
    let refusals: [(String, String)] = [
      ("offset=-1", "offset must be a whole number from 0, not '-1'"),
      ("offset=x&limit=5", "offset must be a whole number from 0, not 'x'"),
      ("limit=0", "limit must be a whole number from 1, not '0'"),
      ("limit=2.5", "limit must be a whole number from 1, not '2.5'"),
      ("limit=", "limit must be a whole number from 1, not ''"),
    ]
    for (query, reason) in refusals {
      let answer = try server.request("GET", "/api/results?" + query)
      #expect(answer.status == 400, "\(query)")
      #expect(answer.body == "{\"error\":\"\(reason)\"}\n", "\(query)")
    }
    let withToken = try server.request(
      "GET", "/api/results?token=\(server.token)", token: .some(nil))
    #expect(withToken.status == 200)
    #expect(withToken.body == whole.body)

    // A reviewer who pages 5 at a time and accepts every changed image of each page sees
    // all 12 (failures come first) and the stale golden, and nothing is left pending.
    var offset: Int? = 0
    var seen: [String] = []
    var pages = 0
    while let from = offset {
      let answer = try server.request("GET", "/api/results?offset=\(from)&limit=5")
      #expect(answer.status == 200)
      let object = try #require(JSONValue.parse(Data(answer.body.utf8))?.object)
      #expect(object["offset"] == .number(Double(from)))
      #expect(object["limit"] == .number(5))
      #expect(object["total"] == .number(21))
      let results = (object["results"]?.array ?? []).compactMap { $0.object }
      seen += results.compactMap { $0["path"]?.string }
      let changed = results.filter { $0["status"]?.string == "differs" }.compactMap {
        $0["path"]?.string
      }
      if !changed.isEmpty {
        let body = "{\"paths\": [" + changed.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        #expect(try server.request("POST", "/api/accept", body: body).status == 200)
      }
      offset = object["next"]?.number.map { Int($0) }
      pages += 1
    }
    #expect(pages == 5)
    #expect(seen == all.compactMap { $0.object?["path"]?.string })
    #expect(Set(seen).count == 21)
    let after = try #require(
      JSONValue.parse(Data(try server.request("GET", "/api/results").body.utf8))?.object)
    let states = (after["results"]?.array ?? []).compactMap { $0.object }
    #expect(states.count == 21)
    let accepted = states.filter { $0["review"]?.string == "accepted" }.compactMap {
      $0["path"]?.string
    }
    #expect(accepted.sorted() == (0..<12).map { String(format: "set/c%02d.png", $0) })
    #expect(after["summary"]?.string == "12 images accepted, 0 rejected, 0 deleted, 0 undone")
    let done = try server.finish()
    #expect(done.status == 0)
    // Every changed golden now has the actual bytes.
    for index in 0..<12 {
      let name = String(format: "set/c%02d.png", index)
      #expect(
        FileManager.default.contents(atPath: work.appendingPathComponent("gold/" + name).path)
          == FileManager.default.contents(atPath: work.appendingPathComponent("act/" + name).path))
    }
  }
}
