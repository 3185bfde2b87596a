/// Path questions of the record of outputs answered on a path's UTF-8 bytes (issue 36:
/// splitting every output's path into `String` components was 7 % of a build with nothing
/// to do, standardizing it 5.6 %). Each answers exactly as the `String` code it stands in
/// for (`PrunePaths.textStandardized`, `OutputManifest.textRelativePath`), or says it cannot
/// (`nil`) and that code answers.
enum PathBytes {
  /// Whether the absolute path `path` is its own standardized form (`PrunePaths.standardized`):
  /// it starts with `/`, and has no empty, `.` or `..` component and no trailing `/` (but
  /// for `/` itself).
  static func isStandardized(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    let utf8 = path.utf8
    guard utf8.first == slash else { return false }
    if utf8.count == 1 { return true }
    // The length of the component being read, and whether it is all dots so far.
    var length = -1
    var dots = true
    for byte in utf8 {
      if byte == slash {
        if length == 0 || (dots && length <= 2 && length > 0) { return false }
        length = 0
        dots = true
      } else {
        length += 1
        if byte != dot { dots = false }
      }
    }
    return !(length == 0 || (dots && length <= 2))
  }

  /// `path` relative to `folder` (both standardized absolute paths) with `..` steps as
  /// needed, as `OutputManifest.textRelativePath(fromFolder:to:)` makes it; `nil` when either
  /// is not ASCII (`String` compares components by canonical equivalence, not bytes).
  static func relativePath(fromFolder folder: String, to path: String) -> String? {
    let from = Array(folder.utf8)
    let to = Array(path.utf8)
    guard from.allSatisfy({ $0 < 0x80 }), to.allSatisfy({ $0 < 0x80 }) else { return nil }
    let fromParts = components(from)
    let toParts = components(to)
    var common = 0
    while common < min(fromParts.count, toParts.count)
      && from[fromParts[common]].elementsEqual(to[toParts[common]])
    {
      common += 1
    }
    // The text version counts a leading "/" component on both sides, always common.
    var result: [UInt8] = []
    let ups = fromParts.count - common
    result.reserveCapacity(ups * 3 + to.count)
    for index in 0..<ups {
      if index > 0 { result.append(UInt8(ascii: "/")) }
      result.append(UInt8(ascii: "."))
      result.append(UInt8(ascii: "."))
    }
    for index in common..<toParts.count {
      if !result.isEmpty || index > common { result.append(UInt8(ascii: "/")) }
      result.append(contentsOf: to[toParts[index]])
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The ranges of the non-empty components of `bytes` split at `/`.
  private static func components(_ bytes: [UInt8]) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
      if index > start { parts.append(start..<index) }
      start = index + 1
    }
    if bytes.count > start { parts.append(start..<bytes.count) }
    return parts
  }
}
