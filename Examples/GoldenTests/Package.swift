// swift-tools-version:6.0
import PackageDescription

/// The examples of docs/testing.md as a package that builds and tests as written: a library of
/// icons and its golden-image tests with `assertGolden`. CI runs it (README's test command):
/// `swift test --package-path Examples/GoldenTests`, with `CI=true`, so its goldens in
/// `golden/` must be committed.
let package = Package(
  name: "GoldenTests",
  dependencies: [.package(name: "Glyphsmith", path: "../..")],
  targets: [
    .target(name: "MyIcons", dependencies: [.product(name: "Glyphsmith", package: "Glyphsmith")]),
    .testTarget(
      name: "MyIconTests",
      dependencies: [
        "MyIcons",
        .product(name: "Glyphsmith", package: "Glyphsmith"),
        .product(name: "GlyphsmithTestSupport", package: "Glyphsmith"),
      ]),
  ]
)
