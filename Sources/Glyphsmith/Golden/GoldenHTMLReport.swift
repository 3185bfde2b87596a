import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The HTML report of a golden check, built to stay usable with thousands of failures (a whole
/// icon set at three scales): one page of about 200 bytes per failure that opens from disk
/// with nothing else running, its images the artifact PNGs beside it, loaded lazily.
///
/// The page holds a summary (counts, options, anti-aliased pixels not counted), counts per
/// folder, a filter box, and the failures grouped by icon (`home.png`, `home@2x.png` and
/// `home@3x.png` are one group, its scales side by side), largest difference first. Each
/// failure opens a view as Percy, Playwright or reg-suit reviewers use: side by side, a slider,
/// a blink, an overlay (onion skin, the actual image's opacity set by a slider) and the diff
/// alone, zoomed 1x to 16x or to fit with nearest-neighbour pixels, and a read-out of the pixel
/// under the pointer (x, y and both colours, `#rrggbbaa`, decoded from the PNG files). A size
/// change shows both images centred on one canvas and is marked as such (no diff of
/// misaligned pixels). The renderer-change banner appears only when a failure could be due to
/// it (an image that differs or changed size).
package enum GoldenHTMLReport {
  /// The page for `report`; `actualDirectory` and `goldenDirectory` are shown in the summary.
  /// - Parameter reportPath: where the page will be written; images are linked relative to
  ///   its folder (absolute `file:` paths when `nil`). Each failure's images are the
  ///   `expected.png`, `actual.png`, `diff.png` of its `artifacts` folder, so the check must
  ///   have written artifacts (`golden check --report X.html` writes them to `X-files/`).
  /// - Parameter review: the page of `golden review`: Accept, Reject, Delete and Undo at
  ///   image, icon, folder and filter level, the keyboard (`a r u j k ?`) and Done, all
  ///   through the server's JSON API (the page's address carries the token).
  /// Whether `data` is a report `render` wrote (its first lines and its
  /// `<title>Golden check` in its first 1 KiB), which `--report` may replace.
  package static func isOwn(_ data: Data) -> Bool {
    let start = Data("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">".utf8)
    return data.starts(with: start)
      && data.prefix(1024).firstRange(of: Data("<title>Golden check".utf8)) != nil
  }

  package static func render(
    _ report: GoldenCheck.Report, actual: String, golden: String, reportPath: String? = nil,
    review: Bool = false
  ) -> String {
    let base = reportPath.map {
      URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL.path
    }
    let failures = report.results.filter { $0.status.isFailure }
    let groups = group(failures)
    let couldBeRenderer = failures.contains { $0.status == .differs || $0.status == .sizeChanged }
    let notCounted = report.results.reduce(0) { $0 + ($1.antiAliasedPixels ?? 0) }
    let options = report.options.pixelmatch

    // Counts by folder of icons: an asset catalog's `NAME.imageset` folders count in the
    // folder that holds them, and an icon (all its scales) counts once.
    var folders: [String: FolderCount] = [:]
    for entry in report.results {
      let folder = iconFolder(entry.path)
      let icon = groupName(entry.path)
      folders[folder, default: FolderCount()].images += 1
      folders[folder, default: FolderCount()].icons.insert(icon)
      if entry.status.isFailure {
        folders[folder, default: FolderCount()].failedImages += 1
        folders[folder, default: FolderCount()].failedIcons.insert(icon)
      }
    }

    var items: [Item] = []
    items.reserveCapacity(failures.count)
    var groupRows: [[Int]] = []
    for members in groups {
      var row: [Int] = []
      for entry in members {
        row.append(items.count)
        items.append(
          Item(
            entry, base: base, couldBeRenderer: report.rendererChange != nil,
            folder: iconFolder(entry.path)))
      }
      groupRows.append(row)
    }
    let payload = Payload(
      items: items,
      groups: groupRows.map { row in
        Payload.Group(name: groupName(failures.isEmpty ? "" : items[row[0]].p), members: row)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json =
      ((try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
      .replacingEvery("</", with: "<\\/")

    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Golden check: \(failures.isEmpty ? "all match" : "\(failures.count) failing")</title>
      <style>\(style)</style></head><body\(review ? " data-review=\"1\"" : "")>
      <header>
      <h1>Golden check</h1>
      <p class="paths">actual <code>\(escape(actual))</code> · golden <code>\(escape(golden))</code></p>
      <ul class="summary">
      <li class="bad"><b>\(report.failed)</b> failed</li>
      <li class="ok"><b>\(report.passed)</b> passed</li>
      <li class="err"><b>\(report.errors)</b> could not be checked</li>
      <li><b>\(report.checked)</b> images</li>
      <li><b>\(groups.count)</b> icons failing</li>
      </ul>
      <p class="options">metric \(options.metric.rawValue) · threshold \(options.threshold) · blend \(options.blend.rawValue) · \(options.includeAA ? "anti-aliasing counted" : escape(report.antiAliasingSummary).replacingEvery("\(notCounted) anti", with: "<b>\(notCounted)</b> anti")) · allowed \(escape(report.options.failOver.description))</p>

      """
    if let change = report.rendererChange, couldBeRenderer {
      html +=
        "<p class=\"warning\" id=\"renderer\">\(escape(change)). Failures marked "
        + "<span class=\"tag renderer\">renderer</span> may be due to it.</p>\n"
    }
    if failures.isEmpty {
      html += "<p class=\"allgood\">Every image matches its golden.</p>\n"
      if review { html += "<p><button id=\"done\" class=\"done\">Done</button></p>\n" }
    } else {
      html +=
        "<details class=\"folders\"\(review ? " open" : "")><summary>Failures per folder of icons (\(counted(folders.filter { $0.value.failedImages > 0 }.count, "folder")))</summary><table><tr><th>folder</th><th>icons failing</th><th>icons</th><th>images failing</th><th>images</th>\(review ? "<th></th>" : "")</tr>\n"
      for (folder, counts) in folders.sorted(by: { $0.key < $1.key }) where counts.failedImages > 0
      {
        let name = folder.isEmpty ? "." : folder
        html +=
          "<tr><td><a href=\"#\" data-folder=\"\(escape(folder))\">\(escape(name))/</a></td>"
          + "<td>\(counts.failedIcons.count)</td><td>\(counts.icons.count)</td>"
          + "<td>\(counts.failedImages)</td><td>\(counts.images)</td>"
          + (review
            ? "<td><button data-fact=\"accept\" data-f=\"\(escape(folder))\">Accept folder</button> <button data-fact=\"reject\" data-f=\"\(escape(folder))\">Reject folder</button></td>"
            : "") + "</tr>\n"
      }
      html += """
        </table></details>
        <div class="bar"><input id="filter" type="search" placeholder="filter by path (e.g. tabs/ or home)" aria-label="filter by path">
        <select id="status" aria-label="status"><option value="">every failure</option><option value="differs">differs</option><option value="sizeChanged">size changed</option><option value="missingGolden">golden missing</option><option value="extraGolden">extra golden</option><option value="unreadable">unreadable</option></select>
        <span id="shown"></span>\(review ? reviewBar : "")</div>

        """
    }
    html += """
      </header>
      <main id="list"></main><div id="more"></div>
      <div id="view" hidden><div class="panel"><div class="top"><b id="vtitle"></b>
      <span class="modes"><button data-mode="side" title="key s">side by side</button><button data-mode="slider" title="key l">slider</button><button data-mode="blink" title="key b">blink</button><button data-mode="overlay" title="key o">overlay</button><button data-mode="diff" title="key d">diff only</button></span>
      <span class="zooms" role="group" aria-label="zoom">zoom <button data-zoom="1" title="key 1">1x</button><button data-zoom="2" title="key 2">2x</button><button data-zoom="4" title="key 4">4x</button><button data-zoom="8" title="key 8">8x</button><button data-zoom="16" title="key +">16x</button><button data-zoom="fit" title="key f">fit</button></span>
      <button id="close" aria-label="close">close</button></div>
      <p id="vinfo"></p><p class="accept">accept: <code id="vcmd"></code></p>
      <p class="keys">keys: <kbd>s</kbd> side by side · <kbd>l</kbd> slider · <kbd>b</kbd> blink · <kbd>o</kbd> overlay · <kbd>d</kbd> diff only · <kbd>[</kbd> <kbd>]</kbd> slider or opacity · <kbd>1</kbd> <kbd>2</kbd> <kbd>4</kbd> <kbd>8</kbd> <kbd>+</kbd> <kbd>-</kbd> <kbd>f</kbd> zoom · arrows: the pixel read-out</p>
      <p id="readout">point at a pixel (or press an arrow key) for its x, y and both colours</p><div id="vbody"></div></div></div>\(review ? reviewHelp : "")
      <script type="application/json" id="data">\(json)</script>
      <script>\(script)</script>
      </body></html>

      """
    return html
  }

  // MARK: - Data

  /// One failure as the page's script reads it (short keys keep 5,000 failures small).
  struct Item: Encodable {
    /// Path, status, the message.
    var p: String
    var s: String
    var m: String
    /// Differing and anti-aliased pixels not counted, total pixels.
    var d: Int?
    var aa: Int?
    var t: Int?
    /// Golden and actual size `[w, h]`.
    var es: [Int]?
    var asz: [Int]?
    /// Image URLs of golden, actual, diff (nil when absent).
    var e: String?
    var a: String?
    var f: String?
    /// Whether a renderer change could explain it.
    var r: Bool
    /// The command that accepts it, and its folder of icons (the folder table's key).
    var c: String?
    var fo: String

    init(_ entry: GoldenEntry, base: String?, couldBeRenderer: Bool, folder: String) {
      c = entry.accept
      fo = folder
      p = entry.path
      s = entry.status.rawValue
      m = entry.message
      d = entry.mismatchedPixels
      aa = entry.antiAliasedPixels
      t = entry.totalPixels
      es = entry.expectedSize.map { [$0.width, $0.height] }
      asz = entry.actualSize.map { [$0.width, $0.height] }
      r = couldBeRenderer && (entry.status == .differs || entry.status == .sizeChanged)
      if let folder = entry.artifacts {
        func link(_ name: String) -> String {
          GoldenHTMLReport.link(
            URL(fileURLWithPath: folder).appendingPathComponent(name), base: base)
        }
        e = entry.images.expected == nil ? nil : link("expected.png")
        a = entry.images.actual == nil ? nil : link("actual.png")
        f = entry.images.diff == nil || entry.status == .sizeChanged ? nil : link("diff.png")
      }
    }
  }

  struct Payload: Encodable {
    struct Group: Encodable {
      var name: String
      var members: [Int]
    }
    var items: [Item]
    var groups: [Group]
  }

  /// The failures grouped by icon: the folder and file name without `.png` and without a
  /// scale suffix (`@2x`, `@3x`); groups in the order of their first member (largest
  /// difference first), members by scale.
  static func group(_ failures: [GoldenEntry]) -> [[GoldenEntry]] {
    var order: [String] = []
    var groups: [String: [GoldenEntry]] = [:]
    for entry in failures {
      let key = groupName(entry.path)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(entry)
    }
    return order.map { key in
      groups[key]!.sorted {
        scaleOf($0.path) < scaleOf($1.path)
          || (scaleOf($0.path) == scaleOf($1.path) && $0.path < $1.path)
      }
    }
  }

  /// The icon a path belongs to: `tabs/home@3x.png` → `tabs/home` (a suffix `@<number>x`
  /// and `.png` removed).
  package static func groupName(_ path: String) -> String {
    var name = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
    if let at = name.lastRange(of: "@"),
      name[at.upperBound...].hasSuffix("x"),
      Double(name[at.upperBound...].dropLast()) != nil
    {
      name = String(name[..<at.lowerBound])
    }
    return name
  }

  /// The scale of `path` from its `@Nx` suffix (1 without one).
  package static func scaleOf(_ path: String) -> Double {
    let stem = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
    guard let at = stem.lastRange(of: "@"), stem.hasSuffix("x"),
      let scale = Double(stem[at.upperBound...].dropLast())
    else { return 1 }
    return scale
  }

  /// The counts of one folder of icons in the folder table.
  struct FolderCount {
    var icons = Set<String>()
    var failedIcons = Set<String>()
    var images = 0
    var failedImages = 0
  }

  /// The extensions of asset-catalog folders that hold one icon's images.
  static let setExtensions = [".imageset", ".appiconset", ".iconset", ".symbolset"]

  /// The folder of icons `path` is in: its folder, or the folder above when that is one icon's
  /// set (`Icons.xcassets/home.imageset/home@2x.png` → `Icons.xcassets`).
  static func iconFolder(_ path: String) -> String {
    let folder = folderOf(path)
    let last = folder.split(separator: "/").last.map(String.init) ?? folder
    if setExtensions.contains(where: { last.lowercased().hasSuffix($0) }) {
      return folderOf(folder)
    }
    return folder
  }

  /// The folder part of a relative path (`""` at the top).
  static func folderOf(_ path: String) -> String {
    guard let slash = path.lastRange(of: "/") else { return "" }
    return String(path[..<slash.lowerBound])
  }

  /// `url` relative to the folder `base` (percent-encoded, `../` where needed), or an absolute
  /// `file:` URL when `base` is nil.
  package static func link(_ url: URL, base: String?) -> String {
    let target = url.standardizedFileURL.path
    guard let base else { return url.standardizedFileURL.absoluteString }
    let from = base.split(separator: "/")
    let to = target.split(separator: "/")
    var common = 0
    while common < from.count && common < to.count && from[common] == to[common] { common += 1 }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
    return parts.map(\.percentEncodedPathSegment).joined(separator: "/")
  }

  /// Escapes `&`, `<`, `>` and `"` for HTML text and attributes.
  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
