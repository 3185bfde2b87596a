import Glibc
import GlyphsmithCore
import Testing

@testable import Glyphsmith

/// Issue 36: the guarded render's crash texts, composed from one formatted text, equal the
/// text formatted for each signal, whatever the report's path holds.
@Suite("IsolatedChild crash texts")
struct IsolatedChildTextTests {
  @Test(arguments: [
    "bad.svg", "dir with spaces/ünïcode.svg", "GLYPHSMITH_SIGNAL_NAME.svg",
    "a/GLYPHSMITH_SIGNAL_NAME/GLYPHSMITH_SIGNAL_NAME.svg", FileName.decode([0x66, 0xFF, 0x2E, 0x73]),
    "",
  ])
  func composedCrashTextsEqualFormattedOnes(path: String) {
    let report = IsolatedChild.Report(
      text: { "\(Platform.displayName(path)): error: \($0.problem)\n" }, status: 2)
    let signals = IsolatedChild.guardedSignals
    let formatted = signals.map { report.text(.crashed(signal: Platform.signalName($0))) }
    #expect(IsolatedChild.crashTexts(report, signals: signals) == formatted)
    #expect(formatted.count == 10)
    #expect(formatted[signals.firstIndex(of: SIGXFSZ)!].contains("ulimit -f"))
    #expect(formatted[0].hasSuffix("the renderer crashed on this file (SIGABRT); check or simplify the file\n"))
  }
}
