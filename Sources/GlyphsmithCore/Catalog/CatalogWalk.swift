import FoundationEssentials
import Glibc

/// The state of one validation walk.
struct CatalogWalk {
  let root: String
  /// The set folders the catalog's record of outputs keeps for the user's files
  /// (`OutputRecordFile.keptSets`), relative to `root`.
  let keptSets: Set<String>
  var findings: [CatalogFinding] = []
  var assets: [CatalogAsset] = []
  /// The asset folders `walkGroup` found to check (folder, kind, name), checked together by
  /// `checkPendingAssets` on several threads.
  var pendingAssets: [(folder: String, kind: String, name: String)] = []

  /// Findings of one symbol set's templates (`SymbolSetCheck.check` in the full engine, which
  /// parses SVG with librsvg): (asset folder, asset name).
  let symbolSets: (String, String) -> [CatalogFinding]

  /// Whether the SVG layer of an Icon Composer bundle at a path loads and renders: `nil`, or
  /// why not (`IconBundleCheck.check`'s `svgLayer`).
  let svgLayers: (String) -> String?

  init(
    root: String, symbolSets: @escaping (String, String) -> [CatalogFinding],
    svgLayers: @escaping (String) -> String?
  ) {
    self.root = root
    self.keptSets = OutputRecordFile.keptSets(root: root)
    self.symbolSets = symbolSets
    self.svgLayers = svgLayers
  }

  /// One visible entry of a folder: its name, whether it is a folder (links followed) and
  /// its asset type (`kind`: the name's extension when it is one of
  /// `CatalogVocabulary.folderTypes`, else empty: a group or a plain file).
  typealias Child = (name: String, isFolder: Bool, kind: String)

  /// Visible entries of `folder`, sorted; empty when unreadable.
  static func children(_ folder: String) -> [Child] {
    children(of: Platform.folderEntries(atPath: folder) ?? [])
  }

  /// The visible ones of a folder's `entries`, sorted by name.
  static func children(of entries: [Platform.FolderEntry]) -> [Child] {
    entries.filter { !$0.name.hasPrefix(".") }.sorted { $0.name < $1.name }.map {
      ($0.name, $0.isFolder, CatalogVocabulary.folderType($0.name))
    }
  }

  /// Reads `path` as a `Contents.json` (`AssetContents.read`); a finding and `nil` when it
  /// is not JSON or its top level is not an object. `nil` without a finding when the file is
  /// absent.
  mutating func readJSON(_ path: String, asset: String?) -> AssetContents? {
    // One open, fstat, read and close (`FileManager.contents` cost as much again; issue 36).
    readJSON(FileBytes.read(path), path: path, asset: asset)
  }

  /// `readJSON(path, asset:)` of the bytes `data` already read from `path` (`nil`: absent).
  mutating func readJSON(_ data: Data?, path: String, asset: String?) -> AssetContents? {
    guard let data else { return nil }
    do {
      return try AssetContents.read(data)
    } catch {
      if case .syntax(_, let reason) = error {
        findings.append(
          CatalogFinding(
            rule: .malformedJSON, path: path, asset: asset,
            message: "not valid JSON (\(reason)); fix the syntax or let Xcode rewrite it"))
      } else {
        // `.decoding` at the top level: the only way the lenient model fails.
        findings.append(
          CatalogFinding(
            rule: .malformedJSON, path: path, asset: asset,
            message: "the top level is not a JSON object; write {\"info\" : {...}, ...}"))
      }
    }
    return nil
  }

  /// Checks a group's (or the root's) optional `Contents.json`; returns whether it provides a
  /// namespace.
  @discardableResult
  mutating func checkGroupContents(_ folder: String) -> Bool {
    guard let json = readJSON(folder + "/Contents.json", asset: nil) else { return false }
    return json.properties?.providesNamespace == true
  }

