/// The rules `CatalogValidator` checks, by stable id (used in diagnostics and `--json`).
/// Sources: Apple "Asset Catalog Format Reference", formats.md ("what actool warns about").
public enum CatalogRule: String, Sendable, Codable, CaseIterable {
  /// A `Contents.json` that is not JSON, or whose shape is wrong (`images` not a list).
  case malformedJSON = "malformed-json"
  /// An asset folder without a `Contents.json`.
  case missingContents = "missing-contents"
  /// An entry's `filename` names a file that is not in the asset folder.
  case missingFile = "missing-file"
  /// A file in an asset folder that no entry references (actool: "unassigned child").
  case unassignedFile = "unassigned-file"
  /// Two entries for one slot (idiom, scale, appearance and the other slot keys).
  case duplicateSlot = "duplicate-slot"
  /// An entry without `idiom`.
  case missingIdiom = "missing-idiom"
  /// An `idiom` value Apple does not define.
  case unknownIdiom = "unknown-idiom"
  /// A `scale` other than `1x`, `2x`, `3x`.
  case unknownScale = "unknown-scale"
  /// An appearance other than luminosity light/dark/tinted or contrast high.
  case unknownAppearance = "unknown-appearance"
  /// A `.png` file that is not a PNG.
  case unreadableImage = "unreadable-image"
  /// A @2x or @3x that is not exactly 2x or 3x the @1x in px.
  case scaleMismatch = "scale-mismatch"
  /// A single-scale PDF or SVG image set (an entry without `scale`) without
  /// `"preserves-vector-representation": true`: Xcode rasterizes it into @1x-@3x at build
  /// time and it blurs when drawn larger (Xcode 12+, "Preserve Vector Data").
  case vectorNotPreserved = "vector-not-preserved"
  /// A PDF or SVG whose page size in pt differs from its sibling scales' (a PNG's px over its
  /// scale, another vector's page): the slot would draw at two sizes.
  case vectorSizeMismatch = "vector-size-mismatch"
  /// An app icon whose px size is not size x scale, or whose `size` cannot be read.
  case iconSizeMismatch = "icon-size-mismatch"
  /// Alpha in the 1024 px marketing icon (the App Store rejects it).
  case iconAlpha = "icon-alpha"
  /// Two assets whose names differ only in case.
  case caseCollision = "case-collision"
  /// Two assets of one kind with the same name (in groups without a namespace).
  case duplicateName = "duplicate-name"
  /// A symbol template that cannot be read, or without a `Notes`/`Guides`/`Symbols` group or
  /// the `template-version` text (Apple, "Creating custom symbol images for your app").
  case symbolTemplate = "symbol-template"
  /// A symbol variant without its baseline, capline or left/right margin guide ids.
  case symbolGuides = "symbol-guides"
  /// Some but not all of `Ultralight-S`, `Regular-S`, `Black-S`: the system cannot
  /// interpolate the other weights.
  case symbolVariants = "symbol-variants"
  /// Something in a symbol variant that is not a closed, filled, visible nonzero path
  /// (another element, a stroke, a hidden or even-odd path, an open subpath).
  case symbolPaths = "symbol-paths"
  /// Ultralight-S, Regular-S and Black-S differ in path count or command sequence.
  case symbolInterpolation = "symbol-interpolation"
  /// A hidden staging folder or file (`.NAME.imageset.tmp-PID-N`) left by a run that was
  /// killed; a rerun of `assets` removes its own.
  case stagingLeftover = "staging-leftover"
  /// A set folder Glyphsmith made and pruned (its icon is gone) that it keeps for files the
  /// user put in it, as its record of outputs lists (`.glyphsmith-outputs.json`, `"kept"`):
  /// it has no `Contents.json` until they are moved out, and the next `build` removes it
  /// (issue 32). A warning, as `build` warns about it on every run; like every finding it
  /// makes `validate` exit 1 (`build` exits 0: its findings are its own sets', and this set's
  /// icon is gone, as with a user's `unassigned-file` in one of them).
  case keptSet = "kept-set"
  /// An Icon Composer `.icon` bundle without `icon.json`, or whose `icon.json` is not JSON, or
  /// holds a value of another form than its key takes (`"glass" : "yes"`), or lacks a key
  /// Icon Composer always writes (`groups`, `layers`, `image-name`); the key path names it.
  case iconJSON = "icon-json"
  /// A key in an `icon.json` that Icon Composer's documents do not have (it ignores it).
  case iconUnknownKey = "icon-unknown-key"
  /// A blend mode, lighting, shadow kind or fill keyword Icon Composer does not write.
  case iconUnknownValue = "icon-unknown-value"
  /// A specialization whose `appearance` (light, dark, tinted) or `idiom` (square, macOS,
  /// watchOS) Icon Composer does not know.
  case iconSpecialization = "icon-specialization"
  /// A colour string that does not parse (`SPACE:C1,...,ALPHA`, as
  /// `display-p3:1.00000,0.50000,0.00000,1.00000`).
  case iconColor = "icon-color"
  /// No group, more groups than Icon Composer accepts (4), or more layers in a group than
  /// Glyphsmith reads (64).
  case iconGroups = "icon-groups"
  /// A group of 9 to 64 layers: more than any counted Icon Composer document holds (8); a
  /// warning, since Icon Composer's own limit is not documented (issue 35).
  case iconLayers = "icon-layers"
  /// A layer's file that is not in the bundle's `Assets/`, or does not load and render (SVG
  /// through librsvg, PNG through libpng).
  case iconLayer = "icon-layer"
  /// An `icon.json` property given as `KEY` beside `KEY-specializations`, or a
  /// specialization list with two entries for one appearance and idiom and other values:
  /// which one Icon Composer and actool take is not defined (issue 35's trial).
  case iconConflict = "icon-conflict"
  /// An `icon.json` without a group (`"groups" : []`), or a group without a layer: it draws
  /// nothing (a warning; issue 35's trial).
  case iconEmpty = "icon-empty"
  /// An `icon.json` `position` with a scale of 0 or less, or a translation that moves the
  /// layer off the canvas (past 1024 pt): a warning (issue 35's trial).
  case iconPosition = "icon-position"
  /// An `icon.json` number outside what Icon Composer sets (an opacity, translucency, blur
  /// material or colour alpha outside 0 to 1, a colour component out of its space's range, a
  /// scale that is not finite or above 1024), or a `supported-platforms` value that is no
  /// platform Icon Composer offers (`"squares" : "everything"`): an error (issue 35's second
  /// trial, finding 5).
  case iconRange = "icon-range"
  /// A file in a `.icon` bundle's `Assets/` that no layer draws (no `image-name` names it),
  /// or a folder there: a warning (issue 35's second trial, finding 16).
  case iconUnused = "icon-unused"
  /// A flat app icon set (`NAME.appiconset`, any case, at any depth of the catalog's groups)
  /// of the name of an Icon Composer bundle beside the catalog (`NAME.icon`): actool (Xcode
  /// 26.3) drops the flat set without a word (issue 35; fifth trial, F7: the writer warned,
  /// `validate` did not). A warning, as `appicon` gives it.
  case iconNameClash = "icon-name-clash"
  /// An Icon Composer bundle inside an asset catalog: Xcode 26 compiles a `.icon` placed in
  /// the project beside the catalog, not inside it (a warning, as `appicon` gives it).
  case iconPlacement = "icon-placement"
  /// An image set or symbol set whose `Contents.json` lists no image or template (`{}`, or
  /// an empty `images` / `symbols` list): the asset draws nothing (issue 39's trial:
  /// `validate` said nothing about it).
  case emptyAsset = "empty-asset"
  /// A symbolic link in the catalog to a folder that holds it (`up -> ../..`): walking it
  /// would never end, so `validate` names it and does not follow it (issue 32's trial).
  case linkLoop = "link-loop"

  /// `error` for what breaks the build or an upload, `warning` for the rest.
  public var severity: CatalogFinding.Severity {
    switch self {
    case .malformedJSON, .missingContents, .missingFile, .unreadableImage, .iconAlpha,
      .caseCollision, .duplicateName, .symbolTemplate, .symbolGuides, .symbolPaths,
      .symbolInterpolation, .vectorSizeMismatch, .iconJSON, .iconSpecialization, .iconColor,
      .iconGroups, .iconLayer, .iconConflict, .iconRange, .linkLoop:
      return .error
    default:
      return .warning
    }
  }
}
