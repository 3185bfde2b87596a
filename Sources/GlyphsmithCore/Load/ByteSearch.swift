import FoundationEssentials
import Glibc

extension Data {
  /// Whether `pattern`'s bytes occur anywhere in the data: `memchr` for the first byte, then
  /// `memcmp`, over the contiguous bytes (glibc's `memmem` is a GNU extension Swift's Glibc
  /// module does not import). `Data.firstRange(of:)` compares element by element through generic
  /// indices: the two scans of every input for `<text` / `:text` (`SVGTextCheck`) and for an
  /// `<image>` (`SVGReferences`) cost 7.8 % of a VectorDrawable worker and 21 % of the
  /// `assets` parent's instructions on Lucide (issue 36). An empty pattern occurs.
  package func containsBytes(_ pattern: some Collection<UInt8>) -> Bool {
    let needle = Array(pattern)
    guard !needle.isEmpty else { return true }
    guard needle.count <= count else { return false }
    return withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress,
          let first = needle.first
        else { return false }
        let last = haystack.count - needle.count  // the last offset a match can start at
        var offset = 0
        while offset <= last {
          guard let found = memchr(base + offset, Int32(first), last - offset + 1) else {
            return false
          }
          offset = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + offset, pattern, needle.count) == 0 { return true }
          offset += 1
        }
        return false
      }
    }
  }
}
