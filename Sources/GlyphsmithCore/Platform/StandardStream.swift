import FoundationEssentials
import Glibc

/// Standard input, output and error as Foundation's `StandardStream.input`,
/// `.standardOutput` and `.standardError` served them (whole writes, reading to the end),
/// on the descriptors themselves: `FileHandle` is Foundation's, which links ICU (issue 37).
package struct StandardStream: Sendable {
  /// The descriptor: 0, 1 or 2.
  package let fd: Int32

  /// Standard input (descriptor 0).
  package static let input = StandardStream(fd: 0)
  /// Standard output (descriptor 1).
  package static let output = StandardStream(fd: 1)
  /// Standard error (descriptor 2).
  package static let error = StandardStream(fd: 2)

  /// Writes all of `data` (again after `EINTR`); a write that fails (a closed pipe with
  /// `SIGPIPE` ignored) drops the rest.
  package func write(_ data: Data) {
    data.withUnsafeBytes { bytes in
      guard bytes.count > 0 else { return }
      try? Platform.writeAll(fd, bytes)
    }
  }

  /// Everything up to the end of the stream.
  /// - Throws: `Platform.Failure` of the first read that fails (`EBADF`: the stream is closed,
  ///   as `<&-` leaves standard input; `EISDIR`: a folder redirected into it).
  package func readToEnd() throws(Platform.Failure) -> Data {
    var data = Data()
    while true {
      do throws(Platform.Failure) {
        let chunk = try Platform.readSome(fd, upTo: 65536)
        if chunk.isEmpty { return data }
        data.append(contentsOf: chunk)
      } catch {
        if error.code == EINTR { continue }
        throw error
      }
    }
  }

  /// Standard input read to its end for an input given as `-` (render's and lint's INPUT).
  /// - Throws: `GlyphsmithError.unreadable` of `-` when it cannot be read: `stdin is closed;
  ///   pipe or redirect an SVG or PNG into it, or give a file` for a closed descriptor (trial
  ///   t36c L2: `render - <&-` said "the file is empty"), else `stdin: ` and the system's
  ///   reason.
  package static func readInput() throws -> Data {
    do {
      return try input.readToEnd()
    } catch {
      throw GlyphsmithError.unreadable(
        path: "-",
        reason: error.code == EBADF
          ? "stdin is closed; pipe or redirect an SVG or PNG into it, or give a file"
          : "stdin: \(error.reason)")
    }
  }

  /// Everything up to the end of the stream (what was read before a failing read).
  package func readDataToEndOfFile() -> Data {
    var data = Data()
    while true {
      do {
        let chunk = try Platform.readSome(fd, upTo: 65536)
        if chunk.isEmpty { return data }
        data.append(contentsOf: chunk)
      } catch {
        if error.isInterrupted { continue }
        return data
      }
    }
  }
}
