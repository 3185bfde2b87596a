import FoundationEssentials
import Glibc
import GlyphsmithCore

/// One icon of a plan (`AssetPlan`): its input file with the SHA-256 of its bytes as read when
/// planning, its resolved options, its fingerprint and its outputs. A worker executes it as it
/// is: it never re-reads the arguments, the project file or the folder; an input whose bytes
/// no longer hash to `sha256` fails by name (`AssetsJob.process`).
public struct PlannedIcon: Codable, Equatable, Sendable {
  /// The input path, as given or joined from the input folder given.
  public var path: String
  /// The asset name (`AssetName`).
  public var name: String
  /// Catalog group folders, outermost first.
  public var groups: [String]
  /// The SHA-256 of the input's bytes (lower-case hex), `nil` when they could not be read
  /// when planning (the icon then fails with the reason when executed).
  public var sha256: String?
  /// The dark variant (`NAME-dark.svg` beside it), when paired.
  public var darkPath: String?
  /// The SHA-256 of the dark variant's bytes, as `sha256`.
  public var darkSha256: String?
  /// The resolved options (`IconOptions.normalised`).
  public var options: IconOptions
  /// The local files the SVG (or its dark variant) draws (`<image href="parts/tex.png">`,
  /// `SVGReferences`), absolute, each with the SHA-256 of its bytes (lower-case hex, or
  /// `missing`), hashed into the fingerprint; absent when it draws none (issue 37 trial
  /// HIGH-2: a changed texture left the icon's outputs stale).
  public var references: [String: String]? = nil
  /// The icon's fingerprint, derived from the renderer versions, `options` and the two
  /// hashes; `nil` when an input could not be read. The outputs of an icon of one platform
  /// carry it (a PNG tEXt chunk, a VectorDrawable comment, the PNGs inside an ICO); with more
  /// platforms each platform's outputs carry their own (`fingerprints`).
  public var fingerprint: String?
  /// The fingerprint each platform's outputs carry, by platform (`ios`, `android`, `web`):
  /// derived from that platform's options only, so adding or removing another platform
  /// leaves them as they are (issue 32); `nil` when an input could not be read.
  public var fingerprints: [String: String]? = nil
  /// The files the icon makes, in the order they are written.
  public var outputs: [PlannedOutput]
  /// Existing outputs Glyphsmith did not make that `--force` replaces whole (issue 32), in
  /// writing order; absent when none.
  public var replacing: [String]? = nil
  /// Files Glyphsmith wrote that were changed by hand since (issue 32,
  /// `AssetsJob.changedFiles`): the icon is rendered and they are replaced, each named with a
  /// warning; absent when none.
  public var changed: [String]? = nil
  /// The user's files of the icon's Android resources in another extension or qualifier
  /// (`AndroidResourceIndex`: `drawable-hdpi/bell.webp` beside the `bell.png` written, or
  /// `drawable/bell.xml` that takes the density PNGs' place) that `--force` removes once the
  /// icon is written, each named; absent when none (without `--force` the icon fails).
  public var displacing: [String]? = nil

  /// The asset the writers plan for.
  var input: AssetInput {
    AssetInput(path: path, name: name, groups: groups, darkPath: darkPath)
  }
}

/// One output file of a planned icon.
public struct PlannedOutput: Codable, Equatable, Sendable {
  /// The path, starting with the output folder as given.
  public var path: String
  /// The output format's name: `png`, `vector-drawable`, `ico`, or `json` (a catalog's
  /// `Contents.json`, a web manifest).
  public var format: String
  /// `true` for a file written only when the VectorDrawable before it cannot express the
  /// input (`--android-format auto`); absent otherwise.
  public var fallback: Bool?

  /// An output `path` in `format`.
  public init(path: String, format: String, fallback: Bool? = nil) {
    self.path = path
    self.format = format
    self.fallback = fallback
  }
}
