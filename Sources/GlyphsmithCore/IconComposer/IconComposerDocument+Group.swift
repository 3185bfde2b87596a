import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// One group of layers (Icon Composer's sidebar holds up to four): the glass material
  /// settings that apply to its layers together. Every property but `name` and `layers` may
  /// vary by appearance (`Property`). Keys as the vendored documents and the 145-document key
  /// counts show them (docs/formats.md, "Icon Composer").
  package struct Group: Equatable, Sendable {
    /// `name`: the group's name in Icon Composer's sidebar.
    package var name: String?
    /// `layers`, front first (required).
    package var layers: [Layer]
    /// `hidden`: whether the group is left out.
    package var hidden: Property<Bool>
    /// `opacity`, 0 to 1.
    package var opacity: Property<Double>
    /// `blur-material`: the frosting behind the group, 0 to 1, or `null` for none.
    package var blurMaterial: Property<BlurMaterial>
    /// `shadow`: `{"kind", "opacity"}`.
    package var shadow: Property<Shadow>
    /// `translucency`: `{"enabled", "value"}`.
    package var translucency: Property<Translucency>
    /// `specular`: whether the glass shows its specular highlight.
    package var specular: Property<Bool>
    /// `blend-mode`: how the group is composited onto what is behind it.
    package var blendMode: Property<BlendMode>
    /// `lighting`: `combined` (the group lit as one shape) or `individual` (each layer).
    package var lighting: Property<Lighting>
    /// `position`: scale and translation in pt of the 1024 pt canvas.
    package var position: Property<Position>
    /// Keys the model does not type, as read; written back unchanged.
    package var other: [String: JSONValue]

    /// A group of `layers`; every other property absent (Icon Composer's defaults) unless
    /// given.
    package init(
      name: String? = nil, layers: [Layer], hidden: Property<Bool> = .init(),
      opacity: Property<Double> = .init(), blurMaterial: Property<BlurMaterial> = .init(),
      shadow: Property<Shadow> = .init(), translucency: Property<Translucency> = .init(),
      specular: Property<Bool> = .init(), blendMode: Property<BlendMode> = .init(),
      lighting: Property<Lighting> = .init(), position: Property<Position> = .init(),
      other: [String: JSONValue] = [:]
    ) {
      self.name = name
      self.layers = layers
      self.hidden = hidden
      self.opacity = opacity
      self.blurMaterial = blurMaterial
      self.shadow = shadow
      self.translucency = translucency
      self.specular = specular
      self.blendMode = blendMode
      self.lighting = lighting
      self.position = position
      self.other = other
    }

    /// Reads the group at `path` (`groups[0]`); `nil` with a problem when it is not an
    /// object. Problems inside are appended; what cannot be typed is kept in `other`.
    package init?(json: JSONValue, path: String, problems: inout [Problem]) {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object (a group)", &problems)
      else { return nil }
      let name: String? = reader.value("name", &problems)
      let layers = reader.array(
        "layers", required: true, expected: "an array of layers", &problems
      ) { json, path, problems in
        Layer(json: json, path: path, problems: &problems)
      }
      self.init(
        name: name, layers: layers ?? [], hidden: reader.property("hidden", &problems),
        opacity: reader.property("opacity", in: 0...1, Problem.opacityRange, &problems),
        blurMaterial: reader.property("blur-material", &problems),
        shadow: reader.property("shadow", &problems),
        translucency: reader.property("translucency", &problems),
        specular: reader.property("specular", &problems),
        blendMode: reader.property("blend-mode", &problems),
        lighting: reader.property("lighting", &problems),
        position: reader.property("position", &problems))
      other = reader.rest(&problems)
    }

    /// The group as JSON: the typed properties, then `other` over them.
    package var json: JSONValue {
      var members: [String: JSONValue] = ["layers": .array(layers.map(\.json))]
      if let name { members["name"] = .string(name) }
      hidden.write(to: &members, key: "hidden")
      opacity.write(to: &members, key: "opacity")
      blurMaterial.write(to: &members, key: "blur-material")
      shadow.write(to: &members, key: "shadow")
      translucency.write(to: &members, key: "translucency")
      specular.write(to: &members, key: "specular")
      blendMode.write(to: &members, key: "blend-mode")
      lighting.write(to: &members, key: "lighting")
      position.write(to: &members, key: "position")
      return .object(members.merging(other) { _, kept in kept })
    }
  }
}
