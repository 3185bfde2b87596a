import FoundationEssentials
import Glibc

/// The one way a JSON file a person writes is read (`golden.json`, lint configurations,
/// asset catalogs' `Contents.json`): syntax first (with the line and column of the first
/// fault), then the keys and values the file may hold (`JSONShape`), then `JSONDecoder` into
/// the model, with a decoding fault named by its key path.
package enum StrictJSON {
  /// Why a file could not be read into its model.
  package enum Problem: Error, Sendable {
    /// Not JSON: `description` as `JSONSyntaxProblem` words it ("not valid JSON at line 3,
    /// column 3 (invalid value)", "the file is empty"), `reason` Foundation's own words
    /// (lowercased, one line, no final period).
    case syntax(description: String, reason: String)
    /// A key or value the file may not hold (`JSONShape.problem(in:)`'s sentence).
    case shape(String)
    /// Valid JSON the model does not fit: the key path (`options.threshold`, `""` for the top
    /// level) and Foundation's error.
    case decoding(keyPath: String, DecodingError)
  }

  /// Decodes `data` into `T` after checking its syntax, what a person's file may not hold
  /// though JSON allows it (`StrictJSONSyntax`: duplicate keys, trailing commas, NUL
  /// characters, `null` unless `allowNull`) and, when given, its `shape`.
  /// - Throws: `Problem`, the first that applies: `.syntax`, `.shape` (also for
  ///   `StrictJSONSyntax`'s faults, named by key path), `.decoding`.
  package static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, shape: JSONShape? = nil, allowNull: Bool = true
  ) throws(Problem) -> T {
    // The common case, a file that is fine, parsed once more only by the strictness reader:
    // JSONDecoder and `JSONSyntaxCheck` follow Foundation's grammar, so a document the
    // decoder reads is one the syntax check accepts (issue 34: the catalog check after every write
    // parsed each `Contents.json` three times). Anything else goes the long way below, for
    // the same first problem as always.
    if let decoded = try? JSONDecoder().decode(T.self, from: data) {
      if let problem = StrictJSONSyntax.problem(in: data, allowNull: allowNull) {
        throw .shape(problem)
      }
      if let problem = shape?.problem(in: data) { throw .shape(problem) }
      return decoded
    }
    if let error = JSONSyntaxCheck.firstError(in: data) {
      throw .syntax(
        description: JSONSyntaxProblem.describe(data) ?? "not valid JSON", reason: reason(error))
    }
    if let problem = StrictJSONSyntax.problem(in: data, allowNull: allowNull) {
      throw .shape(problem)
    }
    if let problem = shape?.problem(in: data) { throw .shape(problem) }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw .decoding(keyPath: keyPath(error), error)
    } catch {
      throw .decoding(
        keyPath: "",
        .dataCorrupted(.init(codingPath: [], debugDescription: "\(error)", underlyingError: error)))
    }
  }

  /// The dotted key path of a decoding error (`roles.tab-bar.limit`; a missing key included).
  package static func keyPath(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return context.codingPath.map(\.stringValue).joined(separator: ".")
    @unknown default:
      return ""
    }
  }

  /// Foundation's parse error reason (`JSONSyntaxCheck`'s words), one line, lowercased,
  /// without the final period.
  package static func reason(_ debugDescription: String) -> String {
    var text = debugDescription.lowercased().replacing("\n", with: " ")
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
