import FoundationEssentials
import Glibc
import GlyphsmithCore

/// An Icon Composer `.icon` bundle opened for drawing and linting: its `icon.json` read with
/// the model (`IconComposerDocument`), its layer files (`Assets/NAME`) loaded on first use
/// as every input is (`Artwork`: PNG by its signature, anything else as SVG through librsvg).
///
/// Not thread-safe (librsvg handles are not): each task opens its own.
package final class IconComposerBundle {
  /// The bundle's path, as given (trailing slashes removed).
  package let path: String
  /// The document (the `.icon` writer's is settled in steps: `IconBundleJob.document`).
  package var document: IconComposerDocument
  private var artworks: [String: Artwork] = [:]

  /// Opens the bundle at `path`.
  /// - Throws: `GlyphsmithError.unreadable` naming `icon.json` when it is missing or cannot be
  ///   read; `.unusable` naming `NAME.icon/Assets` when that folder is a symbolic link
  ///   leading out of the bundle (`IconBundleCheck.assetsLinkProblem`); `.unusable` naming
  ///   `icon.json` when it is a symbolic link leading out of the bundle, over
  ///   1 MiB (`IconComposerJSON.maximumFileBytes`),
  ///   holds a count Icon Composer does not accept (no group, more than 4 groups, more than 8
  ///   layers in a group: `IconComposerDocument.countProblems`), is not JSON (line and column) or not a document
  ///   (its top level not an object, no `groups`), or holds a `position` out of range (an
  ///   `icon-range` error: a scale not finite or above 1024); `.unusable` naming it with the
  ///   key path for any other error the reading finds (`Problem.isError`: a colour that does not
  ///   parse, an opacity outside 0 to 1, a wrong type, an unknown appearance or idiom, a bad
  ///   platform): `groups[0].opacity: 7 is outside 0 to 1; ...; the bundle does not validate
  ///   (glyphsmith validate NAME.icon)`.
  package init(path: String) throws {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.path = path
    let jsonPath = path + "/icon.json"
    if let target = IconBundleCheck.linkOutside(path: jsonPath, in: path) {
      throw GlyphsmithError.unusable(path: jsonPath, problem: IconComposerJSON.linkProblem(target))
    }
    // Assets/ a link out of the bundle: no layer is read through it (issue 35's fourth trial,
    // F3), as none is through a layer file's own link.
    if let target = IconBundleCheck.linkOutside(path: path + "/Assets", in: path) {
      throw GlyphsmithError.unusable(
        path: path + "/Assets", problem: IconBundleCheck.assetsLinkProblem(target))
    }
    if let size = Platform.status(ofPath: jsonPath)?.size,
      let problem = IconComposerJSON.sizeProblem(size)
    {
      throw GlyphsmithError.unusable(path: jsonPath, problem: problem)
    }
    guard let data = FileManager.default.contents(atPath: jsonPath) else {
      throw GlyphsmithError.unreadable(
        path: jsonPath,
        reason: Platform.kind(ofPath: jsonPath) == nil
          ? "no such file; a .icon bundle holds icon.json and Assets/" : "cannot be read")
    }
    let read: (document: IconComposerDocument, problems: [IconComposerDocument.Problem])
    do {
      read = try IconComposerDocument.read(data)
    } catch {
      switch error {
      case .syntax(let description, _):
        throw GlyphsmithError.unusable(path: jsonPath, problem: description)
      case .shape(let problem):
        throw GlyphsmithError.unusable(path: jsonPath, problem: problem)
      case .decoding(_, let error):
        throw GlyphsmithError.unusable(path: jsonPath, problem: "cannot be read (\(error))")
      }
    }
    // A count Icon Composer does not accept (no group, 10,000 layers): refused before any
    // layer is drawn or linted, as `validate` does (issue 35's third trial, findings 5, 8).
    if let problem = read.problems.first(where: { $0.kind == .count }) {
      throw GlyphsmithError.unusable(path: jsonPath, problem: problem.description)
    }
    if read.document.groups.isEmpty,
      let problem = read.problems.first(where: { $0.keyPath.isEmpty || $0.keyPath == "groups" })
    {
      throw GlyphsmithError.unusable(
        path: jsonPath,
        problem: "\(problem.keyPath.isEmpty ? "(top level)" : problem.keyPath): \(problem.message)")
    }
    // A scale or translation no renderer can place (`1e300`): the document's error, before a
    // valid layer file is blamed for it (librsvg's "InvalidMatrix"; issue 35's second trial,
    // finding 5).
    if let problem = read.problems.first(where: {
      $0.kind == .range && $0.keyPath.contains("position")
    }) {
      throw GlyphsmithError.unusable(path: jsonPath, problem: problem.description)
    }
    // Any other error `validate` reports in the document (a bad colour, opacity 7, a string
    // where a number goes, an unknown appearance): one rule for the preview, lint and the
    // fallback, none of which draws or lints what Xcode will not compile (issue 35's fourth
    // trial, F4: lint --role icon-layer passed them).
    if let problem = read.problems.first(where: \.isError) {
      throw GlyphsmithError.unusable(
        path: jsonPath,
        problem: problem.description + "; the bundle does not validate (glyphsmith validate \(path))")
    }
    document = read.document
  }

  /// A document in memory whose layer files are in `path/Assets/` (the `.icon` writer's
  /// document before it is written, a layer linted alone).
  package init(path: String, document: IconComposerDocument) {
    self.path = path
    self.document = document
  }

  /// The bundle's name without `.icon` (`AppIcon`).
  package var name: String {
    let last = PathName(path).lastPathComponent
    return last.hasSuffix(".icon") ? String(last.dropLast(5)) : last
  }

  /// The path of the layer file `imageName`: `PATH/Assets/NAME`.
  package func filePath(_ imageName: String) -> String { path + "/Assets/" + imageName }

  /// The layer file `imageName`, loaded once; only a plain file name in `Assets/` is read
  /// (never a path out of the bundle: issue 35 trial, finding 10), and never through a
  /// symbolic link leading out of it (second trial, finding 4).
  /// - Throws: `GlyphsmithError.unusable` naming `icon.json` for an `imageName` that is empty,
  ///   `.`, `..` or holds `/` (`'../x.svg' is not a file name; a layer names a file in the
  ///   bundle's Assets/ folder`); `.unusable` naming the file for a symbolic link whose
  ///   target lies outside the bundle; as `Artwork(path:)`, naming the file
  ///   (`NAME.icon/Assets/Logo.svg`).
  package func artwork(_ imageName: String) throws -> Artwork {
    if let artwork = artworks[imageName] { return artwork }
    if imageName.isEmpty || imageName.contains("/") || imageName == "." || imageName == ".." {
      throw GlyphsmithError.unusable(
        path: path + "/icon.json",
        problem:
          "'\(imageName)' is not a file name; a layer names a file in the bundle's Assets/ folder")
    }
    try refuseLinkOutside(imageName)
    let artwork = try Artwork(path: filePath(imageName))
    artworks[imageName] = artwork
    return artwork
  }

  /// Throws when the layer file `imageName` is a symbolic link whose target lies outside the
  /// bundle: no layer is read through such a link, whoever read its bytes (`lint --role
  /// icon-layer` reads the file it lints itself: issue 35's fifth trial, F1).
  /// - Throws: `GlyphsmithError.unusable` naming `PATH/Assets/NAME` and the link's target.
  package func refuseLinkOutside(_ imageName: String) throws {
    if let target = IconBundleCheck.linkOutside(imageName, in: path) {
      throw GlyphsmithError.unusable(
        path: filePath(imageName),
        problem:
          "is a symbolic link to \(target), outside the bundle; a layer file must be in the bundle itself (copy the file in: Icon Composer and Xcode read the bundle alone)"
      )
    }
  }

  /// Uses `artwork` for `imageName` instead of reading `Assets/` (a layer linted from memory).
  package func provide(_ artwork: Artwork, for imageName: String) {
    artworks[imageName] = artwork
  }

  /// The distinct layer file names the document draws, in document order (groups front
  /// first, each layer's `image-name`, then its specializations' names).
  package var imageNames: [String] {
    var names: [String] = []
    for (_, layer) in document.layersWithPaths {
      for name in layer.imageNames where !names.contains(name) { names.append(name) }
    }
    return names
  }
}
