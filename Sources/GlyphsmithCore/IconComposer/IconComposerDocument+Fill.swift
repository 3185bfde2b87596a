import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// A fill, of the document's background (`fill` at the top level) or of a layer's shape:
  /// a keyword string, or an object holding one colour form (docs/formats.md, "Icon
  /// Composer").
  package enum Fill: IconComposerValue, Hashable {
    /// `"automatic"`, `"none"`, `"system-light"`, ...
    case keyword(FillKeyword)
    /// `{"solid" : COLOUR}`.
    case solid(Color)
    /// `{"automatic-gradient" : COLOUR}`: a gradient Icon Composer derives from one colour;
    /// `orientation` when given.
    case automaticGradient(Color, orientation: Orientation?)
    /// `{"linear-gradient" : [COLOUR, COLOUR], "orientation" : {...}}`.
    case linearGradient([Color], orientation: Orientation?)

    /// `"automatic"`: Icon Composer's default fill.
    package static let automatic = Fill.keyword(.automatic)
    /// `"none"`: no fill; the artwork's own colours.
    package static let none = Fill.keyword(.none)

    /// The object forms' expected shape, for messages.
    static let objectForm =
      "a fill: \"automatic\", \"none\", {\"solid\" : COLOUR}, {\"automatic-gradient\" : COLOUR} "
      + "or {\"linear-gradient\" : [COLOUR, COLOUR], \"orientation\" : {...}}"

    /// A keyword string, or an object with exactly one of `solid`, `automatic-gradient`,
    /// `linear-gradient` (the gradients with an optional `orientation`).
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Fill?
    {
      if case .string = json {
        return FillKeyword.read(json, at: path, &problems).map(Fill.keyword)
      }
      guard var reader = IconComposerReader.object(json, at: path, expected: objectForm, &problems)
      else { return nil }
      let forms = ["solid", "automatic-gradient", "linear-gradient"].filter(reader.has)
      guard forms.count == 1 else {
        problems.append(
          Problem(
            .wrongType, at: path,
            forms.isEmpty
              ? "an object with none of solid, automatic-gradient, linear-gradient; expected "
                + objectForm
              : "an object with \(forms.joined(separator: " and ")); give one of them"))
        return nil
      }
      let fill: Fill?
      switch forms[0] {
      case "solid":
        fill = (reader.value("solid", &problems) as Color?).map(Fill.solid)
      case "automatic-gradient":
        let color: Color? = reader.value("automatic-gradient", &problems)
        let orientation: Orientation? = reader.value("orientation", &problems)
        fill = color.map { .automaticGradient($0, orientation: orientation) }
      default:
        let colors = reader.array(
          "linear-gradient", required: true, expected: "an array of colours", &problems
        ) { json, path, problems in
          Color.read(json, at: path, &problems)
        }
        let orientation: Orientation? = reader.value("orientation", &problems)
        fill = colors.map { .linearGradient($0, orientation: orientation) }
      }
      guard reader.finish(&problems) else { return nil }
      return fill
    }

    /// The fill as Icon Composer writes it.
    package var json: JSONValue {
      switch self {
      case .keyword(let keyword): return keyword.json
      case .solid(let color): return .object(["solid": color.json])
      case .automaticGradient(let color, let orientation):
        var members: [String: JSONValue] = ["automatic-gradient": color.json]
        if let orientation { members["orientation"] = orientation.json }
        return .object(members)
      case .linearGradient(let colors, let orientation):
        var members: [String: JSONValue] = ["linear-gradient": .array(colors.map(\.json))]
        if let orientation { members["orientation"] = orientation.json }
        return .object(members)
      }
    }
  }

  /// A fill keyword. `automatic`, `none` and `system-light` occur in the vendored documents;
  /// `system-dark` is Icon Composer's other document background (its fill menu), not seen in
  /// them.
  package struct FillKeyword: IconComposerKeyword {
    /// The string.
    package var rawValue: String
    /// A keyword with this text.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// `automatic`: Icon Composer's default fill.
    package static let automatic = FillKeyword(rawValue: "automatic")
    /// `none`: no fill.
    package static let none = FillKeyword(rawValue: "none")
    /// `system-light`: the system's light background (document fill).
    package static let systemLight = FillKeyword(rawValue: "system-light")
    /// `system-dark`: the system's dark background (document fill).
    package static let systemDark = FillKeyword(rawValue: "system-dark")
    /// The keywords, in the order messages list them.
    package static let known: [FillKeyword] = [.automatic, .none, .systemLight, .systemDark]
    /// For messages.
    package static let noun = "a fill keyword"
  }

  /// A gradient's direction: `{"start" : {"x", "y"}, "stop" : {"x", "y"}}`, points in unit
  /// coordinates (the vendored documents' values lie in 0 to 1, one at 1.029).
  package struct Orientation: IconComposerValue, Hashable {
    /// Where the gradient starts.
    package var start: Point
    /// Where it stops.
    package var stop: Point

    /// An orientation from `start` to `stop`.
    package init(start: Point, stop: Point) {
      self.start = start
      self.stop = stop
    }

    /// An object with exactly `start` and `stop`.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Orientation?
    {
      let form = "an object {\"start\" : {\"x\", \"y\"}, \"stop\" : {\"x\", \"y\"}}"
      guard var reader = IconComposerReader.object(json, at: path, expected: form, &problems)
      else { return nil }
      let start: Point? = reader.required("start", expected: "a point {\"x\", \"y\"}", &problems)
      let stop: Point? = reader.required("stop", expected: "a point {\"x\", \"y\"}", &problems)
      guard reader.finish(&problems), let start, let stop else { return nil }
      return Orientation(start: start, stop: stop)
    }

    /// `{"start", "stop"}`.
    package var json: JSONValue { .object(["start": start.json, "stop": stop.json]) }
  }

  /// A point `{"x", "y"}`.
  package struct Point: IconComposerValue, Hashable {
    /// x.
    package var x: Double
    /// y.
    package var y: Double

    /// A point.
    package init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }

    /// An object with exactly the numbers `x` and `y`.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Point?
    {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "a point {\"x\", \"y\"}", &problems)
      else { return nil }
      let x: Double? = reader.required("x", expected: "a number", &problems)
      let y: Double? = reader.required("y", expected: "a number", &problems)
      guard reader.finish(&problems), let x, let y else { return nil }
      return Point(x: x, y: y)
    }

    /// `{"x", "y"}`.
    package var json: JSONValue { .object(["x": .number(x), "y": .number(y)]) }
  }
}
