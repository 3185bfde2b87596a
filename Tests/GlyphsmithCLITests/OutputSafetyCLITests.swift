import Foundation
import Glyphsmith
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 13's file-system safety: special files, staging leftovers, locks and linked folders.
@Suite("outputs never clobber special files, links or other runs")
struct OutputSafetyCLITests {
  static func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test func renderWritesIntoDevicesAndFIFOsInsteadOfReplacingThem() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("c.svg"))
    let devNull = try CLIRunner.run(
      ["render", "c.svg", "-o", "/dev/null", "--width", "8"], in: dir)
    #expect(devNull.status == 0)
    #expect(Self.fileType("/dev/null") == S_IFCHR)
    let fifo = dir.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let reader = DataBox()
    let done = DispatchSemaphore(value: 0)
    Thread {
      let bytes = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
      reader.data.withLock { $0 = bytes }
      done.signal()
    }.start()
    let piped = try CLIRunner.run(["render", "c.svg", "-o", "pipe", "--width", "8"], in: dir)
    done.wait()
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(try PNGCodec.decode(reader.data.withLock { $0 }, path: "pipe").width == 8)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["c.svg", "pipe"])
  }

  @Test func assetsRemovesItsStagingLeftoversAndValidateReportsThem() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("dot.svg"))
    // PID 2^22 + 1 is above Linux's pid_max: no such process.
    let stale = "C.xcassets/.dot.imageset.tmp-4194305-1"
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent(stale), withIntermediateDirectories: true)
    let validate = try CLIRunner.run(["validate", "C.xcassets"], in: dir)
    #expect(validate.status == 1)
    #expect(validate.stderr.hasPrefix("\(stale): warning: [staging-leftover] "))
    let assets = try CLIRunner.run(["assets", "dot.svg", "-o", "C.xcassets", "--quiet"], in: dir)
    #expect(assets.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: dir.appendingPathComponent("C.xcassets").path
      )
      .sorted() == [".glyphsmith-outputs.json", "Contents.json", "dot.imageset"])
  }

  @Test func aSecondRunOnOneCatalogWaitsForTheFirst() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("dot.svg"))
    let catalog = dir.appendingPathComponent("C.xcassets").path
    try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
    let fd = open(catalog, O_RDONLY | O_DIRECTORY)
    #expect(flock(fd, LOCK_EX) == 0)
    let released = DispatchSemaphore(value: 0)
    Thread {
      Thread.sleep(forTimeInterval: 1.5)
      flock(fd, LOCK_UN)
      close(fd)
      released.signal()
    }.start()
    let start = Date()
    let result = try CLIRunner.run(["assets", "dot.svg", "-o", "C.xcassets", "--quiet"], in: dir)
    released.wait()
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "C.xcassets: waiting for another glyphsmith run writing this folder to finish\n")
    #expect(Date().timeIntervalSince(start) >= 1.4)
  }

  @Test func linkedFoldersInsideTheOutputTreeAreErrorsButTheRootMayBeOne() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("dot.svg"))
    try fm.createDirectory(
      at: dir.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    try fm.createDirectory(
      at: dir.appendingPathComponent("android"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: dir.appendingPathComponent("android/res").path, withDestinationPath: "../elsewhere")
    let android = try CLIRunner.run(
      // With ios too, android/ goes beside the catalog (without it, inside -o: issue 12).
      ["assets", "dot.svg", "-o", "C.xcassets", "--platform", "ios,android", "--quiet"], in: dir)
    #expect(android.status == 2)
    #expect(
      android.stderr.hasPrefix("android/res: error: cannot write: it is a symbolic link"))
    #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("elsewhere").path) == [])
    // The -o root itself may be a link.
    try fm.createDirectory(
      at: dir.appendingPathComponent("real.xcassets"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: dir.appendingPathComponent("L.xcassets").path, withDestinationPath: "real.xcassets")
    let linked = try CLIRunner.run(["assets", "dot.svg", "-o", "L.xcassets", "--quiet"], in: dir)
    #expect(linked.status == 0)
    #expect(
      fm.fileExists(atPath: dir.appendingPathComponent("real.xcassets/dot.imageset/dot.png").path))
  }

  @Test func aLinkedCatalogGroupGetsNoContentsJSONWrittenThroughIt() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    try fm.createDirectory(
      at: dir.appendingPathComponent("in/group"), withIntermediateDirectories: true)
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("in/group/dot.svg"))
    try Data(circleSVG.utf8).write(to: dir.appendingPathComponent("in/top.svg"))
    try fm.createDirectory(
      at: dir.appendingPathComponent("C.xcassets"), withIntermediateDirectories: true)
    try fm.createDirectory(
      at: dir.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: dir.appendingPathComponent("C.xcassets/group").path,
      withDestinationPath: "../elsewhere")
    let result = try CLIRunner.run(["assets", "in", "-o", "C.xcassets", "--quiet"], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("C.xcassets/group: error: cannot write: it is a symbolic link"))
    // Nothing went where the link points; the input outside the group was written.
    #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("elsewhere").path) == [])
    #expect(
      fm.fileExists(atPath: dir.appendingPathComponent("C.xcassets/top.imageset/top.png").path))
  }
}
