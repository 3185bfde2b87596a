import CLibXML
import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Removes, from the libxml2 tree `SVGPreflight` parsed, every reference `ReferencePolicy`
/// refuses (outside the input's folder, to the network, any file from stdin), so librsvg
/// never reads it: `href`/`xlink:href` attributes on any element, `@import` rules in
/// `<style>`, `<?xml-stylesheet?>` instructions.
enum ReferenceDropper {
  /// A reference removed and why.
  struct Dropped: Equatable {
    var reference: String
    var reason: String
  }

  /// Why a reference `verdict` allows must still not reach librsvg (issue 33: librsvg reads
  /// only the canonical document the checks read): another file's elements (`use`, a paint
  /// server, `xi:include`) or style sheet (`@import`), which librsvg would read itself,
  /// unchecked. `<image>` and `<feImage>` files are read by Glyphsmith and given to librsvg
  /// in their canonical form (`EmbeddedImages`); `<a>` links are never followed.
  static func otherFile(_ reference: String, on element: String) -> String? {
    let trimmed = reference.trimmingWhitespace()
    if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:")
      || ["image", "feImage", "a"].contains(element)
    {
      return nil
    }
    return element == "style"
      ? "style sheets in other files are never loaded; inline the rules"
      : "elements in other files are never loaded; inline the content"
  }

  /// Drops what `verdict` refuses (it returns the reason, or `nil` to keep the reference).
  /// Returns what was dropped, in document order.
  static func drop(in doc: xmlDocPtr, verdict: (String) -> String?) -> [Dropped] {
    var dropped: [Dropped] = []
    var child = doc.pointee.children
    while let node = child {
      child = node.pointee.next
      guard node.pointee.type == XML_PI_NODE,
        SVGNormalizer.name(node) == "xml-stylesheet",
        let content = SVGPreflight.text(xmlNodeGetContent(node)),
        let reference = pseudoAttribute("href", in: content),
        let reason = verdict(reference)
      else { continue }
      dropped.append(Dropped(reference: reference, reason: reason))
      xmlUnlinkNode(node)
      xmlFreeNode(node)
    }
    guard let root = xmlDocGetRootElement(doc) else { return dropped }
    for node in SVGNormalizer.allElements(root) {
      let name = SVGNormalizer.name(node)
      if let href = SVGNormalizer.attribute(node, "href"),
        let reason = verdict(href) ?? otherFile(href, on: name)
      {
        dropped.append(
          Dropped(reference: href.trimmingWhitespace(), reason: reason))
        SVGNormalizer.removeAttribute(node, "href")
      }
      if SVGNormalizer.name(node) == "style", let raw = SVGPreflight.text(xmlNodeGetContent(node)),
        case let css = CSSUnescaper.unescape(raw)?.text ?? raw, css.contains("@import")
      {
        // Read with CSS escapes resolved, as librsvg's parser reads it (an escaped rule is
        // still a rule); a style sheet that loses a rule is kept in that resolved form.
        var kept = css
        var removedAny = false
        for rule in importRules(in: css) {
          guard let reason = verdict(rule.reference) ?? otherFile(rule.reference, on: "style")
          else { continue }
          dropped.append(Dropped(reference: rule.reference, reason: reason))
          kept = kept.replacingEvery(rule.text, with: "")
          removedAny = true
        }
        if removedAny {
          while let text = node.pointee.children {
            xmlUnlinkNode(text)
            xmlFreeNode(text)
          }
          if let text = xmlNewText(kept) { xmlAddChild(node, text) }
        }
      }
    }
    return dropped
  }

  /// `name="value"` inside a processing instruction's text.
  static func pseudoAttribute(_ name: String, in content: String) -> String? {
    guard let start = content.firstRange(of: name + "=") else { return nil }
    let rest = content[start.upperBound...]
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// Each `@import ...;` rule's whole text and its reference.
  static func importRules(in css: String) -> [(text: String, reference: String)] {
    var out: [(String, String)] = []
    var rest = css[...]
    while let found = rest.firstRange(of: "@import") {
      let end =
        rest[found.upperBound...].firstIndex(of: ";").map { css.index(after: $0) }
        ?? rest.endIndex
      let text = String(css[found.lowerBound..<end])
      if let reference = SVGPreflight.imports(in: text).first {
        out.append((text, reference))
      }
      rest = css[end...]
    }
    return out
  }
}
