import Foundation
import Glyphsmith
import Synchronization

/// stderr output: diagnostics, warnings and the progress bar.
enum Terminal {
  /// Whether stderr is a terminal (progress bars and colour only then).
  static let stderrIsTTY = Platform.isTerminal(2)

  /// Writes `text` and a newline to stderr.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Writes `text` and a newline to stdout.
  static func output(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// A one-line progress bar on stderr, redrawn in place; only on a terminal.
  final class ProgressBar: Sendable {
    private let enabled: Bool
    /// The percentage last drawn, -1 before the first.
    private let lastDrawn = Mutex(-1)

    init(enabled: Bool) { self.enabled = enabled && Terminal.stderrIsTTY }

    func update(done: Int, total: Int) {
      guard enabled, total > 0 else { return }
      lastDrawn.withLock { lastDrawn in
        let percent = done * 100 / total
        guard percent != lastDrawn || done == total else { return }
        lastDrawn = percent
        let width = 30
        let filled = done * width / total
        let bar =
          String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
      }
    }

    func finish() {
      guard enabled, lastDrawn.withLock({ $0 }) >= 0 else { return }
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
  }
}
