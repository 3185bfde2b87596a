import Dispatch
import FoundationEssentials
import Glibc
import GlyphsmithCore
import Synchronization

/// The one stream helper of every subcommand. Data (reports, `--json`, result lines) goes to
/// stdout through `output`; diagnostics (errors, warnings, findings) to stderr through
/// `error`; totals and progress to stderr through `info` and `ProgressBar`, which `--quiet`
/// silences. Text is shown with `Platform.displayName` (bytes of file names that are not UTF-8
/// as `\xNN`).
package enum Terminal {
  /// `--quiet`, set once by `Subcommand.main` before `run`.
  private static let quietFlag = Atomic<Bool>(false)

  /// Whether `--quiet` was given: no totals and no progress.
  package static var isQuiet: Bool { quietFlag.load(ordering: .relaxed) }

  /// Sets `--quiet`.
  package static func setQuiet(_ quiet: Bool) { quietFlag.store(quiet, ordering: .relaxed) }

  /// Whether a progress display may be drawn: stderr is a terminal and `TERM` is not `dumb`.
  package static let progressAllowed: Bool = {
    Platform.isTerminal(2) && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  }()

  /// Writes `text` and a newline to stderr: a diagnostic, never silenced.
  package static func error(_ text: String) {
    StandardStream.error.write(Data(errorText(text).utf8))
  }

  /// The exact text `error(text)` writes (`Platform.displayName` of `text`, then a newline):
  /// for a message written later by code that cannot format it then (a signal handler).
  package static func errorText(_ text: String) -> String { Platform.displayName(text) + "\n" }

  /// Writes `text` and a newline to stderr unless `--quiet`: totals and notes.
  package static func info(_ text: String) {
    guard !isQuiet else { return }
    error(text)
  }

  /// Writes `text` and a newline to stdout: data.
  package static func output(_ text: String) {
    StandardStream.output.write(Data((Platform.displayName(text) + "\n").utf8))
  }

  /// A one-line progress bar on stderr with done/total and an ETA, redrawn in place; drawn
  /// only when `progressAllowed` and not `--quiet`.
  package final class ProgressBar: Sendable {
    private let enabled: Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    /// The percentage last drawn, -1 before the first.
    private let lastDrawn = Mutex(-1)

    package init(enabled: Bool) {
      self.enabled = enabled && Terminal.progressAllowed && !Terminal.isQuiet
    }

    package func update(done: Int, total: Int) {
      guard enabled, total > 0 else { return }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      lastDrawn.withLock { lastDrawn in
        let percent = done * 100 / total
        guard percent != lastDrawn || done == total else { return }
        lastDrawn = percent
        let width = 30
        let filled = done * width / total
        let bar =
          String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let eta = Self.eta(done: done, total: total, elapsed: elapsed)
        StandardStream.error.write(Data("\r[\(bar)] \(done)/\(total) \(eta)\u{1B}[K".utf8))
      }
    }

    package func finish() {
      guard enabled, lastDrawn.withLock({ $0 }) >= 0 else { return }
      StandardStream.error.write(Data("\r\u{1B}[K".utf8))
    }

    /// `ETA m:ss` from the average time per item so far; `ETA --:--` before the first.
    package static func eta(done: Int, total: Int, elapsed: Double) -> String {
      guard done > 0 else { return "ETA --:--" }
      let remaining = Int((elapsed / Double(done) * Double(total - done)).rounded())
      return String(cFormat: "ETA %d:%02d", remaining / 60, remaining % 60)
    }
  }
}
