import CRsvg
import FoundationEssentials
import Glibc
import GlyphsmithCore

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
}
