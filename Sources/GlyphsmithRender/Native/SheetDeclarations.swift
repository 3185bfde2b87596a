import CLibXML
import FoundationEssentials
import Glibc

/// Edits the declarations of one property in a document's `<style>` sheets, in place, without
/// a CSS engine: a declaration is the property's name (any letter case) right after a block's
/// `{` or a `;` (spaces between), then `:`, its value running to the next `;` or `}`. Used where
/// CSS itself would drop or cannot be given a declaration that librsvg 2.54 applies: a
/// `transform` value CSS rejects (`css-transform`, issue 38 fifth trial F5) and a singular
/// `transform` that would fail the document on a clip path (`clip-transform`, F4).
enum SheetDeclarations {
  /// What to do with one declaration.
  enum Edit: Equatable {
    /// Left as it is.
    case keep
    /// Removed with its `;`.
    case remove
    /// Its value (without `!important`, which is kept) replaced by this text.
    case replace(String)
  }

  /// Whether any `<style>` element under `root` mentions `word` (any letter case).
  static func mention(_ word: String, _ root: xmlNodePtr) -> Bool {
    SVGNormalizer.allElements(root).contains { node in
      SVGNormalizer.name(node) == "style"
        && (SVGPreflight.text(xmlNodeGetContent(node))?.lowercased().contains(word) ?? false)
    }
  }

  /// Applies `edit` to each declaration of `property` (lower-case) in the sheets under `root`;
  /// `edit` gets the value without `!important` and whether it was marked so. A sheet that
  /// changes is written back as one text node (escaped on output). Returns whether any did.
  static func rewrite(
    _ root: xmlNodePtr, property: String, _ edit: (String, Bool) -> Edit
  ) -> Bool {
    var changed = false
    for node in SVGNormalizer.allElements(root) where SVGNormalizer.name(node) == "style" {
      guard let text = SVGPreflight.text(xmlNodeGetContent(node)),
        text.lowercased().contains(property),
        let rewritten = rewrite(text, property: property, edit)
      else { continue }
      while let child = node.pointee.children {
        xmlUnlinkNode(child)
        xmlFreeNode(child)
      }
      xmlAddChild(node, xmlNewDocText(node.pointee.doc, rewritten))
      changed = true
    }
    return changed
  }

  /// `css` with `edit` applied to each declaration of `property`, or `nil` when nothing
  /// changed.
  static func rewrite(_ css: String, property: String, _ edit: (String, Bool) -> Edit) -> String? {
    let chars = Array(css.unicodeScalars)
    let name = Array(property.unicodeScalars)
    var out = String.UnicodeScalarView()
    var changed = false
    var index = 0
    var atDeclarationStart = false
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    while index < chars.count {
      let c = chars[index]
      if atDeclarationStart, index + name.count <= chars.count,
        zip(chars[index..<index + name.count], name).allSatisfy({
          String($0.0).lowercased() == String($0.1)
        })
      {
        var colon = index + name.count
        while colon < chars.count, isSpace(chars[colon]) { colon += 1 }
        if colon < chars.count, chars[colon] == ":" {
          var end = colon + 1
          while end < chars.count, chars[end] != ";", chars[end] != "}" { end += 1 }
          var value = String(String.UnicodeScalarView(chars[(colon + 1)..<end]))
            .trimmingWhitespaceAndNewlines()
          var important = false
          if let bang = value.lastIndex(of: "!"),
            value[value.index(after: bang)...].trimmingWhitespace()
              .lowercased() == "important"
          {
            value = value[..<bang].trimmingWhitespaceAndNewlines()
            important = true
          }
          switch edit(value, important) {
          case .keep:
            break
          case .remove:
            changed = true
            index = end < chars.count && chars[end] == ";" ? end + 1 : end
            continue
          case .replace(let replacement):
            changed = true
            out.append(contentsOf: chars[index...colon])
            out.append(contentsOf: (replacement + (important ? " !important" : "")).unicodeScalars)
            index = end
            atDeclarationStart = false
            continue
          }
        }
      }
      if c == "{" || c == ";" {
        atDeclarationStart = true
      } else if !isSpace(c) {
        atDeclarationStart = false
      }
      out.append(c)
      index += 1
    }
    return changed ? String(out) : nil
  }
}
