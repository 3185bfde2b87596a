import GlyphsmithCLISupport
import Testing

/// The options every case below parses against.
private let options: [OptionSpec] = [
  .value("output", short: "o"), .value("role"), .value("ignore"), .value("scale"),
  .flag("json"), .flag("compact"), .flag("include-aa"), .flag("help"),
]

/// One argv and what it parses into.
struct ParseCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: [String]
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  var testDescription: String { name }
}

/// One argv and the usage error it must give.
struct FailureCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: [String]
  var message: String
  var testDescription: String { name }
}

@Suite("argument parser")
struct ArgumentParserTests {
  static let parseCases: [ParseCase] = [
    ParseCase(name: "nothing", arguments: []),
    ParseCase(
      name: "positionals only", arguments: ["a.svg", "b.svg"], positionals: ["a.svg", "b.svg"]),
    ParseCase(name: "flag", arguments: ["--json"], flags: ["json"]),
    ParseCase(
      name: "flags mixed with positionals", arguments: ["a.svg", "--json", "b.svg", "--compact"],
      flags: ["json", "compact"], positionals: ["a.svg", "b.svg"]),
    ParseCase(name: "flag given twice", arguments: ["--json", "--json"], flags: ["json"]),
    ParseCase(name: "hyphenated flag", arguments: ["--include-aa"], flags: ["include-aa"]),
    ParseCase(
      name: "value as next argument", arguments: ["--role", "toolbar"],
      values: ["role": ["toolbar"]]),
    ParseCase(
      name: "value after =", arguments: ["--role=toolbar"], values: ["role": ["toolbar"]]),
    ParseCase(
      name: "empty value after =", arguments: ["--role="], values: ["role": [""]]),
    ParseCase(
      name: "value containing =", arguments: ["--ignore=a=b"], values: ["ignore": ["a=b"]]),
    ParseCase(
      name: "value that looks like an option", arguments: ["--output", "--json"],
      values: ["output": ["--json"]]),
    ParseCase(
      name: "short option", arguments: ["-o", "out.png"], values: ["output": ["out.png"]]),
    ParseCase(
      name: "repeated value keeps every one in order",
      arguments: ["--ignore", "0,0,1,1", "--ignore=2,2,1,1", "--ignore", "4,4,1,1"],
      values: ["ignore": ["0,0,1,1", "2,2,1,1", "4,4,1,1"]]),
    ParseCase(
      name: "repeated single value keeps both (last wins in value())",
      arguments: ["-o", "a.png", "--output", "b.png"], values: ["output": ["a.png", "b.png"]]),
    ParseCase(name: "dash alone is a positional", arguments: ["-"], positionals: ["-"]),
    ParseCase(
      name: "double dash ends options", arguments: ["--json", "--", "--role", "-o", "-"],
      flags: ["json"], positionals: ["--role", "-o", "-"]),
    ParseCase(
      name: "double dash after double dash is a positional", arguments: ["--", "--"],
      positionals: ["--"]),
    ParseCase(name: "double dash alone", arguments: ["--"]),
    ParseCase(
      name: "negative-looking value after a value option", arguments: ["--scale", "-2"],
      values: ["scale": ["-2"]]),
  ]

  @Test(arguments: parseCases)
  func parses(_ test: ParseCase) throws {
    let parsed = try ArgumentParser.parse(test.arguments, options: options)
    #expect(parsed.values == test.values)
    #expect(parsed.flags == test.flags)
    #expect(parsed.positionals == test.positionals)
  }