  /// Walks a group: sub-groups recursively, asset folders checked and recorded.
  /// Only asset folders that `checkingAssets` accepts get the per-asset checks; every one is
  /// recorded for the name checks.
  mutating func walkGroup(
    _ folder: String, namePrefix: String, checkingAssets: (String) -> Bool = { _ in true }
  ) {
    // One listing serves the staging, case and asset checks.
    let entries = Platform.folderEntries(atPath: folder) ?? []
    for name in OutputSafety.staleStaging(among: entries.map(\.name)) {
      findings.append(
        CatalogFinding(
          rule: .stagingLeftover, path: folder + "/" + name, file: name,
          message: "left by a glyphsmith run that was killed; rerun the command that writes "
            + "the set (`glyphsmith build`, `glyphsmith assets`, or `glyphsmith appicon` for an "
            + "app icon set), which puts a set it had moved aside back and removes the rest "
            + "(one holding a file glyphsmith did not write is kept: move the file out)"))
    }
    let children = Self.children(of: entries)
    checkSiblingCase(folder, children: children, skipAssetPairs: true)
    let links = Set(entries.lazy.filter(\.isLink).map(\.name))
    for child in children where child.isFolder {
      let path = folder + "/" + child.name
      let kind = child.kind
      if links.contains(child.name), let target = Self.loopTarget(link: path, in: folder) {
        // A link to this folder or one that holds it: walking it would never end (issue 32's
        // trial: `up -> ../..` gave some 400 findings, one per level until PATH_MAX).
        findings.append(
          CatalogFinding(
            rule: .linkLoop, path: path,
            message: "a symbolic link to '\(target)', a folder that holds it: Xcode would walk "
              + "it without end; remove the link or point it outside the catalog"))
        continue
      }
      if IconBundleCheck.isBundleName(child.name) {
        // An Icon Composer bundle: not an asset type of the catalog format, never a group.
        findings.append(
          CatalogFinding(
            rule: .iconPlacement, path: path,
            asset: namePrefix + IconBundleCheck.assetName(child.name),
            message: "is inside the asset catalog \(PathName(root).lastPathComponent); "
              + "Xcode 26 compiles a .icon placed in the project beside the catalog, not "
              + "inside it: move it out"))
        if checkingAssets(path) {
          findings += IconBundleCheck.check(
            bundle: path, asset: namePrefix + IconBundleCheck.assetName(child.name),
            svgLayer: svgLayers)
        }
      } else if kind.isEmpty {
        let namespace = checkGroupContents(path)
        walkGroup(
          path, namePrefix: namespace ? namePrefix + child.name + "/" : namePrefix,
          checkingAssets: checkingAssets)
      } else {
        // The name without ".kind" (what `deletingPathExtension` gives).
        let name =
          namePrefix
          + String(decoding: child.name.utf8.dropLast(kind.utf8.count + 1), as: UTF8.self)
        // An asset folder without a Contents.json (a set Glyphsmith keeps for the user's
        // files, `kept-set`, or any other, `missing-contents`) is no asset, so no name to
        // clash with another's (issue 32 trials: `duplicate-name` against a symbol set, and
        // against the image set a build wrote beside the user's `Old/heart.imageset`).
        let noAsset = Platform.status(ofPath: path + "/Contents.json") == nil
        if !noAsset { assets.append(CatalogAsset(name: name, kind: kind, folder: path)) }
        if checkingAssets(path) {
          pendingAssets.append((path, kind, name))
          if kind == "symbolset" { findings += symbolSets(path, name) }
        }
      }
    }
  }

  /// The real path `link` (a folder link inside `folder`) leads to, when it is `folder` or
  /// one of the folders holding it (a loop); `nil` for any other target.
  static func loopTarget(link: String, in folder: String) -> String? {
    guard let target = realPath(link), let holder = realPath(folder) else { return nil }
    return holder == target || holder.hasPrefix(target == "/" ? "/" : target + "/") ? target : nil
  }

  /// `realpath(3)` of `path`: absolute, without links, `.` or `..`; `nil` when it cannot be
  /// resolved (a dangling link, a loop the kernel refuses with `ELOOP`).
  static func realPath(_ path: String) -> String? {
    FileName.withCPath(path) { cPath -> String? in
      guard let resolved = realpath(cPath, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
  }

  /// Checks every asset folder of `pendingAssets` (`checkAsset`), on up to `jobs` threads,
  /// and adds their findings in the folders' order. Each check reads its own folder only, so
  /// the findings are those of a check one by one (the catalog check after an `assets` run
  /// was its longest part on one thread, issue 36).
  mutating func checkPendingAssets(jobs: Int) {
    let pending = pendingAssets
    pendingAssets = []
    let base = self
    let results = ParallelMap.map(count: pending.count, jobs: jobs) { index in
      var walk = base
      walk.findings = []
      walk.pendingAssets = []
      let asset = pending[index]
      walk.checkAsset(folder: asset.folder, kind: asset.kind, name: asset.name)
      return walk.findings
    }
    for found in results { findings += found }
  }

  /// Two names in one folder that differ only in case collide on macOS's default file system.
  mutating func checkSiblingCase(_ folder: String, children: [Child], skipAssetPairs: Bool) {
    var seen: [String: Child] = [:]
    for child in children {
      let key = child.name.lowercased()
      let isAsset = child.isFolder && !child.kind.isEmpty
      if let earlier = seen[key] {
        let first = earlier.name
        let firstIsAsset = !earlier.kind.isEmpty
        if skipAssetPairs && isAsset && firstIsAsset { continue }  // checkNames reports these
        findings.append(
          CatalogFinding(
            rule: .caseCollision, path: folder + "/" + child.name, file: child.name,
            message:
              "'\(child.name)' differs from '\(first)' only in case; they collide on macOS's default file system; rename one"
          ))
      } else {
        seen[key] = child
      }
    }
  }

  /// Names that are equal, or differ only in case, within one name family.
  mutating func checkNames() {
    var byKey: [String: [CatalogAsset]] = [:]
    for asset in assets {
      let key = CatalogVocabulary.nameFamily(asset.kind) + ":" + asset.name.lowercased()
      byKey[key, default: []].append(asset)
    }
    for key in byKey.keys.sorted() {
      let group = byKey[key]!.sorted { $0.folder < $1.folder }
      guard group.count > 1 else { continue }
      let first = group[0]
      for other in group.dropFirst() {
        let firstFolder = relative(first.folder)
        if other.name == first.name {
          findings.append(
            CatalogFinding(
              rule: .duplicateName, path: other.contentsPath, asset: other.name,
              message:
                "asset name '\(other.name)' is also used by \(firstFolder); they collide at run time; rename one or mark their groups \"provides-namespace\""
            ))
        } else {
          findings.append(
            CatalogFinding(
              rule: .caseCollision, path: other.contentsPath, asset: other.name,
              message:
                "asset name '\(other.name)' differs from '\(first.name)' (\(firstFolder)) only in case; names must differ in more than case; rename one"
            ))
        }
      }
    }
  }

  /// `path` relative to the catalog root.
  func relative(_ path: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }
}
