import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Checks an SVG's external references before librsvg reads it. External entity
/// declarations are an error (the document cannot be parsed faithfully without them). Every
/// other reference to the network or to a file outside the input's folder (any file from
/// stdin), of any kind (`href` on any element, CSS `url()` and `@import`, an external DTD, a
/// file referenced inside a nested `data:` SVG), is never read: it is removed from the
/// document librsvg reads (or librsvg never loads it) and gets a warning
/// `PATH: warning: dropped reference 'X': why` (a `Diagnostic` of kind
/// `dropped-reference`); the file renders.
enum ReferencePolicy {
  /// What librsvg should read and the warnings for the caller to print.
  struct Outcome {
    /// The bytes for librsvg: the canonical document (`CanonicalSVG`), with what
    /// `SVGPreflight` bounded.
    var data: Data
    /// `dropped-reference` (and `bounded-font-size`) warnings, in document order.
    var warnings: [Diagnostic] = []
    /// `SVGNormalizer`'s fixes applied to `data`.
    var normalizations: [String] = []
    /// Whether the canonical document's elements or text may differ from the input's (an
    /// internal subset applied, another encoding or gzip decoded:
    /// `CanonicalSVG.Document.restructured`), so readers of lines and columns read `data`.
    var normalizedSource = false
  }

