import FoundationEssentials
import Glibc
import GlyphsmithCore

extension AssetPlatform {
  /// `NAME.imageset` folders in an Xcode asset catalog (`ImageSetWriter`).
  public static let ios = AssetPlatform(name: "ios")
}

/// iOS: one `NAME.imageset` per input (and `NAME-compact.imageset` with `compact`) in the
/// catalog, inside its group folders, with `NAME.png`, `NAME@2x.png`, `NAME@3x.png` per scale
/// (and `-dark` variants) and a `Contents.json` as Xcode writes it (Apple "Asset Catalog
/// Format Reference", Image Set Type). Prepares the catalog's and groups' `Contents.json` and
/// after every run validates what it owns in the catalog (`CatalogValidator`).
package struct ImageSetWriter: AssetPlatformWriter {
  private let contentsTemplates = ContentsTemplates()

  /// A writer with an empty `Contents.json` template cache.
  package init() {}

  /// `.ios`.
  package var platform: AssetPlatform { .ios }

  /// The catalog itself.
  package func defaultOutputFolder(catalogPath: String) -> String { catalogPath }

  /// The `NAME.imageset` and `NAME.symbolset` folders anywhere in the catalog (through its
  /// group folders, never through links) holding a file with Glyphsmith's mark; app icon
  /// sets are `appicon`'s, and never among them.
  package func markedOutputs(in context: AssetPlatformContext) -> [String] {
    var found: [String] = []
    var folders = [context.root]
    while let folder = folders.popLast() {
      for entry in Platform.folderEntries(atPath: folder) ?? []
      where entry.isFolder && !entry.isLink && !entry.name.hasPrefix(".") {
        let path = folder + "/" + entry.name
        if entry.name.hasSuffix(".imageset") || entry.name.hasSuffix(".symbolset") {
          if OutputOwnership.isMarkedFolder(path) { found.append(path) }
        } else if !AssetsJob.isAssetFolder(entry.name) {
          folders.append(path)
        }
      }
    }
    return found.sorted()
  }

  /// Set names, per group with `namespace`, `NAME-compact` too with `compact`.
  package func reservedNames(_ inputs: [AssetInput], options: AssetsOptions)
    -> [(name: String, path: String)]
  {
    func scoped(_ input: AssetInput, _ name: String) -> String {
      options.namespace ? (input.groups + [name]).joined(separator: "/") : name
    }
    var entries = inputs.map { (name: scoped($0, $0.name), path: $0.path) }
    if options.compact {
      entries += inputs.map { (name: scoped($0, $0.name + "-compact"), path: $0.path) }
    }
    return entries
  }

  /// Writes the catalog's root `Contents.json` when there is none (one that exists, Xcode's
  /// or the user's with their own keys, is kept byte for byte: Glyphsmith needs nothing in
  /// it, issue 32), and every group folder's (with `provides-namespace` under `namespace`),
  /// each only when its bytes differ.
  /// - Throws: `GlyphsmithError.writeFailed` when a folder or file cannot be written.
  package func prepare(_ inputs: [AssetInput], in context: AssetPlatformContext) throws {
    let rootContents = context.root + "/Contents.json"
    if Platform.status(ofPath: rootContents) == nil {
      try AtomicFile.write(try AssetContents().xcodeJSON(), toPath: rootContents)
    }
    let groups = Set(
      inputs.flatMap { input in
        input.groups.indices.map { input.groups[...$0].joined(separator: "/") }
      })
    for group in groups.sorted() {
      // Never through a linked group folder: its inputs fail alone later, at their imageset
      // (`checkOutputFolder`), naming the link; nothing is written where it points.
      let folder = "\(context.root)/\(group)"
      guard (try? OutputSafety.checkNoLinkedFolders(root: context.root, folder: folder)) != nil
      else { continue }
      let contents = AssetContents.group(namespace: context.options.namespace)
      try Self.writeIfDifferent(try contents.xcodeJSON(), toPath: folder + "/Contents.json")
    }
  }

  /// The `Contents.json` of each group folder `input` sits in (`CATALOG/GROUP/Contents.json`,
  /// outer groups first), which `prepare` writes.
  package func sharedFiles(for input: AssetInput, in context: AssetPlatformContext) -> [String] {
    input.groups.indices.map {
      context.root + "/" + input.groups[...$0].joined(separator: "/") + "/Contents.json"
    }
  }

  /// Writes atomically unless the file already holds exactly `data` (so reruns keep mtimes).
  private static func writeIfDifferent(_ data: Data, toPath path: String) throws {
    if FileBytes.read(path) == data { return }
    try AtomicFile.write(data, toPath: path)
  }

  /// One imageset per variant (regular, compact), each scale x appearance a file; with a
  /// vector catalog format (`IconOptions.catalogFormat` `pdf` or `svg`) and an SVG input,
  /// each appearance one vector file instead (`vectorSets`).
  package func plannedSets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  {
    let options = context.options
    let appearances = input.darkPath == nil ? [false] : [false, true]
    if let format = OutputFormats.drawn(options.icon.catalogFormat, at: .catalog),
      !format.isRaster, input.path.lowercased().hasSuffix(".svg")
    {
      return vectorSets(for: input, in: context, format: format, appearances: appearances)
    }
    var sets: [PlannedAssetSet] = []
    // Everything in Contents.json but the set name (see `contents(setName:...)`).
    let shape = "\(options.scales)|\(appearances.count)|\(options.keepsColour)"
    for (setName, folder, compact) in setFolders(for: input, in: context) {
      var files: [PlannedAssetFile] = []
      for scale in options.scales {
        for dark in appearances {
          var render = context.base
          render.compact = compact
          render.scale = Double(scale)
          let filename = Self.fileName(setName, scale: scale, dark: dark)
          files.append(
            PlannedAssetFile(
              name: filename, render: render, dark: dark, reportPath: folder + "/" + filename))
        }
      }
      let json = contentsTemplates.json(key: shape, setName: setName) {
        Self.contents(
          setName: $0, scales: options.scales, appearances: appearances,
          template: !options.keepsColour)
      }
      sets.append(
        PlannedAssetSet(
          folder: folder, files: files, texts: [("Contents.json", json)], whole: true))
    }
    return sets
  }

  /// Single-scale vector imagesets (Xcode 12+, Apple "Asset Catalog Format Reference"): per
  /// variant one `NAME.pdf` (or `.svg`), `NAME-dark.pdf` with a dark variant, laid out at
  /// scale 1 (the page is the @1x PNG's size in pt), and a `Contents.json` whose entries have
  /// no `scale` and whose properties hold `preserves-vector-representation: true`, so Xcode
  /// keeps the vector at run time. An SVG set falls back to the PDF set, with a warning,
  /// when plain paths cannot express the input.
  private func vectorSets(
    for input: AssetInput, in context: AssetPlatformContext, format: any DrawnOutputFormat,
    appearances: [Bool]
  ) -> [PlannedAssetSet] {
    let template = !context.options.keepsColour
    return setFolders(for: input, in: context).map { setName, folder, compact in
      func set(_ format: any DrawnOutputFormat) -> PlannedAssetSet {
        var files: [PlannedAssetFile] = []
        for dark in appearances {
          var render = context.base
          render.compact = compact
          render.scale = 1
          let filename = setName + (dark ? "-dark" : "") + "." + format.fileExtension
          var file = PlannedAssetFile(
            name: filename, render: render, dark: dark, reportPath: folder + "/" + filename)
          file.format = format
          files.append(file)
        }
        let key = "\(format.name)|\(appearances.count)|\(!template)"
        let json = contentsTemplates.json(key: key, setName: setName) {
          Self.vectorContents(
            setName: $0, fileExtension: format.fileExtension, appearances: appearances,
            template: template)
        }
        return PlannedAssetSet(
          folder: folder, files: files, texts: [("Contents.json", json)], whole: true)
      }
      var planned = set(format)
      if format.name != OutputFormats.pdf.name {
        planned.fallback = [set(OutputFormats.pdf)]
        planned.fallbackNote = "writing the image set as PDF instead"
      }
      return planned
    }
  }

  /// The `Contents.json` of the vector set `setName`: one entry without a scale per
  /// appearance, `preserves-vector-representation` on.
  private static func vectorContents(
    setName: String, fileExtension: String, appearances: [Bool], template: Bool
  ) -> AssetContents {
    let images = appearances.map { dark in
      AssetContents.Entry(
        filename: setName + (dark ? "-dark" : "") + "." + fileExtension, idiom: "universal",
        appearances: dark ? [.init(appearance: "luminosity", value: "dark")] : nil)
    }
    var contents = AssetContents.imageSet(images: images, template: template)
    contents.properties?.preservesVectorRepresentation = true
    return contents
  }

  /// `NAME.png`, `NAME@2x.png`, `NAME-dark@3x.png`, ...: a set's file at `scale`.
  private static func fileName(_ setName: String, scale: Int, dark: Bool) -> String {
    setName + (dark ? "-dark" : "") + (scale == 1 ? "" : "@\(scale)x") + ".png"
  }

  /// The `Contents.json` of the set `setName`: one image per scale and appearance (`false`
  /// light, `true` dark), in that order.
  private static func contents(
    setName: String, scales: [Int], appearances: [Bool], template: Bool
  ) -> AssetContents {
    var images: [AssetContents.Entry] = []
    for scale in scales {
      for dark in appearances {
        images.append(
          AssetContents.Entry(
            filename: fileName(setName, scale: scale, dark: dark), idiom: "universal",
            scale: "\(scale)x",
            appearances: dark ? [.init(appearance: "luminosity", value: "dark")] : nil))
      }
    }
    return AssetContents.imageSet(images: images, template: template)
  }

  /// The imagesets of `input`: regular, then compact with `compact`; name and folder each.
  private func setFolders(for input: AssetInput, in context: AssetPlatformContext)
    -> [(name: String, folder: String, compact: Bool)]
  {
    let groupPath = input.groups.map { "/" + $0 }.joined()
    let variants = context.options.compact ? [("", false), ("-compact", true)] : [("", false)]
    return variants.map { suffix, compact in
      let setName = input.name + suffix
      return (setName, "\(context.root)\(groupPath)/\(setName).imageset", compact)
    }
  }

  /// The whole catalog validated (names collide across it), as `glyphsmith validate` does:
  /// its `CatalogFinding`s as Diagnostics (kind `catalog`).
  /// - Throws: what `CatalogValidator.validate` throws.
  package func findings(in context: AssetPlatformContext) throws -> [Diagnostic] {
    try CatalogValidator.validate(catalogPath: context.root).map(\.diagnostic)
  }

  /// The findings about this run's own sets, on every run: names are checked across the
  /// whole catalog (they collide across it; folder names suffice), sets written now get every
  /// set check, and unchanged sets were re-verified cheaply by `AssetsJob` (Contents.json as
  /// written, each PNG present with its fingerprint and header sizes in proportion to their
  /// scales). Findings about sets this run has no input for (and did not write) are left to
  /// `glyphsmith validate`: the exit code depends only on the run's own sets. An unassigned
  /// file in one of them is the user's (Glyphsmith writes no other) and is a warning of the
  /// plan instead.
  /// - Throws: what `CatalogValidator.validate` throws.
  package func findings(
    in context: AssetPlatformContext, inputs: [AssetInput], written: [AssetInput]
  ) throws -> [Diagnostic] {
    guard !inputs.isEmpty else { return [] }
    let owned = ownedPaths(inputs, in: context)
    let fresh = ownedPaths(written, in: context)
    // A file the user put in one of this run's sets is kept and named by a warning of the
    // plan (`AssetsJob.ownership`) on every run, so validate's finding about it is left out.
    return try CatalogValidator.validate(
      catalogPath: context.root, checkingAssets: { fresh.folders.contains($0) }
    )
    .filter { owned.contains(finding: $0.path) && $0.rule != .unassignedFile }.map(\.diagnostic)
  }

  /// The imagesets of `inputs` and the catalog and group `Contents.json` this writer writes,
  /// as `CatalogValidator` names them (the root without a trailing `/`).
  private func ownedPaths(_ inputs: [AssetInput], in context: AssetPlatformContext)
    -> OwnedCatalogPaths
  {
    var root = context.root
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    var trimmed = context
    trimmed.root = root
    var owned = OwnedCatalogPaths()
    owned.files.insert(root + "/Contents.json")
    for input in inputs {
      for index in input.groups.indices {
        owned.files.insert(
          root + "/" + input.groups[...index].joined(separator: "/") + "/Contents.json")
      }
      for set in setFolders(for: input, in: trimmed) { owned.folders.insert(set.folder) }
    }
    return owned
  }
}
