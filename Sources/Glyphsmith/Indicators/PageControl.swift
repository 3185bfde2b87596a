import FoundationEssentials
import Glibc
import GlyphsmithCore

/// A page control (UIPageControl) as a picture: one dot per page, the current one opaque, the
/// others translucent; custom indicator images per page or for the current page.
///
/// Geometry (specs.md "Page control", iOS 7-13 style as measured by third parties): dots 7 pt
/// across, 9 pt gaps between neighbours (16 pt centre to centre), all centred on one
/// horizontal line; the control at least 36 pt high. Above `maxVisible` pages, a window around
/// the current page whose end dots shrink to 1/2 and 1/4 (iOS 14+, Apple's figure of 9).
/// Sizes are pt; px = pt x scale, rounded to whole px per item so dots stay crisp. Pages are
/// 0-based, as `currentPage`.
public struct PageControl {
  /// Number of pages, at least 1.
  public var pageCount: Int
  /// The current page, 0-based, in `0..<pageCount`.
  public var currentPage: Int
  /// Colour of the other pages' dots and images (default white at 0.2 alpha, #FFFFFF33).
  public var tint: RGBA8
  /// Colour of the current page's dot or image (default opaque white).
  public var currentTint: RGBA8
  /// Most dots shown at once (default 9); more pages show a window with shrunk ends.
  public var maxVisible: Int
  /// Colour under the whole control; `nil`: transparent.
  public var background: RGBA8?
  /// Custom indicator artwork by page (iOS 14+ `setIndicatorImage(_:forPage:)`), drawn as a
  /// template glyph tinted like a dot, sized by `indicatorSize` (default: ink 8 pt high, width
  /// from its aspect ratio, so a 20 x 8 capsule stays 20 x 8 pt).
  public var indicators: [Int: Artwork]
  /// Artwork for whichever page is current (iOS 16+ current-page indicator image); wins over
  /// `indicators` for that page.
  public var currentIndicator: Artwork?
  /// How custom indicator images are sized.
  public var indicatorSize: IndicatorSize = .fitted

  /// How a custom indicator image is sized.
  public enum IndicatorSize: String, Sendable, CaseIterable {
    /// The image's ink fitted to `indicatorHeightPt` (8 pt) high, its width from its aspect
    /// ratio (an image taller than wide is 8 pt high and narrower).
    case fitted
    /// A PNG at its own size, px / scale pt (drawn 1:1 at the control's scale); an SVG at its
    /// intrinsic canvas size in pt. Cropped to its ink.
    case natural
  }

  /// Height custom indicator images are fitted to, 8 pt: the page-indicator dot scale
  /// (specs.md "Page control": indicator images are fitted to the dot's scale).
  public static let indicatorHeightPt = 8.0

  /// Dot diameter, 7 pt (specs.md "Page control").
  public static let dotDiameterPt = 7.0
  /// Gap between neighbouring dots or images, 9 pt (specs.md "Page control").
  public static let gapPt = 9.0
  /// Smallest control height, 36 pt (specs.md "Page control").
  public static let minimumHeightPt = 36.0
  /// Transparent margin left and right of the first and last item: one gap, 9 pt.
  /// Glyphsmith's choice (UIKit's control is as wide as its superview).
  public static let sideMarginPt = 9.0
  /// Size factors of the two end dots of a clipped window, outermost first: 1/4 and 1/2
  /// (specs.md "Page control", iOS 14+).
  public static let endDotFactors = [0.25, 0.5]
  /// Page counts above this get a warning: dots are hard to count at a glance (HIG).
  public static let warningPageCount = 10
  /// More different indicator images than this per control get a warning (HIG: at most 2).
  public static let maximumDistinctImages = 2
  /// UIKit's default tint of the other pages: white at 0.2 alpha.
  public static let defaultTint = RGBA8(r: 255, g: 255, b: 255, a: 51)

  /// A control with UIKit's default colours.
  public init(
    pageCount: Int, currentPage: Int, tint: RGBA8 = PageControl.defaultTint,
    currentTint: RGBA8 = .white, maxVisible: Int = 9, background: RGBA8? = nil,
    indicators: [Int: Artwork] = [:], currentIndicator: Artwork? = nil
  ) {
    self.pageCount = pageCount
    self.currentPage = currentPage
    self.tint = tint
    self.currentTint = currentTint
    self.maxVisible = maxVisible
    self.background = background
    self.indicators = indicators
    self.currentIndicator = currentIndicator
  }

  /// One shown page: its index and its size factor (1 full, 0.5 and 0.25 at clipped ends).
  public struct VisiblePage: Sendable, Equatable {
    /// Page index, 0-based.
    public var page: Int
    /// Size relative to a full dot or image.
    public var factor: Double
  }

