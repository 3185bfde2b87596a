/// What `AppIconJob.run` wrote and found.
public struct AppIconResult: Sendable {
  /// The `.appiconset` folder written.
  public var folder: String
  /// Each file written (name inside the folder) and its side in px, in Contents.json order.
  public var files: [(name: String, pixels: Int)]
  /// Warnings in the compiler form `path: warning: ...` (transparent corners, upscaling).
  public var warnings: [String]
  /// Validator findings about the written appiconset (none when all is well).
  public var findings: [CatalogFinding]
}
