/// Errors that stop a golden check or record from running (exit code 2). Messages are
/// lowercase and name the file.
public enum GoldenError: Error, Equatable, CustomStringConvertible {
  /// A folder that must exist does not.
  case missingFolder(path: String, role: String)
  /// `golden.json` cannot be read or parsed.
  case invalidManifest(path: String, reason: String)
  /// `--metric` given for a sub-folder whose `golden.json` is in a folder above it.
  case manifestAbove(path: String)
  /// `golden record --only` values that select no actual image and no golden, in the order
  /// given (checked before anything is written or pruned).
  case selectsNothing(patterns: [String])
  /// `golden review` cannot listen on the address (not IPv4, port in use, no permission).
  case cannotServe(address: String, reason: String)
  /// `golden record`'s golden folder (`path`, as given) is the actual folder (`actual`, as
  /// given), holds it (`.`, the project root) or is inside it (`holds`: the golden folder
  /// holds the actual one; `nil`: they are one folder; `false`: it is inside): goldens would
  /// be recorded over and pruned among the outputs (issue 32, fifth trial).
  case overlapsActual(path: String, actual: String, holds: Bool?)
  /// A folder a golden command writes (`role`: `--artifacts folder`, `--report folder`,
  /// `golden folder`, ...; `path` as given) that is, is inside or holds a folder it must not
  /// write into (`problem`: `is inside the actual folder App/Icons.xcassets`): the actual or
  /// golden folder, or a project's icons folder, whose files would be read back as images or
  /// icons (issue 32, eighth trial finding 5). `example` names a folder of its own.
  case unsafeFolder(path: String, role: String, problem: String, example: String)

  /// The message in compiler form, naming the folder or file.
  public var description: String {
    switch self {
    case .missingFolder(let path, let role):
      return "\(path): error: \(role) folder not found; check the path"
    case .invalidManifest(let path, let reason):
      return "\(path): error: invalid golden.json: \(reason); fix it or delete it and re-record"
    case .cannotServe(let address, let reason):
      return
        "\(address): error: cannot serve the review there: \(reason); give another --port, or an IPv4 or IPv6 --host"
    case .selectsNothing(let patterns):
      return patterns.map {
        "\($0): error: --only matched no actual image and no golden; give a path or glob "
          + "relative to ACTUAL_DIR (or from the current folder), a file name (star.png and "
          + "star@2x select them in any folder), or an icon's name (bell selects bell.png, "
          + "bell@2x.png, tabs/bell-dark@3x.png ...)"
      }.joined(separator: "\n")
    case .overlapsActual(let path, let actual, let holds):
      let how =
        holds == nil
        ? "is the actual folder"
        : holds! ? "holds the actual folder \(actual)" : "is inside the actual folder \(actual)"
      return
        "\(path): error: the golden folder \(how); glyphsmith writes and prunes goldens there, so it must be a folder of its own beside the actual one (such as \"golden\"); nothing was written"
    case .unsafeFolder(let path, let role, let problem, let example):
      return
        "\(path): error: the \(role) \(problem); what glyphsmith writes there would be read back as images or icons, so it must be a folder of its own (such as \"\(example)\"); nothing was written"
    case .manifestAbove(let path):
      return
        "\(path): error: this golden.json, above the golden folder, holds its options; record from its folder to change them"
    }
  }
}
