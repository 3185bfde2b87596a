import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks an SVG's external references before librsvg reads it: no external entities, no
/// network references, no files outside the input's folder (and none at all from stdin).
enum ReferencePolicy {
  /// - Throws: `RenderError.forbiddenReference` naming the reference and the reason.
  static func check(data: Data, path: String, baseDirectory: URL?) throws {
    // Fast path: most icons have neither a DOCTYPE nor an href; only those get parsed.
    let (hasDoctype, hasHref) = scan(data)
    if hasDoctype { try checkEntities(data: data, path: path) }
    if hasHref { try checkHrefs(data: data, path: path, baseDirectory: baseDirectory) }
    if data.range(of: Data("@import".utf8)) != nil {
      try checkImports(data: data, path: path, baseDirectory: baseDirectory)
    }
  }

  /// One pass over the bytes: whether they contain `<!` (a DOCTYPE or entity declaration) and
  /// `href`.
  static func scan(_ data: Data) -> (declaration: Bool, href: Bool) {
    data.withUnsafeBytes { raw -> (Bool, Bool) in
      let bytes = raw.bindMemory(to: UInt8.self)
      var declaration = false
      var href = false
      var i = 0
      let n = bytes.count
      while i + 1 < n {
        let b = bytes[i]
        if b == UInt8(ascii: "<") && bytes[i + 1] == UInt8(ascii: "!") {
          declaration = true
        } else if b == UInt8(ascii: "h") && i + 3 < n && bytes[i + 1] == UInt8(ascii: "r")
          && bytes[i + 2] == UInt8(ascii: "e") && bytes[i + 3] == UInt8(ascii: "f")
        {
          href = true
        }
        i += 1
      }
      return (declaration, href)
    }
  }

  /// CSS `@import url(...)` / `@import "..."` in style sheets: the same rules as hrefs.
  private static func checkImports(data: Data, path: String, baseDirectory: URL?) throws {
    let text = String(decoding: data, as: UTF8.self)
    var rest = text[...]
    while let found = rest.range(of: "@import") {
      var tail = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      if tail.hasPrefix("url(") { tail = tail.dropFirst(4).drop { $0 == " " } }
      let quote = tail.first == "\"" || tail.first == "'" ? tail.first : nil
      if quote != nil { tail = tail.dropFirst() }
      let reference = tail.prefix { c in
        quote.map { c != $0 } ?? (c != ")" && c != ";" && c != " " && c != "\n")
      }
      try checkReference(String(reference), path: path, baseDirectory: baseDirectory)
      rest = rest[found.upperBound...]
    }
  }

  private static func checkEntities(data: Data, path: String) throws {
    let text = String(decoding: data, as: UTF8.self)
    var rest = text[...]
    while let start = rest.range(of: "<!ENTITY", options: .caseInsensitive) {
      let tail = rest[start.upperBound...]
      let end = tail.firstIndex(of: ">") ?? tail.endIndex
      let declaration = tail[..<end]
      if declaration.contains("SYSTEM") || declaration.contains("PUBLIC") {
        let name = declaration.split(separator: " ").first.map(String.init) ?? "?"
        throw RenderError.forbiddenReference(
          path: path, reference: "<!ENTITY \(name) ...>",
          reason: "external entities are not loaded; inline the content")
      }
      rest = tail[end...]
    }
  }

  private static func checkHrefs(data: Data, path: String, baseDirectory: URL?) throws {
    let collector = HrefCollector()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = collector
    _ = parser.parse()  // syntax errors are librsvg's to report, with its message
    for reference in collector.references {
      try checkReference(reference, path: path, baseDirectory: baseDirectory)
    }
  }

  static func checkReference(_ reference: String, path: String, baseDirectory: URL?) throws {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:") {
      return
    }
    let lower = trimmed.lowercased()
    if lower.hasPrefix("http:") || lower.hasPrefix("https:") || lower.hasPrefix("ftp:") {
      throw RenderError.forbiddenReference(
        path: path, reference: trimmed, reason: "network references are not loaded")
    }
    guard let baseDirectory else {
      throw RenderError.forbiddenReference(
        path: path, reference: trimmed,
        reason: "an SVG read from stdin may not reference files; pass it as a file")
    }
    var filePart = trimmed
    if let hash = filePart.firstIndex(of: "#") { filePart = String(filePart[..<hash]) }
    let target: URL
    if lower.hasPrefix("file:") {
      guard let url = URL(string: filePart) else {
        throw RenderError.forbiddenReference(
          path: path, reference: trimmed, reason: "not a valid file URL")
      }
      target = url
    } else if filePart.hasPrefix("/") {
      target = URL(fileURLWithPath: filePart)
    } else {
      let decoded = filePart.removingPercentEncoding ?? filePart
      target = baseDirectory.appendingPathComponent(decoded)
    }
    let base = baseDirectory.standardizedFileURL.resolvingSymlinksInPath().path
    let resolved = target.standardizedFileURL.resolvingSymlinksInPath().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if !resolved.hasPrefix(prefix) {
      throw RenderError.forbiddenReference(
        path: path, reference: trimmed,
        reason: "it points outside the input's folder \(base)")
    }
  }
}

/// Collects `href`, `xlink:href` (any prefix) attribute values from every element.
private final class HrefCollector: NSObject, XMLParserDelegate {
  var references: [String] = []

  func parser(
    _ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?
  ) {
    // <?xml-stylesheet href="..."?>
    guard target == "xml-stylesheet", let data, let start = data.range(of: "href=") else { return }
    let rest = data[start.upperBound...]
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
    references.append(String(rest.dropFirst().prefix { $0 != quote }))
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    for (name, value) in attributeDict where name == "href" || name.hasSuffix(":href") {
      references.append(value)
    }
  }
}
