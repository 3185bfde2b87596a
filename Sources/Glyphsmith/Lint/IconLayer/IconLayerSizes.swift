/// The sizes an iOS app icon is shown at, which `lint --role icon-layer` checks a layer
/// against: the slots of the iOS app icon list (`LegacyIconSlot.iOS`, Xcode 13's, the sizes
/// the system still draws the single 1024 pt icon at) of 29 pt and more and 40 px and more,
/// from the 1024 px App Store icon down to the 29 pt Settings icon (58 px at @2x, the
/// smallest that ships on iPhone) and the 40 px Spotlight icon (40 pt at @1x, iPad). Smaller
/// slots (20 pt notifications, 29 px) are left out.
package enum IconLayerSizes {
  /// One size: px, and the slots drawn at it.
  package struct Size: Equatable, Sendable {
    /// The icon's side in px.
    package var pixels: Int
    /// The slots of that size, `60 pt @2x` style, in `LegacyIconSlot.iOS` order.
    package var slots: [String]
  }

  /// The sizes, largest first (1024, 180, 167, 152, 120, 87, 80, 76, 58, 40 px).
  package static let all: [Size] = {
    var sizes: [Int: [String]] = [:]
    for slot in LegacyIconSlot.iOS where Double(slot.sizePt)! >= 29 && slot.pixels >= 40 {
      let name = "\(slot.sizePt) pt @\(slot.scale)x"
      if !(sizes[slot.pixels] ?? []).contains(name) { sizes[slot.pixels, default: []].append(name) }
    }
    return sizes.keys.sorted(by: >).map { Size(pixels: $0, slots: sizes[$0]!) }
  }()

  /// The smallest size, px (40: Spotlight, 40 pt @1x).
  package static var smallest: Int { all.last!.pixels }

  /// The 29 pt Settings icon's size at @2x, px (58).
  package static let settings = 58
}
