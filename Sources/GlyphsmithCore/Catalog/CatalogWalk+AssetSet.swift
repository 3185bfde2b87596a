import FoundationEssentials
import Glibc

extension CatalogWalk {
  /// Checks one asset folder: its `Contents.json`, its entries and its files.
  mutating func checkAsset(folder: String, kind: String, name: String) {
    let contentsPath = folder + "/Contents.json"
    let children = Self.children(folder)
    guard children.contains(where: { $0.name == "Contents.json" && !$0.isFolder }) else {
      if folder.hasPrefix(root + "/"), keptSets.contains(String(folder.dropFirst(root.count + 1))) {
        // A set Glyphsmith pruned and keeps for the user's files: named as `build` names it.
        let names = (Platform.folderNames(atPath: folder) ?? []).sorted()
        let one = names.count == 1
        findings.append(
          CatalogFinding(
            rule: .keptSet, path: folder, asset: name,
            message:
              "kept by glyphsmith for \(names.joined(separator: ", ")), which it did not make, after its icon was removed; the set has no Contents.json, so it is no asset; move \(one ? "it" : "them") out and the next build removes the folder"
          ))
        return
      }
      findings.append(
        CatalogFinding(
          rule: .missingContents, path: contentsPath, asset: name,
          message: "the \(kind) folder has no Contents.json; add one or remove the folder"))
      return
    }
    // Read once: parsed here, its lines numbered by `assignLines`.
    let contentsBytes = FileBytes.read(contentsPath)
    guard let contentsBytes, let json = readJSON(contentsBytes, path: contentsPath, asset: name)
    else { return }
    guard let key = CatalogVocabulary.entryKeys[kind] else {
      // A container (brand assets, image stack, sprite atlas, ...): check nested JSON only.
      for child in children where child.isFolder {
        let nested = folder + "/" + child.name
        if !child.kind.isEmpty {
          _ = readJSON(nested + "/Contents.json", asset: name)
        }
      }
      return
    }
    checkSiblingCase(folder, children: children, skipAssetPairs: false)
    let list: [AssetContents.Entry]
    if let entries = json.lists[key] {
      list = entries
    } else if json.other[key] != nil {
      findings.append(
        CatalogFinding(
          rule: .malformedJSON, path: contentsPath, asset: name,
          message: "\"\(key)\" is not a list of objects; write [{\"idiom\" : ...}, ...]"))
      return
    } else {
      list = []
    }
    if list.isEmpty, kind == "imageset" || kind == "symbolset" {
      let what = kind == "imageset" ? "image" : "symbol template"
      findings.append(
        CatalogFinding(
          rule: .emptyAsset, path: contentsPath, asset: name,
          message:
            "the \(kind) lists no \(what) (no entry in \"\(key)\"): it draws nothing; add the \(what) to Contents.json or remove the folder"
        ))
    }
    var entries: [CatalogEntry] = []
    for (index, entry) in list.enumerated() {
      if entry.other["filename"] != nil {
        findings.append(
          CatalogFinding(
            rule: .malformedJSON, path: contentsPath, asset: name, entry: "\(key)[\(index)]",
            message: "\"filename\" is not a string; write the file name in quotes"))
      }
      entries.append(CatalogEntry(index: index, entry: entry))
    }
    assignLines(&entries, contents: contentsBytes)
    let fileNames = Set(children.filter { !$0.isFolder }.map(\.name))
    for i in entries.indices {
      checkEntry(&entries[i], key: key, folder: folder, asset: name, fileNames: fileNames)
    }
    checkDuplicateSlots(entries, key: key, contentsPath: contentsPath, asset: name)
    let referenced = Set(entries.compactMap(\.filename))
    for file in fileNames.sorted() where file != "Contents.json" && !referenced.contains(file) {
      findings.append(
        CatalogFinding(
          rule: .unassignedFile, path: contentsPath, asset: name, file: file,
          message:
            "'\(file)' is in the \(kind) folder but no entry references it (an unassigned child); assign it to a slot or delete it"
        ))
    }
    if kind == "imageset" {
      checkScales(entries, key: key, contentsPath: contentsPath, asset: name)
      checkVectors(entries, json: json, key: key, contentsPath: contentsPath, asset: name)
    }
    if kind == "appiconset" {
      checkIconSizes(entries, key: key, folder: folder, asset: name)
    }
  }

