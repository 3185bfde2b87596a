import Foundation

/// One asset `assets` produces: an input file, its name, its catalog group and its dark
/// variant.
public struct AssetInput: Equatable, Sendable {
  /// The input path.
  public var path: String
  /// The asset name: file name without extension, NFC (`AssetName`).
  public var name: String
  /// Catalog group folders, outermost first (the input's sub-folders).
  public var groups: [String]
  /// `NAME-dark.svg` (or `.png`) beside the input, for original-colour roles.
  public var darkPath: String?
  /// The Android resource name (`AndroidDrawables.resourceName`).
  public var androidName: String

  /// An input with no group and no dark variant.
  public init(path: String, name: String, groups: [String] = [], darkPath: String? = nil) {
    self.path = path
    self.name = name
    self.groups = groups
    self.darkPath = darkPath
    self.androidName = AndroidDrawables.resourceName(name)
  }
}

/// Turns collected files into assets and refuses collisions before anything is written.
public enum AssetPlanner {
  /// Pairs `NAME-dark` files with `NAME` beside them (dark appearance), maps folders to groups,
  /// checks names, and keeps only the shard asked for.
  /// - Returns: the assets in input order and warnings (`path: warning: ...`).
  /// - Throws: `GlyphsmithError.unusable` for a path that is not valid UTF-8 (`FileName`);
  ///   `.nameCollision` for two assets with one name (also in case
  ///   only; per group with `namespace`; also `NAME-compact` and Android resource names);
  ///   `.invalidOption` for `compact` outside the tab-bar role or a bad shard.
  public static func plan(_ files: [InputCollector.CollectedFile], options: AssetsOptions)
    throws -> (inputs: [AssetInput], warnings: [String])
  {
    if options.compact && options.role != .tabBar {
      throw GlyphsmithError.invalidOption("--compact applies to the tab-bar role only")
    }
    if let shard = options.shard, !(shard.count >= 1 && (1...shard.count).contains(shard.index)) {
      throw GlyphsmithError.invalidOption("--shard needs I/N with 1 <= I <= N")
    }
    for file in files where FileName.hasEscapes(file.path) {
      throw GlyphsmithError.unusable(
        path: file.path,
        problem:
          "the file name is not valid UTF-8; asset names must be (Xcode and Android read them as UTF-8); rename the file"
      )
    }
    var warnings: [String] = []
    // Dark variants: "x-dark.svg" beside "x.svg" or "x.png" in the same folder.
    func key(_ path: String) -> String {
      let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
      return folder + "/" + AssetName.from(path: path)
    }
    let bases = Set(files.map { key($0.path) })
    var darkFor: [String: String] = [:]
    var isDark = Set<String>()
    for file in files where AssetName.from(path: file.path).hasSuffix("-dark") {
      let base = String(key(file.path).dropLast("-dark".count))
      guard bases.contains(base) else { continue }
      isDark.insert(file.path)
      if options.keepsColour {
        darkFor[base] = file.path
      } else {
        warnings.append(
          "\(file.path): warning: template images need no dark variant (the bar tints them); ignored"
        )
      }
    }
    var inputs: [AssetInput] = []
    for file in files where !isDark.contains(file.path) {
      inputs.append(
        AssetInput(
          path: file.path, name: AssetName.from(path: file.path), groups: file.folders,
          darkPath: darkFor[key(file.path)]))
    }

    // Names: per catalog (or per group with a namespace), compact sets included.
    func scoped(_ input: AssetInput, _ name: String) -> String {
      options.namespace ? (input.groups + [name]).joined(separator: "/") : name
    }
    if options.platforms.contains(.ios) {
      var entries = inputs.map { (name: scoped($0, $0.name), path: $0.path) }
      if options.compact {
        entries += inputs.map { (name: scoped($0, $0.name + "-compact"), path: $0.path) }
      }
      if let collision = AssetName.firstCollision(entries) { throw collision }
    }
    if options.platforms.contains(.android) || options.platforms.contains(.web) {
      if let collision = AssetName.firstCollision(
        inputs.map { (name: $0.androidName, path: $0.path) })
      {
        throw collision
      }
    }
    if let shard = options.shard {
      inputs = inputs.filter { shardIndex(of: $0.name, count: shard.count) == shard.index - 1 }
    }
    return (inputs, warnings)
  }

  /// The 0-based share of `count` an asset name falls in: the first 64 bits of the SHA-256 of
  /// its NFC name, modulo `count`. Stable across runs and machines.
  public static func shardIndex(of name: String, count: Int) -> Int {
    let hex = ContentHash.sha256(name.precomposedStringWithCanonicalMapping)
    let value = UInt64(hex.prefix(16), radix: 16) ?? 0
    return Int(value % UInt64(count))
  }
}
