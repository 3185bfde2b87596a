import Foundation
import Glyphsmith
import Testing

/// The platform tools the Android tests check outputs with (never needed at run time):
/// Debian's `aapt` with `android-framework-res` (the framework's attribute definitions), and
/// resvg (PyPI resvg-cli) or rsvg-convert to render a VectorDrawable converted back to SVG.
/// `.ci/run` installs them (`scripts/install-test-tools`); a test skips only when one is
/// genuinely absent on this machine.
enum AndroidTools {
  /// Debian's framework resources, which `aapt -I` links attributes against.
  static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"

  /// Says why a test cannot run here: a printed skip on a developer's machine, a failure
  /// under CI (`CI=true`, where `.ci/run` has installed every tool).
  static func skip(_ why: String) {
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("\(why); .ci/run installs it with scripts/install-test-tools")
    } else {
      print("skipped: \(why) (scripts/install-test-tools installs it)")
    }
  }

  /// The executable `name` on PATH, else `nil`.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// `aapt` when it and the framework resources are installed.
  static var aapt: String? {
    guard FileManager.default.fileExists(atPath: frameworkRes) else { return nil }
    return find("aapt")
  }

  /// The SVG renderer: resvg, else rsvg-convert.
  static var svgRenderer: String? { find("resvg") ?? find("rsvg-convert") }

  /// Runs `arguments[0]` with the rest; exit status and stdout + stderr.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Packages the resource folder `res` with `aapt package` against the framework (a
  /// minimal manifest of `minSdk`), as a build would compile it: an unknown attribute, a bad
  /// value or a malformed file fails.
  static func compile(res: String, minSdk: Int = 21) throws -> (status: Int32, output: String) {
    let folder = URL(fileURLWithPath: res).deletingLastPathComponent()
    let manifest = folder.appendingPathComponent("AndroidManifest.xml").path
    try Data(
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" \
      package="com.example.glyphsmith"><uses-sdk android:minSdkVersion="\(minSdk)"/></manifest>
      """.utf8
    ).write(to: URL(fileURLWithPath: manifest))
    let apk = folder.appendingPathComponent("out.apk").path
    return try run([
      aapt!, "package", "-f", "-M", manifest, "-S", res, "-I", frameworkRes, "-F", apk,
    ])
  }

  /// Renders `svg` (a file) at `side` x `side` px with the SVG renderer into an image.
  static func render(svg: String, width: Int, height: Int) throws -> RGBAImage {
    let png = svg + ".\(width)x\(height).png"
    let renderer = svgRenderer!
    let arguments =
      renderer.hasSuffix("resvg")
      ? [renderer, "-w", "\(width)", "-h", "\(height)", svg, png]
      : [renderer, "-w", "\(width)", "-h", "\(height)", "-o", png, svg]
    let result = try run(arguments)
    guard result.status == 0 else {
      throw GlyphsmithError.unusable(path: svg, problem: "renderer failed: \(result.output)")
    }
    return try ImageComparison.load(png)
  }
}
