import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The ICO container with PNG-compressed entries (Microsoft's ICONDIR / ICONDIRENTRY layout,
/// little-endian; PNG entries are allowed since Windows Vista and read by every browser).
package enum ICOFile {
  /// An ICO holding `pngs` (side in px, PNG bytes) in order; a side of 256 is written as 0.
  package static func make(pngs: [(side: Int, data: Data)]) -> Data {
    var out = Data()
    func u16(_ v: Int) { out.append(contentsOf: [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)]) }
    func u32(_ v: Int) {
      u16(v & 0xffff)
      u16(v >> 16 & 0xffff)
    }
    u16(0)  // reserved
    u16(1)  // type: icon
    u16(pngs.count)
    var offset = 6 + 16 * pngs.count
    for png in pngs {
      out.append(UInt8(png.side >= 256 ? 0 : png.side))  // width
      out.append(UInt8(png.side >= 256 ? 0 : png.side))  // height
      out.append(0)  // palette colours
      out.append(0)  // reserved
      u16(1)  // colour planes
      u16(32)  // bits per pixel
      u32(png.data.count)
      u32(offset)
      offset += png.data.count
    }
    for png in pngs { out.append(png.data) }
    return out
  }
}
