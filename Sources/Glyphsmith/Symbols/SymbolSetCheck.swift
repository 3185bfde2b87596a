import FoundationEssentials
import Glibc
import GlyphsmithCore
import GlyphsmithRender

/// Checks the template SVGs of a `.symbolset` (called by `CatalogValidator` for each symbol
/// set; issue 17, docs/symbols.md "What validate checks"):
///
/// - `symbol-template`: the file is XML with `Notes`, `Guides` and `Symbols` groups and a
///   `template-version` text of the form `Template v.N.M`;
/// - `symbol-guides`: `Baseline-X` and `Capline-X` for each scale X drawn, and from template
///   version 3 a `left-margin-V` / `right-margin-V` pair for some variant V (the others fall
///   back to them, as Apple documents);
/// - `symbol-variants`: Ultralight-S, Regular-S and Black-S all present or none;
/// - `symbol-paths`: only `path` (and `g`) elements in variants, no strokes, no hidden
///   (`display:none`, `visibility:hidden`, zero opacity, `fill:none`) or even-odd paths, and
///   every subpath closed (librsvg's reading of the path data);
/// - `symbol-interpolation`: the three weights have the same number of paths, each with the
///   same command sequence (M, L, C, Z as librsvg hands them to Cairo, degenerate segments
///   left out: a line or curve that does not move, which Cairo keeps in one weight and drops
///   in another when rounding puts its ends on one point; Apple's own exports have them).
public enum SymbolSetCheck {
  /// The three interpolation sources.
  static let sources = SymbolWeight.allCases.map(\.variantID)

  /// Findings for every template listed in `folder/Contents.json` whose file exists (missing
  /// files are the catalog walk's `missing-file`).
  public static func check(folder: String, asset: String) -> [CatalogFinding] {
    guard let data = FileManager.default.contents(atPath: folder + "/Contents.json"),
      let symbols = (try? AssetContents.read(data))?.lists["symbols"]
    else { return [] }
    var findings: [CatalogFinding] = []
    for entry in symbols {
      guard let name = entry.filename else { continue }
      let path = folder + "/" + name
      guard let svg = FileManager.default.contents(atPath: path) else { continue }
      findings += checkTemplate(svg, path: path, asset: asset, file: name)
    }
    return findings
  }

