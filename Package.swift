// swift-tools-version:6.0
import PackageDescription

/// Release builds of both executables are linked position-dependent on Linux (`--no-pie`,
/// gold): with the Swift runtime and Foundation linked in statically (`--static-swift-stdlib`,
/// as README, `scripts/install` and the benches build), a position-independent executable makes
/// the dynamic loader apply about 130,000 relative relocations at every start (most of
/// `ld.so`'s time; `LD_DEBUG=statistics`), and a fixed address has none (issue 15). The C
/// libraries stay position-independent shared objects with their own randomised addresses.
/// Not in debug builds, whose Swift runtime is shared: ld.so warns on stderr when a
/// position-dependent executable takes the address of a shared library's protected function.
var positionDependent: [LinkerSetting] {
  [.unsafeFlags(["-Xlinker", "--no-pie"], .when(platforms: [.linux], configuration: .release))]
}

/// Glyphsmith: icon artwork to the pixels an iOS-style interface shows, and golden-image
/// regression tests for them. C enters through the system library targets `CCairo`, `CRsvg`,
/// `CPNG`, `CPango`, `CFreeType`, `CLibXML` and the small `CPNGCodec` C target; only
/// `GlyphsmithPNG` (libpng) and `GlyphsmithRender` (the rest) import them.
///
/// Two executables: `glyphsmith`, the light front users run (help, `compare`, `validate`; it
/// maps no cairo, librsvg, Pango or fontconfig), and `glyphsmith-render`, the full tool, which
/// the front `execv`s with the same arguments for every rendering subcommand.
let package = Package(
  name: "Glyphsmith",
  products: [
    .library(name: "Glyphsmith", targets: ["Glyphsmith"]),
    .library(name: "GlyphsmithTestSupport", targets: ["GlyphsmithTestSupport"]),
    .executable(name: "glyphsmith", targets: ["GlyphsmithFront"]),
    .executable(name: "glyphsmith-render", targets: ["GlyphsmithCLI"]),
  ],
  targets: [
    // MARK: - C libraries (Debian packages through pkg-config)
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CLibXML", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .target(name: "CPNGCodec", dependencies: ["CPNG"]),

    // MARK: - Swift
    // What the commands that draw nothing need (compare, validate, help): PNG, pixelmatch,
    // catalogs, the failure protocol. No cairo, librsvg, Pango or fontconfig.
    .target(name: "GlyphsmithPNG", dependencies: ["CPNG", "CPNGCodec"]),
    .target(name: "GlyphsmithCore", dependencies: ["GlyphsmithPNG"]),
    .target(
      name: "GlyphsmithRender",
      dependencies: [
        "GlyphsmithPNG", "CCairo", "CRsvg", "CPNG", "CPango", "CPNGCodec", "CFreeType",
        "CLibXML",
      ]),
    .target(name: "Glyphsmith", dependencies: ["GlyphsmithCore", "GlyphsmithRender"]),
    .target(name: "GlyphsmithCLISupport"),
    .target(name: "GlyphsmithCommands", dependencies: ["GlyphsmithCore", "GlyphsmithCLISupport"]),
    .executableTarget(
      name: "GlyphsmithFront", dependencies: ["GlyphsmithCommands"],
      linkerSettings: positionDependent),
    .executableTarget(
      name: "GlyphsmithCLI", dependencies: ["Glyphsmith", "GlyphsmithCommands"],
      linkerSettings: positionDependent),
    .target(
      name: "GlyphsmithTestSupport", dependencies: ["Glyphsmith"],
      path: "Tests/GlyphsmithTestSupport", exclude: ["Fixtures"]),
    .testTarget(
      name: "GlyphsmithRenderTests", dependencies: ["GlyphsmithRender", "GlyphsmithTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "GlyphsmithTests", dependencies: ["Glyphsmith", "GlyphsmithTestSupport"],
      exclude: ["Lint/Calibration"]),
    .testTarget(name: "GlyphsmithCLISupportTests", dependencies: ["GlyphsmithCLISupport"]),
    .testTarget(
      name: "GlyphsmithCLITests",
      dependencies: ["Glyphsmith", "GlyphsmithCommands", "GlyphsmithTestSupport"]),
  ]
)
