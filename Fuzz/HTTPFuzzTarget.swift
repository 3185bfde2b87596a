// libFuzzer entry point around `golden review`'s request parser, compiled by `scripts/fuzz http`
// together with Sources/GlyphsmithCore/Golden/GoldenHTTPRequest.swift alone (pure Swift, no
// Foundation); not a SwiftPM target.

/// One input: parsed as the server parses what a connection sent. Besides not trapping, a
/// request must use no more bytes than given, start its path with `/`, carry exactly
/// `Content-Length` body bytes, and parse the same from exactly the bytes it used.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let input = Array(UnsafeBufferPointer(start: bytes, count: count))
  switch GoldenHTTPRequest.parse(input) {
  case .incomplete:
    // Waiting for more is only right below the header limit plus a body's bytes.
    precondition(
      input.count < GoldenHTTPRequest.maximumHeaderBytes + 4 + GoldenHTTPRequest.maximumBodyBytes)
  case .invalid(let status, let reason):
    precondition([400, 413, 431, 501, 505].contains(status), "status \(status)")
    precondition(!reason.isEmpty)
  case .request(let request, let consumed):
    precondition(consumed <= input.count, "consumed past the input")
    precondition(request.path.hasPrefix("/"), "path without /")
    precondition(request.body.count <= GoldenHTTPRequest.maximumBodyBytes)
    if let length = request.header("content-length") {
      precondition(Int(length) == request.body.count, "body length")
    } else {
      precondition(request.body.isEmpty, "body without Content-Length")
    }
    guard case .request(let again, let used) = GoldenHTTPRequest.parse(Array(input[0..<consumed]))
    else { preconditionFailure("the bytes used do not parse again") }
    precondition(again == request && used == consumed, "parse is not stable")
  }
  return 0
}
