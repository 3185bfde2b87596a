import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// A group's `blur-material`: the frosting behind its glass, a number (0 to 1: the
  /// vendored documents hold 0.1 to 0.9) or `null` for none.
  package struct BlurMaterial: IconComposerValue, Hashable {
    /// The amount; `nil` for `null`.
    package var amount: Double?
    /// A blur material of `amount` (`nil`: none).
    package init(_ amount: Double?) { self.amount = amount }

    /// A number or `null`.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> BlurMaterial?
    {
      switch json {
      case .null: return BlurMaterial(nil)
      case .number(let number):
        Problem.check(
          number, in: 0...1, at: path,
          "a blur material is from 0 (none) to 1 (the most frosting), as Icon Composer's slider "
            + "sets it (Apple's documents hold 0.1 to 0.9; docs/formats.md), or null", &problems)
        return BlurMaterial(number)
      default:
        problems.append(.wrongType(at: path, expected: "a number or null", found: json))
        return nil
      }
    }

    /// The number, or `null`.
    package var json: JSONValue { amount.map(JSONValue.number) ?? .null }
  }

  /// A group's `shadow`: `{"kind", "opacity"}`.
  package struct Shadow: IconComposerValue, Hashable {
    /// `neutral`, `layer-color` or `none`.
    package var kind: ShadowKind
    /// 0 to 1 (Icon Composer writes 0.5 by default).
    package var opacity: Double

    /// A shadow.
    package init(kind: ShadowKind, opacity: Double) {
      self.kind = kind
      self.opacity = opacity
    }

    /// An object with exactly `kind` and `opacity`.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Shadow?
    {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object {\"kind\", \"opacity\"}", &problems)
      else { return nil }
      let kind: ShadowKind? = reader.required("kind", expected: "a shadow kind", &problems)
      let opacity: Double? = reader.required("opacity", expected: "a number", &problems)
      guard reader.finish(&problems), let kind, let opacity else { return nil }
      Problem.check(
        opacity, in: 0...1, at: reader.keyPath("opacity"), Problem.opacityRange, &problems)
      return Shadow(kind: kind, opacity: opacity)
    }

    /// `{"kind", "opacity"}`.
    package var json: JSONValue { .object(["kind": kind.json, "opacity": .number(opacity)]) }
  }

  /// A group's `translucency`: `{"enabled", "value"}`.
  package struct Translucency: IconComposerValue, Hashable {
    /// Whether the glass lets what is behind it through.
    package var enabled: Bool
    /// How much, 0 to 1 (Icon Composer writes 0.5 by default).
    package var value: Double

    /// A translucency.
    package init(enabled: Bool, value: Double) {
      self.enabled = enabled
      self.value = value
    }

    /// An object with exactly `enabled` and `value`.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Translucency?
    {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object {\"enabled\", \"value\"}", &problems)
      else { return nil }
      let enabled: Bool? = reader.required("enabled", expected: "a boolean", &problems)
      let value: Double? = reader.required("value", expected: "a number", &problems)
      guard reader.finish(&problems), let enabled, let value else { return nil }
      Problem.check(
        value, in: 0...1, at: reader.keyPath("value"),
        "a translucency is from 0 (opaque glass) to 1 (clear), as Icon Composer's slider sets it",
        &problems)
      return Translucency(enabled: enabled, value: value)
    }

    /// `{"enabled", "value"}`.
    package var json: JSONValue { .object(["enabled": .bool(enabled), "value": .number(value)]) }
  }

  /// A group's or layer's `position`: `{"scale", "translation-in-points" : [x, y]}`.
  package struct Position: IconComposerValue, Hashable {
    /// The scale (1: the artwork's own size on the 1024 pt canvas).
    package var scale: Double
    /// The translation in pt of the 1024 pt canvas, x then y.
    package var translation: (x: Double, y: Double)

    /// A position.
    package init(scale: Double, translation: (x: Double, y: Double) = (0, 0)) {
      self.scale = scale
      self.translation = translation
    }

    /// Equal scale and translation.
    package static func == (a: Position, b: Position) -> Bool {
      a.scale == b.scale && a.translation == b.translation
    }

    /// Hashes the scale and translation.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(scale)
      hasher.combine(translation.x)
      hasher.combine(translation.y)
    }

    /// The largest translation (pt, each axis) a layer's centre may have without a warning:
    /// 1024, the centre half a canvas past the canvas's edge.
    package static let maximumTranslation = 1024.0

    /// The largest `scale` taken: 1024, at which a layer 1 pt wide spans the whole canvas
    /// (Apple's documents hold 0.65 to 1.3). Above it (`1e300`) the renderer cannot place the
    /// layer at all: a `range` error (issue 35's second trial, finding 5).
    package static let maximumScale = 1024.0
    /// An object with exactly `scale` and `translation-in-points` (two numbers); a scale of 0
    /// or less, or a translation past `maximumTranslation`, is a `position` warning.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> Position?
    {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object {\"scale\", \"translation-in-points\" : [x, y]}",
          &problems)
      else { return nil }
      let scale: Double? = reader.required("scale", expected: "a number", &problems)
      let translation = reader.array(
        "translation-in-points", required: true, expected: "an array [x, y] of numbers",
        &problems
      ) { json, path, problems in
        Double.read(json, at: path, &problems)
      }
      if let translation, translation.count != 2 {
        problems.append(
          Problem(
            .wrongType, at: reader.keyPath("translation-in-points"),
            "expected an array [x, y] of 2 numbers, found \(translation.count)"))
        return nil
      }
      guard reader.finish(&problems), let scale, let translation else { return nil }
      // Forms the format takes, values Icon Composer's own documents never hold (issue 35's
      // trial, finding 11): warnings; a scale no renderer can draw: an error.
      if !scale.isFinite || scale > Self.maximumScale {
        Problem.check(
          scale, in: 0...Self.maximumScale, at: reader.keyPath("scale"),
          "1 is the layer's own size and \(IconComposerJSON.number(Self.maximumScale)) draws a 1 pt "
            + "layer over the whole 1024 pt canvas (Apple's documents hold 0.65 to 1.3); give a "
            + "scale in that range", &problems)
      } else if scale <= 0 {
        problems.append(
          Problem(
            .position, at: reader.keyPath("scale"),
            "\(IconComposerJSON.number(scale)): Icon Composer's scale is above 0 (1 is the "
              + "layer's own size); at 0 or below the layer is not drawn, or drawn mirrored"))
      }
      if let far = translation.first(where: { !$0.isFinite }) {
        problems.append(
          Problem(
            .range, at: reader.keyPath("translation-in-points"),
            "\(far) pt is no position on the canvas; give a translation in pt of the 1024 pt canvas"
          ))
      } else if let far = translation.first(where: { !(abs($0) <= Self.maximumTranslation) }) {
        problems.append(
          Problem(
            .position, at: reader.keyPath("translation-in-points"),
            "\(IconComposerJSON.number(far)) pt moves the layer's centre past the canvas by more "
              + "than half the 1024 pt canvas: it is off the icon; Icon Composer's positions "
              + "keep a layer on the canvas"))
      }
      return Position(scale: scale, translation: (translation[0], translation[1]))
    }

    /// `{"scale", "translation-in-points" : [x, y]}`.
    package var json: JSONValue {
      .object([
        "scale": .number(scale),
        "translation-in-points": .array([.number(translation.x), .number(translation.y)]),
      ])
    }
  }

  /// The document's `supported-platforms`: `{"circles" : ["watchOS"], "squares" : "shared"}`
  /// (`squares` may list platforms, `["macOS"]`).
  package struct SupportedPlatforms: IconComposerValue, Hashable {
    /// `circles`: the platforms that draw the icon as a circle (`["watchOS"]`), when present.
    package var circles: [String]?
    /// `squares`: `"shared"` or the platforms that draw it as a rounded square, when present.
    package var squares: Squares?

    /// `squares`' two forms.
    package enum Squares: Hashable, Sendable {
      /// A string: `"shared"` in the vendored documents.
      case keyword(String)
      /// A list of platforms: `["macOS"]`.
      case platforms([String])
    }

    /// Supported platforms.
    package init(circles: [String]? = nil, squares: Squares? = nil) {
      self.circles = circles
      self.squares = squares
    }

    /// An object with `circles` (strings) and `squares` (a string or strings), both optional.
    package static func read(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> SupportedPlatforms?
    {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object {\"circles\", \"squares\"}", &problems)
      else { return nil }
      let circles = reader.array("circles", required: false, expected: "", &problems) {
        json, path, problems in platform(json, at: path, &problems)
      }
      var squares: Squares?
      if let value = reader.take("squares") {
        switch value {
        case .string(let text):
          if text != "shared" {
            problems.append(
              Problem(
                .range, at: reader.keyPath("squares"),
                "'\(text)' is not a value Icon Composer writes; give \"shared\" (every platform's "
                  + "square) or a list of platforms, as [\"macOS\"] (docs/formats.md)"))
          }
          squares = .keyword(text)
        case .array:
          if let names = IconComposerReader.list(
            value, at: reader.keyPath("squares"), &problems,
            { json, path, problems in platform(json, at: path, &problems) })
          {
            squares = .platforms(names)
          } else {
            reader.keep("squares", value)
          }
        default:
          problems.append(
            .wrongType(
              at: reader.keyPath("squares"), expected: "\"shared\" or an array of platforms",
              found: value))
          reader.keep("squares", value)
        }
      }
      guard reader.finish(&problems) else { return nil }
      return SupportedPlatforms(circles: circles, squares: squares)
    }

    /// The platforms Icon Composer's document offers: iOS (with iPadOS), macOS and watchOS.
    package static let platforms = ["iOS", "macOS", "watchOS"]

    /// A string naming one of `platforms`; another string is a `range` error (kept, so
    /// that it is written back), another form a wrong-type one.
    static func platform(_ json: JSONValue, at path: String, _ problems: inout [Problem])
      -> String?
    {
      guard let name = String.read(json, at: path, &problems) else { return nil }
      if !platforms.contains(name) {
        problems.append(
          Problem(
            .range, at: path,
            "'\(name)' is not a platform Icon Composer offers; give one of "
              + platforms.joined(separator: ", ")))
      }
      return name
    }

    /// The object, with the keys present.
    package var json: JSONValue {
      var members: [String: JSONValue] = [:]
      if let circles { members["circles"] = .array(circles.map(JSONValue.string)) }
      switch squares {
      case .keyword(let text): members["squares"] = .string(text)
      case .platforms(let names): members["squares"] = .array(names.map(JSONValue.string))
      case nil: break
      }
      return .object(members)
    }
  }

  /// A `blend-mode`. `normal`, `screen`, `lighten` and `plus-lighter` occur in the vendored
  /// documents; the others are the rest of Core Graphics' blend modes spelled the same way, an
  /// assumption (no vendored file shows them), so an unknown mode is a warning, never an error.
  package struct BlendMode: IconComposerKeyword {
    /// The string.
    package var rawValue: String
    /// A blend mode with this text.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// `normal`: source over.
    package static let normal = BlendMode(rawValue: "normal")
    /// The modes, in the order messages list them.
    package static let known: [BlendMode] = [
      "normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge",
      "color-burn", "soft-light", "hard-light", "difference", "exclusion", "hue", "saturation",
      "color", "luminosity", "plus-darker", "plus-lighter",
    ].map(BlendMode.init(rawValue:))
    /// For messages.
    package static let noun = "a blend mode"
  }

  /// A group's `lighting`: `combined` (the group lit as one shape) or `individual` (each
  /// layer lit on its own).
  package struct Lighting: IconComposerKeyword {
    /// The string.
    package var rawValue: String
    /// A lighting with this text.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// `combined`.
    package static let combined = Lighting(rawValue: "combined")
    /// `individual`.
    package static let individual = Lighting(rawValue: "individual")
    /// Both, in the order messages list them.
    package static let known: [Lighting] = [.combined, .individual]
    /// For messages.
    package static let noun = "a lighting"
  }

  /// A shadow's `kind`: `neutral`, `layer-color` (tinted by the layer) or `none`.
  package struct ShadowKind: IconComposerKeyword {
    /// The string.
    package var rawValue: String
    /// A kind with this text.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// `neutral`: Icon Composer's default.
    package static let neutral = ShadowKind(rawValue: "neutral")
    /// `layer-color`.
    package static let layerColor = ShadowKind(rawValue: "layer-color")
    /// `none`.
    package static let none = ShadowKind(rawValue: "none")
    /// The kinds, in the order messages list them.
    package static let known: [ShadowKind] = [.neutral, .layerColor, .none]
    /// For messages.
    package static let noun = "a shadow kind"
  }
}
