import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// A colour as Icon Composer writes it: the string `SPACE:C1,...,ALPHA`, each number with
  /// five decimals (`display-p3:0.00000,0.47843,1.00000,1.00000`, `extended-gray:0.50000,1.00000`).
  /// Components are not clamped: extended spaces go beyond 0...1, and Apple's own documents
  /// hold `display-p3` components above 1 (`1.04685`).
  package struct Color: IconComposerValue, Hashable {
    /// The colour space (`display-p3`, `srgb`, ...).
    package var space: ColorSpace
    /// The colour components, then alpha: 4 numbers for RGB spaces, 2 for grey ones.
    package var components: [Double]

    /// A colour; `components` must hold `space.componentCount` numbers (`text` writes what
    /// it holds).
    package init(space: ColorSpace, components: [Double]) {
      self.space = space
      self.components = components
    }

    /// The colour in `text`, or why it is not one (a lowercase phrase).
    package static func parse(_ text: String) -> Result<Color, ColorSyntaxError> {
      guard let colon = text.firstIndex(of: ":") else {
        return .failure(ColorSyntaxError("no colour space before ':'"))
      }
      let name = String(text[..<colon])
      guard let space = ColorSpace(rawValue: name) else {
        return .failure(
          ColorSyntaxError(
            "'\(name)' is not a colour space Icon Composer writes ("
              + ColorSpace.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
      }
      let parts = text[text.index(after: colon)...].split(
        separator: ",", omittingEmptySubsequences: false)
      guard parts.count == space.componentCount else {
        return .failure(
          ColorSyntaxError(
            "\(space.rawValue) takes \(space.componentCount) numbers (the components, then "
              + "alpha), found \(parts.count)"))
      }
      var components: [Double] = []
      for part in parts {
        guard let number = Double(part), number.isFinite,
          part.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
        else {
          return .failure(ColorSyntaxError("'\(part)' is not a number"))
        }
        components.append(number)
      }
      return .success(Color(space: space, components: components))
    }

    /// How far a component of `srgb`, `display-p3` or `gray` may lie outside 0...1: Icon
    /// Composer writes a colour picked beyond the space's gamut as it is (Apple's tophat
    /// bundle holds `display-p3:0.38403,0.64839,1.04685,1.00000`), never further out than this.
    package static let gamutSlack = 0.1

    /// The range of an extended space's components: -1 to 2 holds every colour a display
    /// shows (the Display P3 and BT.2020 primaries lie within -0.6 to 1.3 in extended sRGB).
    package static let extendedRange: ClosedRange<Double> = -1...2

    /// Why the numbers are no colour Icon Composer sets (a lowercase phrase), else `nil`:
    /// an alpha outside 0 to 1; a component outside 0 to 1 by more than `gamutSlack`
    /// (`srgb`, `display-p3`, `gray`) or outside `extendedRange` (extended spaces)
    /// (issue 35's second trial, finding 5).
    package var rangeProblem: String? {
      guard let alpha = components.last else { return nil }
      if !(0...1).contains(alpha) {
        return "its alpha \(IconComposerJSON.number(alpha)) is outside 0 to 1 (0 transparent, 1 "
          + "opaque); give an alpha in that range"
      }
      let extended = space == .extendedSRGB || space == .extendedGray
      let range = extended ? Self.extendedRange : (-Self.gamutSlack)...(1 + Self.gamutSlack)
      if let far = components.dropLast().first(where: { !range.contains($0) }) {
        return extended
          ? "the component \(IconComposerJSON.number(far)) is outside "
            + "\(IconComposerJSON.number(range.lowerBound)) to "
            + "\(IconComposerJSON.number(range.upperBound)), beyond every colour a display shows; "
            + "give components in that range"
          : "the component \(IconComposerJSON.number(far)) is outside 0 to 1; \(space.rawValue) "
            + "components are from 0 to 1 (extended-srgb holds colours beyond the gamut)"
      }
      return nil
    }

    /// `SPACE:C1,...,ALPHA` with five decimals each, as Icon Composer writes it.
    package var text: String {
      space.rawValue + ":"
        + components.map { String(cFormat: "%.5f", $0) }.joined(separator: ",")
    }

    /// A string that `parse` reads; a `color` problem (or a wrong-type one) otherwise.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Color?
    {
      guard case .string(let text) = json else {
        problems.append(
          .wrongType(at: path, expected: "a colour string (SPACE:C1,...,ALPHA)", found: json))
        return nil
      }
      switch parse(text) {
      case .success(let color):
        if let reason = color.rangeProblem {
          problems.append(Problem(.range, at: path, "'\(text)': \(reason)"))
        }
        return color
      case .failure(let error):
        problems.append(
          Problem(
            .color, at: path,
            "'\(text)' is not a colour: \(error.reason); write SPACE:C1,...,ALPHA, as "
              + "display-p3:1.00000,0.50000,0.00000,1.00000"))
        return nil
      }
    }

    /// `.string(text)`.
    package var json: JSONValue { .string(text) }
  }

  /// Why a colour string does not parse: a lowercase phrase.
  package struct ColorSyntaxError: Error, Equatable, Sendable {
    /// The phrase (`'cmyk' is not a colour space Icon Composer writes (...)`).
    package var reason: String
    /// An error with `reason`.
    package init(_ reason: String) { self.reason = reason }
  }

  /// The colour spaces of Icon Composer's colour strings: `display-p3`, `srgb` and
  /// `extended-srgb` occur in the vendored documents, `gray` and `extended-gray` in the
  /// 145-document key counts.
  package enum ColorSpace: String, Sendable, CaseIterable, Hashable {
    /// Display P3 (Icon Composer's default).
    case displayP3 = "display-p3"
    /// sRGB, components 0 to 1.
    case sRGB = "srgb"
    /// Extended sRGB: components may lie outside 0 to 1.
    case extendedSRGB = "extended-srgb"
    /// Grey: one component, then alpha.
    case gray
    /// Extended grey: one component (outside 0 to 1 allowed), then alpha.
    case extendedGray = "extended-gray"

    /// How many numbers a colour in the space holds: the components, then alpha.
    package var componentCount: Int {
      self == .gray || self == .extendedGray ? 2 : 4
    }
  }
}
