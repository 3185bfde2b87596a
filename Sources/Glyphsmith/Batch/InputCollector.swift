import Foundation

/// Expands command-line inputs into the icon files to process: files as given, folders
/// recursively (`.svg` and `.png`, hidden files skipped), each folder's files sorted by their
/// path relative to it, so the order never depends on the file system.
public enum InputCollector {
  /// The extensions taken from folders, lower case.
  public static let extensions: Set<String> = ["svg", "png"]

  /// A file found for processing, with the folders between the input folder it was found in
  /// and the file (empty for a file given directly): the catalog group it belongs to.
  public struct CollectedFile: Equatable, Sendable {
    /// The path as given or joined from the input folder.
    public var path: String
    /// Sub-folder names below the input folder, outermost first.
    public var folders: [String]
    /// A file given directly (no group).
    public init(path: String, folders: [String] = []) {
      self.path = path
      self.folders = folders
    }
  }

  /// Like `collect`, keeping each file's sub-folders below its input folder; `-` (stdin) is
  /// refused (`.unusable`): assets are named after their files.
  public static func collectTree(_ inputs: [String]) -> (
    files: [CollectedFile], missing: [GlyphsmithError]
  ) {
    var files: [CollectedFile] = []
    var missing: [GlyphsmithError] = []
    for input in inputs {
      // An asset is named after its file, so stdin has no asset to make (`render` and `lint`
      // read stdin).
      if input == "-" {
        missing.append(
          .unusable(
            path: "-",
            problem:
              "assets does not read stdin: an asset is named after its file; save the SVG or "
              + "PNG as NAME.svg or NAME.png and give that file"))
        continue
      }
      let (found, notFound) = collect([input])
      missing += notFound
      let prefix = input.hasSuffix("/") ? input : input + "/"
      for path in found {
        guard path.hasPrefix(prefix), path != input else {
          files.append(CollectedFile(path: path))
          continue
        }
        let folders = path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
        files.append(CollectedFile(path: path, folders: folders))
      }
    }
    return (files, missing)
  }

  /// Files found, in order, and inputs that do not exist (as `GlyphsmithError.unreadable`).
  public static func collect(_ inputs: [String]) -> (files: [String], missing: [GlyphsmithError]) {
    var files: [String] = []
    var missing: [GlyphsmithError] = []
    let manager = FileManager.default
    for input in inputs {
      var isDirectory: ObjCBool = false
      if input == "-" {
        files.append(input)
      } else if !manager.fileExists(atPath: input, isDirectory: &isDirectory) {
        missing.append(.unreadable(path: input, reason: "no such file or folder"))
      } else if isDirectory.boolValue {
        let base = URL(fileURLWithPath: input)
        var found: [String] = []
        if let enumerator = manager.enumerator(
          at: base, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
        {
          for case let url as URL in enumerator {
            // Asset catalogs (an earlier output, perhaps this run's own) are not inputs.
            if url.pathExtension.lowercased() == "xcassets" {
              enumerator.skipDescendants()
              continue
            }
            guard extensions.contains(url.pathExtension.lowercased()) else { continue }
            let relative = String(url.path.dropFirst(base.standardizedFileURL.path.count))
              .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            found.append(relative)
          }
        }
        let prefix = input.hasSuffix("/") ? input : input + "/"
        files += found.sorted().map { prefix + $0 }
      } else {
        files.append(input)
      }
    }
    return (files, missing)
  }
}
