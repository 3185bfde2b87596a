import Foundation

/// Checks an SVG's external references before librsvg reads it: no external entities, no
/// network references, no files outside the input's folder (and none at all from stdin).
/// References librsvg would drop without a word (CSS `url()` to other files, an external DTD,
/// files referenced inside a nested `data:` SVG) are never read and each gets a warning
/// `PATH: warning: dropped reference 'X': why`.
enum ReferencePolicy {
  /// What librsvg should read and the warnings for the caller to print.
  struct Outcome {
    /// The bytes for librsvg: the input's own unless `SVGPreflight` bounded something.
    var data: Data
    /// `PATH: warning: dropped reference ...` lines, in document order.
    var warnings: [String] = []
  }

  /// - Throws: `RenderError.forbiddenReference` naming the reference and the reason;
  ///   `.tooLarge` when the document expands to more than `limits.maxUse` `<use>` instances.
  static func check(
    data: Data, path: String, baseDirectory: URL?, limits: InputLimits = .current
  ) throws -> Outcome {
    var outcome = Outcome(data: data)
    let (hasDoctype, _) = scan(data)
    if hasDoctype { try checkEntities(data: data, path: path) }
    guard SVGPreflight.needsPass(data), let found = SVGPreflight.run(data, maxUse: limits.maxUse)
    else { return outcome }
    if found.useInstances > limits.maxUse {
      throw RenderError.tooLarge(
        path: path,
        what: "the SVG expands to more than \(limits.maxUse) <use> instances (--max-use); "
          + "flatten the repeated content")
    }
    if let dtd = found.externalDTD {
      outcome.warnings.append(dropped(dtd, path: path, why: "external DTDs are never loaded"))
    }
    for reference in found.hrefs {
      if isData(reference) {
        outcome.warnings += nestedReferences(reference, path: path, depth: 0)
      } else {
        try checkReference(reference, path: path, baseDirectory: baseDirectory)
      }
    }
    for reference in found.imports {
      try checkReference(reference, path: path, baseDirectory: baseDirectory)
    }
    for reference in found.cssURLs {
      let trimmed = reference.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if isData(trimmed) {
        outcome.warnings += nestedReferences(trimmed, path: path, depth: 0)
      } else {
        outcome.warnings.append(
          dropped(
            trimmed, path: path,
            why: "CSS url() references to other files are never loaded; inline the content"))
      }
    }
    for (from, to) in found.boundedFontSizes.sorted(by: { $0.from < $1.from }) {
      outcome.warnings.append(
        "\(path): warning: font-size \(from) is past what librsvg can draw; drawn at \(to)")
    }
    if let rewritten = found.rewritten { outcome.data = rewritten }
    return outcome
  }

  private static func dropped(_ reference: String, path: String, why: String) -> String {
    "\(path): warning: dropped reference '\(reference.prefix(200))': \(why)"
  }

  private static func isData(_ reference: String) -> Bool {
    reference.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("data:")
  }

  /// Warnings for file references inside a `data:` SVG (librsvg loads it with no base, so
  /// they are never read): one per reference, nested data SVGs followed three levels deep.
  private static func nestedReferences(_ url: String, path: String, depth: Int) -> [String] {
    let trimmed = url.trimmingCharacters(in: .whitespaces)
    guard depth < 3, let comma = trimmed.firstIndex(of: ",") else { return [] }
    let header = trimmed[..<comma].lowercased()
    guard header.contains("svg") else { return [] }
    let payload = String(trimmed[trimmed.index(after: comma)...])
    let bytes: Data?
    if header.hasSuffix(";base64") {
      bytes = Data(base64Encoded: payload, options: .ignoreUnknownCharacters)
    } else {
      bytes = (payload.removingPercentEncoding ?? payload).data(using: .utf8)
    }
    guard let bytes, SVGPreflight.needsPass(bytes),
      let found = SVGPreflight.run(bytes, maxUse: Int.max / 2)
    else { return [] }
    var warnings: [String] = []
    for reference in found.hrefs + found.imports + found.cssURLs {
      let r = reference.trimmingCharacters(in: .whitespaces)
      if r.isEmpty || r.hasPrefix("#") { continue }
      if isData(r) {
        warnings += nestedReferences(r, path: path, depth: depth + 1)
      } else {
        warnings.append(
          dropped(
            r, path: path,
            why: "a file referenced inside a data: SVG is never loaded; inline the content"))
      }
    }
    return warnings
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
