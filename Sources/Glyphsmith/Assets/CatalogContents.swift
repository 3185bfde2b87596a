import Foundation

/// The root `Contents.json` of a catalog: `{"info" : {"author" : "xcode", "version" : 1}}`.
package struct CatalogContents: Codable, Equatable, Sendable {
  /// `{"author" : "xcode", "version" : 1}`.
  package var info = ImageSetContents.Info()
  /// The root contents Xcode writes for a new catalog.
  package init() {}
}
