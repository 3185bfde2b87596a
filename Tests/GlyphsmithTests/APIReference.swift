import Foundation

/// docs/api.md, the library's reference page: every `public` declaration of the library
/// products' modules, with the first paragraph of its `///` comment, generated from the
/// sources (`APIReferenceTests` keeps it true; `scripts/update-api-docs` rewrites it).
///
/// A line-based reading of the project's own formatted sources (`swift format` style), not a
/// Swift parser: a declaration is a line whose keywords start with `public` or `open` (after
/// attributes), its signature runs to the `{` (or the end of the balanced parentheses), its
/// documentation is the `///` block right above it, and it belongs to the type or extension
/// whose line encloses it by indentation.
struct APIReference {
  /// A module of the `Glyphsmith` and `GlyphsmithTestSupport` products and its folder.
  static let modules = [
    ("Glyphsmith", "Sources/Glyphsmith"), ("GlyphsmithCore", "Sources/GlyphsmithCore"),
    ("GlyphsmithRender", "Sources/GlyphsmithRender"), ("GlyphsmithPNG", "Sources/GlyphsmithPNG"),
    ("GlyphsmithGolden", "Sources/GlyphsmithGolden"),
    ("GlyphsmithTestSupport", "Tests/GlyphsmithTestSupport"),
  ]

  /// One public declaration.
  struct Declaration: Equatable {
    /// The signature, whitespace collapsed, without body or stored value.
    var signature: String
    /// The documentation's first paragraph, one line; empty when undocumented.
    var summary: String
    /// The enclosing type or extension line (`struct Badge`, `extension Artwork`); `nil` at
    /// the top level.
    var container: String?
    /// `FILE:LINE`, relative to the package root.
    var location: String
  }