  /// Checks the page numbers.
  /// - Throws: `GlyphsmithError.invalidOption` for no pages, a current page or indicator page
  ///   outside `0..<pageCount`, or `maxVisible` below 1.
  public func validate() throws {
    guard pageCount >= 1 else {
      throw GlyphsmithError.invalidOption("a page control needs at least 1 page, got \(pageCount)")
    }
    guard (0..<pageCount).contains(currentPage) else {
      throw GlyphsmithError.invalidOption(
        "current page \(currentPage) is outside 0..<\(pageCount) (pages are 0-based)")
    }
    guard maxVisible >= 1 else {
      throw GlyphsmithError.invalidOption("max visible dots must be at least 1, got \(maxVisible)")
    }
    for page in indicators.keys.sorted() where !(0..<pageCount).contains(page) {
      throw GlyphsmithError.invalidOption(
        "indicator page \(page) is outside 0..<\(pageCount) (pages are 0-based)")
    }
  }

  /// The pages shown, left to right: all of them up to `maxVisible`; else a window of
  /// `maxVisible` centred on the current page (clamped at the ends) whose two outermost dots on
  /// each clipped side shrink to 1/4 and 1/2 (only when `maxVisible` is 5 or more, so the
  /// current page is never shrunk).
  public var visiblePages: [VisiblePage] {
    guard pageCount > maxVisible else {
      return (0..<max(0, pageCount)).map { VisiblePage(page: $0, factor: 1) }
    }
    let start = min(max(0, currentPage - maxVisible / 2), pageCount - maxVisible)
    var pages = (start..<(start + maxVisible)).map { VisiblePage(page: $0, factor: 1) }
    if maxVisible >= 5 {
      if start > 0 {
        pages[0].factor = Self.endDotFactors[0]
        pages[1].factor = Self.endDotFactors[1]
      }
      if start + maxVisible < pageCount {
        pages[maxVisible - 1].factor = Self.endDotFactors[0]
        pages[maxVisible - 2].factor = Self.endDotFactors[1]
      }
    }
    return pages
  }

  /// Advice for the user (kind `layout`, no path): more than 10 pages (HIG: hard to count;
  /// use another arrangement) and more than 2 different indicator images (HIG).
  public var diagnostics: [Diagnostic] {
    var result: [Diagnostic] = []
    if pageCount > Self.warningPageCount {
      result.append(
        .warning(
          "\(pageCount) pages: more than about \(Self.warningPageCount) dots are hard to "
            + "count at a glance (HIG \"Page controls\"); consider another arrangement, such as a "
            + "list, a grid or a page counter", kind: Diagnostic.Kind.layout))
    }
    var paths = Set(indicators.values.map(\.path))
    if let currentIndicator { paths.insert(currentIndicator.path) }
    if paths.count > Self.maximumDistinctImages {
      result.append(
        .warning(
          "\(paths.count) different indicator images; the HIG advises at most "
            + "\(Self.maximumDistinctImages) per page control", kind: Diagnostic.Kind.layout))
    }
    return result
  }

