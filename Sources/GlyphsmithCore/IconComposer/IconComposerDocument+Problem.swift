import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// Something in an `icon.json` that Icon Composer's own documents never hold, found while
  /// reading: its kind, the key path it is at and a lowercase sentence (what is there, then
  /// the fix), without the key path.
  package struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// What is wrong; `isError` tells errors from warnings.
    package enum Kind: String, Sendable, CaseIterable {
      /// A key no Icon Composer document has (a warning: Icon Composer ignores it, or a
      /// newer one knows it).
      case unknownKey = "unknown-key"
      /// A string that is not one of the values known for its key (a blend mode, lighting,
      /// shadow kind or fill keyword; a warning).
      case unknownValue = "unknown-value"
      /// A value of another form than the key takes (a string where a boolean goes), or a
      /// required key missing (`groups`, a group's `layers`, a layer's `image-name`).
      case wrongType = "wrong-type"
      /// A specialization whose `appearance` or `idiom` is not one Icon Composer knows.
      case specialization
      /// A colour string that does not parse (`SPACE:C1,...,ALPHA`).
      case color
      /// A count Icon Composer does not accept: no group, more than `maximumGroups` groups,
      /// more than `layerLimit` layers in a group (the document is not read further).
      case count
      /// A group of more than `maximumLayers` layers (up to `layerLimit`): more than any
      /// counted Icon Composer document holds (a warning: Icon Composer's limit is not
      /// documented).
      case crowded
      /// Two values for one place whose winner is not defined: `KEY` beside
      /// `KEY-specializations` (Icon Composer writes one of them, docs/formats.md), or two
      /// entries of a specialization list for one appearance and idiom with other values.
      case conflict
      /// A group without a layer: nothing of it is drawn (a warning; Icon Composer's
      /// documents hold groups of 1 layer or more; no group at all is a `count` error).
      case empty
      /// A `position` whose scale is 0 or less, or whose translation moves the layer off the
      /// canvas (a warning; Icon Composer's documents never hold one).
      case position
      /// A number outside what Icon Composer sets (an opacity, translucency, blur material or
      /// colour component outside 0 to 1, a scale that is not finite or above
      /// `Position.maximumScale`), or a `supported-platforms` value that is no platform
      /// Icon Composer offers (an error; issue 35's second trial, finding 5).
      case range
    }

    /// What is wrong.
    package var kind: Kind
    /// Where: `groups[0].layers[1].fill.solid`; `""` for the top level.
    package var keyPath: String
    /// A lowercase sentence, the fix last, not naming the key path.
    package var message: String

    /// A problem; see the properties.
    package init(_ kind: Kind, at keyPath: String, _ message: String) {
      self.kind = kind
      self.keyPath = keyPath
      self.message = message
    }

    /// Unknown keys and values, empty lists, odd positions and crowded groups are warnings;
    /// everything else is an error.
    package var isError: Bool {
      ![.unknownKey, .unknownValue, .empty, .position, .crowded].contains(kind)
    }

    /// Appends a `range` error at `path` when `value` lies outside `range` (or is not finite):
    /// `1.2: outside 0 to 1; WHY`.
    package static func check(
      _ value: Double, in range: ClosedRange<Double>, at path: String, _ why: String,
      _ problems: inout [Problem]
    ) {
      guard !(value.isFinite && range.contains(value)) else { return }
      problems.append(
        Problem(
          .range, at: path,
          "\(value.isFinite ? IconComposerJSON.number(value) : "\(value)") is outside \(IconComposerJSON.number(range.lowerBound)) "
            + "to \(IconComposerJSON.number(range.upperBound)); \(why)"))
    }

    /// Why an opacity is from 0 to 1, for `check`.
    package static let opacityRange =
      "an opacity is from 0 (invisible) to 1 (opaque), as Icon Composer's slider sets it"

    /// `groups[0].glass: expected a boolean, found a string ("yes")`; `(top level): ...`
    /// for the top level.
    package var description: String {
      (keyPath.isEmpty ? "(top level)" : keyPath) + ": " + message
    }

    /// A value of another form than `expected` (`a boolean`, `a number or null`).
    package static func wrongType(at path: String, expected: String, found: JSONValue)
      -> Problem
    {
      Problem(.wrongType, at: path, "expected \(expected), found \(describe(found))")
    }

    /// A required key that is absent.
    package static func missing(_ key: String, in path: String, expected: String) -> Problem {
      Problem(
        .wrongType, at: path.isEmpty ? key : path + "." + key,
        "missing; Icon Composer always writes it (\(expected))")
    }

    /// `a string ("yes")`, `a number (5)`, `a boolean (true)`, `null`, `an array (2 items)`,
    /// `an object`.
    package static func describe(_ value: JSONValue) -> String {
      switch value {
      case .null: return "null"
      case .bool(let flag): return "a boolean (\(flag))"
      case .number(let number): return "a number (\(IconComposerJSON.number(number)))"
      case .string: return "a string (\(value))"
      case .array(let items): return "an array (\(items.count) item\(items.count == 1 ? "" : "s"))"
      case .object: return "an object"
      }
    }
  }
}
