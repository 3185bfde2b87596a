import FoundationEssentials
import Glibc

/// A value an `icon.json` key holds (a boolean, a number, a fill, a shadow, ...): read from its
/// JSON value, written back as the same JSON value.
package protocol IconComposerValue: Equatable, Sendable {
  /// `json` read at `path`, or `nil` with its problems appended when it is not this value's
  /// form (or holds a key the form does not have).
  static func read(
    _ json: JSONValue, at path: String, _ problems: inout [IconComposerDocument.Problem]
  ) -> Self?
  /// The value as JSON, as Icon Composer writes it.
  var json: JSONValue { get }
}

extension Bool: IconComposerValue {
  /// `true` or `false`.
  package static func read(
    _ json: JSONValue, at path: String, _ problems: inout [IconComposerDocument.Problem]
  ) -> Bool? {
    if case .bool(let flag) = json { return flag }
    problems.append(.wrongType(at: path, expected: "a boolean (true or false)", found: json))
    return nil
  }
  /// `.bool`.
  package var json: JSONValue { .bool(self) }
}

extension Double: IconComposerValue {
  /// Any JSON number.
  package static func read(
    _ json: JSONValue, at path: String, _ problems: inout [IconComposerDocument.Problem]
  ) -> Double? {
    if case .number(let number) = json { return number }
    problems.append(.wrongType(at: path, expected: "a number", found: json))
    return nil
  }
  /// `.number`.
  package var json: JSONValue { .number(self) }
}

extension String: IconComposerValue {
  /// Any JSON string (names, image file names).
  package static func read(
    _ json: JSONValue, at path: String, _ problems: inout [IconComposerDocument.Problem]
  ) -> String? {
    if case .string(let text) = json { return text }
    problems.append(.wrongType(at: path, expected: "a string", found: json))
    return nil
  }
  /// `.string`.
  package var json: JSONValue { .string(self) }
}

/// A string value from a known list (a blend mode, lighting, a shadow kind, a fill keyword):
/// any string is read and kept (an unknown one is an `unknown-value` warning naming the known
/// ones), so that a value a newer Icon Composer writes survives a round trip.
package protocol IconComposerKeyword: IconComposerValue, RawRepresentable<String>, Hashable {
  /// The values Glyphsmith knows, in the order messages list them.
  static var known: [Self] { get }
  /// What the key holds, for messages (`a blend mode`).
  static var noun: String { get }
  /// A value with this text.
  init(rawValue: String)
}

extension IconComposerKeyword {
  /// Whether `known` holds the value.
  package var isKnown: Bool { Self.known.contains(self) }

  /// Any string; an unknown one adds an `unknown-value` warning.
  package static func read(
    _ json: JSONValue, at path: String, _ problems: inout [IconComposerDocument.Problem]
  ) -> Self? {
    guard case .string(let text) = json else {
      problems.append(.wrongType(at: path, expected: "\(noun) (a string)", found: json))
      return nil
    }
    let value = Self(rawValue: text)
    if !value.isKnown {
      problems.append(
        IconComposerDocument.Problem(
          .unknownValue, at: path,
          "'\(text)' is not \(noun) Icon Composer writes; use one of "
            + known.map(\.rawValue).joined(separator: ", ")))
    }
    return value
  }

  /// `.string(rawValue)`.
  package var json: JSONValue { .string(rawValue) }
}
