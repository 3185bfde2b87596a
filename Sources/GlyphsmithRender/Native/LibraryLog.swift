import CRsvg
import FoundationEssentials
import GlyphsmithCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// GLib's log messages (Pango's and librsvg's warnings) taken from the thread that called the
/// library, so that a complaint about one file can become that file's error
/// (`GErrorBridge.callSVG`) instead of raw `(process:N): Pango-WARNING **` lines on stderr,
/// or, in a worker, nothing at all. Messages logged outside `capturing` (and every fatal one)
/// go to GLib's default writer as before. Source: GLib "Message Logging",
/// `g_log_set_writer_func`, `g_log_writer_default`.
enum LibraryLog {
  private static let lock = PlainLock()
  /// The messages of each thread inside `capturing`, by thread.
  nonisolated(unsafe) private static var buffers = PerThread()

  /// Messages by thread: a few threads at most, so a list searched in order. A
  /// `[UInt: [String]]` cost a single `render` 0.27 M instructions on its first use (the
  /// runtime's conformance scan for `UInt: Hashable`; issue 36, single renders).
  private struct PerThread {
    private var entries: [(thread: UInt, messages: [String])] = []

    subscript(thread: UInt) -> [String]? {
      get { entries.first { $0.thread == thread }?.messages }
      set {
        if let index = entries.firstIndex(where: { $0.thread == thread }) {
          if let newValue { entries[index].messages = newValue } else { entries.remove(at: index) }
        } else if let newValue {
          entries.append((thread, newValue))
        }
      }
    }
  }

  /// Installs the writer once per process (GLib allows one).
  private static let installed: Void = {
    GLibMessages.toStandardError()
    g_log_set_writer_func(
      { level, fields, count, _ in
        LibraryLog.write(level: level, fields: fields, count: Int(count))
      },
      nil, nil)
  }()

  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  /// Runs `body`, returning what it returned and the GLib messages logged on this thread
  /// meanwhile, as `DOMAIN: message` (`Pango: failed to create cairo scaled font, ...`).
  /// - Throws: what `body` throws (the messages are then passed on to GLib's default writer).
  static func capturing<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [String]) {
    _ = installed
    let me = thread
    lock.lock()
    let outer = buffers[me]
    buffers[me] = []
    lock.unlock()
    func finish() -> [String] {
      lock.lock()
      defer { lock.unlock() }
      let messages = buffers[me] ?? []
      buffers[me] = outer
      return messages
    }
    let result: T
    do {
      result = try body()
    } catch {
      pass(finish())
      throw error
    }
    return (result, finish())
  }

  /// Writes `messages` (from `capturing`) as GLib would have: on stderr, with the process id.
  static func pass(_ messages: [String]) {
    for message in messages {
      StandardStream.error.write(Data("(process:\(getpid())): \(message)\n".utf8))
    }
  }

  private static func write(
    level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int
  ) -> GLogWriterOutput {
    let fatal = GLogLevelFlags(rawValue: G_LOG_LEVEL_ERROR.rawValue | G_LOG_FLAG_FATAL.rawValue)
    if level.rawValue & fatal.rawValue == 0, let fields {
      let me = thread
      lock.lock()
      defer { lock.unlock() }
      if buffers[me] != nil {
        var domain = "GLib"
        var message = ""
        for field in UnsafeBufferPointer(start: fields, count: count) {
          guard let key = field.key, let value = field.value else { continue }
          let text =
            field.length < 0
            ? String(cString: value.assumingMemoryBound(to: CChar.self))
            : String(
              decoding: UnsafeRawBufferPointer(start: value, count: field.length), as: UTF8.self)
          switch String(cString: key) {
          case "GLIB_DOMAIN": domain = text
          case "MESSAGE": message = text
          default: break
          }
        }
        buffers[me]!.append(domain + ": " + message)
        return G_LOG_WRITER_HANDLED
      }
    }
    return g_log_writer_default(level, fields, gsize(count), nil)
  }
}

/// Where GLib's default writer puts messages.
package enum GLibMessages {
  /// Every message to stderr: GLib's default writer puts info and debug messages on stdout
  /// (with `G_MESSAGES_DEBUG=all`, GIO's start-up lines), into the PNG that `render -o -`
  /// writes there (trial t36b L6). `glyphsmith-render` calls it first, before any library
  /// logs; `LibraryLog` again when it installs its writer. Source: GLib "Message Logging",
  /// `g_log_writer_default_set_use_stderr` (2.68).
  package static func toStandardError() { g_log_writer_default_set_use_stderr(1) }
}

