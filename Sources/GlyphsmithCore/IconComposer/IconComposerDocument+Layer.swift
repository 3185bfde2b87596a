import FoundationEssentials
import Glibc

extension IconComposerDocument {
  /// One layer: an SVG or PNG of the bundle's `Assets/` folder drawn on the 1024 pt canvas,
  /// with its fill, glass and compositing. Every property but `name` may vary by appearance
  /// (`Property`); `image-name-specializations` gives an appearance its own file.
  package struct Layer: Equatable, Sendable {
    /// `name`: the layer's name in Icon Composer's sidebar.
    package var name: String?
    /// `image-name`: the file in `Assets/` (spaces allowed, an extension optional); one of
    /// `imageName.value` and `imageName.specializations` is required.
    package var imageName: Property<String>
    /// `glass`: whether the layer is drawn as Liquid Glass.
    package var glass: Property<Bool>
    /// `fill`: the colour the layer's shape is filled with (`automatic`, `none`, solid,
    /// gradients); absent keeps the artwork's own colours.
    package var fill: Property<Fill>
    /// `opacity`, 0 to 1.
    package var opacity: Property<Double>
    /// `blend-mode`.
    package var blendMode: Property<BlendMode>
    /// `hidden`: whether the layer is left out.
    package var hidden: Property<Bool>
    /// `position`: scale and translation in pt of the 1024 pt canvas.
    package var position: Property<Position>
    /// Keys the model does not type, as read; written back unchanged.
    package var other: [String: JSONValue]

    /// A layer drawing `imageName`; every other property absent unless given.
    package init(
      name: String? = nil, imageName: Property<String>, glass: Property<Bool> = .init(),
      fill: Property<Fill> = .init(), opacity: Property<Double> = .init(),
      blendMode: Property<BlendMode> = .init(), hidden: Property<Bool> = .init(),
      position: Property<Position> = .init(), other: [String: JSONValue] = [:]
    ) {
      self.name = name
      self.imageName = imageName
      self.glass = glass
      self.fill = fill
      self.opacity = opacity
      self.blendMode = blendMode
      self.hidden = hidden
      self.position = position
      self.other = other
    }

    /// Reads the layer at `path` (`groups[0].layers[1]`); `nil` with a problem when it is
    /// not an object. A layer with neither `image-name` nor `image-name-specializations` is
    /// an error (`image-name` named as missing).
    package init?(json: JSONValue, path: String, problems: inout [Problem]) {
      guard
        var reader = IconComposerReader.object(
          json, at: path, expected: "an object (a layer)", &problems)
      else { return nil }
      let hasImage =
        reader.has("image-name") || reader.has("image-name-specializations")
      self.init(
        name: reader.value("name", &problems), imageName: reader.property("image-name", &problems),
        glass: reader.property("glass", &problems), fill: reader.property("fill", &problems),
        opacity: reader.property("opacity", in: 0...1, Problem.opacityRange, &problems),
        blendMode: reader.property("blend-mode", &problems),
        hidden: reader.property("hidden", &problems),
        position: reader.property("position", &problems))
      if !hasImage {
        problems.append(.missing("image-name", in: path, expected: "the layer's file in Assets/"))
      }
      other = reader.rest(&problems)
    }

    /// Every file name the layer draws: `image-name` and each specialization's, in order,
    /// each once.
    package var imageNames: [String] {
      var names: [String] = []
      for name in [imageName.value].compactMap({ $0 })
        + (imageName.specializations ?? []).map(\.value) where !names.contains(name)
      {
        names.append(name)
      }
      return names
    }

    /// The layer as JSON: the typed properties, then `other` over them.
    package var json: JSONValue {
      var members: [String: JSONValue] = [:]
      if let name { members["name"] = .string(name) }
      imageName.write(to: &members, key: "image-name")
      glass.write(to: &members, key: "glass")
      fill.write(to: &members, key: "fill")
      opacity.write(to: &members, key: "opacity")
      blendMode.write(to: &members, key: "blend-mode")
      hidden.write(to: &members, key: "hidden")
      position.write(to: &members, key: "position")
      return .object(members.merging(other) { _, kept in kept })
    }
  }
}
