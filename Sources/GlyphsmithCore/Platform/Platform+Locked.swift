import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Platform {
  /// How an entry is locked against removal and renaming whatever its permission bits
  /// (issue 35's fourth trial, finding F1: a bundle holding one such file lost its `icon.json`).
  package enum Lock: Equatable, Sendable {
    /// Immutable: `chattr +i` (Linux); macOS Finder's "Locked" (`chflags uchg`) is the same case.
    case immutable
    /// Append-only: `chattr +a`.
    case appendOnly

    /// The command that unlocks the entry at `path` (shown to the user).
    package func unlockCommand(_ path: String) -> String {
      switch self {
      case .immutable: "chattr -i \(path)"
      case .appendOnly: "chattr -a \(path)"
      }
    }

    /// The word for it in a message: `immutable`, `append-only`.
    package var word: String {
      switch self {
      case .immutable: "immutable"
      case .appendOnly: "append-only"
      }
    }
  }

  /// The lock on the entry at `path` (itself, a link not followed), read with `statx(2)`'s
  /// `stx_attributes` (`STATX_ATTR_IMMUTABLE` 0x10, `STATX_ATTR_APPEND` 0x20; Linux 4.11,
  /// glibc 2.28); `nil` when it has none, or when the system cannot tell (no `statx`, a file
  /// system that does not report the attributes).
  package static func lock(ofPath path: String) -> Lock? {
    #if os(Linux)
      guard let statx = statxFunction else { return nil }
      // struct statx is 256 bytes: stx_attributes at offset 8, stx_attributes_mask at 56.
      var buffer = [UInt8](repeating: 0, count: 256)
      let result = FileName.withCPath(path) { cPath in
        buffer.withUnsafeMutableBytes { statx(AT_FDCWD, cPath, AT_SYMLINK_NOFOLLOW, 0x7ff, $0.baseAddress!) }
      }
      guard result == 0 else { return nil }
      let (attributes, mask) = buffer.withUnsafeBytes {
        ($0.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
         $0.loadUnaligned(fromByteOffset: 56, as: UInt64.self))
      }
      let known = attributes & mask
      if known & 0x10 != 0 { return .immutable }
      if known & 0x20 != 0 { return .appendOnly }
      return nil
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// glibc's `statx`, looked up once (Swift's Glibc module does not import it).
    private static let statxFunction:
      (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32)? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "statx") else { return nil }
        return unsafeBitCast(
          symbol,
          to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32).self)
      }()
  #endif
}
