import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a Foundation file error carries underneath, without `NSError` (Foundation's, which
/// links ICU; issue 37): FoundationEssentials throws `CocoaError`s holding the system's
/// `POSIXError` as their underlying error.
package enum SystemError {
  /// The `errno` value under `error` (a `CocoaError`'s underlying `POSIXError`, or a
  /// `POSIXError`); `nil` when there is none.
  /// Where Foundation is loaded too (the tests), the underlying error may be an `NSError` of
  /// the POSIX domain instead: its code counts the same.
  package static func posixCode(_ error: any Error) -> Int32? {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    if error._domain == "NSPOSIXErrorDomain" { return Int32(error._code) }
    if let cocoa = error as? CocoaError, let underlying = cocoa.underlying {
      if let posix = underlying as? POSIXError { return posix.code.rawValue }
      if underlying._domain == "NSPOSIXErrorDomain" { return Int32(underlying._code) }
    }
    return nil
  }

  /// `strerror`'s words for the `errno` under `error` ("No such file or directory"); `nil`
  /// when there is none.
  package static func posixReason(_ error: any Error) -> String? {
    posixCode(error).map { String(cString: strerror($0)) }
  }
}
