import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One written file of an imageset.
public struct WrittenFile: Codable, Equatable, Sendable {
  /// Path of the PNG (the catalog path as given, joined with the file's place in it).
  public var path: String
  /// Width in px.
  public var width: Int
  /// Height in px.
  public var height: Int
}
