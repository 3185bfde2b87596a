import Foundation
import Glyphsmith
import GlyphsmithTestFixtures
import Testing

/// Issue 35's fourth trial (`IconBundleTrialFourCLITests` holds the third's): a bundle holding a
/// locked file (F1), icon.json read errors in `lint --role icon-layer` (F4), layer contents that
/// do not match their extension (F2) and an `Assets` folder linking out of the bundle (F3).
@Suite struct IconBundleTrialFiveCLITests {
  typealias Two = IconBundleTrialTwoCLITests
  typealias Four = IconBundleTrialFourCLITests

  /// Why `chattr +i` cannot be used here, or `nil` when it can: it needs root
  /// (`CAP_LINUX_IMMUTABLE`) and a file system that keeps the flag (ext4, xfs, btrfs, tmpfs
  /// from Linux 6.0), and `Platform.lock(ofPath:)` must see it.
  static let chattrUnavailable: String? = {
    guard let dir = try? temporaryFolder() else { return "no temporary folder" }
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("probe")
    guard FileManager.default.createFile(atPath: file.path, contents: Data()) else {
      return "cannot create a file in the temporary folder"
    }
    guard let set = try? chattr("+i", file.path), set == 0 else {
      return "chattr +i fails in the temporary folder (not root, or its file system keeps no flags)"
    }
    let seen = Platform.lock(ofPath: file.path)
    _ = try? chattr("-i", file.path)
    return seen == .immutable ? nil : "statx does not report the immutable flag here"
  }()

  /// Runs `chattr FLAG PATH`; its exit status.
  @discardableResult
  static func chattr(_ flag: String, _ path: String) throws -> Int32 {
    try CLIRunner.run([flag, path], executable: URL(fileURLWithPath: "/usr/bin/chattr")).status
  }

  // MARK: - F1: a locked file in the old bundle

  @Test(
    .enabled(if: chattrUnavailable == nil, "chattr +i unavailable: \(chattrUnavailable ?? "")"))
  func aBundleHoldingALockedFileIsLeftWhole() throws {
    let dir = try Two.folder([
      ("fg.svg", Two.svg("<rect x=\"256\" y=\"256\" width=\"512\" height=\"512\"/>")),
      ("ring.svg", Two.svg("<circle cx=\"512\" cy=\"512\" r=\"300\" fill=\"none\" stroke=\"#000\" stroke-width=\"40\"/>")),
    ])
    let ring = dir.appendingPathComponent("R.icon/Assets/ring.svg").path
    defer {
      _ = try? Self.chattr("-i", ring)
      try? FileManager.default.removeItem(at: dir)
    }
    let first = try CLIRunner.run(
      ["appicon", "fg.svg", "--layer", "ring.svg", "--format", "icon", "-o", "R.icon"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try Self.chattr("+i", ring) == 0)
    #expect(Platform.lock(ofPath: ring) == .immutable)
    #expect(AtomicFolder.lockedEntry(in: dir.appendingPathComponent("R.icon").path)?.path == ring)
    let before = Four.tree(dir)
    #expect(before["R.icon/icon.json"] != nil)
    for extra in [[], ["--force"]] {
      let again = try CLIRunner.run(
        ["appicon", "fg.svg", "--format", "icon", "-o", "R.icon"] + extra, in: dir)
      #expect(again.status == 2, "\(again.stderr)")
      #expect(
        again.stderr.contains(
          "R.icon: error: cannot write: cannot replace it: R.icon/Assets/ring.svg is locked "
            + "(immutable), so the old folder could not be removed; nothing was changed (unlock "
            + "it, chattr -i R.icon/Assets/ring.svg, or remove it)"), "\(again.stderr)")
      #expect(Four.tree(dir) == before, "\(Four.tree(dir).keys.sorted())")
    }
  }

  @Test func aRemovalStoppedPartWayKeepsTheNewFolderAndNamesTheRest() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("S.icon").path
    try AtomicFolder.write(
      [("icon.json", Data("old".utf8)), ("Assets/a.svg", Data("a".utf8))], toPath: target)
    var retired = ""
    do {
      // A removal that takes icon.json, then meets a file it cannot remove (what
      // FileManager.removeItem did with the trial's locked Assets/ring.svg).
      try AtomicFolder.write([("icon.json", Data("new".utf8))], toPath: target) { path in
        retired = path
        try FileManager.default.removeItem(atPath: path + "/icon.json")
        throw CocoaError(
          .fileWriteNoPermission,
          userInfo: [
            NSFilePathErrorKey: path + "/Assets/a.svg",
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EPERM)),
          ])
      }
      Issue.record("the write did not fail")
    } catch let error as GlyphsmithError {
      #expect(retired.hasPrefix(dir.path + "/.S.icon.old-"), "\(retired)")
      #expect(
        error
          == .writeFailed(
            path: target,
            reason: "written, but the old folder could be removed only in part (Operation not "
              + "permitted): what is left of it is \(retired); delete it"), "\(error)")
    }
    // Not "left as it was": the new folder is whole, and what is left of the old one is named.
    let after = Four.tree(dir)
    let name = String(retired.dropFirst(dir.path.count + 1))
    #expect(
      after == [
        "S.icon": nil, "S.icon/icon.json": Data("new".utf8),
        name: nil, name + "/Assets": nil, name + "/Assets/a.svg": Data("a".utf8),
      ], "\(after.keys.sorted())")
  }
}
