import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// SHA-256 digests through GLib's `GChecksum` (GLib is linked for librsvg already), for
/// golden records, font hashes and the input hash that makes `assets` reruns incremental.
package enum ContentHash {
  /// The SHA-256 of `data` as 64 lowercase hex digits.
  package static func sha256(_ data: Data) -> String {
    data.withUnsafeBytes { raw in
      let text = g_compute_checksum_for_data(
        G_CHECKSUM_SHA256, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count))!
      defer { g_free(text) }
      return String(cString: text)
    }
  }

  /// The SHA-256 of the UTF-8 bytes of `text`.
  package static func sha256(_ text: String) -> String { sha256(Data(text.utf8)) }

  /// The SHA-256 of the UTF-8 bytes of `prefix` followed by those of `rest`: the same digest
  /// as `sha256(prefix + rest)`, with the hash state after `prefix` kept (up to
  /// `prefixStatesKept` prefixes, for the life of the process) and copied for each `rest`
  /// (`g_checksum_copy`). `assets` hashes every input's fingerprint text, which starts with
  /// the same prefix of some 2 KB (the renderer's versions and the resolved options) for
  /// every icon of a job, four times per input: 12 % of the parent's instructions on Lucide
  /// (issue 36).
  package static func sha256(prefix: String, rest: String) -> String {
    guard let state = prefixState(prefix) else { return sha256(prefix + rest) }
    let checksum = g_checksum_copy(state.checksum)!
    defer { g_checksum_free(checksum) }
    var rest = rest
    rest.withUTF8 { bytes in
      g_checksum_update(checksum, bytes.baseAddress, gssize(bytes.count))
    }
    return String(cString: g_checksum_get_string(checksum))
  }

  /// How many prefixes' hash states `sha256(prefix:rest:)` keeps (a job has one per platform
  /// and options group; a build a few more).
  static let prefixStatesKept = 64

  /// A GLib SHA-256 state fed with a prefix, never updated again (copies are).
  private final class PrefixState: @unchecked Sendable {
    let checksum: OpaquePointer

    init(_ prefix: String) {
      checksum = g_checksum_new(G_CHECKSUM_SHA256)!
      var prefix = prefix
      prefix.withUTF8 { bytes in
        g_checksum_update(checksum, bytes.baseAddress, gssize(bytes.count))
      }
    }

    deinit { g_checksum_free(checksum) }
  }

  private static let prefixStates = Mutex<[String: PrefixState]>([:])

  /// The kept state of `prefix`, made on first use; `nil` when `prefixStatesKept` others
  /// are kept.
  private static func prefixState(_ prefix: String) -> PrefixState? {
    prefixStates.withLock { states in
      if let state = states[prefix] { return state }
      guard states.count < prefixStatesKept else { return nil }
      let state = PrefixState(prefix)
      states[prefix] = state
      return state
    }
  }
}
