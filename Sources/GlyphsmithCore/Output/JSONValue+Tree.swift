import FoundationEssentials

/// What `JSONSerialization` served (a tree of `[String: Any]`, `[Any]`, strings, numbers),
/// read and written with `JSONDecoder` and `JSONEncoder` instead: `JSONSerialization` is
/// Foundation's, which links ICU (issue 37).
extension JSONValue {
  /// `data` read as JSON; `nil` when it is not JSON (or holds a number no double holds).
  package static func parse(_ data: Data) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// The elements of an array; `nil` for another value.
  package var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// A tree of Swift values as `JSONSerialization` took them: `String`, `Bool`, integers,
  /// `Double`, `[Any]`, `[String: Any]`, optionals (nil is `null`) and `JSONValue`s; anything
  /// else is `null`.
  package init(any value: Any) {
    switch value {
    case let json as JSONValue: self = json
    case let text as String: self = .string(text)
    case let text as Substring: self = .string(String(text))
    case let flag as Bool: self = .bool(flag)
    case let number as Int: self = .number(Double(number))
    case let number as Int64: self = .number(Double(number))
    case let number as Int32: self = .number(Double(number))
    case let number as UInt64: self = .number(Double(number))
    case let number as UInt: self = .number(Double(number))
    case let number as Double: self = .number(number)
    case let number as Float: self = .number(Double(number))
    case let members as [String: Any]: self = .object(members.mapValues(JSONValue.init(any:)))
    case let elements as [Any]: self = .array(elements.map(JSONValue.init(any:)))
    default:
      // An optional: its value, or null.
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional, let unwrapped = mirror.children.first?.value {
        self = JSONValue(any: unwrapped)
      } else {
        self = .null
      }
    }
  }

  /// The value as compact JSON, as `JSONSerialization.data(withJSONObject:options:)` wrote it:
  /// keys sorted when `sortedKeys`, `/` escaped unless `escapingSlashes` is false.
  package func encoded(sortedKeys: Bool = true, escapingSlashes: Bool = true) -> Data {
    let encoder = JSONEncoder()
    var formatting: JSONEncoder.OutputFormatting = []
    if sortedKeys { formatting.insert(.sortedKeys) }
    if !escapingSlashes { formatting.insert(.withoutEscapingSlashes) }
    encoder.outputFormatting = formatting
    return (try? encoder.encode(self)) ?? Data("null".utf8)
  }
}

/// `null` in `JSONValue.anyTree` (where `JSONSerialization` put `NSNull`).
package struct JSONNull: Sendable, Equatable {}

extension JSONValue {
  /// The value as the tree `JSONSerialization.jsonObject` gave: `[String: Any]`, `[Any]`,
  /// `String`, `Bool`, `Double`, and `JSONNull` for `null`.
  package var anyTree: Any {
    switch self {
    case .null: return JSONNull()
    case .bool(let flag): return flag
    case .number(let number): return number
    case .string(let text): return text
    case .array(let elements): return elements.map(\.anyTree)
    case .object(let members): return members.mapValues(\.anyTree)
    }
  }
}
