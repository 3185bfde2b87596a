import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `golden review`'s local HTTP server: BSD sockets through the C library (`Platform`), one
/// connection at a time, `Connection: close`, no outside package. It serves the review page
/// at `/`, the failures' images under `/report-files/`, and the JSON API of
/// `GoldenReviewSession` under `/api/`.
///
/// Every request must carry the token (`Authorization: Bearer TOKEN` or `?token=TOKEN`) and a
/// `Host` that is the served address (`HOST:PORT`; for a loopback host `localhost:PORT` and
/// `127.0.0.1:PORT` too), and an `Origin`, when sent, of the same address: anything else is
/// refused with 403 before any work (the token keeps other local users and pages out; the
/// host check defeats DNS rebinding). A non-loopback host (`--host`) still needs the token.
package final class GoldenReviewServer {
  /// The address bound, e.g. `127.0.0.1`.
  package let host: String
  /// The port bound.
  package let port: UInt16
  /// The token every request needs.
  package let token: String
  /// The page's bytes (`GoldenHTMLReport` in review mode).
  let page: Data
  /// The folder of the failures' images (`report-files/...` below it).
  let files: URL
  /// The image paths below `files` the page links (`report-files/a/b/expected.png`), so no
  /// other file can be read.
  let servedFiles: Set<String>
  let session: GoldenReviewSession
  let listener: Int32
  /// Set by `/api/done`.
  package private(set) var isDone = false

  /// How long one connection may take to send its request, in ms.
  static let readTimeout: Int32 = 5000

  /// Binds `host:port` (port 0: a free one) and prepares to serve `page`, the images under
  /// `files` named in `servedFiles`, and `session`'s API.
  /// - Throws: `GoldenError.cannotServe` naming the address when it cannot be bound (no IP
  ///   address, port in use).
  package init(
    session: GoldenReviewSession, page: Data, files: URL, servedFiles: Set<String>,
    host: String, port: UInt16, token: String = Platform.randomToken()
  ) throws {
    do throws(Platform.Failure) {
      let bound = try Platform.listen(host: host, port: port)
      listener = bound.fd
      self.port = bound.port
    } catch {
      throw GoldenError.cannotServe(
        address: "\(Self.urlHost(host)):\(port)", reason: error.reason)
    }
    self.host = host
    self.token = token
    self.page = page
    self.files = files
    self.servedFiles = servedFiles
    self.session = session
  }

  deinit { Platform.close(listener) }

  /// `http://HOST:PORT/?token=TOKEN`, the address to open (an IPv6 host in brackets:
  /// `http://[::1]:PORT/...`).
  package var address: String { "http://\(Self.urlHost(host)):\(port)/?token=\(token)" }

  /// `host` as a URL and a `Host` header write it: an IPv6 address in brackets.
  static func urlHost(_ host: String) -> String {
    Platform.isIPv6Address(host) ? "[\(host)]" : host
  }

  /// Whether `host` is a loopback address (`127.x.x.x`, or `::1`): the review stays on this
  /// machine.
  package static func isLoopback(_ host: String) -> Bool { Platform.isLoopbackAddress(host) }

  /// Serves until `/api/done` or `shouldStop()` returns true (checked at least every 200 ms).
  /// Connections are read side by side (a browser's idle pre-opened connection never holds
  /// up the others); each request is answered as soon as it is complete, in arrival order,
  /// one at a time, and its connection closed. A connection that has not sent a whole request
  /// within 5 s is closed.
  package func serve(shouldStop: () -> Bool) {
    var clients: [Int32: (bytes: [UInt8], deadline: UInt64)] = [:]
    var preparing = true
    defer { for fd in clients.keys { Platform.close(fd) } }
    while !isDone && !shouldStop() {
      let open = clients.keys.sorted()
      // While idle, the results' JSON is made ahead, 250 at a time (a few ms each).
      let idle: Int32 = preparing ? 0 : 200
      guard let ready = Platform.waitReadable([listener] + open, milliseconds: idle) else {
        if preparing { preparing = session.prepareResults(count: 250) }
        continue
      }
      let now = DispatchTime.now().uptimeNanoseconds
      if ready[0], let client = Platform.acceptConnection(listener) {
        clients[client] = ([], now + UInt64(Self.readTimeout) * 1_000_000)
      }
      for (index, fd) in open.enumerated() {
        guard ready[index + 1] else {
          if let client = clients[fd], client.deadline < now {
            Platform.close(fd)
            clients[fd] = nil
          }
          continue
        }
        guard let chunk = try? Platform.readSome(fd, upTo: 65536), !chunk.isEmpty else {
          Platform.close(fd)
          clients[fd] = nil
          continue
        }
        clients[fd]!.bytes += chunk
        let parsed = GoldenHTTPRequest.parse(clients[fd]!.bytes)
        let response: Response
        switch parsed {
        case .incomplete: continue
        case .invalid(let status, let reason): response = .error(status, reason)
        case .request(let request, _): response = answer(request)
        }
        let bytes = response.bytes()
        try? bytes.withUnsafeBytes { try Platform.writeAll(fd, $0) }
        Platform.close(fd)
        clients[fd] = nil
        if isDone { return }
      }
    }
  }

  /// The answer to a parsed request: the checks, then the page, an image or the API.
  package func answer(_ request: GoldenHTTPRequest) -> Response {
    let hosts = allowedHosts
    // One Host and at most one Origin (issue 33: the first of two was taken, so a second,
    // foreign one passed unseen by whatever reads the last).
    for name in ["host", "origin"] where request.headers.filter({ $0.name == name }).count > 1 {
      return .error(400, "refused: more than one \(name == "host" ? "Host" : "Origin") header")
    }
    let anyAddress = host == "0.0.0.0" || host == "::"
    if !anyAddress {
      guard let given = request.header("host"), hosts.contains(given.lowercased()) else {
        return .error(403, "refused: the Host header must be \(hosts[0])")
      }
    }
    if let origin = request.header("origin"), !anyAddress,
      !hosts.contains(where: { "http://\($0)" == origin.lowercased() })
    {
      return .error(403, "refused: requests from the origin \(origin) are not served")
    }
    guard hasToken(request) else {
      return .error(
        403, "refused: the token is missing or wrong; use the address printed by golden review")
    }
    if request.path.hasPrefix("/api/") {
      let answer = session.handle(
        method: request.method, path: request.path, body: request.body, query: request.query)
      if request.path == "/api/done" && answer.status == 200 { isDone = true }
      return Response(status: answer.status, type: "application/json", body: answer.body)
    }
    guard request.method == "GET" else {
      return .error(405, "\(request.path) takes GET")
    }
    if request.path == "/" {
      return Response(status: 200, type: "text/html; charset=utf-8", body: page)
    }
    let relative = String(request.path.dropFirst())
    guard servedFiles.contains(relative),
      let data = FileBytes.read(files.appendingPathComponent(relative).path)
    else { return .error(404, "not found: \(request.path)") }
    return Response(status: 200, type: "image/png", body: data)
  }

  /// `HOST:PORT` forms a request may name.
  var allowedHosts: [String] {
    var hosts = ["\(Self.urlHost(host)):\(port)"]
    if Self.isLoopback(host) {
      hosts += ["localhost:\(port)"]
      hosts += host.contains(":") ? ["[::1]:\(port)"] : ["127.0.0.1:\(port)"]
    }
    return hosts
  }

  /// Whether `request` carries the token, compared in constant time.
  func hasToken(_ request: GoldenHTTPRequest) -> Bool {
    var given = request.queryValue("token")
    if let authorization = request.header("authorization"),
      authorization.lowercased().hasPrefix("bearer ")
    {
      given = String(authorization.dropFirst(7)).trimmingWhitespace()
    }
    guard let given else { return false }
    let a = Array(given.utf8)
    let b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// An HTTP answer.
  package struct Response: Sendable, Equatable {
    /// 200, 403, 404, ...
    package var status: Int
    /// `Content-Type`.
    package var type: String
    /// The body.
    package var body: Data

    /// A JSON error `{"error": reason}`.
    static func error(_ status: Int, _ reason: String) -> Response {
      let answer = GoldenReviewSession.error(status, reason)
      return Response(status: answer.status, type: "application/json", body: answer.body)
    }

    /// The status line, headers (no caching, no sniffing, no referrer, close) and body.
    func bytes() -> Data {
      let reasons = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 409: "Conflict", 413: "Content Too Large",
        431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 505: "HTTP Version Not Supported",
      ]
      var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\n"
      head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
      head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
      head += "Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\nConnection: close\r\n\r\n"
      return Data(head.utf8) + body
    }
  }
}