  /// The document goes through `CanonicalSVG.read` first, always; the checks read what it
  /// made.
  /// - Throws: what `CanonicalSVG.read` throws (a refused encoding, a syntax error);
  ///   `RenderError.forbiddenReference` naming the reference and the reason;
  ///   `.tooLarge` when the document expands to more than `limits.maxUse` `<use>` instances,
  ///   holds more than `limits.maxText` characters of text or an image past `limits.maxPixels`
  ///   (see `SVGPreflight`); `.invalidSVG` when it cannot be read as librsvg would read it
  ///   (an entity past libxml2's limits, an undeclared or external one).
  static func check(
    data: Data, path: String, baseDirectory: URL?, limits: InputLimits = .current
  ) throws -> Outcome {
    let (hasDoctype, _) = scan(data)
    if hasDoctype { try checkEntities(data: data, path: path) }
    // Every document, whatever its bytes: the checks read the canonical one and librsvg
    // reads it (with what the checks bounded), never the input's own bytes.
    // The one libxml2 read: the preflight reads the canonical tree itself.
    let (canonical, checked) = try CanonicalSVG.read(data, path: path) { doc, canonical in
      (
        canonical,
        SVGPreflight.run(
          canonical.data, tree: doc, limits: limits, baseDirectory: baseDirectory,
          verdict: { verdict($0, baseDirectory: baseDirectory) })
      )
    }
    var outcome = Outcome(data: canonical.data)
    outcome.normalizedSource = canonical.restructured
    guard var found = checked else {
      throw RenderError.invalidSVG(
        path: path, message: "libxml2 cannot read its canonical form back (a Glyphsmith bug)")
    }
    found.externalDTD = canonical.externalDTD
    if let why = found.unfaithful {
      throw RenderError.invalidSVG(
        path: path, message: "it cannot be read as librsvg would read it: \(why)")
    }
    if let what = found.tooLarge { throw RenderError.tooLarge(path: path, what: what) }
    if found.useInstances > limits.maxUse {
      throw RenderError.tooLarge(
        path: path,
        what: "the SVG expands to more than \(limits.maxUse) <use> instances (--max-use); "
          + "flatten the repeated content")
    }
    if let dtd = found.externalDTD {
      outcome.warnings.append(dropped(dtd, path: path, why: "external DTDs are never loaded"))
    }
    for drop in found.droppedReferences {
      outcome.warnings.append(dropped(drop.reference, path: path, why: drop.reason))
    }
    for reference in found.hrefs where isData(reference) {
      outcome.warnings += nestedReferences(reference, path: path, depth: 0)
    }
    outcome.normalizations = found.normalizations
    // `@import url(...)` is an import (dropped above or loaded), not a url() librsvg ignores.
    let imports = Set(found.imports.map { $0.trimmingWhitespace() })
    for reference in found.cssURLs {
      let trimmed = reference.trimmingWhitespace()
      if trimmed.isEmpty || trimmed.hasPrefix("#") || imports.contains(trimmed) { continue }
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
        .warning(
          "font-size \(from) is past what librsvg can draw; drawn at \(to)", path: path,
          kind: Diagnostic.Kind.boundedFontSize))
    }
    if let rewritten = found.rewritten { outcome.data = rewritten }
    return outcome
  }

  private static func dropped(_ reference: String, path: String, why: String) -> Diagnostic {
    .warning(
      "dropped reference '\(reference.prefix(200))': \(why)", path: path,
      kind: Diagnostic.Kind.droppedReference)
  }

  private static func isData(_ reference: String) -> Bool {
    reference.trimmingWhitespace().lowercased().hasPrefix("data:")
  }

  /// Warnings for file references inside a `data:` SVG (librsvg loads it with no base, so
  /// they are never read): one per reference, nested data SVGs followed three levels deep.
  private static func nestedReferences(_ url: String, path: String, depth: Int)
    -> [Diagnostic]
  {
    let trimmed = url.trimmingWhitespace()
    guard depth < 3, let comma = trimmed.firstIndex(of: ",") else { return [] }
    let header = trimmed[..<comma].lowercased()
    guard header.contains("svg") else { return [] }
    var unbounded = InputLimits()
    (unbounded.maxUse, unbounded.maxPixels, unbounded.maxText) = (Int.max / 2, .max, .max)
    guard let bytes = EmbeddedImages.decode(trimmed),
      let found = SVGPreflight.run(bytes, limits: unbounded, normalize: false)
    else { return [] }
    var warnings: [Diagnostic] = []
    for reference in found.hrefs + found.imports + found.cssURLs {
      let r = reference.trimmingWhitespace()
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
    while let start = rest.firstRangeIgnoringASCIICase(of: "<!ENTITY") {
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

  /// Throws when `verdict` refuses `reference`.
  /// - Throws: `RenderError.forbiddenReference` with the reason.
  static func checkReference(_ reference: String, path: String, baseDirectory: URL?) throws {
    if let reason = verdict(reference, baseDirectory: baseDirectory) {
      throw RenderError.forbiddenReference(
        path: path, reference: reference.trimmingWhitespace(), reason: reason)
    }
  }

  /// Why `reference` must not be read, or `nil` when it may: same-document (`#id`), `data:`
  /// and files inside `baseDirectory` may; network URLs, files outside the folder (after
  /// resolving `..` and symbolic links) and any file when `baseDirectory` is `nil` (stdin) may
  /// not.
  static func verdict(_ reference: String, baseDirectory: URL?) -> String? {
    let trimmed = reference.trimmingWhitespace()
    if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:") {
      return nil
    }
    let lower = trimmed.lowercased()
    // A URL scheme (RFC 3986: a letter, then letters, digits, +, -, .) other than file:.
    if let colon = lower.firstIndex(of: ":"), lower[..<colon].count > 1,
      lower.first!.isLetter,
      lower[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
      !lower.hasPrefix("file:")
    {
      return "network references are not loaded"
    }
    guard let baseDirectory else {
      return "an SVG read from stdin may not reference files; pass it as a file"
    }
    var filePart = trimmed
    if let hash = filePart.firstIndex(of: "#") { filePart = String(filePart[..<hash]) }
    let target: URL
    if lower.hasPrefix("file:") {
      guard let url = URL(string: filePart) else { return "not a valid file URL" }
      target = url
    } else if filePart.hasPrefix("/") {
      target = URL(fileURLWithPath: filePart)
    } else {
      let decoded = filePart.percentDecoded ?? filePart
      target = baseDirectory.appendingPathComponent(decoded)
    }
    let base = baseDirectory.standardizedFileURL.resolvingSymlinksInPath().path
    let resolved = target.standardizedFileURL.resolvingSymlinksInPath().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if !resolved.hasPrefix(prefix) {
      return "it points outside the input's folder \(base)"
    }
    return nil
  }

}
