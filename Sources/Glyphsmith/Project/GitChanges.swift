import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The files of a git work tree that differ from a revision (`--changed-since REV` of `build`
/// and `golden check`, issue 37): what `git diff --name-only REV` lists (committed since REV,
/// staged and unstaged, deletions and both sides of a rename), the untracked files git
/// does not ignore (`git ls-files --others --exclude-standard`), and the files git ignores
/// inside the folders the caller names (the icons folder: `git ls-files --others --ignored
/// --exclude-standard -- FOLDER`; an icon kept out of git has no history to compare, so it
/// always counts as changed, issue 37 trial HIGH-3). Read by running `git`, the tool the
/// user's history lives in; nothing is written (`GIT_OPTIONAL_LOCKS=0`).
package struct GitChanges: Sendable, Equatable {
  /// The revision as given (`main`, `origin/main`, a commit id, `HEAD~3`).
  package var revision: String
  /// The work tree's top folder, as git gives it (absolute, links resolved).
  package var top: String
  /// Every changed path, absolute (`top` joined with git's path).
  package var paths: Set<String> {
    didSet { darkBases = Self.darkBases(paths) }
  }
  /// `FOLDER/NAME` of each changed `FOLDER/NAME-dark.EXT` (`containsDarkVariant(of:)`),
  /// derived from `paths` once.
  private var darkBases: Set<String> = []

  /// Changes of `revision` in the work tree at `top`.
  package init(revision: String, top: String, paths: Set<String>) {
    self.revision = revision
    self.top = top
    self.paths = paths
    self.darkBases = Self.darkBases(paths)
  }

  /// A file name without its extension.
  private static func stem(_ name: String) -> String {
    name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
  }

  /// `FOLDER/NAME` of each of `paths` named `NAME-dark` (any extension).
  private static func darkBases(_ paths: Set<String>) -> Set<String> {
    Set(
      paths.compactMap { path in
        let folder = FileName.parent(of: path)
        let stem = stem(String(path.dropFirst(folder.count + 1)))
        return stem.hasSuffix("-dark") ? folder + "/" + stem.dropLast(5) : nil
      })
  }

  /// The changes of the work tree holding `folder` since `revision`; the files git ignores
  /// below each of `ignoredUnder` (paths absolute or relative to the current folder) count as
  /// changed.
  /// - Throws: `GlyphsmithError.unusable` naming `named` (default: `folder`) when git cannot
  ///   be run, `folder` is not in a git work tree, or `revision` names no commit there
  ///   (git's own message quoted), or git fails listing the changes.
  package static func since(
    _ revision: String, near folder: String, named: String? = nil, ignoredUnder: [String] = []
  )
    throws -> GitChanges
  {
    let shown = named ?? (folder.isEmpty ? "." : folder)
    let start = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path
    guard !revision.isEmpty, !revision.hasPrefix("-") else {
      throw GlyphsmithError.unusable(
        path: shown, problem: "--changed-since takes a git revision, got '\(revision)'")
    }
    // A range names two revisions; the changes are always those since one (issue 37 trial
    // LOW-8: it was told git knows no such commit).
    if revision.contains("..") {
      throw GlyphsmithError.unusable(
        path: shown,
        problem:
          "--changed-since takes one revision, the base, not a range: got '\(revision)'; give the base (e.g. --changed-since origin/main), the changes since it are taken up to the work tree"
      )
    }
    let topOutput = try git(
      ["rev-parse", "--show-toplevel"], in: start, shown: shown,
      what: "find the git work tree (is the project in a git repository?)")
    let top = String(decoding: topOutput, as: UTF8.self).trimmingNewlines()
    do {
      _ = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: top, shown: shown,
        what: "")
    } catch {
      throw GlyphsmithError.unusable(
        path: shown,
        problem:
          "--changed-since \(revision): git knows no commit of that name in this repository (fetch it first, e.g. git fetch origin main, with a deep enough history)"
      )
    }
    let diff = try git(
      ["-c", "core.quotepath=off", "diff", "--name-only", "-z", "--no-renames", "--end-of-options", revision, "--"],
      in: top, shown: shown, what: "list the files changed since \(revision)")
    let untracked = try git(
      ["-c", "core.quotepath=off", "ls-files", "--others", "--exclude-standard", "-z"], in: top,
      shown: shown, what: "list the untracked files")
    var outputs = [diff, untracked]
    // Only folders inside the work tree: git refuses a pathspec outside it.
    let inside = ignoredUnder.map {
      URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path
    }.filter { $0 == top || $0.hasPrefix(top + "/") }
      .map { $0 == top ? "." : String($0.dropFirst(top.count + 1)) }
    if !inside.isEmpty {
      outputs.append(
        try git(
          [
            "-c", "core.quotepath=off", "ls-files", "--others", "--ignored",
            "--exclude-standard", "-z", "--",
          ] + inside.map { ":(literal)" + $0 }, in: top, shown: shown,
          what: "list the ignored files"))
    }
    var paths: Set<String> = []
    for output in outputs {
      for name in output.split(separator: 0) where !name.isEmpty {
        paths.insert(top + "/" + String(decoding: name, as: UTF8.self))
      }
    }
    return GitChanges(revision: revision, top: top, paths: paths)
  }

  /// The commit checked out in the git work tree holding `folder` (`git rev-parse HEAD`), or
  /// `nil` when git cannot say (no git, no work tree, no commit yet).
  package static func head(near folder: String) -> String? {
    guard
      let output = try? git(
        ["rev-parse", "--verify", "--quiet", "HEAD"], in: folder, shown: folder, what: "")
    else { return nil }
    let text = String(decoding: output, as: UTF8.self)
      .trimmingWhitespaceAndNewlines()
    return text.isEmpty ? nil : text
  }

  /// The files git tracks in the work tree named `name` (`golden.json`), absolute, sorted;
  /// empty when git cannot list them.
  package func tracked(named name: String) -> [String] {
    guard
      let output = try? Self.git(
        ["-c", "core.quotepath=off", "ls-files", "-z", "--", ":(glob)**/" + name], in: top,
        shown: top, what: "list the tracked files")
    else { return [] }
    return output.split(separator: 0).map { top + "/" + String(decoding: $0, as: UTF8.self) }
      .filter { PathName($0).lastPathComponent == name }.sorted()
  }

  /// `path` (absolute, or relative to the current folder) as `paths` holds it: standardized,
  /// its folder's links resolved (the file itself may be gone).
  package static func key(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let parent = url.deletingLastPathComponent()
    return parent.resolvingSymlinksInPath().path + "/" + url.lastPathComponent
  }

  /// Whether the file at `path` changed since the revision.
  package func contains(_ path: String) -> Bool {
    paths.contains(Self.key(path))
  }

  /// Whether a `-dark` file beside the icon file at `path` (same folder, its name plus
  /// `-dark`, any extension: `bell-dark.svg` of `bell.svg`) changed since the revision, even
  /// one that is gone now (no longer the icon's dark variant, yet its outputs change).
  package func containsDarkVariant(of path: String) -> Bool {
    let key = Self.key(path)
    let folder = FileName.parent(of: key)
    return darkBases.contains(folder + "/" + Self.stem(String(key.dropFirst(folder.count + 1))))
  }

  /// The changed paths below `folder` (a path as the user gave it), relative to it, sorted.
  package func changed(under folder: String) -> [String] {
    let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
      .sorted()
  }

  /// Runs `git ARGUMENTS` in `folder` and returns its standard output.
  /// - Throws: `GlyphsmithError.unusable` naming `shown` (the folder as the user gave it), with `what` it was for and git's
  ///   message, when git cannot be started or exits non-zero.
  private static func git(
    _ arguments: [String], in folder: String, shown: String, what: String
  ) throws -> Data {
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    environment["LC_ALL"] = "C"
    let outcome: ChildProcess.Outcome
    do {
      outcome = try ChildProcess.run(
        "/usr/bin/env", arguments: ["git"] + arguments, directory: folder,
        environment: environment)
    } catch {
      throw GlyphsmithError.unusable(
        path: shown, problem: "--changed-since needs git, which could not be run: \(error)")
    }
    // git's messages are a few lines: its listing is read to the end first, then they.
    let stdout = outcome.stdout
    guard outcome.status == 0 else {
      let message = String(decoding: outcome.stderr, as: UTF8.self)
        .trimmingWhitespaceAndNewlines()
      if outcome.status == 127 {
        throw GlyphsmithError.unusable(
          path: shown, problem: "--changed-since needs git, which is not installed (apt-get install git)")
      }
      // A signal: Foundation's `terminationStatus` was the signal's number.
      let code = outcome.status.map(String.init) ?? "a signal"
      throw GlyphsmithError.unusable(
        path: shown,
        problem: "--changed-since: could not \(what): git says: \(message.isEmpty ? "exit \(code)" : message)")
    }
    return stdout
  }
}
