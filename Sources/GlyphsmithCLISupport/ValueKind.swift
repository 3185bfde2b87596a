/// What an option's value must be, declared with the option (as swift-argument-parser's
/// property type): the typed readers of `ParsedArguments` check a given value against it, with
/// the usage errors of `positiveDouble`, `nonNegativeDouble` and `integer`.
package enum ValueKind: Equatable, Sendable {
  /// Any text (a name, a pattern, a colour, a list the command reads itself).
  case text
  /// A file or folder path (`-` for stdin or stdout where the help says so); not checked.
  case path
  /// A finite number greater than 0 and at most `maximum` (`ParsedArguments.positiveDouble`).
  case positiveNumber(maximum: Double)
  /// A finite number of seconds in `minimum...maximum` (`ParsedArguments.seconds`): `--timeout`
  /// (trial t36c L1: a positive-number check named the px output limit for `1e300`, and
  /// `0.001` ran and failed as "longer than 0.0 s").
  case seconds(minimum: Double, maximum: Double)
  /// A finite number of pt of at least 0 and at most `maximum`
  /// (`ParsedArguments.nonNegativeDouble`).
  case points(maximum: Double)
  /// A whole number in `minimum...maximum` (`ParsedArguments.integer`).
  case integer(minimum: Int, maximum: Int)
  /// One of `values` (the raw values of a `CaseIterable` type); the command reads it with its
  /// own message.
  case choice([String])

  /// A number greater than 0, at most the 16384 px output limit.
  package static let positiveNumber = positiveNumber(maximum: ParsedArguments.largestDimension)
  /// A number of pt of at least 0, at most 8192 (half the 16384 px output limit).
  package static let points = points(maximum: ParsedArguments.largestDimension / 2)
  /// A whole number of at least 1.
  package static let count = integer(minimum: 1, maximum: Int.max)

  /// One of the raw values of `type`, in its order.
  package static func choice<T: CaseIterable & RawRepresentable>(of type: T.Type) -> ValueKind
  where T.RawValue == String {
    .choice(type.allCases.map(\.rawValue))
  }
}
