import FoundationEssentials
import Glibc

/// Reads one JSON object of an `icon.json` into typed values, key by key: each key asked for is
/// taken out; a value the model cannot hold exactly is kept as read (`rest`) with its problem;
/// the keys never asked for are unknown keys (a warning each, kept too).
struct IconComposerReader {
  typealias Problem = IconComposerDocument.Problem

  /// Members not taken yet.
  private var members: [String: JSONValue]
  /// Known keys whose values the model could not type, as read.
  private var raw: [String: JSONValue] = [:]
  /// Every key asked for, for the unknown-key suggestion.
  private var known: [String] = []
  /// This object's key path (`""` at the top).
  let path: String

  init(_ members: [String: JSONValue], path: String) {
    self.members = members
    self.path = path
  }

  /// Reads `json` as an object at `path`, or appends a wrong-type problem naming `expected`
  /// and returns `nil`.
  static func object(
    _ json: JSONValue, at path: String, expected: String, _ problems: inout [Problem]
  ) -> IconComposerReader? {
    guard case .object(let members) = json else {
      problems.append(.wrongType(at: path, expected: expected, found: json))
      return nil
    }
    return IconComposerReader(members, path: path)
  }

  /// `path.key` (`key` alone at the top).
  func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

  /// Whether the object holds `key` (taken or not).
  func has(_ key: String) -> Bool { members[key] != nil || raw[key] != nil }

  /// Takes `key`'s value out of the object.
  mutating func take(_ key: String) -> JSONValue? {
    known.append(key)
    return members.removeValue(forKey: key)
  }

  /// Keeps `json` as read under `key` (a known key whose value the model cannot hold).
  mutating func keep(_ key: String, _ json: JSONValue) { raw[key] = json }

  /// `key`'s value as `V`; `nil` when absent or of another form (then kept as read, with its
  /// problem appended).
  mutating func value<V: IconComposerValue>(_ key: String, _ problems: inout [Problem]) -> V? {
    guard let json = take(key) else { return nil }
    if let value = V.read(json, at: keyPath(key), &problems) { return value }
    keep(key, json)
    return nil
  }

  /// `key` and `key-specializations` as one property of numbers, each value checked to lie
  /// in `range` (`Problem.check`, a `range` error naming its key path: `opacity`,
  /// `opacity-specializations[1].value`).
  mutating func property(
    _ key: String, in range: ClosedRange<Double>, _ why: String, _ problems: inout [Problem]
  ) -> IconComposerDocument.Property<Double> {
    let property: IconComposerDocument.Property<Double> = self.property(key, &problems)
    if let value = property.value {
      Problem.check(value, in: range, at: keyPath(key), why, &problems)
    }
    for (i, entry) in (property.specializations ?? []).enumerated() {
      Problem.check(
        entry.value, in: range, at: keyPath(key + "-specializations") + "[\(i)].value", why,
        &problems)
    }
    return property
  }

  /// `key`'s value as `V`; when absent, a wrong-type problem saying it is required.
  mutating func required<V: IconComposerValue>(
    _ key: String, expected: String, _ problems: inout [Problem]
  ) -> V? {
    if members[key] == nil {
      known.append(key)
      problems.append(.missing(key, in: path, expected: expected))
      return nil
    }
    return value(key, &problems)
  }

