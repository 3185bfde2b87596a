import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Turns collected files into assets and refuses collisions before anything is written.
package enum AssetPlanner {
  /// The error of an icon at `path` whose icons sub-folders `folders` (each a catalog group)
  /// hold one named like an asset folder (`bar.symbolset`): Xcode reads such a folder as that
  /// asset, not as a group (issue 32, eighth trial finding 10; image sets and symbol sets
  /// alike). `nil` when every folder is a plain group name.
  package static func misnamedGroup(_ path: String, folders: [String]) -> GlyphsmithError? {
    guard let folder = folders.first(where: AssetsJob.isAssetFolder) else { return nil }
    let ext = folder.split(separator: ".").last.map(String.init) ?? folder
    return GlyphsmithError.unusable(
      path: path,
      problem:
        "its folder '\(folder)' would be a catalog group named like an asset folder (.\(ext)), which Xcode reads as that asset, not as a group; rename the folder"
    )
  }

  /// Pairs `NAME-dark` files with `NAME` beside them (dark appearance), maps folders to groups,
  /// checks names (those each platform's writer reserves), and keeps only the shard asked for.
  /// - Returns: the assets in input order, warnings (kind `ignored-dark-variant`, about the
  ///   dark file) and the files set
  ///   aside as failed inputs (`GlyphsmithError.unusable`: a file name that is not valid UTF-8,
  ///   `FileName`), so one such file fails alone and the rest of the batch goes on.
  /// - Throws: `GlyphsmithError.nameCollision` for two assets with one name (also in case
  ///   only; per group with `namespace`; also `NAME-compact` and Android resource names),
  ///   `PlanningFailure` naming every one when there are more;
  ///   `.invalidOption` for `compact` outside the tab-bar role, a bad shard, or a platform
  ///   with no writer in `writers`.
  package static func plan(
    _ files: [InputCollector.CollectedFile], options: AssetsOptions,
    writers: [any AssetPlatformWriter] = AssetPlatformRegistry.writers
  ) throws -> (
    inputs: [AssetInput], warnings: [Diagnostic], rejected: [(path: String, error: GlyphsmithError)]
  ) {
    if options.compact && options.role != .tabBar {
      throw GlyphsmithError.invalidOption("--compact applies to the tab-bar role only")
    }
    if let shard = options.shard, !(shard.count >= 1 && (1...shard.count).contains(shard.index)) {
      throw GlyphsmithError.invalidOption("--shard needs I/N with 1 <= I <= N")
    }
    for platform in options.platforms where !writers.contains(where: { $0.platform == platform }) {
      throw GlyphsmithError.invalidOption("no writer for the asset platform '\(platform)'")
    }
    let escaped = files.filter { FileName.hasEscapes($0.path) }.map {
      (path: $0.path, error: GlyphsmithError.unusable(
        path: $0.path,
        problem:
          "the file name is not valid UTF-8; asset names must be (Xcode and Android read them as UTF-8); rename the file"
      ))
    }
    var files = files.filter { !FileName.hasEscapes($0.path) }
    // An icons sub-folder is a catalog group: one named like an asset folder
    // (`bar.symbolset`) would be read by Xcode as that asset, not as a group (issue 32,
    // eighth trial finding 10). Its icons fail alone, named.
    var misnamed: [(path: String, error: GlyphsmithError)] = []
    if options.platforms.contains(.ios) {
      files = files.filter { file in
        guard let error = misnamedGroup(file.path, folders: file.folders) else { return true }
        misnamed.append((file.path, error))
        return false
      }
    }
    let rejected = escaped + misnamed
    var warnings: [Diagnostic] = []
    // Each file's asset name, worked out once.
    let names = files.map { AssetName.from(path: $0.path) }
    let keys = files.indices.map { key(files[$0].path, name: names[$0]) }
    var darkFor: [String: String] = [:]
    var isDark = Set<String>()
    for (index, base) in darkVariants(keys) {
      let file = files[index]
      isDark.insert(file.path)
      if options.keepsColour {
        darkFor[base] = file.path
      } else {
        warnings.append(
          .warning(
            "template images need no dark variant (the bar tints them); ignored",
            path: file.path, kind: Diagnostic.Kind.ignoredDarkVariant))
      }
    }
    var inputs: [AssetInput] = []
    for (index, file) in files.enumerated() where !isDark.contains(file.path) {
      inputs.append(
        AssetInput(
          path: file.path, name: names[index], groups: file.folders, darkPath: darkFor[keys[index]]
        ))
    }

    // Names: each platform's (per catalog or per group for iOS, resource names for Android).
    // Every collision is named (issue 32), one line each, before anything is written.
    // One line per input, the first platform's (its Android resource name collides too).
    var collisions: [GlyphsmithError] = []
    var named: Set<String> = []
    for writer in writers where options.platforms.contains(writer.platform) {
      for collision in AssetName.collisions(writer.reservedNames(inputs, options: options)) {
        guard case .nameCollision(_, _, let second) = collision else { continue }
        if named.insert(second).inserted { collisions.append(collision) }
      }
    }
    if collisions.count == 1 { throw collisions[0] }
    if !collisions.isEmpty { throw PlanningFailure(collisions) }
    if let shard = options.shard {
      inputs = inputs.filter { shardIndex(of: $0.name, count: shard.count) == shard.index - 1 }
    }
    if let selected = options.selected {
      inputs = inputs.filter {
        selected.contains($0.path) || $0.darkPath.map(selected.contains) == true
      }
    }
    return (inputs, warnings, rejected)
  }

  /// `FOLDER/NAME` of the file at `path` whose asset name is `name`: what pairs a
  /// `NAME-dark` file with its `NAME`.
  static func key(_ path: String, name: String) -> String {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    return folder + "/" + name
  }

  /// Dark variants among files keyed `FOLDER/NAME` (`key(_:name:)`): each `NAME-dark` (as
  /// `x-dark.svg`) beside a `NAME` of any extension in the same folder, by index, with its
  /// base's key, in order.
  static func darkVariants(_ keys: [String]) -> [(index: Int, base: String)] {
    let bases = Set(keys)
    return keys.indices.compactMap { index in
      guard keys[index].hasSuffix("-dark") else { return nil }
      let base = String(keys[index].dropLast("-dark".count))
      return bases.contains(base) ? (index, base) : nil
    }
  }

  /// The paths among `paths` that are dark variants of another (`darkVariants(_:)`): what
  /// `assets` pairs with their light icon rather than making assets of, and `sheet` skips.
  package static func darkVariantPaths(_ paths: [String]) -> Set<String> {
    let keys = paths.map { key($0, name: AssetName.from(path: $0)) }
    return Set(darkVariants(keys).map { paths[$0.index] })
  }

  /// The 0-based share of `count` an asset name falls in: the first 64 bits of the SHA-256 of
  /// its NFC name, modulo `count`. Stable across runs and machines.
  package static func shardIndex(of name: String, count: Int) -> Int {
    let hex = ContentHash.sha256(name.canonicalComposition)
    let value = UInt64(hex.prefix(16), radix: 16) ?? 0
    return Int(value % UInt64(count))
  }
}