  /// The package root (the folder holding `Package.swift`) above this file.
  static var root: URL {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url.deleteLastPathComponent()
    }
    return url
  }

  /// The public declarations in `text` (the file at `path`).
  static func declarations(in text: String, path: String) -> [Declaration] {
    let lines = text.components(separatedBy: "\n")
    var found: [Declaration] = []
    var doc: [String] = []
    var containers: [(indent: Int, name: String)] = []
    var index = 0
    let typeKeywords = ["struct", "enum", "class", "protocol", "extension", "actor"]
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let indent = line.prefix { $0 == " " }.count
      if trimmed.hasPrefix("///") {
        doc.append(String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
        index += 1
        continue
      }
      if trimmed.hasPrefix("@") && !trimmed.contains(" public ") && !trimmed.contains(" open ") {
        index += 1  // an attribute on its own line: the documentation stays pending
        continue
      }
      while let last = containers.last, last.indent >= indent, !trimmed.isEmpty,
        !trimmed.hasPrefix("}")
      {
        containers.removeLast()
      }
      let words = keywords(trimmed)
      // `open` is also a name (`open = nil`): a declaration has a keyword after it.
      let isPublic =
        (words.first == "public" || words.first == "open") && words.count > 1
        && words[1].first?.isLetter == true
      // A type or extension line opens a container whether public or not.
      if let kind = words.first(where: { typeKeywords.contains($0) }),
        let at = words.firstIndex(of: kind), at + 1 < words.count,
        words[..<at].allSatisfy({ modifiers.contains($0) }), trimmed.hasSuffix("{")
      {
        let name = words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        containers.append((indent, "\(kind) \(name)"))
      }
      if isPublic {
        var signature = trimmed
        var depth = balance(trimmed)
        var next = index
        // Continues while parentheses are open or the next line goes on with the signature
        // (`-> T`, `throws`, `where`: swift format's wrapping of long ones).
        func continues(_ line: String) -> Bool {
          ["->", "throws", "rethrows", "where", "async"].contains { line.hasPrefix($0) }
        }
        while next + 1 < lines.count
          && (depth > 0 || continues(lines[next + 1].trimmingCharacters(in: .whitespaces)))
        {
          next += 1
          let more = lines[next].trimmingCharacters(in: .whitespaces)
          signature += (signature.hasSuffix("(") || more.hasPrefix(")") ? "" : " ") + more
          depth += balance(more)
        }
        found.append(
          Declaration(
            signature: clean(signature), summary: summary(doc),
            container: containers.dropLast(isContainer(words) ? 1 : 0).last?.name,
            location: "\(path):\(index + 1)"))
      }
      doc = []
      index += 1
    }
    return found
  }

  /// Declaration modifiers that may come before the keyword.
  static let modifiers: Set<String> = [
    "public", "open", "package", "internal", "private", "fileprivate", "final", "static",
    "indirect", "nonisolated", "nonisolated(unsafe)",
  ]

  /// The words of a declaration line after its attributes (`@discardableResult`, ...).
  static func keywords(_ line: String) -> [String] {
    let words = line.split(separator: " ").map(String.init)
    return Array(words.drop { $0.hasPrefix("@") })
  }

  /// Whether `words` declare a type or extension (which then contains what follows).
  static func isContainer(_ words: [String]) -> Bool {
    words.contains { ["struct", "enum", "class", "protocol", "extension", "actor"].contains($0) }
      && !words.contains("func") && !words.contains("var") && !words.contains("let")
  }

  /// Open minus closed parentheses and brackets in `text`, strings left out.
  static func balance(_ text: String) -> Int {
    var depth = 0
    var inString = false
    for character in text {
      if character == "\"" { inString.toggle() }
      if inString { continue }
      if "([".contains(character) { depth += 1 }
      if ")]".contains(character) { depth -= 1 }
    }
    return depth
  }

  /// `signature` without its body, stored value or trailing `{`, whitespace collapsed, and
  /// `,)` closed up.
  static func clean(_ signature: String) -> String {
    var text = signature
    var depth = 0
    var inString = false
    var cut = text.endIndex
    for i in text.indices {
      let c = text[i]
      if c == "\"" { inString.toggle() }
      if inString { continue }
      if "([".contains(c) { depth += 1 }
      if ")]".contains(c) { depth -= 1 }
      if depth == 0 && c == "{" {
        cut = i
        break
      }
      // A stored value (`= ...`) at depth 0 of a var or let: the type is what matters.
      if depth == 0 && c == "=" && text[..<i].hasSuffix(" ")
        && (text.contains(" var ") || text.contains(" let ") || text.hasPrefix("public var")
          || text.hasPrefix("public let")) && !text.contains(" func ")
      {
        cut = i
        break
      }
    }
    text = String(text[..<cut])
    text = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    text = text.replacingOccurrences(of: ", )", with: ")")
    text = text.replacingOccurrences(of: ",)", with: ")")
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The first paragraph of a `///` block, one line (parameter, throws and code blocks left
  /// out).
  static func summary(_ doc: [String]) -> String {
    var parts: [String] = []
    for line in doc {
      if line.isEmpty || line.hasPrefix("- ") || line.hasPrefix("```") {
        if !parts.isEmpty { break } else { continue }
      }
      parts.append(line)
    }
    return parts.joined(separator: " ")
  }

  /// Every declaration of `module`'s folder `folder`, files in path order.
  static func declarations(folder: String) throws -> [Declaration] {
    let base = root.appendingPathComponent(folder)
    let files = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    return try files.flatMap { file in
      let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      return declarations(in: text, path: folder + "/" + file)
    }
  }

  /// docs/api.md.
  static func markdown() throws -> String {
    var out = """
      # API reference

      Every `public` declaration of the library products `Glyphsmith` (which re-exports
      `GlyphsmithCore`, `GlyphsmithRender`, `GlyphsmithPNG` and `GlyphsmithGolden`: one
      `import Glyphsmith`) and `GlyphsmithTestSupport`, with the first paragraph of its documentation comment; the
      source file has the rest (units, errors, sources). Generated from the sources by
      `scripts/update-api-docs`; `APIReferenceTests` fails when this page is stale. How to use
      them in tests: [testing.md](testing.md).

      """
    for (module, folder) in modules {
      let declarations = try declarations(folder: folder)
      out += "\n## \(module)\n"
      var heading: String? = nil
      for declaration in declarations {
        let file = declaration.location.split(separator: ":")[0]
        if declaration.container == nil {
          out += "\n### `\(declaration.signature)`\n\n"
          out += "\(file)"
          out += declaration.summary.isEmpty ? "\n" : ": \(declaration.summary)\n"
          heading = nil
          continue
        }
        let container = declaration.container!
        let key = container + "@" + file
        if heading != key {
          if container.hasPrefix("extension ") {
            out += "\n### `\(container)` (\(file))\n\n"
          } else {
            out += "\n"
          }
          heading = key
        }
        out += "- `\(declaration.signature)`"
        out += declaration.summary.isEmpty ? "\n" : ": \(declaration.summary)\n"
      }
    }
    return out
  }
}