  /// `key` and `key-specializations` as one property; each is `nil` in it when absent or not
  /// readable (then kept as read). Both present is a conflict (Icon Composer writes one of
  /// them), and so are two entries of the list for one appearance and idiom with other values
  /// (which one applies is not defined).
  mutating func property<V: IconComposerValue>(_ key: String, _ problems: inout [Problem])
    -> IconComposerDocument.Property<V>
  {
    let listKey = key + "-specializations"
    if members[key] != nil && members[listKey] != nil {
      problems.append(
        Problem(
          .conflict, at: keyPath(key),
          "given beside '\(listKey)'; Icon Composer writes one of them and which one applies "
            + "is not defined: remove '\(key)', or make its value the list's entry without "
            + "appearance and idiom (the default)"))
    }
    let value: V? = value(key, &problems)
    guard let json = take(listKey) else { return .init(value) }
    let specializations = Self.list(json, at: keyPath(listKey), &problems) {
      json, path, problems in
      IconComposerDocument.Specialization<V>(json: json, path: path, problems: &problems)
    }
    if specializations == nil { keep(listKey, json) }
    for (j, entry) in (specializations ?? []).enumerated() {
      guard
        let i = specializations?.firstIndex(where: {
          $0.appearance == entry.appearance && $0.idiom == entry.idiom
        }), i < j, specializations?[i].value != entry.value
      else { continue }
      let predicates =
        [
          entry.appearance.map { "appearance '\($0.rawValue)'" },
          entry.idiom.map { "idiom '\($0.rawValue)'" },
        ].compactMap { $0 }.joined(separator: " and ")
      problems.append(
        Problem(
          .conflict, at: keyPath(listKey) + "[\(j)]",
          "another entry for "
            + "\(predicates.isEmpty ? "no appearance and idiom (the default)" : predicates) "
            + "besides [\(i)], with another value; which one applies is not defined: remove one"))
    }
    return .init(value, specializations: specializations)
  }

  /// `key`'s array, each element read by `element`; `nil` when absent (with a problem when
  /// `required`), not an array, or an element cannot be read (then kept as read).
  mutating func array<T>(
    _ key: String, required: Bool, expected: String, _ problems: inout [Problem],
    _ element: (JSONValue, String, inout [Problem]) -> T?
  ) -> [T]? {
    guard let json = take(key) else {
      if required { problems.append(.missing(key, in: path, expected: expected)) }
      return nil
    }
    let items = Self.list(json, at: keyPath(key), &problems, element)
    if items == nil { keep(key, json) }
    return items
  }

  /// `json` as an array whose every element `element` reads; `nil` (with problems) otherwise.
  static func list<T>(
    _ json: JSONValue, at path: String, _ problems: inout [Problem],
    _ element: (JSONValue, String, inout [Problem]) -> T?
  ) -> [T]? {
    guard case .array(let items) = json else {
      problems.append(.wrongType(at: path, expected: "an array", found: json))
      return nil
    }
    var read: [T] = []
    var complete = true
    for (index, item) in items.enumerated() {
      if let value = element(item, "\(path)[\(index)]", &problems) {
        read.append(value)
      } else {
        complete = false
      }
    }
    return complete ? read : nil
  }

  /// The keys never asked for, each an unknown-key warning (with the nearest known key when
  /// one is close), merged with the known keys kept as read: the object's `other`.
  mutating func rest(_ problems: inout [Problem]) -> [String: JSONValue] {
    for key in IconComposerJSON.sortedKeys(members.keys) {
      problems.append(
        Problem(.unknownKey, at: keyPath(key), Self.unknownKeyMessage(key, known: known)))
    }
    return members.merging(raw) { _, kept in kept }
  }

  /// Whether every key was asked for and read: `rest` would be empty. Appends the unknown-key
  /// warnings; for the small value objects (a shadow, a position), which are typed only when
  /// they hold nothing else.
  mutating func finish(_ problems: inout [Problem]) -> Bool {
    let left = rest(&problems)
    return left.isEmpty
  }

  /// `not a key Icon Composer writes here; did you mean 'glass'?` or `...; remove it`.
  static func unknownKeyMessage(_ key: String, known: [String]) -> String {
    let nearest = known.map { ($0, editDistance($0, key)) }.filter { $0.1 <= 2 }
      .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
    if let nearest { return "not a key Icon Composer writes here; did you mean '\(nearest.0)'?" }
    return "not a key Icon Composer writes here (Icon Composer ignores it); remove it"
  }

  /// Levenshtein distance between `a` and `b` in characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where j <= b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
