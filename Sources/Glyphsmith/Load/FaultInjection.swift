import FoundationEssentials
import GlyphsmithCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Test-only faults, to prove the process isolation without depending on a renderer bug.
///
/// A test seam compiled only into debug builds (the ones `swift test` runs): Package.swift
/// defines `GLYPHSMITH_FAULT_INJECTION` for the `debug` configuration alone, so a release
/// build (`swift build -c release`, `scripts/install`) holds an empty `check` and never reads
/// the variable below. In a debug build, `GLYPHSMITH_FAULT_INJECTION=KIND:MARKER` in the
/// environment makes loading any input whose bytes contain MARKER abort (`abort`), hang
/// (`hang`), allocate without end (`memory`), recurse until the stack overflows (`stack`:
/// SIGSEGV on the guard page, reported only from an alternate signal stack), or leave the process poisoned (`poison`: that
/// input loads, and every later input the same process loads aborts, as a library's state
/// broken by one file crashes on the next); unset, it costs one environment lookup per
/// process.
enum FaultInjection {
  #if GLYPHSMITH_FAULT_INJECTION
    private static let fault: (kind: String, marker: Data)? = {
      guard let text = ProcessInfo.processInfo.environment["GLYPHSMITH_FAULT_INJECTION"],
        let colon = text.firstIndex(of: ":")
      else { return nil }
      let marker = Data(text[text.index(after: colon)...].utf8)
      return marker.isEmpty ? nil : (String(text[..<colon]), marker)
    }()
    /// Set by a `poison` input: every later input aborts.
    nonisolated(unsafe) private static var poisoned = false
  #endif

  /// `hang-write:MARKER` (debug builds only): hangs when `data()` contains the marker, at a
  /// point where a writer is about to write an output (`SymbolJob.write`: a symbol set), so a
  /// test can kill a run midway through its writes. `check` ignores this kind.
  @inline(__always)
  static func checkWrite(_ data: @autoclosure () -> Data) {
    #if GLYPHSMITH_FAULT_INJECTION
      guard let fault, fault.kind == "hang-write", data().firstRange(of: fault.marker) != nil else {
        return
      }
      while true { Platform.sleep(microseconds: 1_000_000) }
    #endif
  }

  /// `swap-bundle:N` (debug builds only): the first N times an `.icon` writer checks whose the
  /// existing bundle is (`IconBundleJob.run`), another run's swap happens midway through the
  /// check: at `stage` `.aside` (the check's walk meets a folder) the bundle is renamed aside,
  /// as another run's `AtomicFolder` swap does first, and at `.back` (the check done) a copy of
  /// it, Glyphsmith's bundle byte for byte in a new folder, is renamed into its place and the
  /// old one removed (issue 35's fourth trial, L1: one of 16 concurrent runs blamed the user
  /// for a file "added since glyphsmith wrote" the bundle). Nothing happens without a bundle.
  static func swapBundle(_ bundle: String, stage: BundleSwapStage) {
    #if GLYPHSMITH_FAULT_INJECTION
      guard let fault, fault.kind == "swap-bundle",
        let times = Int(String(decoding: fault.marker, as: UTF8.self)), swapsDone < times
      else { return }
      let aside = bundle + ".fault-aside"
      switch stage {
      case .aside:
        guard !swapAside, (try? Platform.rename(bundle, to: aside)) != nil else { return }
        swapAside = true
      case .back:
        if !swapAside {
          guard (try? Platform.rename(bundle, to: aside)) != nil else { return }
        }
        swapAside = false
        swapsDone += 1
        let copy = bundle + ".fault-copy"
        try? FileManager.default.copyItem(atPath: aside, toPath: copy)
        try? Platform.rename(copy, to: bundle)
        try? FileManager.default.removeItem(atPath: aside)
      }
    #endif
  }

  /// Where in a bundle's ownership check `swapBundle` is called.
  enum BundleSwapStage {
    /// The check's walk met a folder of the bundle.
    case aside
    /// The check is done.
    case back
  }

  #if GLYPHSMITH_FAULT_INJECTION
    /// How many checks `swapBundle` disturbed, and whether the bundle is aside now.
    nonisolated(unsafe) private static var swapsDone = 0
    nonisolated(unsafe) private static var swapAside = false
  #endif

  #if GLYPHSMITH_FAULT_INJECTION
    /// Recurses without end, each frame holding 256 bytes the next call reads after it
    /// returns (so no tail call), until the stack overflows.
    @inline(never)
    private static func overflowStack(_ depth: Int) -> Int {
      var frame = [UInt8](repeating: UInt8(truncatingIfNeeded: depth), count: 0).count
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { bytes in
        bytes.initialize(repeating: UInt8(truncatingIfNeeded: depth))
        frame += Int(bytes[depth & 255])
      }
      return overflowStack(depth + 1) + frame
    }
  #endif

  /// Fails as configured when `data` contains the marker (debug builds only; see above).
  @inline(__always)
  static func check(_ data: Data) {
    #if GLYPHSMITH_FAULT_INJECTION
      if poisoned { abort() }
      guard let fault, data.firstRange(of: fault.marker) != nil else { return }
      switch fault.kind {
      case "poison":
        poisoned = true
      case "abort":
        abort()
      case "hang":
        while true { Platform.sleep(microseconds: 1_000_000) }
      case "stack":
        _ = overflowStack(0)
      case "memory":
        var blocks: [UnsafeMutableRawPointer] = []
        while true {
          guard let block = malloc(64 << 20) else {
            StandardStream.error.write(
              Data("memory allocation of 67108864 bytes failed\n".utf8))
            abort()
          }
          memset(block, 1, 64 << 20)
          blocks.append(block)
        }
      default:
        return
      }
    #endif
  }
}
