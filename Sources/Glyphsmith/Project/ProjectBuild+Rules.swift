import FoundationEssentials
import Glibc
import GlyphsmithCore

extension ProjectBuild {
  /// Checks that every rule of `glyphsmith.json` matches at least one of `files` (the whole
  /// icons folder, before `--shard` takes its share, so a rule whose icons are all in other
  /// shards is no error): a rule that matches nothing does nothing, and its icons ship with
  /// the wrong settings without a word (issue 39). Part of planning: nothing is written or
  /// pruned when it throws.
  /// - Throws: `PlanningFailure` with one line per rule that matches no icon, naming the rule
  ///   (`rules[N]`), its pattern and the icons folder (`unmatchedRuleProblem`).
  package func checkRules(_ files: [InputCollector.CollectedFile]) throws {
    let paths = files.map(relativePath)
    var errors: [GlyphsmithError] = []
    for (index, rule) in config.rules.enumerated()
    where !paths.contains(where: rule.match.matches) {
      errors.append(
        .unusable(path: config.path, problem: unmatchedRuleProblem(index: index, rule: rule)))
    }
    if !errors.isEmpty { throw PlanningFailure(errors) }
  }

  /// What is wrong with `rules[index]`, which matches no icon: its pattern and the icons
  /// folder it was matched against; when the pattern starts with the icons folder's own path
  /// (`icons/share.svg` for the icons folder `icons`: written from the project's folder), the
  /// pattern relative to the icons folder to write instead.
  func unmatchedRuleProblem(index: Int, rule: ProjectRule) -> String {
    let pattern = rule.match.pattern
    let head = "rules[\(index)] ('\(pattern)') matches no icon in the icons folder '\(iconsFolder)'"
    for folder in [config.icons, iconsFolder].map(Self.trimmedFolder) where !folder.isEmpty {
      guard pattern.hasPrefix(folder + "/"), pattern.count > folder.count + 1 else { continue }
      let relative = String(pattern.dropFirst(folder.count + 1))
      return head + "; write the match relative to the icons folder: '\(relative)'"
    }
    return head + " (a match is relative to it); fix the pattern or remove the rule"
  }

  /// `folder` without leading `./` and trailing `/` (`""` for the current folder).
  private static func trimmedFolder(_ folder: String) -> String {
    var text = Substring(folder)
    while text.hasPrefix("./") { text = text.dropFirst(2) }
    while text.hasSuffix("/") { text = text.dropLast() }
    return text == "." ? "" : String(text)
  }
}
