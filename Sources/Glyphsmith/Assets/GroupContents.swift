import Foundation

/// A catalog group folder's `Contents.json`: `info`, and `provides-namespace` when names in
/// it are prefixed with the group's name.
struct GroupContents: Codable, Equatable {
  struct Properties: Codable, Equatable {
    var providesNamespace: Bool
    enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
  }
  var info = ImageSetContents.Info()
  var properties: Properties?
  init(namespace: Bool) {
    properties = namespace ? Properties(providesNamespace: true) : nil
  }
}
