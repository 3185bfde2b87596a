import GlyphsmithRender

/// Makes and repairs the Ultralight and Black outlines of one template path (issue 27).
///
/// - Fills are grown (Black) and thinned (Ultralight) with `OutlineOffset`, by
///   `SymbolOptions.emboldenUnits` / `thinUnits` or, for thin art, by a share of its mean
///   thickness (`blackShare`, `ultralightShare`), whichever is less; when that
///   would close a hole (a contour losing its direction or more than `keptArea` of its
///   area), the amount is halved until it does not (at most `halvings` times).
/// - Every contour keeps its direction in all three weights: a contour that turns over at
///   Black or Ultralight (a small ring's counter closing) becomes a degenerate copy of its
///   Regular contour, 0.2 to 2 units across (`collapsedSizes`), at the same place and of
///   the same direction, so the system still interpolates it.
enum SymbolWeights {
  /// How far a filled part of mean thickness t grows at Black, per side, at most: 0.507 t,
  /// what Apple's `square` export does to its stroke (7.03 units at Regular-S, 14.16 at
  /// Black-S: (14.16 - 7.03) / 2 / 7.03). `SymbolOptions.emboldenUnits` caps it.
  static let blackShare = 0.507
  /// How far a filled part of mean thickness t shrinks at Ultralight, per side, at most:
  /// 0.342 t ((7.03 - 2.22) / 2 / 7.03, the same export). `thinUnits` caps it.
  static let ultralightShare = 0.342
  /// How far fills grow at Black (or shrink at Ultralight) at most, as a share of the
  /// narrowest space between two of the icon's contours (of its thinnest ink between two
  /// contours): 0.35, so that 30 % of the space (and of the ink) is left and separate parts
  /// do not merge (a calendar's dots, a megaphone's sound lines).
  static let spaceShare = 0.35
  /// Share of its Regular area a contour keeps at any weight for its hole to count as open.
  static let keptArea = 0.25
  /// How often the emboldening of one path is halved at most (1/64 of the asked amount).
  static let halvings = 6
  /// Extents tried for a collapsed contour, in template units, smallest first (0.2 is 200
  /// steps of the 1/1000 grid; a contour with very short segments, such as FreeType's round
  /// inner joins, needs more steps to keep each of its commands).
  static let collapsedSizes = [0.2, 0.5, 1, 2]

  /// The three weights of a filled outline `base` (already sized and normalised, contours
  /// turned by `PathOrientation.byInk`), and whether the emboldening had to be reduced to
  /// keep holes open. `knockOuts` says which contours' ink shrinks at Black (the edges of
  /// knock-out marks and the islands in them: the marks get bolder); `narrowest` is the
  /// narrowest space or ink of the whole icon that narrows at Black and at Ultralight
  /// (`SymbolInk.narrowest`), of which each side may take `spaceShare`.
  static func embolden(
    _ base: VectorPath, options: SymbolOptions, knockOuts: SymbolKnockOuts? = nil,
    narrowest: (black: Double?, ultralight: Double?) = (nil, nil)
  ) -> ([SymbolWeight: VectorPath], Bool) {
    let regularAreas = SymbolInk.areas(base)
    let knockOuts = knockOuts ?? .none(regularAreas.count)
    // Thin parts grow as Apple's strokes do, large blobs as Apple's filled export does; a
    // knock-out mark is a stroke too.
    let thickness = min(SymbolInk.thickness(base), knockOuts.thickness ?? .infinity)
    func asked(_ weight: SymbolWeight) -> Double {
      let amount = options.embolden(weight)
      guard options.emboldenFollowsThickness else { return amount }
      let share = weight == .black ? Self.blackShare : Self.ultralightShare
      if amount < 0 {
        let space = narrowest.ultralight.map { -Self.spaceShare * $0 } ?? amount
        return max(amount, -share * thickness, space)
      }
      let space = narrowest.black.map { Self.spaceShare * $0 } ?? amount
      return min(amount, share * thickness, space)
    }
    var share = 1.0
    var result: [SymbolWeight: VectorPath] = [:]
    for attempt in 0...halvings {
      result = [.regular: base]
      var open = true
      for weight in [SymbolWeight.ultralight, .black] {
        let amount = asked(weight) * share
        let made =
          amount == 0
          ? base
          : PathNormalizer.normalize(
            OutlineOffset.offset(base, by: knockOuts.signs.map { $0 * amount }))
        result[weight] = made
        let areas = SymbolInk.areas(made)
        if areas.count != regularAreas.count
          || zip(areas, regularAreas).contains(where: { a, r in
            a * r <= 0 || abs(a) < keptArea * abs(r)
          })
        {
          open = false
        }
      }
      if open { return (result, attempt > 0) }
      if attempt < halvings { share /= 2 }
    }
    return (result, true)
  }

  /// `weights` with every Ultralight and Black contour whose direction differs from its
  /// Regular contour, and every Black hole no smaller than at Regular (a counter that
  /// closed, see below; not the `growing` ones, knock-outs that grow at Black on purpose),
  /// replaced by a collapsed copy of the Regular contour (see the type's documentation).
  /// Paths whose contour counts differ are returned unchanged.
  static func keepingDirections(
    _ weights: [SymbolWeight: VectorPath], growing: Set<Int> = []
  ) -> [SymbolWeight: VectorPath] {
    guard let regular = weights[.regular] else { return weights }
    let regularContours = regular.subpaths
    let regularAreas = SymbolInk.areas(regular)
    var result = weights
    for weight in [SymbolWeight.ultralight, .black] {
      guard let path = weights[weight] else { continue }
      var contours = path.subpaths
      guard contours.count == regularContours.count else { continue }
      let areas = SymbolInk.areas(path)
      // The path's parts turn as its largest contour does; a contour turning the other way
      // bounds a hole. A stroked ring's counter that closes at Black comes out of FreeType as
      // a circle of radius w/2 - r turning the same way (the inner border offset past the
      // centre): a hole where the stroke covers everything, larger than Regular's once
      // w > 4r (Lucide's scissors). A hole no smaller at Black than at Regular has closed.
      let largest = regularAreas.max { abs($0) < abs($1) } ?? 0
      func closed(_ i: Int) -> Bool {
        if areas[i] * regularAreas[i] <= 0 { return true }
        return weight == .black && regularAreas[i] * largest < 0 && !growing.contains(i)
          && abs(areas[i]) >= abs(regularAreas[i])
      }
      var changed = false
      for i in contours.indices where regularAreas[i] != 0 && closed(i) {
        // The smallest of the sizes whose grid keeps every command of the contour.
        for size in collapsedSizes {
          let collapsed = collapse(
            regularContours[i], at: SymbolInk.centre(contours[i]), size: size)
          if collapsed.signature == contours[i].signature {
            contours[i] = collapsed
            changed = true
            break
          }
        }
      }
      if changed { result[weight] = VectorPath(contours.flatMap(\.elements)) }
    }
    return result
  }

  /// `contour` scaled about its centre to `size` units across and moved to `centre`, on the
  /// 1/1000 grid.
  static func collapse(_ contour: VectorPath, at centre: PathPoint, size: Double) -> VectorPath
  {
    guard let bounds = SymbolInk.bounds(contour) else { return contour }
    let extent = max(bounds.width, bounds.height)
    guard extent > 0 else { return contour }
    let f = min(1, size / extent)
    let own = PathPoint(x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
    return PathNormalizer.normalize(
      contour.map { p in
        PathPoint(x: centre.x + (p.x - own.x) * f, y: centre.y + (p.y - own.y) * f)
      })
  }
}
