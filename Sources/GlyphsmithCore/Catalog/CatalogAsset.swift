import FoundationEssentials
import Glibc

/// One asset found in the walk, for the name checks.
package struct CatalogAsset {
  var name: String
  var kind: String
  var folder: String
  var contentsPath: String { folder + "/Contents.json" }
}
