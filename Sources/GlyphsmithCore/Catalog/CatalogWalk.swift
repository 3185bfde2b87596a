import Foundation

/// The state of one validation walk.
package struct CatalogWalk {
  let root: String
  var findings: [CatalogFinding] = []
  var assets: [CatalogAsset] = []
  /// Findings of one symbol set's templates (`SymbolSetCheck.check` in the full engine, which
  /// parses SVG with librsvg): (asset folder, asset name).
  let symbolSets: (String, String) -> [CatalogFinding]

  init(root: String, symbolSets: @escaping (String, String) -> [CatalogFinding]) {
    self.root = root
    self.symbolSets = symbolSets
  }

  /// Visible entries of `folder`, sorted; empty when unreadable.
  package static func children(_ folder: String) -> [(name: String, isFolder: Bool)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
      return (name, isFolder.boolValue)
    }
  }

  /// Reads and parses `path` as a JSON object; a finding and `nil` when it is not one.
  /// `nil` without a finding when the file is absent.
  mutating func readJSON(_ path: String, asset: String?) -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      findings.append(
        CatalogFinding(
          rule: .malformedJSON, path: path, asset: asset,
          message: "not valid JSON (\(Self.reason(error))); fix the syntax or let Xcode rewrite it")
      )
      return nil
    }
    guard let dictionary = object as? [String: Any] else {
      findings.append(
        CatalogFinding(
          rule: .malformedJSON, path: path, asset: asset,
          message: "the top level is not a JSON object; write {\"info\" : {...}, ...}"))
      return nil
    }
    return dictionary
  }

  /// Foundation's parse error reason, one line.
  package static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String
    var text = (detail ?? nsError.localizedDescription).lowercased()
      .replacingOccurrences(of: "\n", with: " ")
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// Checks a group's (or the root's) optional `Contents.json`; returns whether it provides a
  /// namespace.
  @discardableResult
  mutating func checkGroupContents(_ folder: String) -> Bool {
    guard let json = readJSON(folder + "/Contents.json", asset: nil) else { return false }
    let properties = json["properties"] as? [String: Any]
    return (properties?["provides-namespace"] as? Bool) == true
  }

  /// Walks a group: sub-groups recursively, asset folders checked and recorded.
  /// Only asset folders that `checkingAssets` accepts get the per-asset checks; every one is
  /// recorded for the name checks.
  mutating func walkGroup(
    _ folder: String, namePrefix: String, checkingAssets: (String) -> Bool = { _ in true }
  ) {
    for name in OutputSafety.staleStaging(in: folder) {
      findings.append(
        CatalogFinding(
          rule: .stagingLeftover, path: folder + "/" + name, file: name,
          message: "left by a glyphsmith run that was killed; delete it, or rerun "
            + "`glyphsmith assets`, which removes it"))
    }
    let children = Self.children(folder)
    checkSiblingCase(folder, children: children, skipAssetPairs: true)
    for child in children where child.isFolder {
      let path = folder + "/" + child.name
      let kind = (child.name as NSString).pathExtension
      if kind.isEmpty {
        let namespace = checkGroupContents(path)
        walkGroup(
          path, namePrefix: namespace ? namePrefix + child.name + "/" : namePrefix,
          checkingAssets: checkingAssets)
      } else {
        let name = namePrefix + (child.name as NSString).deletingPathExtension
        assets.append(CatalogAsset(name: name, kind: kind, folder: path))
        if checkingAssets(path) {
          checkAsset(folder: path, kind: kind, name: name)
          if kind == "symbolset" { findings += symbolSets(path, name) }
        }
      }
    }
  }

  /// Two names in one folder that differ only in case collide on macOS's default file system.
  mutating func checkSiblingCase(
    _ folder: String, children: [(name: String, isFolder: Bool)], skipAssetPairs: Bool
  ) {
    var seen: [String: String] = [:]
    for child in children {
      let key = child.name.lowercased()
      let isAsset = child.isFolder && !(child.name as NSString).pathExtension.isEmpty
      if let first = seen[key] {
        let firstIsAsset = !(first as NSString).pathExtension.isEmpty
        if skipAssetPairs && isAsset && firstIsAsset { continue }  // checkNames reports these
        findings.append(
          CatalogFinding(
            rule: .caseCollision, path: folder + "/" + child.name, file: child.name,
            message:
              "'\(child.name)' differs from '\(first)' only in case; they collide on macOS's default file system; rename one"
          ))
      } else {
        seen[key] = child.name
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
