/// Options several commands take alike, declared once (as swift-argument-parser's
/// `@OptionGroup`): a command includes the group (`CommandDeclaration(..., including:)`), and
/// its options are parsed and listed in that command's help after the command's own.
package struct OptionGroup: Equatable, Sendable {
  /// What the options are for, e.g. `budget` (for tests and messages).
  package var name: String
  /// The options, in the order the help lists them.
  package var options: [OptionDeclaration]

  /// A group from its parts.
  package init(name: String, options: [OptionDeclaration]) {
    self.name = name
    self.options = options
  }
}
