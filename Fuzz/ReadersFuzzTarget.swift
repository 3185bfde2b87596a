// libFuzzer entry point around the pure-Swift readers of untrusted bytes that replaced
// Foundation's (issue 37's port), compiled by `scripts/fuzz readers` together with their
// sources alone and checked against Foundation itself (this target may import it; the
// binaries do not). Not a SwiftPM target.
//
// The first byte picks the reader; the rest is its input:
// - 0: `JSONSyntaxCheck` says a document is JSON exactly when `JSONSerialization`
//   (`.fragmentsAllowed`) reads it, and words its first error as Foundation's debug
//   description does (`JSONSyntaxProblem`'s messages depend on those words).
// - 1: a value `JSONValueReader` returns is the one `JSONDecoder` decodes (the catalog check
//   reads every `Contents.json`, a user's file too, through it).
// - 2: `WorkerMessage.Reader` on any line and any order of reads: values or `Malformed`,
//   never a trap; a line `Writer` wrote reads back to its values.
// - 3: `PathName` equals `NSString` on the paths Foundation does not trap on or compress
//   wrongly (the filter of `PathNameTests`).
import Foundation

/// `precondition` that prints its message (an optimised build drops `precondition`'s).
private func check(_ condition: Bool, _ message: @autoclosure () -> String = "") {
  if !condition { fail(message()) }
}

private func fail(_ message: String) -> Never {
  fputs("ReadersFuzzTarget: \(message)\n", stderr)
  abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  guard count > 0 else { return 0 }
  let input = Data(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
  switch bytes[0] % 4 {
  case 0: checkSyntax(input)
  case 1: checkValueReader(input)
  case 2: checkWorkerMessage(input)
  default: checkPathName(input)
  }
  return 0
}

private func foundationError(_ data: Data) -> String? {
  do {
    _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    return nil
  } catch {
    return String(reflecting: error)
  }
}

private func checkSyntax(_ data: Data) {
  let ours = JSONSyntaxCheck.firstError(in: data)
  let theirs = foundationError(data)
  check(
    (ours == nil) == (theirs == nil),
    "JSONSyntaxCheck \(ours ?? "accepts") but JSONSerialization \(theirs ?? "accepts")")
  guard var expected = ours, let theirs else { return }
  // After a UTF-8 byte order mark Foundation counts from the byte after it, JSONSyntaxCheck
  // from the file's first (on purpose: the place in the file).
  if data.count >= 4, data.starts(with: [0xEF, 0xBB, 0xBF]),
    let range = expected.firstRange(of: "character "),
    let offset = Int(expected[range.upperBound...].prefix { $0.isNumber })
  {
    expected = expected[..<range.upperBound] + String(offset - 3) + "."
  }
  check(theirs.contains(expected), "JSONSyntaxCheck '\(expected)' is not in '\(theirs)'")
}

private func checkValueReader(_ data: Data) {
  guard let value = JSONValueReader.read(data) else { return }
  let decoded: JSONValue
  do {
    decoded = try JSONDecoder().decode(JSONValue.self, from: data)
  } catch {
    fail("JSONValueReader read \(value) but JSONDecoder failed: \(error)")
  }
  check(decoded == value, "JSONValueReader \(value) != JSONDecoder \(decoded)")
}

private func checkWorkerMessage(_ data: Data) {
  guard let reader = try? WorkerMessage.Reader(Data([WorkerMessage.formatByte]) + data) else {
    return
  }
  // The line's own bytes choose the reads: any order must end in values or Malformed.
  var r = reader
  for selector in data.prefix(64) {
    do throws(WorkerMessage.Malformed) {
      switch selector % 7 {
      case 0: _ = try r.unsigned()
      case 1: _ = try r.int()
      case 2: _ = try r.bool()
      case 3: _ = try r.double()
      case 4: _ = try r.string()
      case 5: _ = try r.data()
      default: _ = try r.list { (inner: inout WorkerMessage.Reader) throws(WorkerMessage.Malformed) in try inner.string() }
      }
    } catch {
      break
    }
  }
  // A round trip of values taken from the input.
  var writer = WorkerMessage.Writer()
  let text = String(decoding: data.prefix(40), as: UTF8.self)
  let number = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  let double = Double(bitPattern: number)
  writer.string(text)
  writer.unsigned(number)
  writer.int(Int(truncatingIfNeeded: number))
  writer.double(double)
  writer.data(data.prefix(16))
  writer.list(Array(data.prefix(5))) { w, byte in w.bool(byte & 1 == 1) }
  let line = writer.line
  check(!line.contains(0x0A), "a written line holds a newline")
  guard var back = try? WorkerMessage.Reader(line) else {
    fail("a written line does not read")
  }
  do throws(WorkerMessage.Malformed) {
    let readText = try back.string()
    let readNumber = try back.unsigned()
    let readInt = try back.int()
    let readDouble = try back.double()
    let readData = try back.data()
    let readList = try back.list { r throws(WorkerMessage.Malformed) in try r.bool() }
    check(readText == text && readNumber == number)
    check(readInt == Int(truncatingIfNeeded: number))
    check(readDouble.bitPattern == double.bitPattern)
    check(readData == data.prefix(16))
    check(readList == data.prefix(5).map { $0 & 1 == 1 })
    check(back.atEnd)
  } catch {
    fail("a written line reads as Malformed")
  }
}

/// The paths corelibs Foundation's `NSString` handles (Swift 6.3.1): it traps on a run of
/// `/` after a non-ASCII character (`bé//é`, `//日`: an index of its slash fixing out of
/// range) and keeps runs of three or more, or such runs after non-ASCII characters, in
/// `deletingPathExtension` (`/a/.b/////.//c`); found by this target. `PathName` makes each
/// run one `/`, as Foundation's documentation says.
private func foundationHandles(_ path: String) -> Bool {
  guard path.contains("//") else { return !path.contains("/\u{301}") }
  return path.utf8.allSatisfy { $0 < 0x80 } && !path.contains("///") && !path.hasSuffix("//")
}

private func checkPathName(_ data: Data) {
  // Paths from a small alphabet, so that runs of `/` and `.` are common.
  let alphabet: [String] = ["/", ".", "a", "b", "é", "e\u{301}", " ", "@", "~", "日"]
  let path = data.prefix(24).map { alphabet[Int($0) % alphabet.count] }.joined()
  let name = PathName(path)
  // Runs of `/` count as one: the parts of a path are those of its slashes fixed.
  let fixed = PathName(PathName.fixingSlashes(path))
  if !path.hasSuffix("//") {
    check(name.lastPathComponent == fixed.lastPathComponent, "lastPathComponent of \(path)")
    check(name.pathExtension == fixed.pathExtension, "pathExtension of \(path)")
    check(
      name.deletingPathExtension == fixed.deletingPathExtension, "deletingPathExtension of \(path)")
  }
  _ = name.standardizingPath
  guard foundationHandles(path) else { return }
  let ns = path as NSString
  check(name.lastPathComponent == ns.lastPathComponent, "lastPathComponent of \(path) (NSString)")
  check(name.pathExtension == ns.pathExtension, "pathExtension of \(path) (NSString)")
  check(
    name.deletingPathExtension == ns.deletingPathExtension,
    "deletingPathExtension of \(path) (NSString)")
  if path.hasPrefix("/") {
    check(name.standardizingPath == ns.standardizingPath, "standardizingPath of \(path) (NSString)")
  }
}
