import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// `golden.json`, stored in a golden folder: how its images are compared and which renderer
/// drew them.
///
/// Source: the golden-image conventions of `docs/formats.md` (record the renderer
/// versions with the goldens so that a change says "re-record" instead of showing noise).
public struct GoldenManifest: Sendable, Equatable, Codable {
  /// The file name inside a golden folder.
  public static let fileName = "golden.json"

  /// Schema version, 1.
  public var version = 1
  /// How the images are compared (strict by default).
  public var options: GoldenOptions
  /// The renderer that drew the goldens.
  public var renderer: RendererRecord
  /// The record of the goldens Glyphsmith wrote under this folder (`golden record`, a review's
  /// accept): paths relative to the folder holding this file, sorted. A golden it lists (or
  /// one carrying Glyphsmith's mark) is Glyphsmith's to replace and prune; any other needs
  /// `--force` (issue 32). `nil` in a file written before the record existed: every golden
  /// under the folder then counts as Glyphsmith's, and the next record writes the list.
  public var goldens: [String]?

  /// A manifest with `options` and `renderer` (by default strict options, the running renderer).
  public init(options: GoldenOptions = GoldenOptions(), renderer: RendererRecord = .current) {
    self.options = options
    self.renderer = renderer
  }

  /// Decodes a manifest; every member may be left out of a hand-written file: `version` is 1,
  /// `options` the strict defaults, and a missing `renderer` is taken as the running one (so
  /// no "renderer changed" note until the goldens are recorded).
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
    options = try c.decodeIfPresent(GoldenOptions.self, forKey: .options) ?? GoldenOptions()
    renderer = try c.decodeIfPresent(RendererRecord.self, forKey: .renderer) ?? .current
    goldens = try c.decodeIfPresent([String].self, forKey: .goldens)
  }

  private enum CodingKeys: String, CodingKey { case version, options, renderer, goldens }

  /// Reads `golden.json` from `directory`; `nil` when there is none.
  /// - Throws: `GoldenError.invalidManifest` naming the file when it cannot be read or parsed.
  public static func load(from directory: URL) throws -> GoldenManifest? {
    let url = directory.appendingPathComponent(fileName)
    var isFolder = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return nil
    }
    // A folder (or another non-file) there is named as such, not by Foundation's error text
    // (issue 32, sixth trial: `NSCocoaErrorDomain Code=256`).
    if isFolder {
      throw GoldenError.invalidManifest(
        path: url.path,
        reason: "it is a folder, not a file")
    }
    do {
      let data = try Data(contentsOf: url)
      let manifest: GoldenManifest
      do {
        manifest = try StrictJSON.decode(GoldenManifest.self, from: data, shape: shape)
      } catch {
        switch error {
        case .syntax(let problem, _), .shape(let problem):
          throw GoldenError.invalidManifest(path: url.path, reason: problem)
        case .decoding(let keyPath, let error):
          throw GoldenError.invalidManifest(
            path: url.path, reason: Self.describe(error, keyPath: keyPath))
        }
      }
      guard manifest.version == 1 else {
        throw GoldenError.invalidManifest(
          path: url.path, reason: "unknown value \(manifest.version) for 'version'; allowed: 1")
      }
      try manifest.options.pixelmatch.validate()
      return manifest
    } catch let error as GoldenError {
      throw error
    } catch let error as CompareError {
      if case .invalidOption(let message) = error {
        throw GoldenError.invalidManifest(path: url.path, reason: message)
      }
      throw error
    } catch {
      let reason = "cannot read it: " + (SystemError.posixReason(error) ?? "\(error)")
      throw GoldenError.invalidManifest(path: url.path, reason: reason)
    }
  }

  /// The `golden.json` that governs `directory`: its own, else the nearest one in a folder
  /// above it (a record or check of a sub-folder of a golden folder uses the folder's file and
  /// writes no second one); `nil` when there is none up to the root.
  /// - Throws: `GoldenError.invalidManifest` naming the file found when it is bad.
  public static func locate(from directory: URL) throws -> (
    manifest: GoldenManifest, folder: URL
  )? {
    var folder = directory.standardizedFileURL
    while true {
      if let manifest = try load(from: folder) { return (manifest, folder) }
      let parent = folder.deletingLastPathComponent().standardizedFileURL
      if parent.path == folder.path || parent.path.isEmpty { return nil }
      folder = parent
    }
  }

  /// The keys and enumerated values `golden.json` may hold; anything else is an error naming it.
  public static let shape: JSONShape = .object([
    "version": .any,
    "options": GoldenOptions.shape,
    "renderer": .object([
      "libraries": .object(
        Dictionary(
          uniqueKeysWithValues: RendererVersions.current.components.map { ($0.name, .any) })),
      "fonts": .dictionary(.any),
    ]),
    "goldens": .array(.string),
  ])

  /// Writes this manifest to `directory/golden.json`, atomically.
  /// - Throws: `GlyphsmithError.writeFailed` naming the file.
  public func save(to directory: URL) throws {
    let data: Data
    do { data = try XcodeJSON.encode(self) } catch {
      throw GlyphsmithError.writeFailed(path: directory.path, reason: "\(error)")
    }
    try AtomicFile.write(data, to: directory.appendingPathComponent(Self.fileName))
  }

  /// `missing key 'options.x'`, or `'options.x': ` and Foundation's description.
  private static func describe(_ error: DecodingError, keyPath path: String) -> String {
    switch error {
    case .keyNotFound:
      return "missing key '\(path)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return (path.isEmpty ? "" : "'\(path)': ") + context.debugDescription
    @unknown default:
      return "\(error)"
    }
  }
}
