// swift-tools-version:6.1
import PackageDescription

/// Glyphsmith's SwiftPM plugins (issue 37; docs/plugin.md), a package of their own so that the
/// main package's `swift build` and `swift test` never see them:
///
/// - `GlyphsmithAssets`, a build-tool plugin: a target whose folder holds `glyphsmith.json`
///   or an `Icons/` folder of SVG and PNG art gets a generated `Icons.xcassets` (and the
///   Android and web folders the project declares) in the plugin's work folder at every build
///   where its inputs changed, as a resource of the target.
/// - `GlyphsmithCommand`, a command plugin: `swift package glyphsmith build|lint|golden ...`
///   runs `glyphsmith` with the arguments given, in the package's folder.
///
/// Both run the `glyphsmith` executable of the artifact bundle `scripts/package` lays out
/// (`.build/package/glyphsmith.artifactbundle` of this checkout; run `scripts/package` first).
/// A release publishes the zipped bundle and this package with the `url:checksum:` form of
/// the binary target instead (docs/plugin.md, "Releasing the plugins").
let package = Package(
  name: "GlyphsmithPlugins",
  products: [
    .plugin(name: "GlyphsmithAssets", targets: ["GlyphsmithAssets"]),
    .plugin(name: "GlyphsmithCommand", targets: ["GlyphsmithCommand"]),
  ],
  targets: [
    .binaryTarget(name: "glyphsmith", path: "../.build/package/glyphsmith.artifactbundle"),
    .plugin(
      name: "GlyphsmithAssets", capability: .buildTool(), dependencies: ["glyphsmith"],
      path: "GlyphsmithAssets"),
    .plugin(
      name: "GlyphsmithCommand",
      capability: .command(
        intent: .custom(
          verb: "glyphsmith",
          description: "Runs glyphsmith (build, lint, golden check, ...) in the package's folder"),
        permissions: [
          .writeToPackageDirectory(
            reason:
              "glyphsmith build and golden record write the outputs and goldens of the package's icon project"
          )
        ]),
      dependencies: ["glyphsmith"], path: "GlyphsmithCommand"),
  ]
)
