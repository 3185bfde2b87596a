import FoundationEssentials
import Glibc

/// Any JSON value, as `Codable`: what a model keeps of the keys it does not name (and of a
/// named key whose value has another type), so that reading a hand-edited file loses nothing
/// a check reports on and writing it back changes nothing.
package enum JSONValue: Codable, Equatable, Sendable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (JSON has one number type; integers up to 2^53 are exact).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes whatever JSON value is there.
  /// - Throws: `DecodingError.dataCorrupted` only when the decoder holds no JSON value.
  package init(from decoder: Decoder) throws {
    let c = try decoder.singleValueContainer()
    // Strings first: most members of the files read this way are strings, and each type
    // tried before the right one costs a thrown `DecodingError`.
    if c.decodeNil() {
      self = .null
    } else if let value = try? c.decode(String.self) {
      self = .string(value)
    } else if let value = try? c.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? c.decode(Double.self) {
      self = .number(value)
    } else if let value = try? c.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as it was read (a whole number without a fraction).
  package func encode(to encoder: Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .null: try c.encodeNil()
    case .bool(let value): try c.encode(value)
    case .number(let value):
      if value == value.rounded(), abs(value) < 9e15 { try c.encode(Int(value)) } else {
        try c.encode(value)
      }
    case .string(let value): try c.encode(value)
    case .array(let value): try c.encode(value)
    case .object(let value): try c.encode(value)
    }
  }

  /// The value as compact JSON text with sorted keys (`5`, `true`, `["a"]`), for messages.
  package var description: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}

extension JSONValue {
  /// The string, else `nil`.
  package var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
  /// The number, else `nil`.
  package var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }
  /// The boolean, else `nil`.
  package var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }
  /// The object's members, else `nil`.
  package var object: [String: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }
}
