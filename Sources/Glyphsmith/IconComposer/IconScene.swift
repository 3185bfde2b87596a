import FoundationEssentials
import Glibc
import GlyphsmithCore

/// What an Icon Composer document draws in one appearance: its properties resolved
/// (`IconComposerDocument.Property.resolved`: the most specific specialization, else the
/// plain value, else Icon Composer's default), hidden groups and layers and those of opacity
/// 0 left out, each layer's placement on the 1024 pt canvas worked out.
///
/// Defaults where a key is absent (Icon Composer's, as its documents and `appicon --format
/// icon` write them): document fill `automatic`; group opacity 1, blend `normal`, shadow
/// `neutral` 0.5, translucency on at 0.5, specular on; layer opacity 1, blend `normal`, glass
/// on, fill none (the artwork's own colours), scale 1, no translation.
package struct IconScene: Sendable {
  /// The canvas side in pt.
  package static let canvas = 1024.0

  /// One layer to draw.
  package struct Layer: Sendable {
    /// Its key path, `groups[0].layers[1]`.
    package var keyPath: String
    /// Its index in its group (0: front).
    package var index: Int
    /// Its sidebar name, else its file name.
    package var name: String
    /// The file in `Assets/` drawn in this appearance.
    package var imageName: String
    /// The fill its shape is painted with; `nil` or `none`: the artwork's own colours.
    package var fill: IconComposerDocument.Fill?
    /// Opacity, 0 to 1.
    package var opacity: Double
    /// Blend mode onto the layers behind it in its group.
    package var blendMode: IconComposerDocument.BlendMode
    /// Whether it is drawn as Liquid Glass (specular, translucency).
    package var glass: Bool
    /// Its artwork's scale on the canvas: the layer's `position.scale` times its group's.
    package var scale: Double
    /// Where its artwork's centre lies on the canvas, pt from the canvas's top-left corner:
    /// the centre, moved by the group's scale times the layer's translation plus the
    /// group's translation (`translation-in-points`, y down).
    package var centre: (x: Double, y: Double)
  }

  /// One group to draw.
  package struct Group: Sendable {
    /// Its key path, `groups[0]`.
    package var keyPath: String
    /// Its index in the document (0: front).
    package var index: Int
    /// Its layers, front first.
    package var layers: [Layer]
    /// Opacity, 0 to 1.
    package var opacity: Double
    /// Blend mode onto what is behind the group.
    package var blendMode: IconComposerDocument.BlendMode
    /// Its shadow; `nil` for `none`.
    package var shadow: IconComposerDocument.Shadow?
    /// Its translucency: the share, 0 to 1, of what is behind that shows through its glass
    /// (0 when not enabled).
    package var translucency: Double
    /// Whether its glass shows the specular highlight.
    package var specular: Bool
  }

  /// The appearance resolved.
  package var appearance: IconAppearance
  /// The document's fill in this appearance; `nil` when the document has none for it (dark
  /// without a dark fill: the system's dark background).
  package var fill: IconComposerDocument.Fill?
  /// The groups drawn, front first.
  package var groups: [Group]

  /// The scene of `document` in `appearance` on `idiom` (`nil`: the shared square).
  /// `isDrawable(imageName)` tells whether a layer file can be drawn (a layer whose file
  /// cannot is left out).
  package init(
    _ document: IconComposerDocument, appearance: IconAppearance,
    idiom: IconComposerDocument.Idiom? = nil, isDrawable: (String) -> Bool = { _ in true }
  ) {
    typealias Document = IconComposerDocument
    self.appearance = appearance
    let a = appearance.documentAppearance
    if appearance == .dark
      && !(document.fill.specializations ?? []).contains(where: { $0.appearance == .dark })
    {
      // No dark fill of its own: the system's dark background.
      fill = nil
    } else {
      fill = document.fill.resolved(appearance: a, idiom: idiom) ?? .automatic
    }
    var groups: [Group] = []
    for (g, group) in document.groups.enumerated() {
      guard group.hidden.resolved(appearance: a, idiom: idiom) != true else { continue }
      let opacity = group.opacity.resolved(appearance: a, idiom: idiom) ?? 1
      guard opacity > 0 else { continue }
      let position = group.position.resolved(appearance: a, idiom: idiom)
      let groupScale = position?.scale ?? 1
      var layers: [Layer] = []
      for (l, layer) in group.layers.enumerated() {
        guard layer.hidden.resolved(appearance: a, idiom: idiom) != true,
          let imageName = layer.imageName.resolved(appearance: a, idiom: idiom),
          isDrawable(imageName)
        else { continue }
        let layerOpacity = layer.opacity.resolved(appearance: a, idiom: idiom) ?? 1
        guard layerOpacity > 0 else { continue }
        let layerPosition = layer.position.resolved(appearance: a, idiom: idiom)
        let scale = groupScale * (layerPosition?.scale ?? 1)
        let lt: (x: Double, y: Double) = layerPosition?.translation ?? (0, 0)
        let gt: (x: Double, y: Double) = position?.translation ?? (0, 0)
        layers.append(
          Layer(
            keyPath: "groups[\(g)].layers[\(l)]", index: l, name: layer.name ?? imageName,
            imageName: imageName, fill: layer.fill.resolved(appearance: a, idiom: idiom),
            opacity: layerOpacity,
            blendMode: layer.blendMode.resolved(appearance: a, idiom: idiom) ?? .normal,
            glass: layer.glass.resolved(appearance: a, idiom: idiom) ?? true, scale: scale,
            centre: (
              Self.canvas / 2 + groupScale * lt.x + gt.x,
              Self.canvas / 2 + groupScale * lt.y + gt.y
            )))
      }
      guard !layers.isEmpty else { continue }
      let shadow =
        group.shadow.resolved(appearance: a, idiom: idiom)
        ?? Document.Shadow(kind: .neutral, opacity: 0.5)
      let translucency =
        group.translucency.resolved(appearance: a, idiom: idiom)
        ?? Document.Translucency(enabled: true, value: 0.5)
      groups.append(
        Group(
          keyPath: "groups[\(g)]", index: g, layers: layers, opacity: opacity,
          blendMode: group.blendMode.resolved(appearance: a, idiom: idiom) ?? .normal,
          shadow: shadow.kind == .none ? nil : shadow,
          translucency: translucency.enabled ? min(max(translucency.value, 0), 1) : 0,
          specular: group.specular.resolved(appearance: a, idiom: idiom) ?? true))
    }
    self.groups = groups
  }
}
