import FoundationEssentials
import Glibc

/// Checks an Icon Composer `.icon` bundle (`NAME.icon/icon.json` + `Assets/`) for what Icon
/// Composer and actool would not take, before they do (issue 35; docs/formats.md, "Icon
/// Composer"): `validate` runs it on a bundle given directly, found beside catalogs, or
/// inside one.
///
/// - `icon-json`: no `icon.json`, not JSON (line and column), a duplicate key or trailing
///   comma, a value of another form than the key takes, a key Icon Composer always writes
///   missing;
/// - `icon-unknown-key`, `icon-unknown-value` (warnings): a key, or a blend mode, lighting,
///   shadow kind or fill keyword, that Icon Composer's documents do not have;
/// - `icon-specialization`: an `appearance` or `idiom` Icon Composer does not know;
/// - `icon-color`: a colour string that does not parse;
/// - `icon-json` also: an `icon.json` over 1 MiB (`IconComposerJSON.maximumFileBytes`), not
///   read;
/// - `icon-groups`: no group, more than 4 groups, or more than 8 layers in a group (the
///   document is not read further, no layer file checked);
/// - `icon-conflict`: `KEY` beside `KEY-specializations`, or two entries of a specialization
///   list for one appearance and idiom with other values;
/// - `icon-empty` (a warning): a group without a layer;
/// - `icon-position` (a warning): a scale of 0 or less, a translation past 1024 pt;
/// - `icon-range`: an opacity, translucency, blur material or colour alpha outside 0 to 1, a
///   colour component out of its space's range, a scale not finite or above 1024, a
///   `supported-platforms` value that is no platform;
/// - `icon-unused` (a warning): a file or folder in `Assets/` that no layer draws;
/// - `icon-layer`: a layer's file (each `image-name` and `image-name-specializations` value)
///   missing from `Assets/`, one whose content is not what its extension says (PNG data
///   named `.svg`, SVG named `.png`: `extensionProblem`), or one that does not load and
///   render: PNG (by its signature) decoded by libpng, anything else handed to `svgLayer`;
///   `Assets` itself a symbolic link out of the bundle (named once, no layer checked).
///
/// Every finding about `icon.json` names it and has the key path as its `entry`
/// (`groups[0].layers[1].fill.solid`); a layer that does not render names the layer's file.
package enum IconBundleCheck {
  /// The findings of the bundle at `bundle` (its path as it is to be shown), whose asset
  /// name is `asset`. `svgLayer(path)` loads and renders the SVG at `path` and returns `nil`,
  /// or why it cannot (a phrase): librsvg in the full tool (`IconLayerCheck.svg`), a hand-off
  /// to `glyphsmith-render` in the light front. Sorted.
  package static func check(
    bundle: String, asset: String, svgLayer: (String) -> String?
  ) -> [CatalogFinding] {
    let jsonPath = bundle + "/icon.json"
    var findings: [CatalogFinding] = []
    func add(
      _ rule: CatalogRule, _ path: String, line: Int? = nil, entry: String?, file: String? = nil,
      _ message: String
    ) {
      findings.append(
        CatalogFinding(
          rule: rule, path: path, line: line, asset: asset,
          entry: entry.map { $0.isEmpty ? "(top level)" : $0 },
          file: file, message: message))
    }
    if let target = linkOutside(path: jsonPath, in: bundle) {
      add(.iconJSON, jsonPath, entry: nil, IconComposerJSON.linkProblem(target))
      return findings
    }
    if let size = Platform.status(ofPath: jsonPath)?.size,
      let problem = IconComposerJSON.sizeProblem(size)
    {
      add(.iconJSON, jsonPath, entry: nil, problem)
      return findings
    }
    guard let data = FileManager.default.contents(atPath: jsonPath) else {
      let exists = Platform.kind(ofPath: jsonPath) != nil
      add(
        .iconJSON, jsonPath, entry: nil,
        exists
          ? "cannot be read; check its permissions"
          : "missing: a .icon bundle holds icon.json and Assets/; save the bundle again in Icon Composer"
      )
      return findings
    }
    let json: JSONValue
    do {
      json = try IconComposerJSON.read(data).value
    } catch {
      switch error {
      case .syntax(let description, _):
        add(
          .iconJSON, jsonPath, entry: nil,
          "\(description); fix the syntax or save it again in Icon Composer")
      case .shape(let problem):
        add(.iconJSON, jsonPath, entry: nil, problem)
      case .decoding(_, let error):
        // `JSONValue` takes any JSON value; only a reader fault gets here.
        add(.iconJSON, jsonPath, entry: nil, "cannot be read (\(error))")
      }
      return findings.sorted()
    }
    var problems: [IconComposerDocument.Problem] = []
    let document = IconComposerDocument(json: json, problems: &problems)
    let lines = StrictJSONSyntax.lines(in: data)
    for problem in problems {
      add(
        rule(for: problem.kind), jsonPath, line: line(of: problem.keyPath, in: lines),
        entry: problem.keyPath, problem.message)
    }
    // A count Icon Composer does not accept: the document was not read further, and no
    // layer file is checked (10,000 layers took 18 s; issue 35's third trial, finding 5).
    if problems.contains(where: { $0.kind == .count }) { return findings.sorted() }
    // Assets/ itself a link out of the bundle: every layer would be read from elsewhere, as a
    // single layer file linking out is not (issue 35's fourth trial, F3). No layer is checked.
    if let target = linkOutside(path: bundle + "/Assets", in: bundle) {
      add(.iconLayer, bundle + "/Assets", entry: nil, file: "Assets", assetsLinkProblem(target))
      return findings.sorted()
    }
    // Each layer file once, at its first key path.
    var checked: Set<String> = []
    for (layerPath, layer) in document.layersWithPaths {
      var names: [(keyPath: String, name: String)] = []
      if let name = layer.imageName.value { names.append((layerPath + ".image-name", name)) }
      for (index, entry) in (layer.imageName.specializations ?? []).enumerated() {
        names.append(("\(layerPath).image-name-specializations[\(index)].value", entry.value))
      }
      for (keyPath, name) in names where checked.insert(name).inserted {
        if let problem = layerProblem(name, in: bundle, svgLayer: svgLayer) {
          add(
            .iconLayer, problem.inFile ? bundle + "/Assets/" + name : jsonPath,
            line: problem.inFile ? nil : line(of: keyPath, in: lines), entry: keyPath,
            file: name, problem.message)
        }
      }
    }
    // What Assets/ holds that no layer draws: a file left behind, a folder (issue 35's second
    // trial, finding 16). Finder's .DS_Store aside.
    for name in (Platform.folderNames(atPath: bundle + "/Assets") ?? []).sorted()
    where name != ".DS_Store" && !checked.contains(name) {
      let path = bundle + "/Assets/" + name
      let isFolder = Platform.kind(ofPath: path, followingLinks: false) == .folder
      add(
        .iconUnused, isFolder ? path + "/" : path, entry: nil, file: name,
        isFolder
          ? "a folder in Assets/, which holds the layers' image files only; no layer draws it "
            + "(a layer names a file): move it out of the bundle"
          : "no layer draws it (no image-name names it); remove it from Assets/, or add a layer "
            + "for it in Icon Composer")
    }
    return findings.sorted()
  }

  /// Whether a folder named `name` is an Icon Composer bundle: its extension is `icon` (in
  /// any case).
  package static func isBundleName(_ name: String) -> Bool {
    PathName(name).pathExtension.lowercased() == "icon"
  }

  /// The asset name of bundle folder `name`: the name without `.icon`.
  package static func assetName(_ name: String) -> String {
    String(decoding: name.utf8.dropLast(".icon".utf8.count), as: UTF8.self)
  }

  /// The line `keyPath` starts on in `lines` (`StrictJSONSyntax.lines(in:)`), else its
  /// nearest enclosing key path's (a missing key: the object's); `nil` when `lines` is empty.
  static func line(of keyPath: String, in lines: [String: Int]) -> Int? {
    guard !lines.isEmpty else { return nil }
    var path = Substring(keyPath)
    while true {
      if let line = lines[String(path)] { return line }
      guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return 1 }
      path = path[..<cut]
    }
  }

  /// The rule of a reading problem.
  static func rule(for kind: IconComposerDocument.Problem.Kind) -> CatalogRule {
    switch kind {
    case .unknownKey: return .iconUnknownKey
    case .unknownValue: return .iconUnknownValue
    case .wrongType: return .iconJSON
    case .specialization: return .iconSpecialization
    case .color: return .iconColor
    case .count: return .iconGroups
    case .conflict: return .iconConflict
    case .empty: return .iconEmpty
    case .crowded: return .iconLayers
    case .position: return .iconPosition
    case .range: return .iconRange
    }
  }

  /// What is wrong with layer file `name` of `bundle`, and whether the message is about the
  /// file itself (else about the reference in `icon.json`); `nil` when it renders.
  static func layerProblem(
    _ name: String, in bundle: String, svgLayer: (String) -> String?
  ) -> (message: String, inFile: Bool)? {
    if name.isEmpty || name.contains("/") || name == "." || name == ".." {
      return (
        "'\(name)' is not a file name; a layer names a file in the bundle's Assets/ folder", false
      )
    }
    let path = bundle + "/Assets/" + name
    if let target = linkOutside(name, in: bundle) {
      return (
        "'\(name)' in Assets/ is a symbolic link to \(target), outside the bundle; a layer file "
          + "must be in the bundle itself (copy the file in: Icon Composer and Xcode read the "
          + "bundle alone)", true
      )
    }
    switch Platform.kind(ofPath: path) {
    case nil:
      if let near = nearMatch(name, in: bundle + "/Assets") { return (near, false) }
      return ("'\(name)' is not in Assets/; add the file or correct the name", false)
    case .regular: break
    case .folder:
      return ("'\(name)' in Assets/ is a folder, not an image; give an SVG or PNG file", false)
    default:
      return ("'\(name)' in Assets/ is not a regular file; give an SVG or PNG file", false)
    }
    var mismatch: String?
    let isPNG =
      Platform.readPrefix(atPath: path, count: 512)
      .map { head -> Bool in
        if let problem = extensionProblem(name, head: head) { mismatch = problem }
        return head.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      } ?? false
    if let mismatch { return (mismatch, true) }
    let reason: String?
    if isPNG {
      do {
        _ = try ImageComparison.load(path)
        reason = nil
      } catch {
        reason = Self.reason(error, path: path)
      }
    } else {
      reason = svgLayer(path)
    }
    return reason.map { ("does not render: \($0); export the layer again", true) }
  }

  /// Why the layer file `name` whose first bytes (512 are enough) are `head` holds something
  /// else than its extension says, or `nil`: Icon Composer and actool choose a layer's decoder
  /// by its extension, so PNG data named `.svg`/`.svgz`, or anything but PNG data named
  /// `.png`, is not the layer Glyphsmith draws (Glyphsmith reads by the signature; issue 35's
  /// fourth trial, F2). Other extensions are not judged. A phrase without the file's name:
  /// `holds PNG data, but its name ends in .svg (...); rename it fake.png`.
  package static func extensionProblem(_ name: String, head: Data) -> String? {
    let ext = PathName(name).pathExtension
    let stem = PathName(name).deletingPathExtension
    let why = "Icon Composer and actool choose a layer's decoder by its extension"
    let isPNG = head.starts(with: [0x89, 0x50, 0x4E, 0x47])
    switch ext.lowercased() {
    case "svg", "svgz":
      guard isPNG else { return nil }
      return "holds PNG data, but its name ends in .\(ext) (\(why)); rename it \(stem).png"
    case "png":
      guard !isPNG else { return nil }
      var bytes = head[...]
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
      let isSVG = first == UInt8(ascii: "<") || head.starts(with: [0x1F, 0x8B])
      let held =
        first == UInt8(ascii: "<") ? "SVG text" : head.starts(with: [0x1F, 0x8B])
        ? "gzip data (SVGZ)" : head.isEmpty ? "nothing (it is empty)" : "no PNG data (no PNG signature)"
      return "holds \(held), but its name ends in .\(ext) (\(why)); "
        + (isSVG ? "rename it \(stem).svg" : "export it as PNG again")
    default:
      return nil
    }
  }

  /// The problem of a bundle whose `Assets` folder is a symbolic link to `target`, outside
  /// the bundle (`linkOutside(path:in:)`), without the folder's path: `is a symbolic link to
  /// TARGET, outside the bundle; ...`. `validate`'s `icon-layer` error; the preview and lint
  /// refuse such a bundle with it (`IconComposerBundle`).
  package static func assetsLinkProblem(_ target: String) -> String {
    "is a symbolic link to \(target), outside the bundle; the layer files must be in the bundle "
      + "itself (replace the link with a copy of the folder: Icon Composer and Xcode read the "
      + "bundle alone)"
  }

  /// Where the layer file `name` of `bundle` leads when it is a symbolic link whose target
  /// (links resolved) lies outside the bundle (links resolved), else `nil` (issue 35's second
  /// trial, finding 4: a link to `../../fg.svg` or `/etc/passwd` was read as a layer).
  package static func linkOutside(_ name: String, in bundle: String) -> String? {
    linkOutside(path: bundle + "/Assets/" + name, in: bundle)
  }

  /// Why the layer file `name`, missing from `assets`, is near a file there (issue 35's fifth
  /// trial, F6: a name in NFC with the file stored in NFD, as HFS+ and some checkouts leave
  /// it, or `Bolt.SVG` beside `bolt.svg`): the file that differs only in Unicode
  /// normalisation, or only in case, named; `nil` when none does.
  package static func nearMatch(_ name: String, in assets: String) -> String? {
    let names = (Platform.folderNames(atPath: assets) ?? []).sorted()
    func form(_ text: String) -> String {
      if text.canonicalComposition.utf8.elementsEqual(text.utf8) { return "NFC" }
      if text.canonicalDecomposition.utf8.elementsEqual(text.utf8) { return "NFD" }
      return "mixed"
    }
    // Swift compares strings by canonical equivalence: `==` holds across forms.
    if let other = names.first(where: { $0 == name && !$0.utf8.elementsEqual(name.utf8) }) {
      return "'\(name)' is not in Assets/ as written (\(form(name))): Assets/ holds '\(other)' "
        + "in another Unicode form (\(form(other))), which macOS's file system takes for the same "
        + "name; rename the file to the name's form (or correct the name) so that every system "
        + "finds it"
    }
    if let other = names.first(where: { $0.lowercased() == name.lowercased() }) {
      return "'\(name)' is not in Assets/: Assets/ holds '\(other)', which differs only in "
        + "case; macOS's default file system takes them for one name, a case-sensitive one "
        + "does not; rename the file or correct the name"
    }
    return nil
  }

  /// The folders named `setName` (any case) in `catalog` and its groups (folders without an
  /// extension; a link is not followed into, so a link back to a folder above cannot loop),
  /// sorted: the flat sets a `.icon` of that name makes actool drop.
  package static func flatSets(named setName: String, in catalog: String) -> [String] {
    guard let entries = Platform.folderEntries(atPath: catalog) else { return [] }
    let wanted = setName.lowercased()
    var found: [String] = []
    for entry in entries.sorted(by: { $0.name < $1.name }) where entry.isFolder {
      let path = catalog + "/" + entry.name
      if entry.name.lowercased() == wanted {
        found.append(path)
      } else if !entry.name.contains(".") && !entry.isLink {
        found += flatSets(named: setName, in: path)  // a group folder
      }
    }
    return found
  }

  /// Where the entry at `path` in `bundle` (`BUNDLE/icon.json`, `BUNDLE/Assets/NAME`) leads
  /// when it is a symbolic link whose target (links resolved) lies outside the bundle, else
  /// `nil` (issue 35's third trial, finding 10: an `icon.json` linking to `../other.json` was
  /// read as the bundle's own).
  package static func linkOutside(path: String, in bundle: String) -> String? {
    guard Platform.kind(ofPath: path, followingLinks: false) == .link else { return nil }
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    let root = URL(fileURLWithPath: bundle).resolvingSymlinksInPath().standardizedFileURL.path
    if target.hasPrefix(root + "/") { return nil }
    return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? target
  }

  /// An error's message without the `PATH: error: ` (or `PATH: `) its description starts
  /// with.
  package static func reason(_ error: Error, path: String) -> String {
    var text = "\(error)"
    for prefix in [path + ": error: ", "error: ", path + ": "] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
    }
    return text
  }
}
