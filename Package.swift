// swift-tools-version:6.0
import PackageDescription

/// Glyphsmith: icon artwork to the pixels an iOS-style interface shows, and golden-image
/// regression tests for them. C enters through the system library targets `CCairo`, `CRsvg`,
/// `CPNG`, `CPango`, `CFreeType`, `CLibXML` and the small `CPNGCodec` C target; only
/// `GlyphsmithPNG` (libpng) and `GlyphsmithRender` (the rest) import them. `CFrontHandoff`
/// (C, no library) is the light front's first step; `CInProcessGuard` (C, no library) guards
/// a single render run in process.
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
    .executable(name: "glyphsmith-render", targets: ["GlyphsmithToolMain"]),
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
    // The light front's first step, in C: argv alone decides whether the front answers the
    // command itself; anything else execs `glyphsmith-render` before any of the front's Swift
    // work (issue 36).
    .target(name: "CFrontHandoff"),
    // A single `render`'s guard in this process (issue 36): held stderr, the timeout and the
    // crash signals, each ending in the text the forked child's parent would have written.
    .target(name: "CInProcessGuard"),

    // MARK: - Swift
    // What the commands that draw nothing need (compare, validate, help): PNG, pixelmatch,
    // catalogs, the failure protocol. No cairo, librsvg, Pango or fontconfig.
    .target(name: "GlyphsmithPNG", dependencies: ["CPNG", "CPNGCodec"]),
    .target(name: "GlyphsmithCore", dependencies: ["GlyphsmithPNG"]),
    .target(
      name: "GlyphsmithRender",
      dependencies: [
        "GlyphsmithPNG", "GlyphsmithCore", "CCairo", "CRsvg", "CPNG", "CPango", "CPNGCodec",
        "CFreeType", "CLibXML",
      ]),
    // GLYPHSMITH_FAULT_INJECTION: the test-only fault seam (Load/FaultInjection.swift) exists
    // in debug builds alone; release builds neither hold it nor read its variable.
    // golden.json and the renderer record it holds (the running library versions and font
    // hashes): what `assertGolden` needs of the rendering side, without the engine.
    .target(name: "GlyphsmithGolden", dependencies: ["GlyphsmithCore", "GlyphsmithRender"]),
    .target(
      name: "Glyphsmith",
      dependencies: ["CInProcessGuard", "GlyphsmithCore", "GlyphsmithRender", "GlyphsmithGolden"],
      swiftSettings: [.define("GLYPHSMITH_FAULT_INJECTION", .when(configuration: .debug))]),
    .target(name: "GlyphsmithCLISupport"),
    .target(name: "GlyphsmithCommands", dependencies: ["GlyphsmithCore", "GlyphsmithCLISupport"]),
    // The front is linked as a position-dependent executable in release builds on Linux: a
    // PIE needs its 46,000 relative relocations applied by the loader (and the pages they
    // touch copied) before `CFrontHandoff`'s constructor can exec `glyphsmith-render`, about
    // 1 ms of a 14 ms render (bench/NOTES.md, "the front without PIE"). Every SVG is still
    // read by `glyphsmith-render`, a PIE with full address randomisation; the front's own code
    // is help, `validate` (Foundation's JSON) and `compare` (libpng, itself randomised).
    .executableTarget(
      name: "GlyphsmithFront", dependencies: ["CFrontHandoff", "GlyphsmithCommands"],
      linkerSettings: [
        .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
      ]),
    // Every subcommand, one file each (its declaration, parse and run), and `CommandIndex`,
    // the one list of them: a library so that tests read the list and the declarations; the
    // front prints their help from `CommandTextIndex+Generated.swift`, generated from it.
    .target(name: "GlyphsmithTool", dependencies: ["Glyphsmith", "GlyphsmithCommands"]),
    // `glyphsmith-render`'s main.swift: runs `CommandIndex.entries`.
    .executableTarget(
      name: "GlyphsmithToolMain",
      dependencies: ["Glyphsmith", "GlyphsmithCommands", "GlyphsmithTool"]),
    // The shipped product: `assertGolden` and its configuration, nothing of the project's own
    // tests. It links what `assertGolden` uses (PNG, the comparison, golden.json), not the
    // engine.
    .target(
      name: "GlyphsmithTestSupport", dependencies: ["GlyphsmithGolden"],
      path: "Tests/GlyphsmithTestSupport"),
    // The project's own shared test fixtures (pixelmatch's reference pairs, Lucide strokes):
    // no product, only this package's test targets use it.
    .target(
      name: "GlyphsmithTestFixtures", dependencies: ["GlyphsmithCore"],
      path: "Tests/GlyphsmithTestFixtures", exclude: ["Fixtures"]),
    .testTarget(
      name: "GlyphsmithRenderTests", dependencies: ["GlyphsmithRender"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "GlyphsmithTests",
      dependencies: [
        "Glyphsmith", "GlyphsmithTestSupport", "GlyphsmithTestFixtures", "GlyphsmithCommands",
        "GlyphsmithTool",
      ],
      exclude: ["Lint/Calibration"]),
    .testTarget(name: "GlyphsmithCLISupportTests", dependencies: ["GlyphsmithCLISupport"]),
    .testTarget(
      name: "GlyphsmithCLITests",
      dependencies: [
        "Glyphsmith", "GlyphsmithCommands", "GlyphsmithTool", "GlyphsmithTestFixtures",
        "CFrontHandoff",
      ],
      swiftSettings: [.define("GLYPHSMITH_FAULT_INJECTION", .when(configuration: .debug))]),
  ]
)
