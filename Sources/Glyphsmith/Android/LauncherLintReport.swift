import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `lint --role android-launcher --json`: the safe-zone findings of each input in the shape
/// of the other roles' report (docs/lint.md, "Output and exit codes"): `{"version": 1,
/// "files": [{"path", "role": "android-launcher", "sizePt": 108, "inset", "findings":
/// [{"rule": "safe-zone", "severity", "message", "line", "column", "scale", "box", "value",
/// "limit", "count"}]}]}`, keys sorted by the encoder; `line`, `column`, `scale` and `box`
/// are `null` (the check is of the whole layer), `value` the dp the ink reaches from the
/// centre and `limit` the bound it passes (36 or 33 dp), `count` 1.
package struct LauncherLintReport: Encodable {
  /// One input's entry.
  package struct File: Encodable {
    /// The input as given.
    package var path: String
    /// The inset it was placed with, in percent of the layer per side.
    package var inset: Double
    /// Its findings, in order.
    package var findings: [SafeZoneFinding]

    /// An entry; see the properties.
    package init(path: String, inset: Double, findings: [SafeZoneFinding]) {
      self.path = path
      self.inset = inset
      self.findings = findings
    }

    private enum Keys: String, CodingKey {
      case path, role, sizePt, inset, findings
    }

    private enum FindingKeys: String, CodingKey {
      case rule, severity, message, line, column, scale, box, value, limit, count
    }

    /// The keys above; `role` is always `android-launcher`, `sizePt` the 108 dp layer.
    package func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(path, forKey: .path)
      try c.encode("android-launcher", forKey: .role)
      try c.encode(AndroidLauncherGeometry.layer, forKey: .sizePt)
      try c.encode((inset * 100).rounded() / 100, forKey: .inset)
      var list = c.nestedUnkeyedContainer(forKey: .findings)
      for finding in findings {
        var f = list.nestedContainer(keyedBy: FindingKeys.self)
        try f.encode(Diagnostic.Kind.safeZone, forKey: .rule)
        try f.encode(finding.finding.severity.rawValue, forKey: .severity)
        try f.encode(finding.finding.message, forKey: .message)
        try f.encodeNil(forKey: .line)
        try f.encodeNil(forKey: .column)
        try f.encodeNil(forKey: .scale)
        try f.encodeNil(forKey: .box)
        try f.encode(finding.reachDp.map { ($0 * 100).rounded() / 100 }, forKey: .value)
        try f.encode(finding.limitDp, forKey: .limit)
        try f.encode(1, forKey: .count)
      }
    }
  }

  /// The format version, 1.
  package var version = 1
  /// The inputs checked, in order (those that could not be read are left out).
  package var files: [File] = []

  /// An empty report.
  package init() {}
}
