import Foundation

/// Expands command-line inputs into the icon files to process: files as given, folders
/// recursively (`.svg` and `.png`, hidden files skipped), each folder's files sorted by their
/// path relative to it, so the order never depends on the file system.
public enum InputCollector {
  /// The extensions taken from folders, lower case.
  public static let extensions: Set<String> = ["svg", "png"]

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
          for case let url as URL in enumerator
          where extensions.contains(url.pathExtension.lowercased()) {
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
