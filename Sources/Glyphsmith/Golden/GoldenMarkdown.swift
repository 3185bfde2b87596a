import FoundationEssentials
import Glibc
import GlyphsmithCore

/// `golden check --markdown FILE` (and `golden merge --markdown FILE`): the check as a
/// pull-request comment, the way Lucide's preview bot shows changed icons (issue 37).
///
/// The comment starts with a hidden marker line (`<!-- glyphsmith golden check -->`, for a
/// bot that updates its comment), a heading and the counts; then, for each changed icon (the
/// failures grouped as the HTML report groups them: `tabs/bell.png`, `tabs/bell@2x.png` and
/// `tabs/bell@3x.png` are the icon `tabs/bell`; largest difference first), its failures and
/// one PNG of its golden, actual and diff side by side, each at the scales that fail (1x,
/// 2x, 3x left to right), each failure with its message and accept command, written to `FILE-images/ICON.png` (`FILE` less `.md`) and linked by
/// a path relative to FILE's folder, for the CI to upload with it. At most `maximumIcons`
/// icons are shown; the rest are counted. The same check gives the same bytes.
package enum GoldenMarkdown {
  /// The first line of every comment written, by which `--markdown` knows its own file.
  package static let marker = "<!-- glyphsmith golden check -->"
  /// Icons shown with their pictures; GitHub cuts a comment at 65,536 characters.
  package static let maximumIcons = 50

  /// The folder of the pictures of the comment at `path`: `comment.md` → `comment-images`.
  package static func imagesFolder(for path: String) -> String {
    let stem = path.lowercased().hasSuffix(".md") ? String(path.dropLast(3)) : path
    return stem + "-images"
  }

  /// Whether `data` is a comment `render` wrote (it starts with `marker`).
  package static func isOwn(_ data: Data) -> Bool { data.starts(with: Data(marker.utf8)) }

  /// The comment's text and the pictures to write: each icon's path (relative to the
  /// folder of `markdownPath`'s images, `ICON.png`) and its failures.
  package static func render(_ report: GoldenCheck.Report, markdownPath: String) -> (
    text: String, pictures: [(path: String, members: [GoldenEntry])]
  ) {
    let failures = report.results.filter { $0.status.isFailure }
    let groups = GoldenHTMLReport.group(failures)
    var text = marker + "\n"
    text +=
      failures.isEmpty
      ? "### Golden check: every image matches its golden\n\n"
      : "### Golden check: \(counted(groups.count, "icon")) changed\n\n"
    text +=
      "\(counted(report.checked, "image")): \(report.passed) passed, \(report.failed) failed, "
      + "\(report.errors) could not be checked\n"
    // A limited check says so (issue 37 trial LOW-4: "every image matches" read as the whole).
    if let changed = report.changedSince {
      text += "\n" + GoldenCheckJob.changedLine(changed).dropLast(2) + ".\n"
    }
    if let change = report.rendererChange { text += "\n> \(change)\n" }
    let base = URL(fileURLWithPath: markdownPath).deletingLastPathComponent().standardizedFileURL
      .path
    let folder = imagesFolder(for: markdownPath)
    var pictures: [(path: String, members: [GoldenEntry])] = []
    for members in groups.prefix(maximumIcons) {
      let icon = GoldenHTMLReport.groupName(members[0].path)
      text += "\n#### `\(code(icon))`\n\n"
      for entry in members {
        text +=
          "- `\(code(entry.path))`: \(entry.message)"
          + (entry.accept.map { "; accept: `\(code($0))`" } ?? "") + "\n"
      }
      guard members.contains(where: { $0.images.expected != nil || $0.images.actual != nil })
      else { continue }
      let picture = icon + ".png"
      pictures.append((picture, members))
      let link = GoldenHTMLReport.link(
        URL(fileURLWithPath: PathName(folder).appendingPathComponent(picture)), base: base)
      text += "\n![\(code(icon)): golden, actual, diff](\(link))\n"
    }
    if groups.count > maximumIcons {
      text += "\n…and \(counted(groups.count - maximumIcons, "more icon")) changed.\n"
    }
    return (text, pictures)
  }

  /// One icon's picture: three cells, "golden", "actual" and "diff", each the images of
  /// `members` at their own pixel size left to right by scale (a missing one left out), on
  /// a white sheet (`ContactSheet`, 1 px per pt, cells as wide as the widest row plus 12 px).
  /// - Throws: `RenderError` when it cannot be drawn; a `GlyphsmithError` naming an image
  ///   that does not decode.
  package static func picture(_ members: [GoldenEntry]) throws -> RGBAImage {
    func decode(_ data: Data?, _ path: String) throws -> RGBAImage? {
      guard let data else { return nil }
      return try PNGCodec.decode(data, path: path)
    }
    var golden: [RGBAImage] = []
    var actual: [RGBAImage] = []
    var diff: [RGBAImage] = []
    for entry in members {
      if let image = try decode(entry.images.expected, entry.path) { golden.append(image) }
      if let image = try decode(entry.images.actual, entry.path) { actual.append(image) }
      // A size change has no diff of aligned pixels (the report shows none either).
      if entry.status != .sizeChanged, let image = try decode(entry.images.diff, entry.path) {
        diff.append(image)
      }
    }
    let rows = [golden, actual, diff]
    var sheet = ContactSheet()
    sheet.scale = 1
    sheet.columns = 3
    let gap = 6.0
    var widest = 0.0
    var tallest = 0.0
    for row in rows {
      let widths = row.reduce(0) { $0 + $1.width }
      widest = max(widest, Double(widths) + gap * Double(max(0, row.count - 1)))
      for image in row { tallest = max(tallest, Double(image.height)) }
    }
    sheet.cellPt = max(48, widest + 12)
    sheet.cellHeightPt = max(16, tallest + 8)
    return try sheet.render(
      zip(["golden", "actual", "diff"], rows).map { ContactSheet.Entry(name: $0, glyphs: $1) })
  }

  /// Writes the comment to `path` and its pictures into `imagesFolder(for: path)`, each
  /// atomically: the comment only over a file of its own (`isOwn`, or any with `force`),
  /// each picture only where none is or over a PNG (`PictureOutput`).
  /// - Throws: a `GlyphsmithFailure` naming the file that cannot be written or is not
  ///   Glyphsmith's; `RenderError` when a picture cannot be drawn.
  package static func write(
    _ report: GoldenCheck.Report, toPath path: String, force: Bool,
    diagnose: (String) -> Void
  ) throws {
    if let warning = try OutputOwnership.checkReport(path, force: force, isOwn: isOwn) {
      diagnose(warning.description)
    }
    let (text, pictures) = render(report, markdownPath: path)
    let folder = imagesFolder(for: path)
    var pngs: [(path: String, data: Data)] = []
    for (picture, members) in pictures {
      let target = PathName(folder).appendingPathComponent(picture)
      try PictureOutput.check(target)
      pngs.append((target, try PNGCodec.encode(try Self.picture(members))))
    }
    for (target, data) in pngs {
      do {
        try FileManager.default.createDirectory(
          atPath: FileName.parent(of: target),
          withIntermediateDirectories: true)
      } catch {
        throw GlyphsmithError.failure(error, path: target)
      }
      try PictureOutput.write(data, toPath: target)
    }
    do { try AtomicFile.write(Data(text.utf8), toPath: path) } catch {
      throw GlyphsmithError.failure(error, path: path)
    }
  }

  /// `text` for inline code: a backquote becomes `'`.
  static func code(_ text: String) -> String {
    text.replacingEvery("`", with: "'")
  }
}
