/// What `AppIconJob.run` wrote and found.
public struct AppIconResult: Sendable {
  /// The `.appiconset` folder written.
  public var folder: String
  /// Each file written (name inside the folder) and its side in px, in Contents.json order.
  public var files: [(name: String, pixels: Int)]
  /// Warnings (transparent corners, mask cuts, dark and tinted layers, upscaling), in order.
  public var diagnostics: [Diagnostic]
  /// Validator findings about the written appiconset (none when all is well).
  public var findings: [CatalogFinding]
  /// Whether the set was left alone, its bytes, inodes and times: it already held exactly the
  /// files this run writes (an unchanged rerun of `appicon --format icon --fallback`; issue
  /// 35's second trial, finding 10).
  public var unchanged = false
}
