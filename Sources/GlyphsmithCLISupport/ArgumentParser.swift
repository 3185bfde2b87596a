/// A usage error: bad or missing options. Exit code 2.
package struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What is wrong, lowercase, ending with the fix when there is one.
  package var message: String
  /// `error: <message>`.
  package var description: String { "error: \(message)" }
  /// A usage error with `message`.
  package init(message: String) { self.message = message }
}

/// One option a subcommand accepts.
package struct OptionSpec: Equatable, Sendable {
  /// Long name without dashes, e.g. `output`.
  package var name: String
  /// Whether the option takes a value (`--size 25`, `--size=25`).
  package var takesValue: Bool
  /// Optional one-letter alias, e.g. `o`.
  package var short: Character? = nil

  /// An option with a value, `--name VALUE` or `--name=VALUE` (or `-s VALUE`).
  package static func value(_ name: String, short: Character? = nil) -> OptionSpec {
    OptionSpec(name: name, takesValue: true, short: short)
  }
  /// A flag without a value, `--name` (or `-s`).
  package static func flag(_ name: String, short: Character? = nil) -> OptionSpec {
    OptionSpec(name: name, takesValue: false, short: short)
  }
}

/// argv split into options and positionals; no I/O, no defaults.
package struct ParsedArguments: Equatable, Sendable {
  /// Every value given per option name, in order.
  package var values: [String: [String]] = [:]
  /// The flags given.
  package var flags: Set<String> = []
  /// Arguments that are not options, in order (`-` and everything after `--` included).
  package var positionals: [String] = []
  /// The name of each value given, in argv order (`values` keeps each option's apart).
  package var order: [String] = []
  /// The declared options by name when parsed by a `CommandDeclaration` (empty from
  /// `ArgumentParser.parse` alone): the typed readers `number` and `whole` read their kind
  /// and default.
  package var declared: [String: OptionDeclaration] = [:]

  /// Nothing parsed yet, or the given values (their `order`: by name, then as given).
  package init(
    values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = []
  ) {
    self.values = values
    self.flags = flags
    self.positionals = positionals
    self.order = values.keys.sorted().flatMap { name in values[name, default: []].map { _ in name }
    }
  }

  /// The values of the options `names`, as (name, value) in argv order: e.g. toolbar's
  /// `--item` and `--space`, whose interleaving is the layout.
  package func interleaved(_ names: Set<String>) -> [(name: String, value: String)] {
    var next: [String: Int] = [:]
    return order.compactMap { name in
      guard names.contains(name) else { return nil }
      let index = next[name, default: 0]
      next[name] = index + 1
      return (name, values[name]![index])
    }
  }

  /// The last value given for `name`, if any.
  package func value(_ name: String) -> String? { values[name]?.last }
  /// Every value given for a repeatable option, in order.
  package func all(_ name: String) -> [String] { values[name] ?? [] }
  /// Whether the flag `name` was given.
  package func has(_ name: String) -> Bool { flags.contains(name) }

  /// The largest value any size, scale or padding option takes: the 16384 px output limit
  /// (`Rasterizer.maximumSide`); a size in pt at scale 1 or a scale for a 1 pt glyph reaches
  /// it, and the product is checked again when the layout is known.
  package static let largestDimension = 16384.0

  /// `name`'s value as a number, or `nil` when absent.
  /// - Throws: `UsageError` when present but not a number, not positive, or over `maximum`
  ///   (default 16384, the output limit in px).
  package func positiveDouble(_ name: String, maximum: Double = largestDimension) throws
    -> Double?
  {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number > 0, number.isFinite else {
      throw UsageError(message: "--\(name) needs a positive number, got '\(text)'")
    }
    guard number <= maximum else {
      throw UsageError(
        message: "--\(name) is at most \(maximum.cleanText) (outputs are limited to 16384 px "
          + "on a side), got '\(text)'")
    }
    return number
  }

  /// `name`'s value as a number of seconds in `minimum...maximum`, or `nil` when absent.
  /// - Throws: `UsageError` naming seconds and the range when present but not such a number
  ///   (`--timeout needs a number of seconds from 0.01 to 86400, got '1e300'`).
  package func seconds(_ name: String, minimum: Double, maximum: Double) throws -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite, number >= minimum, number <= maximum
    else {
      throw UsageError(
        message: "--\(name) needs a number of seconds from \(minimum.cleanText) to "
          + "\(maximum.cleanText), got '\(text)'")
    }
    return number
  }

  /// `name`'s value as a number ≥ 0 and ≤ `maximum` (default 8192 pt: half the 16384 px
  /// output limit, a margin on each side), or `nil` when absent.
  /// - Throws: `UsageError` when present but not such a number.
  package func nonNegativeDouble(_ name: String, maximum: Double = largestDimension / 2) throws
    -> Double?
  {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number >= 0, number.isFinite else {
      throw UsageError(message: "--\(name) needs a number of pt of at least 0, got '\(text)'")
    }
    guard number <= maximum else {
      throw UsageError(
        message: "--\(name) is at most \(maximum.cleanText) pt (outputs are limited to 16384 px "
          + "on a side), got '\(text)'")
    }
    return number
  }

  /// `name`'s value as a whole number in `minimum...maximum`, or `nil` when absent.
  /// - Throws: `UsageError` when present but not such a number.
  package func integer(_ name: String, minimum: Int = 1, maximum: Int = Int.max) throws -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), number >= minimum else {
      throw UsageError(
        message: "--\(name) needs a whole number of at least \(minimum), got '\(text)'")
    }
    guard number <= maximum else {
      throw UsageError(message: "--\(name) is at most \(maximum), got '\(text)'")
    }
    return number
  }
}

