import FoundationEssentials
import Glibc

/// Xcode's JSON formatting (Foundation's pretty printer with sorted keys on Linux gives it).
package enum XcodeJSON {
  /// Encodes `value` with two-space indent, `"key" : value`, sorted keys, unescaped slashes
  /// and a final newline.
  /// - Throws: `EncodingError` from Foundation.
  package static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
  }
}