  /// Renders the control at `scale` px per pt.
  ///
  /// Each shown page takes a slot: round(7 pt x scale) px for a dot (shrunk dots keep the
  /// full slot, so centres stay 16 pt apart), the cropped ink width for an indicator image
  /// (each keeps its own aspect ratio and size: `indicatorSize`). Slots are round(9 pt x
  /// scale) px apart, with the same margin at both ends; the height is max(round(36 pt x scale), tallest item) px.
  /// Items are centred on one horizontal line at whole-px positions.
  /// - Throws: as `validate()`; `GlyphsmithError.invalidOption` for a scale of zero or less,
  ///   `.emptyArtwork` for an indicator without ink, `.render` on a renderer failure.
  public func render(scale: Double) throws -> RGBAImage {
    try validate()
    try Drawing.checkScale(scale)
    let dotPx = max(1, Int((Self.dotDiameterPt * scale).rounded()))
    let gapPx = Int((Self.gapPt * scale).rounded())
    let marginPx = Int((Self.sideMarginPt * scale).rounded())

    struct Item {
      var image: RGBAImage?  // tinted indicator, cropped to ink
      var slot: Int
      var factor: Double
      var colour: RGBA8
    }
    var cache: [String: RGBAImage] = [:]
    var items: [Item] = []
    for visible in visiblePages {
      let isCurrent = visible.page == currentPage
      let colour = isCurrent ? currentTint : tint
      let artwork =
        isCurrent ? (currentIndicator ?? indicators[visible.page]) : indicators[visible.page]
      if let artwork {
        let glyph: RGBAImage
        if let cached = cache[artwork.path] {
          glyph = cached
        } else {
          glyph = try Self.croppedToInk(indicatorImage(artwork, scale: scale))
          cache[artwork.path] = glyph
        }
        var tinted = glyph
        GlyphRenderer.recolour(&tinted, to: colour)
        items.append(Item(image: tinted, slot: glyph.width, factor: visible.factor, colour: colour))
      } else {
        items.append(Item(image: nil, slot: dotPx, factor: visible.factor, colour: colour))
      }
    }
    let content = items.map(\.slot).reduce(0, +) + gapPx * max(0, items.count - 1)
    let width = content + 2 * marginPx
    let tallest = items.map { $0.image?.height ?? dotPx }.max() ?? dotPx
    let height = max(Int((Self.minimumHeightPt * scale).rounded()), tallest)
    // The common centre line: where a full dot's centre falls when its top is a whole px.
    let lineY = Double((height - dotPx) / 2) + Double(dotPx) / 2

    do {
      let canvas = try Canvas(width: width, height: height)
      if let background { canvas.fill(background) }
      var x = marginPx
      for item in items {
        if let image = item.image {
          let w = Double(image.width) * item.factor
          let h = Double(image.height) * item.factor
          let left = item.factor == 1 ? Double(x) : Double(x) + (Double(item.slot) - w) / 2
          let top = item.factor == 1 ? (lineY - h / 2).rounded(.down) : lineY - h / 2
          try canvas.draw(image, in: Rect(x: left, y: top, width: w, height: h))
        } else {
          let d = Double(dotPx) * item.factor
          let left = Double(x) + (Double(item.slot) - d) / 2
          canvas.fillEllipse(
            in: Rect(x: left, y: lineY - d / 2, width: d, height: d), color: item.colour)
        }
        x += item.slot + gapPx
      }
      return try canvas.image()
    } catch {
      throw GlyphsmithError.wrap(error, path: "page control")
    }
  }

  /// The side in pt of the box `artwork`'s ink is fitted into as drawn at `scale` (what
  /// `lint --role indicator --size` should check): 8 pt x max(1, width / height) fitted, the
  /// long side of the PNG's px / scale or of the SVG's canvas natural.
  /// - Throws: `GlyphsmithError.emptyArtwork` for artwork without ink.
  public func drawnBoxPt(_ artwork: Artwork, scale: Double) throws -> Double {
    switch indicatorSize {
    case .fitted:
      guard let ink = try artwork.ink(), ink.bounds.width > 0, ink.bounds.height > 0 else {
        throw GlyphsmithError.emptyArtwork(path: artwork.path)
      }
      return Self.indicatorHeightPt * max(1, ink.bounds.width / ink.bounds.height)
    case .natural:
      if case .raster(let image) = artwork.source {
        return Double(max(image.width, image.height)) / scale
      }
      return max(artwork.canvasSize.width, artwork.canvasSize.height)
    }
  }

  /// A custom indicator image as a black template at `scale`, before cropping: fitted (ink 8
  /// pt high, width by aspect ratio) or natural (a PNG's pixels as they are, an SVG's canvas
  /// at its intrinsic size x scale).
  /// - Throws: `GlyphsmithError.emptyArtwork` for artwork without ink; `.render` on failure.
  func indicatorImage(_ artwork: Artwork, scale: Double) throws -> RGBAImage {
    switch indicatorSize {
    case .fitted:
      guard let ink = try artwork.ink(), ink.bounds.width > 0, ink.bounds.height > 0 else {
        throw GlyphsmithError.emptyArtwork(path: artwork.path)
      }
      var options = RenderOptions()
      options.role = .indicator
      options.scale = scale
      // The fitted box is square: its side is the height times the aspect ratio when the ink
      // is wider than tall, so that the height comes out at 8 pt.
      options.sizePt =
        Self.indicatorHeightPt * max(1, ink.bounds.width / ink.bounds.height)
      return try GlyphRenderer.render(artwork, options: options).image
    case .natural:
      if case .raster(var image) = artwork.source {
        GlyphRenderer.recolour(&image, to: .black)
        return image
      }
      var options = RenderOptions()
      options.scale = scale
      options.template = true
      return try GlyphRenderer.render(artwork, options: options).image
    }
  }

  /// `image` cropped to the pixels with any alpha (the whole image when it has none).
  static func croppedToInk(_ image: RGBAImage) -> RGBAImage {
    var minX = image.width
    var minY = image.height
    var maxX = -1
    var maxY = -1
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return image }
    let w = maxX - minX + 1
    let h = maxY - minY + 1
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let from = ((minY + y) * image.width + minX) * 4
      pixels.replaceSubrange(
        (y * w * 4)..<((y + 1) * w * 4), with: image.pixels[from..<(from + w * 4)])
    }
    return RGBAImage(width: w, height: h, pixels: pixels)
  }
}