extension ParsedArguments {
  /// `name`'s value as its declared kind (`positiveNumber`, `points`, `seconds`), else, when not given,
  /// its declared default; `nil` when neither.
  /// - Throws: `UsageError` as `positiveDouble`, `nonNegativeDouble` and `seconds` do.
  /// - Precondition: `name` is declared as a number (a fault of the command, caught by the
  ///   tests that parse every declaration).
  package func number(_ name: String) throws -> Double? {
    let option = declared[name]
    let given: Double?
    switch option?.kind {
    case .positiveNumber(let maximum): given = try positiveDouble(name, maximum: maximum)
    case .points(let maximum): given = try nonNegativeDouble(name, maximum: maximum)
    case .seconds(let minimum, let maximum):
      given = try seconds(name, minimum: minimum, maximum: maximum)
    default: preconditionFailure("--\(name) is not declared as a number")
    }
    return given ?? option?.defaultValue.flatMap(Double.init)
  }

  /// `name`'s value as its declared `integer` kind, else, when not given, its declared
  /// default; `nil` when neither.
  /// - Throws: `UsageError` as `integer` does.
  /// - Precondition: `name` is declared as an integer.
  package func whole(_ name: String) throws -> Int? {
    guard let option = declared[name], case .integer(let minimum, let maximum) = option.kind
    else { preconditionFailure("--\(name) is not declared as an integer") }
    return try integer(name, minimum: minimum, maximum: maximum)
      ?? option.defaultValue.flatMap { Int($0) }
  }
}

extension ParsedArguments {
  /// `number(name)` of an option declared with a default: the value given, else the default.
  /// - Throws: `UsageError` as `number` does.
  /// - Precondition: `name` is declared as a number with a default.
  package func defaultedNumber(_ name: String) throws -> Double {
    guard let number = try number(name) else {
      preconditionFailure("--\(name) is declared without a default")
    }
    return number
  }

  /// `whole(name)` of an option declared with a default: the value given, else the default.
  /// - Throws: `UsageError` as `whole` does.
  /// - Precondition: `name` is declared as an integer with a default.
  package func defaultedWhole(_ name: String) throws -> Int {
    guard let number = try whole(name) else {
      preconditionFailure("--\(name) is declared without a default")
    }
    return number
  }

  /// `name`'s value, else its declared default (as the help writes it); `nil` when neither.
  package func valueOrDefault(_ name: String) -> String? {
    value(name) ?? declared[name]?.defaultValue
  }
}

/// Parses argv against a list of options: `--name value`, `--name=value`, `-o value`, flags,
/// `--` ends options, `-` alone is a positional (stdin/stdout).
package enum ArgumentParser {
  /// `arguments` split by `options`. `hints` maps words a user may try that are no option
  /// (`weight`) to the options meant (`ultralight`, `black`): "did you mean" names those for
  /// them, else the options the word starts or nearly spells (`Suggestion.near`).
  /// - Throws: `UsageError` for an unknown option (with the near ones, when there are any), a
  ///   missing value (`--` as the next argument of an option that takes one among them: it
  ///   ends the options), or a value given to a flag.
  package static func parse(
    _ arguments: [String], options: [OptionSpec], hints: [String: [String]] = [:]
  ) throws -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String? = nil
      let spec: OptionSpec
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard let found = options.first(where: { $0.name == name }) else {
          throw unknown("--\(name)", options: options, hints: hints)
        }
        spec = found
      } else {
        let letter = argument.dropFirst()
        guard letter.count == 1, let found = options.first(where: { $0.short == letter.first })
        else {
          throw unknown(argument, options: options, hints: hints)
        }
        spec = found
        name = found.name
      }
      if spec.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw UsageError(message: "--\(name) needs a value")
          }
          value = arguments[index]
          // `-o -- -h` took `--` as the output and `-h` as an unknown option, while help and
          // the front read `--` as the end of the options (trial t36c L3): refused, with the
          // spelling that gives the value `--` on purpose.
          guard value != "--" else {
            throw UsageError(
              message: "--\(name) needs a value before '--', which ends the options; "
                + "for the value '--' itself write --\(name)=--")
          }
          index += 1
        }
        result.values[name, default: []].append(value)
        result.order.append(name)
      } else {
        if inlineValue != nil { throw UsageError(message: "--\(name) takes no value") }
        result.flags.insert(name)
      }
    }
    return result
  }

  private static func unknown(
    _ option: String, options: [OptionSpec], hints: [String: [String]]
  ) -> UsageError {
    let bare = String(option.drop { $0 == "-" })
    let near = hints[bare] ?? Suggestion.near(bare, among: options.map(\.name))
    guard !near.isEmpty else { return UsageError(message: "unknown option '\(option)'") }
    return UsageError(
      message: "unknown option '\(option)'; did you mean "
        + Suggestion.alternatives(near, prefix: "--") + "?")
  }

  /// Levenshtein distance, for "did you mean" (`Suggestion.distance`).
  package static func distance(_ a: [Character], _ b: [Character]) -> Int {
    Suggestion.distance(a, b)
  }
}

extension Double {
  /// The number without a fractional part when it has none (`16384`, `1.5`), for messages.
  var cleanText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
