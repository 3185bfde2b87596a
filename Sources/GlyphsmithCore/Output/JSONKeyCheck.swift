import Foundation

/// The keys and values a hand-written JSON file may hold, checked before it is decoded, so
/// that a misspelt key or value is an error naming it and the allowed ones instead of being
/// silently ignored (`golden.json`, lint configurations).
public indirect enum JSONShape: Sendable {
  /// Any value (its type is checked by the decoder).
  case any
  /// One of these strings.
  case oneOf([String])
  /// An object with only these keys (each optional).
  case object([String: JSONShape])
  /// An object with any keys, each value of this shape.
  case dictionary(JSONShape)

  /// Checks `data` (a JSON document) against this shape.
  /// - Returns: `nil` when it fits or is not valid JSON (the decoder then says why);
  ///   otherwise one lowercase sentence naming the first unknown key or value, its path
  ///   (`options.blend`) and the allowed keys or values.
  public func problem(in data: Data) -> String? {
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return nil }
    return problem(in: value, path: [])
  }

  private func problem(in value: Any, path: [String]) -> String? {
    let name = path.joined(separator: ".")
    switch self {
    case .any:
      return nil
    case .oneOf(let allowed):
      guard let text = value as? String else { return nil }
      if allowed.contains(text) { return nil }
      return "unknown value '\(text)' for '\(name)'; allowed: \(allowed.joined(separator: ", "))"
    case .object(let members):
      guard let object = value as? [String: Any] else { return nil }
      for key in object.keys.sorted() {
        guard let shape = members[key] else {
          let place = name.isEmpty ? "" : " in '\(name)'"
          return "unknown key '\(key)'\(place); allowed: "
            + members.keys.sorted().joined(separator: ", ")
        }
        if let problem = shape.problem(in: object[key]!, path: path + [key]) { return problem }
      }
      return nil
    case .dictionary(let shape):
      guard let object = value as? [String: Any] else { return nil }
      for key in object.keys.sorted() {
        if let problem = shape.problem(in: object[key]!, path: path + [key]) { return problem }
      }
      return nil
    }
  }
}
