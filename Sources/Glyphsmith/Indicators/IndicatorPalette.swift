/// Light or dark interface appearance (UIKit's `userInterfaceStyle`).
public enum Appearance: String, Sendable, CaseIterable {
  /// Light mode.
  case light
  /// Dark mode.
  case dark
}

/// The system colours indicator elements are drawn in, per iOS release family.
///
/// Source: specs.md "System colours" and "Tab bar icons" (sRGB hex). Default `ios18`
/// (iOS 13-18 values); `ios26` selectable.
public enum IndicatorPalette: String, Sendable, CaseIterable {
  /// iOS 13-18 colours (the default).
  case ios18
  /// iOS 26 colours.
  case ios26

  /// systemRed, the default badge colour: iOS 13-18 #FF3B30 / #FF453A, iOS 26 #FF383C /
  /// #FF4245 (light / dark).
  public func systemRed(_ appearance: Appearance) -> RGBA8 {
    switch (self, appearance) {
    case (.ios18, .light): return RGBA8(r: 0xFF, g: 0x3B, b: 0x30)
    case (.ios18, .dark): return RGBA8(r: 0xFF, g: 0x45, b: 0x3A)
    case (.ios26, .light): return RGBA8(r: 0xFF, g: 0x38, b: 0x3C)
    case (.ios26, .dark): return RGBA8(r: 0xFF, g: 0x42, b: 0x45)
    }
  }

  /// systemBlue, the default tint (selected tab): iOS 13-18 #007AFF / #0A84FF, iOS 26 #0088FF /
  /// #0091FF (light / dark).
  public func systemBlue(_ appearance: Appearance) -> RGBA8 {
    switch (self, appearance) {
    case (.ios18, .light): return RGBA8(r: 0x00, g: 0x7A, b: 0xFF)
    case (.ios18, .dark): return RGBA8(r: 0x0A, g: 0x84, b: 0xFF)
    case (.ios26, .light): return RGBA8(r: 0x00, g: 0x88, b: 0xFF)
    case (.ios26, .dark): return RGBA8(r: 0x00, g: 0x91, b: 0xFF)
    }
  }

  /// UIKit's unselected tab bar gray, #999999 light / #757575 dark (specs.md "Tab bar icons",
  /// Flutter's copy of UIKit; not systemGray). The same in both palettes.
  public func tabBarUnselected(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? RGBA8(r: 0x99, g: 0x99, b: 0x99) : RGBA8(r: 0x75, g: 0x75, b: 0x75)
  }

  /// Opacity of a disabled tab's tint relative to the unselected tint: 0.35. Glyphsmith's own
  /// value (UIKit publishes none; specs.md "Tab bar icons").
  public static let disabledOpacity = 0.35

  /// The tab bar's background, opaque: #F8F8F8 light / #161616 dark. Glyphsmith's choice (an
  /// opaque stand-in for UIKit's translucent bar material, which has no published value).
  public func tabBarBackground(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? RGBA8(r: 0xF8, g: 0xF8, b: 0xF8) : RGBA8(r: 0x16, g: 0x16, b: 0x16)
  }

  /// The tab bar's top hairline, 1 px at any scale: black at 30 % light, white at 15 % dark.
  /// Glyphsmith's choice (UIKit's shadow image has no published value).
  public func tabBarHairline(_ appearance: Appearance) -> RGBA8 {
    appearance == .light ? RGBA8(r: 0, g: 0, b: 0, a: 77) : RGBA8(r: 255, g: 255, b: 255, a: 38)
  }
}
