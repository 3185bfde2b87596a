import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// A property that may vary by appearance and idiom: `KEY` (one value for all) and
  /// `KEY-specializations` (a list of values, each for an appearance, an idiom, both, or
  /// neither: the default), as Icon Composer writes them. Either, both or neither may be
  /// present (Icon Composer writes one of them; neither means its default).
  package struct Property<Value: IconComposerValue>: Equatable, Sendable {
    /// `KEY`'s value, when present.
    package var value: Value?
    /// `KEY-specializations`, when present: most often a default entry (no predicate) and
    /// one entry per appearance.
    package var specializations: [Specialization<Value>]?

    /// A property with `value` and `specializations`.
    package init(_ value: Value? = nil, specializations: [Specialization<Value>]? = nil) {
      self.value = value
      self.specializations = specializations
    }

    /// Whether neither key is present.
    package var isAbsent: Bool { value == nil && specializations == nil }

    /// Writes `KEY` and `KEY-specializations` (those present) into `members`.
    package func write(to members: inout [String: JSONValue], key: String) {
      if let value { members[key] = value.json }
      if let specializations {
        members[key + "-specializations"] = .array(specializations.map(\.json))
      }
    }
  }

  /// One entry of a `KEY-specializations` list: `{"appearance"?, "idiom"?, "value"}`.
  package struct Specialization<Value: IconComposerValue>: Equatable, Sendable {
    /// The appearance the value is for; `nil` for every appearance.
    package var appearance: Appearance?
    /// The idiom the value is for; `nil` for every idiom.
    package var idiom: Idiom?
    /// The value.
    package var value: Value

    /// An entry; see the properties.
    package init(appearance: Appearance? = nil, idiom: Idiom? = nil, value: Value) {
      self.appearance = appearance
      self.idiom = idiom
      self.value = value
    }

    /// Reads one entry at `path`; `nil` with problems when it is not an object, lacks
    /// `value`, names an unknown appearance or idiom, or holds another key.
    package init?(json: JSONValue, path: String, problems: inout [Problem]) {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object {\"appearance\"?, \"idiom\"?, \"value\"}",
          &problems)
      else { return nil }
      var clean = true
      func predicate<P: RawRepresentable<String> & CaseIterable>(_ key: String, _: P.Type) -> P? {
        guard let json = reader.take(key) else { return nil }
        let known = P.allCases.map(\.rawValue)
        guard case .string(let text) = json else {
          problems.append(.wrongType(at: reader.keyPath(key), expected: "a string", found: json))
          clean = false
          return nil
        }
        guard let value = P(rawValue: text) else {
          problems.append(
            Problem(
              .specialization, at: reader.keyPath(key),
              "'\(text)' is not an \(key) Icon Composer knows; use one of "
                + known.joined(separator: ", ")))
          clean = false
          return nil
        }
        return value
      }
      let appearance = predicate("appearance", Appearance.self)
      let idiom = predicate("idiom", Idiom.self)
      let value: Value? = reader.required("value", expected: "the value itself", &problems)
      guard reader.finish(&problems), clean, let value else { return nil }
      self.init(appearance: appearance, idiom: idiom, value: value)
    }

    /// The entry as JSON.
    package var json: JSONValue {
      var members: [String: JSONValue] = ["value": value.json]
      if let appearance { members["appearance"] = .string(appearance.rawValue) }
      if let idiom { members["idiom"] = .string(idiom.rawValue) }
      return .object(members)
    }
  }

  /// A specialization's `appearance`: the system's icon appearances (iOS 26, macOS 26).
  /// `dark` and `tinted` occur in the vendored documents; `light` in the 145-document key
  /// counts (rarely: the default entry is the light appearance).
  package enum Appearance: String, Sendable, CaseIterable {
    /// The light ("default") appearance.
    case light
    /// The dark appearance.
    case dark
    /// The tinted (and clear) appearance.
    case tinted
  }

  /// A specialization's `idiom`, from the 145-document key counts (none of the vendored
  /// documents specializes by idiom).
  package enum Idiom: String, Sendable, CaseIterable {
    /// The rounded square (iOS, iPadOS, macOS icons in the square shape).
    case square
    /// macOS.
    case macOS
    /// watchOS (the circle).
    case watchOS
  }
}