  /// Findings for one template's bytes; `path` names it in findings.
  public static func checkTemplate(_ svg: Data, path: String, asset: String?, file: String?)
    -> [CatalogFinding]
  {
    var findings: [CatalogFinding] = []
    func add(_ rule: CatalogRule, _ message: String, line: Int? = nil) {
      findings.append(
        CatalogFinding(
          rule: rule, path: path, line: line, asset: asset, file: file, message: message))
    }
    let (scanned, error) = SymbolTemplateScan.scan(svg)
    guard let scan = scanned else {
      add(.symbolTemplate, "not a readable SVG (\(error ?? "?")); export the template again")
      return findings
    }
    for group in ["Notes", "Guides", "Symbols"] where !scan.groups.contains(group) {
      add(.symbolTemplate, "no '\(group)' group; start from an exported template")
    }
    var major = 0
    if let text = scan.versionText,
      let range = text.firstRange(of: try! Regex(#"Template v\.(\d+)\.(\d+)"#))
    {
      let digits = text[range].dropFirst("Template v.".count).split(separator: ".")
      major = Int(digits.first ?? "") ?? 0
    } else {
      add(
        .symbolTemplate,
        "no template-version text ('Template v.3.0'); add <text id=\"template-version\">")
    }

    // Guides for each variant present. A variant without margins of its own takes
    // interpolated ones, then Regular-M's, Regular-S's, then any (Apple, "Creating custom
    // symbol images for your app"): only a template with no complete margin pair lacks them.
    let anyMargins = scan.ids.contains { id in
      id.hasPrefix("left-margin-") && scan.ids.contains("right-" + id.dropFirst("left-".count))
    }
    for variant in scan.variants {
      let scale = variant.split(separator: "-").last.map(String.init) ?? variant
      var missing = ["Baseline-\(scale)", "Capline-\(scale)"]
      if major >= 3 && !anyMargins {
        missing += ["left-margin-\(variant)", "right-margin-\(variant)"]
      }
      missing = missing.filter { !scan.ids.contains($0) }
      if !missing.isEmpty {
        add(.symbolGuides, "\(variant): no guide '\(missing.joined(separator: "', '"))'")
      }
    }
    let present = sources.filter(scan.variants.contains)
    if !present.isEmpty && present.count < 3 {
      add(
        .symbolVariants,
        "has \(present.joined(separator: ", ")) but not all of Ultralight-S, Regular-S, "
          + "Black-S; the other weights cannot be interpolated")
    }
    if scan.variants.isEmpty && scan.groups.contains("Symbols") {
      add(.symbolTemplate, "the Symbols group has no variant (e.g. Regular-S)")
    }

    // Paint and element kinds.
    for variant in scan.variants {
      let inherited = scan.inherited[variant] ?? []
      for item in scan.items[variant] ?? [] {
        if item.name != "path" && item.name != "g" {
          add(
            .symbolPaths, "\(variant): <\(item.name)> is not a path; convert it to a path",
            line: item.line)
          continue
        }
        for problem in paintProblems(inherited + [item.attributes]) {
          add(.symbolPaths, "\(variant): <\(item.name)> \(problem)", line: item.line)
        }
      }
    }

    // Geometry through librsvg.
    guard
      let document = try? SVGDocument(
        data: svg, path: path, baseDirectory: nil)
    else {
      add(.symbolTemplate, "librsvg cannot read the template")
      return findings
    }
    var signatures: [String: [String]] = [:]
    for variant in scan.variants {
      guard
        let recording = try? SVGPathRecorder.record(
          document, elementID: variant, deviceScale: 15.625)
      else {
        add(.symbolTemplate, "\(variant): librsvg cannot draw the variant")
        continue
      }
      let open = recording.paths.filter { !$0.path.isClosed }.count
      if open > 0 {
        add(
          .symbolPaths,
          "\(variant): \(open) path\(open == 1 ? " has" : "s have") an open subpath; close "
            + "every subpath with Z")
      }
      signatures[variant] = recording.paths.map { $0.path.withoutDegenerateSegments.signature }
    }
    if present.count == 3, let regular = signatures["Regular-S"] {
      for variant in ["Ultralight-S", "Black-S"] {
        guard let other = signatures[variant] else { continue }
        if other.count != regular.count {
          add(
            .symbolInterpolation,
            "\(variant) has \(other.count) paths, Regular-S \(regular.count); interpolation "
              + "needs the same paths in every weight")
        } else if let index = other.indices.first(where: { other[$0] != regular[$0] }) {
          add(
            .symbolInterpolation,
            "\(variant) path \(index + 1) has other commands than in Regular-S; interpolation "
              + "needs the same command sequence in every weight")
        }
      }
    }
    return findings
  }

  /// What makes an element not a plain visible nonzero fill, given its attributes and its
  /// ancestors' (outermost first; a `style` declaration wins over the attribute).
  static func paintProblems(_ chain: [[String: String]]) -> [String] {
    var paint: [String: String] = [:]
    for attributes in chain {
      var own: [String: String] = [:]
      for key in ["fill", "stroke", "fill-rule", "display", "visibility", "opacity"] {
        if let value = attributes[key] { own[key] = value }
      }
      for item in (attributes["style"] ?? "").split(separator: ";") {
        let parts = item.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        own[parts[0].trimmingWhitespace()] =
          parts[1].trimmingWhitespace()
      }
      // display and opacity do not inherit, but hide descendants just the same.
      for (key, value) in own { paint[key] = value }
    }
    var problems: [String] = []
    if let stroke = paint["stroke"], stroke != "none" {
      problems.append("is stroked (stroke: \(stroke)); outline strokes into filled paths")
    }
    if paint["fill-rule"] == "evenodd" {
      problems.append("uses fill-rule evenodd; symbols fill nonzero, reverse inner contours")
    }
    if paint["display"] == "none" || paint["visibility"] == "hidden"
      || paint["fill"] == "none" || paint["opacity"].flatMap(Double.init) == 0
    {
      problems.append("is hidden; remove it or make it visible")
    }
    return problems
  }
}
