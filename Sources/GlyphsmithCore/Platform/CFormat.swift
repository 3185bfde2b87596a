#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// `format` filled in by C's `vsnprintf`, as Foundation's `String(cFormat:)` does for the
  /// conversions this package uses (`%d`, `%02X`, `%04x`, `%.2f`, `%g`, `%%`; numbers only,
  /// no `%@`), without Foundation (which links ICU; issue 37). Decimal points are `.`: the
  /// process never calls `setlocale`, so C's numeric locale stays "C", the one Foundation's
  /// `String(cFormat:)` uses when given no locale. `CFormatTests` compares both.
  package init(cFormat format: String, _ arguments: CVarArg...) {
    self = withVaList(arguments) { list in
      var buffer = [CChar](repeating: 0, count: 128)
      let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
      if needed < buffer.count { return Self.decodeC(buffer) }
      return withVaList(arguments) { again in
        buffer = [CChar](repeating: 0, count: needed + 1)
        _ = vsnprintf(&buffer, buffer.count, format, again)
        return Self.decodeC(buffer)
      }
    }
  }

  /// The bytes before the first NUL, as UTF-8.
  private static func decodeC(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
