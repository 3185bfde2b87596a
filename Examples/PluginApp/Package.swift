// swift-tools-version:6.1
import PackageDescription

/// An app's icons through Glyphsmith's SwiftPM plugins (docs/plugin.md): `AppIcons/Icons/`
/// holds SVG art, the `GlyphsmithAssets` build-tool plugin renders it into `Icons.xcassets` at
/// build time (a resource of `AppIcons`), and `swift package glyphsmith ...` runs the command
/// plugin. The plugins run the artifact bundle `scripts/package` lays out, so from the
/// checkout: `scripts/package && swift test --package-path Examples/PluginApp`
/// (`PluginCLITests` builds it with the test build's binaries).
let package = Package(
  name: "PluginApp",
  // `package:` below is the dependency's identity: its folder's name (docs/plugin.md).
  dependencies: [.package(path: "../../Plugins")],
  targets: [
    .target(
      name: "AppIcons",
      // The art is the plugin's input, not a source or resource of its own.
      exclude: ["Icons"],
      plugins: [.plugin(name: "GlyphsmithAssets", package: "Plugins")]),
    .target(
      name: "BrandIcons",
      // A glyphsmith.json project: its outputs, redirected into the plugin's work folder.
      exclude: ["glyphsmith.json", "art"],
      plugins: [.plugin(name: "GlyphsmithAssets", package: "Plugins")]),
    .testTarget(name: "AppIconsTests", dependencies: ["AppIcons", "BrandIcons"]),
  ]
)
