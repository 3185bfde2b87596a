import CLibXML
import Foundation

/// Rule 10: a `<style>` element whose `media` does not match a screen is not applied (SVG 2
/// §6.3, the `style` element's `media` attribute, a media query list, CSS Media Queries 4 §2:
/// the sheet applies only when the list matches; a list matches when one of its queries does).
/// Glyphsmith draws for screens, so `print`, `speech` and the deprecated types (which match
/// nothing, Media Queries 4 §2.3) do not match; browsers drop such a sheet on screen.
///
/// librsvg 2.54 and resvg 0.44 apply every `<style>` whatever its `media`. The rewrite removes
/// the elements whose `media` is a list in which every query is `[only] TYPE [and ...]` with
/// a media type other than `all` or `screen`. A query it cannot decide (`not`, a feature
/// alone such as `(min-width: 10px)`, anything else) counts as matching, so the sheet stays,
/// as does one without `media` or with an empty one.
enum StyleMediaRewrite: FidelityRewrite {
  static let name = "style-media"

  static func apply(_ root: xmlNodePtr) -> Bool {
    let offScreen = SVGNormalizer.allElements(root).filter { node in
      guard SVGNormalizer.name(node) == "style",
        let media = SVGNormalizer.attribute(node, "media")
      else { return false }
      return !matchesScreen(media)
    }
    for node in offScreen {
      xmlUnlinkNode(node)
      xmlFreeNode(node)
    }
    return !offScreen.isEmpty
  }

  /// Whether the media query list `media` may match a screen (`true` when undecided).
  static func matchesScreen(_ media: String) -> Bool {
    let queries = media.split(separator: ",", omittingEmptySubsequences: false)
    if media.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return true }
    return queries.contains { query in
      var words = query.lowercased().split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      if words.first == "only" { words.removeFirst() }
      guard let type = words.first, type.first?.isLetter ?? false, type != "not"
      else { return true }
      // `TYPE` alone or `TYPE and ...`: anything else is not a query this rule decides.
      guard words.count == 1 || words[1] == "and" else { return true }
      return type == "all" || type == "screen"
    }
  }
}
