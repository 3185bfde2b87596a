import Glyphsmith
import Testing

/// `golden review`'s request parser: what it accepts, and each refusal with its status.
@Suite("golden review request parser")
struct GoldenHTTPRequestTests {
  private func parse(_ text: String) -> GoldenHTTPRequest.Parsed {
    GoldenHTTPRequest.parse(Array(text.utf8))
  }

  @Test func aRequestWithQueryHeadersAndBody() throws {
    let text =
      "POST /api/accept?token=a%20b&x=1+2 HTTP/1.1\r\nHost: 127.0.0.1:8\r\n"
      + "Content-Length: 5\r\nX-Blank:   v  \r\n\r\nhelloEXTRA"
    guard case .request(let request, let consumed) = parse(text) else {
      Issue.record("not parsed: \(parse(text))")
      return
    }
    #expect(request.method == "POST")
    #expect(request.path == "/api/accept")
    #expect(request.queryValue("token") == "a b")
    #expect(request.queryValue("x") == "1 2")
    #expect(request.header("host") == "127.0.0.1:8")
    #expect(request.header("x-blank") == "v")
    #expect(request.body == Array("hello".utf8))
    #expect(consumed == text.utf8.count - 5)
  }

  @Test func incompleteUntilTheHeadersAndBodyAreIn() {
    #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
    #expect(parse("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nab") == .incomplete)
    #expect(parse("") == .incomplete)
  }

  @Test(
    arguments: [
      ("GET / HTTP/2.0\r\n\r\n", 505),
      ("GET  / HTTP/1.1\r\n\r\n", 400),
      ("GET http://x/ HTTP/1.1\r\n\r\n", 400),
      ("GET /%zz HTTP/1.1\r\n\r\n", 400),
      ("GET /%00 HTTP/1.1\r\n\r\n", 400),
      ("GET /%ff HTTP/1.1\r\n\r\n", 400),
      ("GET /?a=%4 HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nNoColon\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nBad Name: b\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA: b\u{7}\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
      ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 4194305\r\n\r\n", 413),
      ("\r\n\r\n", 400),
    ])
  func refusals(text: String, status: Int) {
    guard case .invalid(let got, _) = parse(text) else {
      Issue.record("accepted: \(text.debugDescription)")
      return
    }
    #expect(got == status)
  }

  @Test func headersPastTheLimitAreRefusedEvenWithoutTheirEnd() {
    let long = "GET / HTTP/1.1\r\nA: " + String(repeating: "x", count: 17000)
    guard case .invalid(let status, _) = parse(long) else {
      Issue.record("not refused")
      return
    }
    #expect(status == 431)
  }
}
