import Foundation

/// The HTML report of a golden check: one self-contained file (styles, script and images as
/// `data:` URIs) that opens from disk with nothing else running. A summary, then each failure
/// with golden, actual and diff side by side, an overlay slider and the counts, largest
/// difference first.
public enum GoldenHTMLReport {
  /// The page for `report`; `actualDirectory` and `goldenDirectory` are shown in the summary.
  public static func render(_ report: GoldenCheck.Report, actual: String, golden: String) -> String
  {
    let failures = report.results.filter { $0.status.isFailure }
    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Golden check: \(failures.isEmpty ? "all match" : "\(failures.count) failing")</title>
      <style>\(style)</style></head><body>
      <h1>Golden check</h1>
      <p class="paths">actual <code>\(escape(actual))</code> · golden <code>\(escape(golden))</code></p>
      <ul class="summary">
      <li class="ok"><b>\(report.passed)</b> passed</li>
      <li class="bad"><b>\(report.failed)</b> failed</li>
      <li class="err"><b>\(report.errors)</b> could not be checked</li>
      <li><b>\(report.checked)</b> images in all</li>
      </ul>
      <p class="options">threshold \(report.options.pixelmatch.threshold) · blend \(report.options.pixelmatch.blend.rawValue) · anti-aliasing \(report.options.pixelmatch.includeAA ? "counted" : "not counted") · allowed \(escape(report.options.failOver.description))</p>

      """
    if let change = report.rendererChange {
      html += "<p class=\"warning\">\(escape(change))</p>\n"
    }
    if failures.isEmpty {
      html += "<p class=\"allgood\">Every image matches its golden.</p>\n"
    }
    for (index, entry) in failures.enumerated() {
      html += card(entry, index: index)
    }
    html += "<script>\(script)</script>\n</body></html>\n"
    return html
  }

  private static func card(_ entry: GoldenEntry, index: Int) -> String {
    let sizes = [entry.expectedSize, entry.actualSize].compactMap { $0 }
    let longest = sizes.map { max($0.width, $0.height) }.max() ?? 1
    // Small icons are magnified by a whole factor (crisp pixels), large images shrunk to fit.
    var scale = longest >= 192 ? 1.0 : Double(max(1, 192 / max(longest, 1)))
    let widest = sizes.map(\.width).max() ?? 1
    if Double(widest) * scale > 360 { scale = 360 / Double(widest) }
    func width(_ size: ImageSize?) -> Int {
      Int((Double((size ?? sizes.first)?.width ?? 1) * scale).rounded())
    }
    let displayWidth = Double(width(entry.actualSize ?? entry.expectedSize))
    var counts: [String] = []
    if let mismatched = entry.mismatchedPixels, let total = entry.totalPixels {
      counts.append("<b>\(mismatched)</b> of \(total) pixels differ")
    }
    if let expected = entry.expectedSize { counts.append("golden \(expected)") }
    if let actual = entry.actualSize { counts.append("actual \(actual)") }
    if let largest = entry.largestDifference, let at = entry.largestDifferenceAt {
      counts.append(String(format: "largest difference %.3f at ", largest) + at.description)
    }
    var html = """
      <section class="card" id="f\(index)">
      <h2><span class="status \(entry.status.rawValue)">\(label(entry.status))</span> \(escape(entry.path))</h2>
      \(entry.status == .differs ? "" : "<p class=\"message\">\(escape(entry.message))</p>")
      <p class="counts">\(counts.joined(separator: " · "))</p>
      <div class="row">

      """
    let diffSize =
      sizes.isEmpty
      ? nil
      : ImageSize(
        width: sizes.map(\.width).max()!, height: sizes.map(\.height).max()!)
    for (title, data, size) in [
      ("golden (expected)", entry.images.expected, entry.expectedSize),
      ("actual", entry.images.actual, entry.actualSize), ("diff", entry.images.diff, diffSize),
    ] {
      html += "<figure><figcaption>\(title)</figcaption>"
      if let data {
        html +=
          "<img class=\"px\" style=\"width:\(width(size))px\" alt=\"\(title)\" src=\"\(dataURI(data))\">"
      } else {
        html += "<div class=\"none\" style=\"width:\(Int(displayWidth))px\">none</div>"
      }
      html += "</figure>\n"
    }
    html += "</div>\n"
    if let expected = entry.images.expected, let actual = entry.images.actual,
      entry.expectedSize == entry.actualSize
    {
      html += """
        <div class="overlay-block"><p>overlay: golden on the left of the line, actual on the right</p>
        <div class="overlay" style="width:\(Int(displayWidth))px">
        <img class="px" alt="golden" src="\(dataURI(expected))">
        <img class="px top" alt="actual" src="\(dataURI(actual))" style="clip-path: inset(0 0 0 50%)">
        <div class="line" style="left:50%"></div>
        </div>
        <input type="range" min="0" max="100" value="50" aria-label="overlay position" style="width:\(Int(displayWidth))px">
        </div>

        """
    }
    html += "</section>\n"
    return html
  }

  private static func label(_ status: GoldenStatus) -> String {
    switch status {
    case .passed: return "passed"
    case .differs: return "differs"
    case .sizeChanged: return "size changed"
    case .missingGolden: return "golden missing"
    case .extraGolden: return "extra golden"
    case .unreadable: return "unreadable"
    }
  }

  private static func dataURI(_ data: Data) -> String {
    "data:image/png;base64," + data.base64EncodedString()
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

  private static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
    h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:0 0 6px;word-break:break-all}
    code{font:12px ui-monospace,monospace;background:#eee;padding:1px 4px;border-radius:4px}
    .paths,.options{color:#555;margin:4px 0}
    .summary{display:flex;gap:12px;list-style:none;padding:0;margin:12px 0}
    .summary li{background:#fff;border:1px solid #ddd;border-radius:8px;padding:6px 12px}
    .summary .ok b{color:#1a7f37}.summary .bad b{color:#cf222e}.summary .err b{color:#9a6700}
    .warning{background:#fff8c5;border:1px solid #d4a72c;border-radius:8px;padding:8px 12px}
    .allgood{color:#1a7f37;font-weight:600}
    .card{background:#fff;border:1px solid #ddd;border-radius:10px;padding:14px 16px;margin:16px 0}
    .status{font-size:12px;border-radius:10px;padding:2px 8px;color:#fff;background:#cf222e;vertical-align:middle}
    .status.sizeChanged{background:#8250df}.status.missingGolden,.status.extraGolden{background:#9a6700}
    .status.unreadable{background:#57606a}
    .message{margin:2px 0;color:#333}.counts{margin:2px 0 10px;color:#555}
    .row{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
    figure{margin:0}figcaption{font-size:12px;color:#555;margin-bottom:4px}
    .px,.none,.overlay{background-color:#fff;background-image:conic-gradient(#e3e3e3 25%,#fff 0 50%,#e3e3e3 0 75%,#fff 0);background-size:16px 16px;border:1px solid #ccc}
    .px{image-rendering:pixelated;display:block;height:auto}
    .none{aspect-ratio:1;display:flex;align-items:center;justify-content:center;color:#999}
    .overlay-block{margin-top:12px}.overlay-block p{font-size:12px;color:#555;margin:0 0 4px}
    .overlay{position:relative;line-height:0}
    .overlay img{width:100%;border:0}.overlay .top{position:absolute;left:0;top:0;background:none}
    .overlay .line{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#0969da}
    input[type=range]{display:block;margin-top:6px}
    """

  private static let script = """
    document.querySelectorAll('.overlay-block').forEach(function(block){
      var range=block.querySelector('input'),top=block.querySelector('.top'),line=block.querySelector('.line');
      range.addEventListener('input',function(){top.style.clipPath='inset(0 0 0 '+range.value+'%)';line.style.left=range.value+'%';});
    });
    """
}
