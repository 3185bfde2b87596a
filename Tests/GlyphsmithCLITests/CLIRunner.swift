import Foundation
import Synchronization
import Testing

/// Runs the built `glyphsmith` executable (it sits next to the test bundle) and captures its
/// output. Pipes are drained before waiting, so large output cannot deadlock.
struct CLIResult {
  var status: Int32
  var stdout: Data
  var stderr: String
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Holds bytes read on another thread; read only after its semaphore is signalled.
final class DataBox: Sendable {
  let data = Mutex(Data())
}

enum CLIRunner {
  static let executable: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("glyphsmith")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    fatalError("glyphsmith executable not found next to \(CommandLine.arguments[0])")
  }()

  /// `arguments` run as user `nobody` (uid and gid 65534, through `setpriv`) when this
  /// process is root, else as it is: root reads and removes whatever the permissions say, so
  /// tests of unreadable or read-only paths run as the users the trials ran as.
  static func runAsUnprivileged(_ arguments: [String], in directory: URL) throws -> CLIResult {
    guard getuid() == 0 else { return try run(arguments, in: directory) }
    return try run(
      ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments,
      in: directory, environment: ["HOME": directory.path],
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  static func run(
    _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
    environment: [String: String] = [:], executable: URL? = nil
  ) throws -> CLIResult {
    if executable == nil, let directory { try record(arguments, in: directory, environment) }
    let process = Process()
    process.executableURL = executable ?? Self.executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let errData = DataBox()
    let done = DispatchSemaphore(value: 0)
    let errReader = Thread {
      let bytes = err.fileHandleForReading.readDataToEndOfFile()
      errData.data.withLock { $0 = bytes }
      done.signal()
    }
    errReader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return CLIResult(
      status: process.terminationStatus, stdout: outData,
      stderr: String(decoding: errData.data.withLock { $0 }, as: UTF8.self))
  }
}

extension CLIRunner {
  /// The folder `scripts/hostile-bounds` has the CLI runs recorded into (unset: nothing is
  /// recorded): `GLYPHSMITH_RECORD_RUNS=DIR`.
  static let recordFolder = ProcessInfo.processInfo.environment["GLYPHSMITH_RECORD_RUNS"]
  static let recorded = Mutex(0)

  /// With `GLYPHSMITH_RECORD_RUNS` set: copies `directory` as it is before the run (sparse
  /// files kept sparse) to `DIR/NNNNN/files` and writes `DIR/NNNNN/run.json` (the test, the
  /// arguments, the environment given, the folder's path), so the script can replay each run
  /// of the hostile-input tests against the release binary and measure it.
  static func record(_ arguments: [String], in directory: URL, _ environment: [String: String])
    throws
  {
    guard let root = recordFolder else { return }
    let number = recorded.withLock { count -> Int in
      count += 1
      return count
    }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(
      String(format: "%05d-%d", number, getpid()))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = Process()
    copy.executableURL = URL(fileURLWithPath: "/bin/cp")
    copy.arguments = [
      "-a", "--sparse=always", directory.path, folder.appendingPathComponent("files").path,
    ]
    try copy.run()
    copy.waitUntilExit()
    let run: [String: Any] = [
      "test": Test.current.map { "\($0.id)" } ?? "?", "arguments": arguments,
      "environment": environment, "directory": directory.path,
    ]
    try JSONSerialization.data(withJSONObject: run, options: [.prettyPrinted, .sortedKeys])
      .write(to: folder.appendingPathComponent("run.json"))
  }
}

/// Runs `script` with `/bin/sh -c` in `directory`, `$GLYPHSMITH` naming the built executable:
/// for arguments Process cannot pass (file names that are not UTF-8).
func runShell(_ script: String, in directory: URL) throws -> CLIResult {
  try CLIRunner.run(
    ["-c", script], in: directory, environment: ["GLYPHSMITH": CLIRunner.executable.path],
    executable: URL(fileURLWithPath: "/bin/sh"))
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "glyphsmith-cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

let circleSVG = """
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>
  """