  static let failureCases: [FailureCase] = [
    FailureCase(
      name: "unknown option close to a known one", arguments: ["--jsno"],
      message: "unknown option '--jsno'; did you mean '--json'?"),
    FailureCase(
      name: "unknown option with a missing letter", arguments: ["--outpt", "x"],
      message: "unknown option '--outpt'; did you mean '--output'?"),
    FailureCase(
      name: "unknown option after =", arguments: ["--rol=plain"],
      message: "unknown option '--rol'; did you mean '--role'?"),
    FailureCase(
      name: "unknown option far from every known one", arguments: ["--verbose"],
      message: "unknown option '--verbose'"),
    FailureCase(
      name: "unknown short option", arguments: ["-x"], message: "unknown option '-x'"),
    FailureCase(
      name: "bundled short options are not supported", arguments: ["-oj"],
      message: "unknown option '-oj'"),
    FailureCase(
      name: "missing value at the end", arguments: ["a.svg", "--role"],
      message: "--role needs a value"),
    FailureCase(
      name: "missing value of a short option names the long one", arguments: ["-o"],
      message: "--output needs a value"),
    FailureCase(
      name: "value given to a flag", arguments: ["--json=yes"],
      message: "--json takes no value"),
  ]

  @Test(arguments: failureCases)
  func fails(_ test: FailureCase) {
    #expect(throws: UsageError(message: test.message)) {
      try ArgumentParser.parse(test.arguments, options: options)
    }
  }

  @Test func usageErrorReadsAsACompilerError() {
    #expect(UsageError(message: "missing INPUT").description == "error: missing INPUT")
  }

  @Test func lastValueWinsAndAllKeepsOrder() throws {
    let parsed = try ArgumentParser.parse(
      ["-o", "a.png", "--output=b.png", "--json"], options: options)
    #expect(parsed.value("output") == "b.png")
    #expect(parsed.all("output") == ["a.png", "b.png"])
    #expect(parsed.value("role") == nil)
    #expect(parsed.all("role") == [])
    #expect(parsed.has("json"))
    #expect(!parsed.has("compact"))
  }

  static let numberCases: [(String, Double?, String?)] = [
    ("2", 2, nil), ("0.5", 0.5, nil), ("1e1", 10, nil),
    ("0", nil, "--scale needs a positive number, got '0'"),
    ("-1", nil, "--scale needs a positive number, got '-1'"),
    ("inf", nil, "--scale needs a positive number, got 'inf'"),
    ("two", nil, "--scale needs a positive number, got 'two'"),
  ]

  @Test(arguments: numberCases)
  func positiveDouble(_ text: String, _ value: Double?, _ message: String?) throws {
    let parsed = ParsedArguments(values: ["scale": [text]])
    if let message {
      #expect(throws: UsageError(message: message)) { try parsed.positiveDouble("scale") }
    } else {
      #expect(try parsed.positiveDouble("scale") == value)
    }
    #expect(try ParsedArguments().positiveDouble("scale") == nil)
  }

  static let integerCases: [(String, Int, Int?, String?)] = [
    ("3", 1, 3, nil), ("0", 0, 0, nil),
    ("0", 1, nil, "--jobs needs a whole number of at least 1, got '0'"),
    ("1.5", 1, nil, "--jobs needs a whole number of at least 1, got '1.5'"),
    ("-2", 0, nil, "--jobs needs a whole number of at least 0, got '-2'"),
  ]

  @Test(arguments: integerCases)
  func integer(_ text: String, _ minimum: Int, _ value: Int?, _ message: String?) throws {
    let parsed = ParsedArguments(values: ["jobs": [text]])
    if let message {
      #expect(throws: UsageError(message: message)) {
        try parsed.integer("jobs", minimum: minimum)
      }
    } else {
      #expect(try parsed.integer("jobs", minimum: minimum) == value)
    }
  }

  static let distanceCases: [(String, String, Int)] = [
    ("", "", 0), ("", "json", 4), ("json", "", 4), ("json", "json", 0), ("jsno", "json", 2),
    ("outpt", "output", 1), ("kitten", "sitting", 3),
  ]

  @Test(arguments: distanceCases)
  func levenshtein(_ a: String, _ b: String, _ expected: Int) {
    #expect(ArgumentParser.distance(Array(a), Array(b)) == expected)
  }
}
