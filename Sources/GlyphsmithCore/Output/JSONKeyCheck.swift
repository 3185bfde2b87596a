import FoundationEssentials
import Glibc

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
  /// An array, each element of this shape (paths name elements `rules[0]`).
  case array(JSONShape)
  /// `true` or `false`.
  case boolean
  /// A number of at least `minimum` (`exclusive`: greater than it).
  case number(minimum: Double, exclusive: Bool)
  /// A whole number of at least `minimum`.
  case integer(minimum: Int)
  /// Any number: its range is checked where the value is read, which says the whole range
  /// (`-0.5 is outside 0 to 1`; issue 35's third trial, finding 12: a lower bound alone was
  /// named for a value from 0 to 1).
  case anyNumber
  /// Any string.
  case string

  /// Checks `data` (a JSON document) against this shape.
  /// - Returns: `nil` when it fits or is not valid JSON (the decoder then says why);
  ///   otherwise one lowercase sentence naming the first unknown key or value, its path
  ///   (`options.blend`) and the allowed keys or values.
  public func problem(in data: Data) -> String? {
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
    return problem(in: value, path: [])
  }

  private func problem(in value: JSONValue, path: [String]) -> String? {
    let name = path.joined(separator: ".").replacing(".[", with: "[")
    switch self {
    case .any:
      return nil
    case .oneOf(let allowed):
      guard case .string(let text) = value else { return nil }
      if allowed.contains(text) { return nil }
      return "unknown value '\(text)' for '\(name)'; allowed: \(allowed.joined(separator: ", "))"
    case .object(let members):
      guard case .object(let object) = value else { return nil }
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
      guard case .object(let object) = value else { return nil }
      for key in object.keys.sorted() {
        if let problem = shape.problem(in: object[key]!, path: path + [key]) { return problem }
      }
      return nil
    case .array(let shape):
      guard case .array(let array) = value else {
        return "'\(name)' must be a list (JSON array)"
      }
      for (index, element) in array.enumerated() {
        if let problem = shape.problem(in: element, path: path + ["[\(index)]"]) {
          return problem
        }
      }
      return nil
    case .boolean:
      guard case .bool = value else {
        return "wrong value \(Self.text(value)) for '\(name)'; allowed: true, false"
      }
      return nil
    case .number(let minimum, let exclusive):
      guard case .number(let number) = value,
        exclusive ? number > minimum : number >= minimum
      else {
        let bound = minimum == minimum.rounded() ? "\(Int(minimum))" : "\(minimum)"
        return "wrong value \(Self.text(value)) for '\(name)'; allowed: a number "
          + (exclusive ? "greater than " : "of at least ") + bound
      }
      return nil
    case .integer(let minimum):
      guard case .number(let number) = value,
        number == number.rounded(), number >= Double(minimum)
      else {
        return "wrong value \(Self.text(value)) for '\(name)'; allowed: a whole number of at least \(minimum)"
      }
      return nil
    case .anyNumber:
      guard case .number = value else {
        return "wrong value \(Self.text(value)) for '\(name)'; allowed: a number"
      }
      return nil
    case .string:
      guard case .string = value else {
        return "wrong value \(Self.text(value)) for '\(name)'; allowed: a string"
      }
      return nil
    }
  }

  /// `value` as compact JSON, for messages: `null`, a string in single quotes, anything else
  /// as `JSONSerialization` wrote it (keys sorted, `/` escaped).
  private static func text(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .string(let string): return "'\(string)'"
    default:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      guard let data = try? encoder.encode(value) else { return "\(value)" }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
