import Foundation
import Glyphsmith
import Testing

/// Trial M4: running out of file descriptors (`ulimit -n 6`: `pipe2` fails with `EMFILE` in
/// this process, no worker runs) was told as the file's fault, "the renderer stopped with
/// status 127 on this file". It is the system's reason, naming no fault of the file.
@Suite("File descriptor limit")
struct FileDescriptorLimitCLITests {
  @Test func runningOutOfDescriptorsIsNotBlamedOnTheFile() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("bell.svg"))
    let run = try CLIRunner.run(
      ["-c", "ulimit -n 6 && exec \"$0\" lint bell.svg", CLIRunner.executable.path], in: dir,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "bell.svg: error: cannot start the renderer: too many open files\n"
        + "1 file: 0 errors, 0 warnings, 0 info; 1 could not be linted\n", "\(run.stderr)")
  }

  @Test func aWorkerThatCannotStartNamesTheSystemsReason() {
    #expect(
      WorkerPool.WorkerFailure.cannotStart(reason: "too many open files").message(path: "a.svg")
        == "a.svg: error: cannot start the renderer: too many open files")
  }
}
