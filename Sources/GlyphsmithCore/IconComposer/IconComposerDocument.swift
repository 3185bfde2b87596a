import FoundationEssentials
import Glibc

/// An Icon Composer document: the `icon.json` of a `NAME.icon` bundle (Xcode 26 "Liquid Glass"
/// app icons), typed as Apple's Icon Composer writes it. Apple publishes no schema; every key
/// and value form here was read off the 11 vendored documents
/// (`Tests/GlyphsmithTestFixtures/Fixtures/icon-composer`) and the public key counts over 145
/// documents summarised in docs/formats.md ("Icon Composer").
///
/// The canvas is 1024 x 1024 pt. Up to four `groups` of `layers` (drawn front first), each
/// layer an SVG or PNG in the bundle's `Assets/` folder, named by `image-name`.
///
/// Reading (`read(_:)`) keeps what the model does not type in `other` (an unknown key, or a
/// known key whose value has another form), with a `Problem` naming its key path, so that
/// writing back (`encoded()`) loses nothing. Writing gives Apple's bytes (`IconComposerJSON`):
/// the 11 vendored documents read and written back are byte-identical.
package struct IconComposerDocument: Equatable, Sendable {
  /// The document's background: `fill` (`"automatic"`, `"system-light"`, an
  /// `automatic-gradient` or `linear-gradient`) or `fill-specializations`.
  package var fill: Property<Fill>
  /// The groups, front first; Icon Composer accepts 1 to `maximumGroups`.
  package var groups: [Group]
  /// `supported-platforms`: which platforms draw the icon in which shape.
  package var supportedPlatforms: SupportedPlatforms?
  /// `color-space-for-untagged-svg-colors` (`"display-p3"` or `"srgb"`): how SVG colours
  /// without a colour profile are read. In the 145-document key counts, in none of the 11
  /// vendored files.
  package var colorSpaceForUntaggedSVGColors: String?
  /// Root keys the model does not type (unknown keys, or known keys with another value form),
  /// as read; written back unchanged.
  package var other: [String: JSONValue]
  /// Whether the file ends with a newline (Icon Composer writes none; 1 of the 11 vendored
  /// files has one, added in its repository). Kept so that a round trip gives the same bytes.
  package var finalNewline: Bool

  /// The most groups Icon Composer accepts (its sidebar holds four; no vendored document and
  /// none of the 145 counted has more).
  package static let maximumGroups = 4

  /// The most layers in a group Icon Composer's documents hold (docs/formats.md: "up to 8 in
  /// practice"; none of the 145 counted documents has more). More is a warning
  /// (`icon-layers`): Icon Composer's own limit is not documented, and a designer's 9 layers
  /// (an Affinity export of nine, as one blog shows) must not be refused on a guess.
  package static let maximumLayers = 8

  /// The most layers in a group Glyphsmith reads: more is a `count` error and the document is
  /// not read further, so that a hostile one (10,000 layers) ends at once (issue 35's third
  /// trial, finding 5); 8 times what any counted document holds.
  package static let layerLimit = 64

  /// A document; every property as its name says.
  package init(
    fill: Property<Fill> = Property(), groups: [Group],
    supportedPlatforms: SupportedPlatforms? = nil,
    colorSpaceForUntaggedSVGColors: String? = nil, other: [String: JSONValue] = [:],
    finalNewline: Bool = false
  ) {
    self.fill = fill
    self.groups = groups
    self.supportedPlatforms = supportedPlatforms
    self.colorSpaceForUntaggedSVGColors = colorSpaceForUntaggedSVGColors
    self.other = other
    self.finalNewline = finalNewline
  }

  // MARK: - Reading and writing

  /// Reads an `icon.json`: the document and every problem found, each with its key path
  /// (`groups[0].layers[1].fill.solid`), in document order (keys in Apple's order).
  /// A top level that is not an object gives one error and an empty document.
  /// - Throws: `StrictJSON.Problem` when `data` is not JSON (`.syntax`, with line and column)
  ///   or holds what a strict file may not (`.shape`: a duplicate key, a trailing comma).
  package static func read(_ data: Data) throws(StrictJSON.Problem) -> (
    document: IconComposerDocument, problems: [Problem]
  ) {
    let (json, finalNewline) = try IconComposerJSON.read(data)
    var problems: [Problem] = []
    var document = IconComposerDocument(json: json, problems: &problems)
    document.finalNewline = finalNewline
    return (document, problems)
  }

  /// The document from its JSON value; problems appended to `problems`.
  package init(json: JSONValue, problems: inout [Problem]) {
    guard case .object(let members) = json else {
      problems.append(.wrongType(at: "", expected: "an object", found: json))
      self.init(groups: [])
      return
    }
    // The counts first: a document with more groups or layers than Icon Composer accepts
    // (10,000 layers, hostile or broken) gives its count errors alone and is not read further,
    // so that nothing (a reader, a renderer) walks the rest (issue 35's third trial, finding 5).
    let counts = Self.countProblems(members["groups"])
    if !counts.isEmpty {
      problems += counts
      self.init(groups: [], other: members)
      return
    }
    var reader = IconComposerReader(members, path: "")
    let fill: Property<Fill> = reader.property("fill", &problems)
    let groups = reader.array(
      "groups", required: true, expected: "an array of groups", &problems
    ) { json, path, problems in
      Group(json: json, path: path, problems: &problems)
    }
    let platforms: SupportedPlatforms? = reader.value("supported-platforms", &problems)
    let space: String? = reader.value("color-space-for-untagged-svg-colors", &problems)
    self.init(
      fill: fill, groups: groups ?? [], supportedPlatforms: platforms,
      colorSpaceForUntaggedSVGColors: space, other: reader.rest(&problems))
    if case .array(let items)? = members["groups"] {
      for (g, item) in items.enumerated() {
        guard case .object(let group) = item, case .array(let layers)? = group["layers"]
        else { continue }
        if layers.isEmpty {
          problems.append(
            Problem(
              .empty, at: "groups[\(g)].layers",
              "no layer: the group draws nothing; add a layer or remove the group"))
        } else if layers.count > Self.maximumLayers {
          problems.append(
            Problem(
              .crowded, at: "groups[\(g)].layers",
              "\(layers.count) layers; none of the 145 Icon Composer documents counted holds "
                + "more than \(Self.maximumLayers) in a group; open it in Icon Composer to "
                + "check, or merge layers into fewer files"))
        }
      }
    }
  }

  /// The count errors of a `groups` value as read: no group (the icon would be its fill alone;
  /// one rule for `validate`, the preview and lint: issue 35's third trial, finding 8), more
  /// than `maximumGroups` groups, or a group of the first `maximumGroups` with more than
  /// `layerLimit` layers; each at its key path (`groups`, `groups[1].layers`). Counts the
  /// arrays only (nothing else is read), so a document of 10,000 groups or layers is refused
  /// at once. `[]` for a value that is no array (a wrong-type error of the reader).
  package static func countProblems(_ groups: JSONValue?) -> [Problem] {
    guard case .array(let items)? = groups else { return [] }
    if items.isEmpty {
      return [
        Problem(
          .count, at: "groups",
          "no group: the icon would draw its fill alone; Icon Composer accepts 1 to "
            + "\(maximumGroups); add a group with a layer")
      ]
    }
    if items.count > maximumGroups {
      return [
        Problem(
          .count, at: "groups",
          "\(items.count) groups; Icon Composer accepts at most \(maximumGroups); "
            + "merge groups or move layers into fewer groups")
      ]
    }
    var problems: [Problem] = []
    for (g, item) in items.enumerated() {
      guard case .object(let group) = item, case .array(let layers)? = group["layers"],
        layers.count > layerLimit
      else { continue }
      problems.append(
        Problem(
          .count, at: "groups[\(g)].layers",
          "\(layers.count) layers; Glyphsmith reads at most \(layerLimit) in a group (Icon "
            + "Composer's documents hold at most \(maximumLayers)); merge layers into fewer "
            + "files or move some into another group"))
    }
    return problems
  }

  /// The document as a JSON value: the typed properties, then `other` over them.
  package var json: JSONValue {
    var members: [String: JSONValue] = ["groups": .array(groups.map(\.json))]
    fill.write(to: &members, key: "fill")
    if let supportedPlatforms { members["supported-platforms"] = supportedPlatforms.json }
    if let colorSpaceForUntaggedSVGColors {
      members["color-space-for-untagged-svg-colors"] = .string(colorSpaceForUntaggedSVGColors)
    }
    return .object(members.merging(other) { _, kept in kept })
  }

  /// The `icon.json` bytes as Icon Composer writes them (`IconComposerJSON`), with a final
  /// newline when `finalNewline`.
  package func encoded() -> Data {
    IconComposerJSON.encode(json, finalNewline: finalNewline)
  }

  /// Every layer with its key path (`groups[1].layers[0]`), groups in order.
  package var layersWithPaths: [(path: String, layer: Layer)] {
    groups.enumerated().flatMap { g, group in
      group.layers.enumerated().map { l, layer in ("groups[\(g)].layers[\(l)]", layer) }
    }
  }
}