  /// Lines of the `"filename"` keys, matched to the entries that have one, in order, in
  /// `data`, the `Contents.json` bytes `checkAsset` parsed (read once: a second read was a
  /// tenth of the catalog check, issue 36). The bytes are scanned line by line (no `String`
  /// of the whole file and no Foundation search per line: the check runs this for every set).
  func assignLines(_ entries: inout [CatalogEntry], contents data: Data) {
    let numbers = Self.linesHolding(Array("\"filename\"".utf8), in: data)
    let withFile = entries.indices.filter { entries[$0].filename != nil }
    guard numbers.count == withFile.count else { return }
    for (i, line) in zip(withFile, numbers) { entries[i].line = line }
  }

  /// The 1-based numbers of the lines of `data` (split at LF) that hold `key`'s bytes.
  static func linesHolding(_ key: [UInt8], in data: Data) -> [Int] {
    guard let first = key.first else { return [] }
    return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Int] in
      var numbers: [Int] = []
      var line = 1
      var found = false
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        if byte == 10 {
          if found { numbers.append(line) }
          line += 1
          found = false
        } else if !found, byte == first, i + key.count <= bytes.count {
          var j = 1
          while j < key.count && bytes[i + j] == key[j] { j += 1 }
          found = j == key.count
        }
        i += 1
      }
      if found { numbers.append(line) }
      return numbers
    }
  }

  /// Idiom, scale, appearance values and the referenced file of one entry.
  mutating func checkEntry(
    _ entry: inout CatalogEntry, key: String, folder: String, asset: String,
    fileNames: Set<String>
  ) {
    let contentsPath = folder + "/Contents.json"
    // The label is built only for a finding (most entries have none; issue 36).
    func add(_ rule: CatalogRule, _ message: String) {
      findings.append(
        CatalogFinding(
          rule: rule, path: contentsPath, line: entry.line, asset: asset,
          entry: entry.label(key: key),
          file: entry.filename, message: message))
    }
    if let idiom = entry.idiom ?? entry.entry.other["idiom"]?.description {
      if entry.idiom != nil, CatalogVocabulary.idioms.contains(idiom) {
      } else {
        add(
          .unknownIdiom,
          "unknown idiom '\(idiom)'; use one of \(CatalogVocabulary.idioms.sorted().joined(separator: ", "))"
        )
      }
    } else {
      add(
        .missingIdiom, "the entry has no \"idiom\"; add \"idiom\" : \"universal\" (or the device)")
    }
    if let scale = entry.scale ?? entry.entry.other["scale"]?.description {
      if entry.scale != nil, CatalogVocabulary.scales.contains(scale) {
      } else {
        // A misspelling of a valid scale ("@3x", "3X") says what it is read as: its size is
        // still checked at that factor (`scaleFactors`).
        if entry.scale != nil, let factor = Self.scaleFactor(scale) {
          add(
            .unknownScale,
            "unknown scale '\(scale)'; write '\(factor)x' (its size is checked as \(factor)x)")
        } else {
          add(.unknownScale, "unknown scale '\(scale)'; use 1x, 2x or 3x")
        }
      }
    }
    if entry.entry.appearances != nil || entry.entry.other["appearances"] != nil {
      // A value that is not a list of objects counts as one unknown appearance.
      for appearance in entry.entry.appearances ?? [AssetContents.Appearance()] {
        let kind = appearance.appearance ?? "?"
        let value = appearance.value ?? "?"
        if CatalogVocabulary.appearances[kind]?.contains(value) != true {
          add(
            .unknownAppearance,
            "unknown appearance \(kind)=\(value); use luminosity light, dark or tinted, or contrast high"
          )
        }
      }
    }
    guard let filename = entry.filename else { return }
    guard fileNames.contains(filename) else {
      add(
        .missingFile,
        "'\(filename)' does not exist in the asset folder; add the file or remove the entry")
      return
    }
    let fileExtension = PathName(filename).pathExtension.lowercased()
    if fileExtension == "pdf" || fileExtension == "svg" {
      entry.pointSize = VectorPageSize.read(atPath: folder + "/" + filename)
      return
    }
    guard fileExtension == "png" else { return }
    // The size is in the IHDR chunk, the first 24 bytes: read no more.
    // Non-blocking and regular files only: a FIFO named like a PNG is unreadable, not a hang.
    let data = Platform.readPrefix(atPath: folder + "/" + filename, count: 64)
    if let data, let size = PNGCodec.size(of: data) {
      entry.pixelSize = size
    } else {
      add(.unreadableImage, "'\(filename)' is not a readable PNG; re-export it")
    }
  }

  /// Two entries for one slot.
  mutating func checkDuplicateSlots(
    _ entries: [CatalogEntry], key: String, contentsPath: String, asset: String
  ) {
    var first: [String: CatalogEntry] = [:]
    for entry in entries {
      let slot = entry.slotKey()
      if let earlier = first[slot] {
        findings.append(
          Self.entryFinding(
            .duplicateSlot, entry, key: key, contentsPath: contentsPath, asset: asset,
            "the same slot as \(key)[\(earlier.index)]; Xcode uses only one of them; remove one or give it another scale or appearance"
          ))
      } else {
        first[slot] = entry
      }
    }
  }

  /// The factor a scale value means: `1x`, `2x`, `3x`, and the invalid spellings `@3x`,
  /// `3X`, `3` of the same; `nil` for anything else.
  package static func scaleFactor(_ scale: String?) -> Int? {
    guard var text = scale?.trimmingWhitespace().lowercased() else { return nil }
    if text.hasPrefix("@") { text.removeFirst() }
    if text.hasSuffix("x") { text.removeLast() }
    guard let factor = Int(text), (1...3).contains(factor) else { return nil }
    return factor
  }

  /// A finding about `entry` of the list `key` in `contentsPath`: its line, its label
  /// (`key[index]`) and its file name.
  package static func entryFinding(
    _ rule: CatalogRule, _ entry: CatalogEntry, key: String, contentsPath: String,
    asset: String, _ message: String
  ) -> CatalogFinding {
    CatalogFinding(
      rule: rule, path: contentsPath, line: entry.line, asset: asset,
      entry: entry.label(key: key), file: entry.filename, message: message)
  }

  /// @2x and @3x exactly 2x and 3x the @1x (or @3x 1.5x the @2x without a @1x).
  mutating func checkScales(
    _ entries: [CatalogEntry], key: String, contentsPath: String, asset: String
  ) {
    var groups: [String: [Int: CatalogEntry]] = [:]
    var order: [String] = []
    // How an entry's factor was known when its scale value does not say it, by entry index.
    var inferred: [Int: String] = [:]
    for (entry, factor, how) in Self.scaleFactors(entries) {
      let slot = entry.slotKey(dropScale: true)
      if groups[slot] == nil { order.append(slot) }
      if groups[slot, default: [:]][factor] == nil { groups[slot, default: [:]][factor] = entry }
      if let how { inferred[entry.index] = how }
    }
    for slot in order {
      let byScale = groups[slot]!
      guard let baseScale = byScale.keys.min(), let base = byScale[baseScale],
        let baseSize = base.pixelSize
      else { continue }
      for factor in byScale.keys.sorted() where factor > baseScale {
        let entry = byScale[factor]!
        let size = entry.pixelSize!
        // Expected: base x factor / baseScale, exact in whole px.
        let w = baseSize.width * factor
        let h = baseSize.height * factor
        let exact = w % baseScale == 0 && h % baseScale == 0
        let expected = "\(w / baseScale)x\(h / baseScale)"
        guard !exact || size.width * baseScale != w || size.height * baseScale != h else {
          continue
        }
        var ratio = baseScale == 1 ? "\(factor)x" : "\(factor)/\(baseScale) of"
        if let how = inferred[entry.index] { ratio += " (\(how))" }
        let fix =
          exact
          ? "re-render it at \(expected) px"
          : "the @\(baseScale)x is not a whole multiple; render every scale from one pt size"
        findings.append(
          Self.entryFinding(
            .scaleMismatch, entry, key: key, contentsPath: contentsPath, asset: asset,
            "'\(entry.filename!)' is \(size.width)x\(size.height) px, not \(ratio) the @\(baseScale)x '\(base.filename!)' (\(baseSize.width)x\(baseSize.height) px); \(fix)"
          ))
      }
    }
  }

  /// Vector image sets: a single-scale PDF or SVG (no `scale`) without
  /// `preserves-vector-representation` is a warning; a PDF or SVG whose page size in pt
  /// differs from its slot's other scales (PNG px / scale, or another vector's page) is an
  /// error.
  mutating func checkVectors(
    _ entries: [CatalogEntry], json: AssetContents, key: String, contentsPath: String,
    asset: String
  ) {
    func isVector(_ entry: CatalogEntry) -> Bool {
      guard let filename = entry.filename else { return false }
      return ["pdf", "svg"].contains(PathName(filename).pathExtension.lowercased())
    }
    func isSingleScale(_ entry: CatalogEntry) -> Bool {
      isVector(entry) && entry.scale == nil && entry.entry.other["scale"] == nil
    }
    // Both checks below find only vector entries: a set of PNGs has nothing to find (issue 36:
    // the slots of every PNG set were worked out for nothing).
    guard entries.contains(where: isVector) else { return }
    if json.properties?.preservesVectorRepresentation != true,
      let single = entries.first(where: isSingleScale)
    {
      findings.append(
        Self.entryFinding(
          .vectorNotPreserved, single, key: key, contentsPath: contentsPath, asset: asset,
          "'\(single.filename!)' is a single-scale vector but the set lacks \"preserves-vector-representation\" : true; Xcode rasterizes it at build time and large sizes blur; add it to \"properties\""
        ))
    }
    var slots: [String: [(entry: CatalogEntry, size: (width: Double, height: Double))]] = [:]
    var order: [String] = []
    for entry in entries {
      let size: (width: Double, height: Double)?
      if let points = entry.pointSize {
        size = points
      } else if let pixels = entry.pixelSize, let factor = Self.scaleFactor(entry.scale) {
        size = (Double(pixels.width) / Double(factor), Double(pixels.height) / Double(factor))
      } else {
        size = nil
      }
      guard let size, entry.scale != nil else { continue }
      let slot = entry.slotKey(dropScale: true)
      if slots[slot] == nil { order.append(slot) }
      slots[slot, default: []].append((entry, size))
    }
    for slot in order {
      let members = slots[slot]!
      guard let first = members.first(where: { $0.entry.pointSize == nil }) ?? members.first
      else { continue }
      for member in members
      where isVector(member.entry) && member.entry.index != first.entry.index {
        guard
          abs(member.size.width - first.size.width) > 0.01
            || abs(member.size.height - first.size.height) > 0.01
        else { continue }
        findings.append(
          Self.entryFinding(
            .vectorSizeMismatch, member.entry, key: key, contentsPath: contentsPath,
            asset: asset,
            "'\(member.entry.filename!)' has a page of \(Self.format(member.size.width))x\(Self.format(member.size.height)) pt, but its sibling '\(first.entry.filename!)' is \(Self.format(first.size.width))x\(Self.format(first.size.height)) pt; every scale of a slot must have one size in pt; re-export it at that size"
          ))
      }
    }
  }

  /// The entries with a px size and the factor each is checked at, with how it was known
  /// when not from a valid scale value (`nil` then). An invalid scale ("@3x", "3") is
  /// reported by the entry check; the size is still checked against the factor it plainly
  /// means, else the one its file name says (`star@3x.png`), else the one factor its slot's
  /// other scales leave (a `1x` and a `2x` beside it), so a wrong size is never hidden behind
  /// a wrong scale value. Entries without a scale (single-scale images) are not checked.
  static func scaleFactors(_ entries: [CatalogEntry]) -> [(CatalogEntry, Int, String?)] {
    let sized = entries.filter {
      $0.pixelSize != nil && ($0.scale != nil || $0.entry.object["scale"] != nil)
    }
    var known: [(CatalogEntry, Int, String?)] = []
    var unknown: [CatalogEntry] = []
    for entry in sized {
      if let factor = scaleFactor(entry.scale) {
        known.append((entry, factor, nil))
      } else if let factor = fileNameScale(entry.filename) {
        known.append((entry, factor, "taken as @\(factor)x from its file name"))
      } else {
        unknown.append(entry)
      }
    }
    // A slot with exactly one entry of unknown factor and exactly one factor of 1-3 free.
    let bySlot = Dictionary(grouping: unknown) { $0.slotKey(dropScale: true) }
    for entry in unknown where bySlot[entry.slotKey(dropScale: true)]?.count == 1 {
      let slot = entry.slotKey(dropScale: true)
      let used = Set(known.filter { $0.0.slotKey(dropScale: true) == slot }.map(\.1))
      let free = [1, 2, 3].filter { !used.contains($0) }
      guard free.count == 1, !used.isEmpty else { continue }
      known.append((entry, free[0], "taken as @\(free[0])x, the scale its siblings leave"))
    }
    return known.sorted { $0.0.index < $1.0.index }
  }

  /// The factor a file name states before its extension (`star@3x.png`, `star@2x~ipad.png`:
  /// 3 and 2), `nil` when it states none of 1-3.
  static func fileNameScale(_ filename: String?) -> Int? {
    guard let filename else { return nil }
    let stem = PathName(filename).deletingPathExtension.lowercased()
    guard let at = stem.lastRange(of: "@") else { return nil }
    let rest = stem[at.upperBound...].prefix { $0 != "~" }
    guard rest.count == 2, rest.hasSuffix("x"), let factor = Int(rest.dropLast()),
      (1...3).contains(factor)
    else { return nil }
    return factor
  }

  /// App icon px sizes equal size x scale; the marketing icon has no alpha.
  mutating func checkIconSizes(
    _ entries: [CatalogEntry], key: String, folder: String, asset: String
  ) {
    let contentsPath = folder + "/Contents.json"
    for entry in entries {
      guard let filename = entry.filename, let pixels = entry.pixelSize else { continue }
      func add(_ rule: CatalogRule, _ message: String) {
        findings.append(
          Self.entryFinding(
            rule, entry, key: key, contentsPath: contentsPath, asset: asset, message))
      }
      let factor = entry.scale.flatMap { Double($0.dropLast()) } ?? 1
      guard let size = entry.size, let points = Self.parseSize(size) else {
        add(
          .iconSizeMismatch,
          "the entry has no readable \"size\" (\"WxH\" in pt, e.g. \"1024x1024\"); add one")
        continue
      }
      let expectedWidth = points.width * factor
      let expectedHeight = points.height * factor
      if Double(pixels.width) != expectedWidth || Double(pixels.height) != expectedHeight {
        add(
          .iconSizeMismatch,
          "'\(filename)' is \(pixels.width)x\(pixels.height) px; \(size) pt at \(entry.scale ?? "1x") needs \(Self.format(expectedWidth))x\(Self.format(expectedHeight)) px; re-render it at that size"
        )
      }
      let isMarketing =
        entry.idiom == "ios-marketing" || entry.idiom == "watch-marketing"
        || (entry.idiom == "universal" && size == "1024x1024")
      guard isMarketing, entry.appearances.isEmpty else { continue }
      let data = FileManager.default.contents(atPath: folder + "/" + filename) ?? Data()
      guard let header = PNGHeader(data), header.hasAlphaChannel else { continue }
      guard let image = try? PNGCodec.decode(data, path: filename) else {
        add(.unreadableImage, "'\(filename)' cannot be decoded as a PNG; re-export it")
        continue
      }
      let transparent = stride(from: 3, to: image.pixels.count, by: 4).reduce(0) {
        $0 + (image.pixels[$1] < 255 ? 1 : 0)
      }
      let channel =
        header.hasTransparencyChunk
        ? "a tRNS chunk" : "an alpha channel (colour type \(header.colorType))"
      if transparent > 0 {
        add(
          .iconAlpha,
          "the marketing icon '\(filename)' has \(transparent) px with alpha below 255; the App Store rejects transparency; flatten it onto an opaque background (glyphsmith appicon does)"
        )
      } else {
        add(
          .iconAlpha,
          "the marketing icon '\(filename)' has \(channel) though every px is opaque; the App Store rejects alpha channels; write it as an RGB PNG"
        )
      }
    }
  }

  /// `"83.5x83.5"` to pt; `nil` when not two positive numbers.
  package static func parseSize(_ text: String) -> (width: Double, height: Double)? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0
    else { return nil }
    return (w, h)
  }

  /// `167.0` as `167`, `83.5` as `83.5`.
  package static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
