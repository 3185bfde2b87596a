import FoundationEssentials
import Glibc
import GlyphsmithCore

/// ICO with PNG entries (`ICOFile`), packed from a set's planned PNGs
/// (`PlannedAssetSet.Icon`); each entry carries the fingerprint in its own tEXt chunk.
package struct ICOFormat: OutputFormat {
  package var name: String { "ico" }
  package var fileExtension: String { "ico" }

  /// The ICO of `pngs` (side in px, PNG bytes), in order.
  package func pack(_ pngs: [(side: Int, data: Data)]) -> Data { ICOFile.make(pngs: pngs) }

  /// The fingerprint every PNG entry carries; `nil` when the file is not an ICO of PNGs
  /// that all carry the same one.
  package func fingerprint(in data: Data) -> String? {
    let bytes = [UInt8](data)
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    guard bytes.count >= 6, u16(0) == 0, u16(2) == 1 else { return nil }
    let count = u16(4)
    guard count > 0, bytes.count >= 6 + 16 * count else { return nil }
    var found: String? = nil
    for entry in 0..<count {
      let size = u32(6 + 16 * entry + 8)
      let offset = u32(6 + 16 * entry + 12)
      guard offset >= 0, size > 0, offset + size <= bytes.count,
        let text = PNGFormat().fingerprint(in: Data(bytes[offset..<offset + size])),
        found == nil || found == text
      else { return nil }
      found = text
    }
    return found
  }
}
