extension AssetPlatform {
  /// Scratch: proves a new platform touches nothing in the commands target.
  public static let dummy = AssetPlatform(name: "dummy")
}

/// Scratch writer: plans nothing.
package struct DummyWriter: AssetPlatformWriter {
  package var platform: AssetPlatform { .dummy }
  package func defaultOutputFolder(catalogPath: String) -> String { catalogPath + "-dummy" }
  package func plannedSets(for input: AssetInput, in context: AssetPlatformContext)
    -> [PlannedAssetSet]
  { [] }
}
