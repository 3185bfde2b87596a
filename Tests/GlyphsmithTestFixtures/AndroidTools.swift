import Foundation
import GlyphsmithCore
import Testing

/// The platform tools the Android tests check outputs with (never needed at run time):
/// Debian's `aapt` with `android-framework-res` (the framework's attribute definitions), and
/// resvg (PyPI resvg-cli) to render a VectorDrawable converted back to SVG (an independent
/// renderer: never librsvg, which drew the PNG). `.ci/run` installs them
/// (`scripts/install-test-tools`); a test skips only when one is genuinely absent on this
/// machine, and fails when it is absent under CI (`skip`).
public enum AndroidTools {
  /// Debian's framework resources, which `aapt -I` links attributes against.
  public static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"

  /// Says why a test cannot run here: a printed skip on a developer's machine, a failure
  /// under CI (`CI=true`, where `.ci/run` has installed every tool).
  public static func skip(_ why: String) {
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("\(why); .ci/run installs it with scripts/install-test-tools")
    } else {
      print("skipped: \(why) (scripts/install-test-tools installs it)")
    }
  }

  /// The executable `name` on PATH, else `nil`.
  public static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// `aapt` when it and the framework resources are installed.
  public static var aapt: String? {
    guard FileManager.default.fileExists(atPath: frameworkRes) else { return nil }
    return find("aapt")
  }

  /// resvg: on PATH, else where pip puts console scripts (pyenv's shims, `~/.local/bin`),
  /// since `swift test` may run without the shell's pyenv PATH. Never another renderer in
  /// its place: a test that says resvg draws with resvg or does not run (`skip`).
  public static var resvg: String? {
    if let found = find("resvg") { return found }
    let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
    return [home + "/.pyenv/shims", home + "/.local/bin"].map { $0 + "/resvg" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `arguments[0]` with the rest; exit status and stdout + stderr.
  public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
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
  public static func compile(res: String, minSdk: Int = 21) throws -> (
    status: Int32, output: String
  ) {
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

  /// Renders `svg` (a file) at `width` x `height` px with resvg into an image.
  /// - Throws: `GlyphsmithError.unusable` when resvg is missing or fails.
  public static func render(svg: String, width: Int, height: Int) throws -> RGBAImage {
    let png = svg + ".\(width)x\(height).png"
    guard let resvg else {
      throw GlyphsmithError.unusable(path: svg, problem: "resvg is not installed")
    }
    let result = try run([resvg, "-w", "\(width)", "-h", "\(height)", svg, png])
    guard result.status == 0 else {
      throw GlyphsmithError.unusable(path: svg, problem: "resvg failed: \(result.output)")
    }
    return try ImageComparison.load(png)
  }
}
