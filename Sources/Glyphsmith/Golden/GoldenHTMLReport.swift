import Foundation

/// The HTML report of a golden check, built to stay usable with thousands of failures (a whole
/// icon set at three scales): one page of about 200 bytes per failure that opens from disk
/// with nothing else running, its images the artifact PNGs beside it, loaded lazily.
///
/// The page holds a summary (counts, options, anti-aliased pixels not counted), counts per
/// folder, a filter box, and the failures grouped by icon (`home.png`, `home@2x.png` and
/// `home@3x.png` are one group, its scales side by side), largest difference first. Each
/// failure opens a view as Percy or reg-suit reviewers use: side by side, a slider and a blink
/// between golden and actual, enlarged by whole factors with nearest-neighbour pixels. A size
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
      && data.prefix(1024).range(of: Data("<title>Golden check".utf8)) != nil
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
      .replacingOccurrences(of: "</", with: "<\\/")

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
      <p class="options">metric \(options.metric.rawValue) · threshold \(options.threshold) · blend \(options.blend.rawValue) · \(options.includeAA ? "anti-aliasing counted" : escape(report.antiAliasingSummary).replacingOccurrences(of: "\(notCounted) anti", with: "<b>\(notCounted)</b> anti")) · allowed \(escape(report.options.failOver.description))</p>

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
        "<details class=\"folders\"\(review ? " open" : "")><summary>Failures per folder of icons (\(folders.filter { $0.value.failedImages > 0 }.count) folders)</summary><table><tr><th>folder</th><th>icons failing</th><th>icons</th><th>images failing</th><th>images</th>\(review ? "<th></th>" : "")</tr>\n"
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
      <span class="modes"><button data-mode="side">side by side</button><button data-mode="slider">slider</button><button data-mode="blink">blink</button></span>
      <label>zoom <select id="zoom"><option>1</option><option>2</option><option>4</option><option selected>8</option><option>16</option></select>x</label>
      <button id="close" aria-label="close">close</button></div>
      <p id="vinfo"></p><p class="accept">accept: <code id="vcmd"></code></p><div id="vbody"></div></div></div>\(review ? reviewHelp : "")
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
    if let at = name.range(of: "@", options: .backwards),
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
    guard let at = stem.range(of: "@", options: .backwards), stem.hasSuffix("x"),
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
    guard let slash = path.range(of: "/", options: .backwards) else { return "" }
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
    return parts.map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"]))
        ?? $0
    }.joined(separator: "/")
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

  // MARK: - Page

  private static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
    header{padding:20px 24px 8px}main{padding:0 24px 24px}
    h1{font-size:22px;margin:0 0 4px}
    code{font:12px ui-monospace,monospace;background:#eee;padding:1px 4px;border-radius:4px}
    .paths,.options{color:#555;margin:4px 0}
    .summary{display:flex;flex-wrap:wrap;gap:10px;list-style:none;padding:0;margin:10px 0}
    .summary li{background:#fff;border:1px solid #ddd;border-radius:8px;padding:6px 12px}
    .summary .ok b{color:#1a7f37}.summary .bad b{color:#cf222e}.summary .err b{color:#9a6700}
    .warning{background:#fff8c5;border:1px solid #d4a72c;border-radius:8px;padding:8px 12px}
    .allgood{color:#1a7f37;font-weight:600}
    .folders{margin:8px 0}.folders table{border-collapse:collapse;margin:6px 0;font-size:13px}
    .folders td,.folders th{padding:2px 10px;border-bottom:1px solid #eee;text-align:left}
    .bar{position:sticky;top:0;background:#fafafa;padding:8px 0;display:flex;gap:8px;align-items:center;z-index:1}
    #filter{flex:0 1 360px;font:inherit;padding:5px 8px;border:1px solid #bbb;border-radius:6px}
    #shown{color:#555}
    .group{background:#fff;border:1px solid #ddd;border-radius:10px;padding:10px 14px;margin:10px 0}
    .group h2{font-size:15px;margin:0 0 8px;word-break:break-all}
    .scales{display:flex;flex-wrap:wrap;gap:14px}
    .fail{border:1px solid #e5e5e5;border-radius:8px;padding:8px;cursor:pointer;min-width:150px}
    .fail:hover{border-color:#0969da}
    .fail .name{font-size:12px;color:#333;word-break:break-all}
    .fail .info{font-size:12px;color:#555}
    .thumbs{display:flex;gap:6px;align-items:center;margin:4px 0}
    .thumbs figure{margin:0;text-align:center;font-size:11px;color:#777}
    .tag{font-size:11px;border-radius:9px;padding:1px 7px;color:#fff;background:#cf222e;margin-right:4px}
    .tag.sizeChanged{background:#8250df}.tag.missingGolden,.tag.extraGolden{background:#9a6700}
    .tag.unreadable{background:#57606a}.tag.renderer{background:#d4a72c;color:#000}
    .px{image-rendering:pixelated;image-rendering:crisp-edges;display:block}
    .chk{background-color:#fff;background-image:conic-gradient(#e3e3e3 25%,#fff 0 50%,#e3e3e3 0 75%,#fff 0);background-size:12px 12px;border:1px solid #ccc}
    .box{display:flex;align-items:center;justify-content:center;width:64px;height:64px}
    .box img{max-width:64px;max-height:64px;width:auto;height:auto}
    .none{color:#999;font-size:11px}
    #view{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;overflow:auto;z-index:2}
    #view[hidden]{display:none}
    .panel{background:#fff;border-radius:10px;margin:30px;padding:14px 18px;max-width:calc(100% - 60px)}
    .panel .top{display:flex;gap:14px;align-items:center;flex-wrap:wrap}
    .modes button.on{background:#0969da;color:#fff}
    #vbody{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start;margin-top:8px}
    #vbody figure{margin:0}#vbody figcaption{font-size:12px;color:#555;margin-bottom:4px}
    .stage{position:relative;display:flex;align-items:center;justify-content:center}
    .stage img{position:absolute}
    .sizemark{outline:2px dashed #8250df;outline-offset:-1px}
    .line{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#0969da}
    .accept{font-size:12px;color:#555;margin:4px 0}.accept code{user-select:all}
    .acts{display:flex;gap:6px;align-items:center;margin-top:6px}
    .acts button,.gacts button,.rbar button,.folders button{font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #bbb;border-radius:6px;background:#fff;cursor:pointer}
    .gacts{margin-left:10px;font-weight:normal}.rbar{display:flex;gap:6px}.done{background:#1a7f37;color:#fff;border-color:#1a7f37}
    .state{font-size:11px;border-radius:9px;padding:1px 7px;color:#fff;background:#57606a}
    .state.accepted{background:#1a7f37}.state.deleted{background:#1a7f37}.state.rejected{background:#cf222e}
    .fail.st-accepted,.fail.st-deleted{opacity:.55}.fail.sel{outline:3px solid #0969da}
    #msg{color:#1a7f37}#msg.bad{color:#cf222e}#pending{color:#555}
    #help{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;z-index:3}
    #help[hidden]{display:none}#help td{padding:3px 10px}
    kbd{font:12px ui-monospace,monospace;border:1px solid #bbb;border-radius:4px;padding:0 4px;background:#f6f6f6}
    """

  private static let script = """
    (function(){
    var D=JSON.parse(document.getElementById('data').textContent),I=D.items,G=D.groups;
    var list=document.getElementById('list'),more=document.getElementById('more');
    var filter=document.getElementById('filter'),status=document.getElementById('status'),shown=document.getElementById('shown');
    var view=document.getElementById('view'),vbody=document.getElementById('vbody'),zoomSel=document.getElementById('zoom');
    var rows=[],drawn=0,page=60,current=null,mode='side',userMode='side',blinkTimer=null;
    var R=document.body.getAttribute('data-review')==='1',T=R?(new URLSearchParams(location.search).get('token')||''):'',ST={},sel=null;
    var labels={differs:'differs',sizeChanged:'size changed',missingGolden:'golden missing',extraGolden:'extra golden',unreadable:'unreadable'};
    function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
    function src(u){return R&&u?u+'?token='+encodeURIComponent(T):u;}
    function thumb(url,cap){return '<figure><div class="box chk">'+(url?'<img class="px" loading="lazy" decoding="async" alt="'+cap+'" src="'+esc(src(url))+'">':'<span class="none">none</span>')+'</div>'+cap+'</figure>';}
    function info(it){var s=[];if(it.d!=null)s.push('<b>'+it.d+'</b> of '+it.t+' px differ');if(it.aa)s.push(it.aa+' anti-aliased not counted');
      if(it.s==='sizeChanged')s.push('size '+it.es.join('x')+' → '+it.asz.join('x'));return s.join(' · ');}
    function state(i){return ST[I[i].p]||'pending';}
    function acts(i){var it=I[i],st=state(i);if(!R)return '';
      var main=it.s==='extraGolden'?'<button data-act="delete">Delete</button>':it.s==='unreadable'?'':'<button data-act="accept">Accept</button>';
      return '<div class="acts">'+(st!=='pending'?'<span class="state '+st+'">'+st+'</span>':'')+(st==='pending'||st==='rejected'?main:'')+(st==='pending'?'<button data-act="reject">Reject</button>':'')+'</div>';}
    function card(i){var it=I[i];var name=it.p.split('/').pop();
      return '<div class="fail st-'+state(i)+(sel===i?' sel':'')+'" data-i="'+i+'"><div class="name"><span class="tag '+it.s+'">'+labels[it.s]+'</span>'+(it.r?'<span class="tag renderer">renderer</span>':'')+esc(name)+'</div>'+
      '<div class="thumbs">'+thumb(it.e,'golden')+thumb(it.a,'actual')+(it.s==='sizeChanged'?'':thumb(it.f,'diff'))+'</div><div class="info">'+info(it)+'</div>'+acts(i)+'</div>';}
    function gacts(g){return R?' <span class="gacts"><button data-gact="accept" data-g="'+g+'">Accept icon</button><button data-gact="reject" data-g="'+g+'">Reject icon</button></span>':'';}
    function drawMore(){var html='';var end=Math.min(rows.length,drawn+page);
      for(var g=drawn;g<end;g++){var grp=rows[g];html+='<section class="group" data-g="'+grp.g+'"><h2>'+esc(grp.name)+gacts(grp.g)+'</h2><div class="scales">'+grp.members.map(card).join('')+'</div></section>';}
      list.insertAdjacentHTML('beforeend',html);drawn=end;more.textContent=drawn<rows.length?'scroll for more ('+(rows.length-drawn)+' icons)':'';}
    function visible(){var q=filter?filter.value.trim().toLowerCase():'',st=status?status.value:'';
      return function(i){var it=I[i];return (!q||it.p.toLowerCase().indexOf(q)>=0)&&(!st||it.s===st);};}
    function apply(){var ok=visible();
      rows=G.map(function(g,gi){var m=g.members.filter(ok);return m.length?{name:g.name,members:m,g:gi}:null;}).filter(Boolean);
      list.innerHTML='';drawn=0;drawMore();count();}
    function count(){if(shown){var n=rows.reduce(function(a,g){return a+g.members.length;},0);shown.textContent=n+' of '+I.length+' failures, '+rows.length+' icons';}
      if(R){var p=I.filter(function(it){return !ST[it.p]||ST[it.p]==='pending';}).length;var pe=document.getElementById('pending');if(pe)pe.textContent=p+' pending';}}
    if('IntersectionObserver' in window){new IntersectionObserver(function(es){if(es[0].isIntersecting&&drawn<rows.length)drawMore();},{rootMargin:'600px'}).observe(more);}
    else{window.addEventListener('scroll',function(){if(window.innerHeight+window.scrollY>document.body.offsetHeight-600)drawMore();});}
    if(filter){var t;filter.addEventListener('input',function(){clearTimeout(t);t=setTimeout(apply,120);});status.addEventListener('change',apply);}
    document.querySelectorAll('a[data-folder]').forEach(function(a){a.addEventListener('click',function(e){e.preventDefault();filter.value=a.getAttribute('data-folder')+'/';apply();filter.scrollIntoView();});});
    list.addEventListener('click',function(e){var b=e.target.closest('button');var el=e.target.closest('.fail');
      if(b&&b.hasAttribute('data-act')&&el){act(b.getAttribute('data-act'),[+el.getAttribute('data-i')]);return;}
      if(b&&b.hasAttribute('data-gact')){var g=G[+b.getAttribute('data-g')];act(b.getAttribute('data-gact'),g.members);return;}
      if(el)open(+el.getAttribute('data-i'));});
    function size(it,k){var s=it[k]||it.asz||it.es;return s||[1,1];}
    function img(url,w,h,z,cls){return url?'<img class="px '+(cls||'')+'" alt="" src="'+esc(src(url))+'" style="width:'+w*z+'px;height:'+h*z+'px">':'<span class="none">none</span>';}
    function stage(it,z,inner){var e=size(it,'es'),a=size(it,'asz');var w=Math.max(e[0],a[0])*z,h=Math.max(e[1],a[1])*z;
      return '<div class="stage chk" style="width:'+w+'px;height:'+h+'px">'+inner+'</div>';}
    function both(it){return !!(it.e&&it.a);}
    function render(){if(current==null)return;clearInterval(blinkTimer);var it=I[current],z=+zoomSel.value;var e=size(it,'es'),a=size(it,'asz');
      document.querySelectorAll('.modes button').forEach(function(b){var m=b.getAttribute('data-mode');b.classList.toggle('on',m===mode);b.disabled=m!=='side'&&!both(it);});
      var sized=it.s==='sizeChanged'?' sizemark':'';var html='';
      if(mode==='side'){html='<figure><figcaption>golden '+(it.es||[]).join('x')+'</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,sized))+'</figure>'+
        '<figure><figcaption>actual '+(it.asz||[]).join('x')+'</figcaption>'+stage(it,z,img(it.a,a[0],a[1],z,sized))+'</figure>'+
        (it.f?'<figure><figcaption>diff</figcaption>'+stage(it,z,img(it.f,a[0],a[1],z))+'</figure>':'');}
      else if(mode==='slider'){html='<figure><figcaption>golden left of the line, actual right</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,sized)+img(it.a,a[0],a[1],z,'top'+sized)+'<div class="line" style="left:50%"></div>')+
        '<input type="range" min="0" max="100" value="50" aria-label="slider" style="width:100%"></figure>';}
      else{html='<figure><figcaption id="which">golden</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,'g'+sized)+img(it.a,a[0],a[1],z,'top'+sized))+'</figure>';}
      vbody.innerHTML=html;
      if(mode==='slider'){var r=vbody.querySelector('input'),top=vbody.querySelector('.top'),line=vbody.querySelector('.line');var upd=function(){var st=vbody.querySelector('.stage').getBoundingClientRect(),tb=top.getBoundingClientRect();
        var x=st.width*r.value/100-(tb.left-st.left);top.style.clipPath='inset(0 0 0 '+Math.max(0,x)+'px)';line.style.left=r.value+'%';};r.addEventListener('input',upd);upd();}
      if(mode==='blink'){var top2=vbody.querySelector('.top'),cap=document.getElementById('which'),on=false;top2.style.visibility='hidden';
        blinkTimer=setInterval(function(){on=!on;top2.style.visibility=on?'visible':'hidden';cap.textContent=on?'actual':'golden';},600);}}
    function open(i){current=i;var it=I[i];document.getElementById('vtitle').textContent=it.p;mode=both(it)?userMode:'side';
      document.getElementById('vinfo').innerHTML=(it.s==='sizeChanged'?'<b>Size change</b>, both images centred on one canvas (dashed outlines). ':'')+(it.s==='missingGolden'?'<b>No golden yet</b>: the actual image alone. ':'')+esc(it.m);
      document.getElementById('vcmd').textContent=it.c||'none (fix the file first)';
      var big=Math.max(size(it,'es')[0],size(it,'asz')[0]);zoomSel.value=big<=40?'8':big<=90?'4':big<=200?'2':'1';view.hidden=false;render();}
    document.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){mode=userMode=b.getAttribute('data-mode');render();});});
    zoomSel.addEventListener('change',render);
    function close(){view.hidden=true;clearInterval(blinkTimer);current=null;vbody.innerHTML='';}
    document.getElementById('close').addEventListener('click',close);
    view.addEventListener('click',function(e){if(e.target===view)close();});
    var queue=Promise.resolve(),busy=0,msg=document.getElementById('msg');
    function say(t,bad){if(msg){msg.textContent=t;msg.className=bad?'bad':'';}}
    function call(path,body){busy++;document.documentElement.setAttribute('data-busy',busy);var t0=performance.now();
      queue=queue.then(function(){return fetch(path,{method:'POST',headers:{'Authorization':'Bearer '+T,'Content-Type':'application/json'},body:body?JSON.stringify(body):'{}'})
        .then(function(r){return r.json().then(function(j){return {ok:r.ok,j:j};});})
        .then(function(x){if(x.j.review)update(x.j.review);if(!x.ok)say(x.j.error||('error: '+(x.j.errors||[]).join('; ')),true);
          else say(x.j.action==='undo'?'undid '+x.j.undone+' of '+x.j.paths.length+' image(s)':({accept:'accepted',reject:'rejected',delete:'deleted'})[x.j.action]+' '+x.j.paths.length+' image(s)'+(x.j.recorded?' ('+x.j.recorded.length+' written, '+x.j.unchanged.length+' unchanged)':''));
          document.documentElement.setAttribute('data-undo-steps',x.j.undoSteps==null?'':x.j.undoSteps);})
        .catch(function(e){say('request failed: '+e,true);})
        .then(function(){busy--;document.documentElement.setAttribute('data-busy',busy);document.documentElement.setAttribute('data-last-action-ms',Math.round(performance.now()-t0));});});
      return queue;}
    function update(review){Object.keys(review).forEach(function(p){ST[p]=review[p];});
      document.querySelectorAll('.fail').forEach(function(el){var i=+el.getAttribute('data-i');if(review[I[i].p]!=null)el.outerHTML=card(i);});count();}
    function act(kind,idx){var p=idx.filter(function(i){var it=I[i],st=state(i);
        if(kind==='reject')return st==='pending';if(st!=='pending'&&st!=='rejected')return false;
        return kind==='delete'?it.s==='extraGolden':(it.s!=='extraGolden'&&it.s!=='unreadable');}).map(function(i){return I[i].p;});
      if(!p.length){say('nothing to '+kind+' there',false);return queue;}
      return call('/api/'+kind,{paths:p});}
    function shownItems(){var ok=visible();return I.map(function(_,i){return i;}).filter(ok);}
    if(R&&document.getElementById('acceptShown')){
      document.getElementById('acceptShown').addEventListener('click',function(){act('accept',shownItems());});
      document.getElementById('rejectShown').addEventListener('click',function(){act('reject',shownItems());});
      document.getElementById('deleteShown').addEventListener('click',function(){act('delete',shownItems());});
      document.getElementById('undo').addEventListener('click',function(){call('/api/undo');});
      document.querySelectorAll('button[data-fact]').forEach(function(b){b.addEventListener('click',function(){var f=b.getAttribute('data-f');
        act(b.getAttribute('data-fact'),I.map(function(_,i){return i;}).filter(function(i){return I[i].fo===f;}));});});
      var help=document.getElementById('help');
      document.getElementById('helpButton').addEventListener('click',function(){help.hidden=!help.hidden;});
      help.addEventListener('click',function(){help.hidden=true;});}
    var doneButton=document.getElementById('done');
    if(R&&doneButton)doneButton.addEventListener('click',function(){call('/api/done').then(function(){document.body.innerHTML='<p class="allgood" id="finished">Review finished: the server has stopped; close this tab.</p>';});});
    function cards(){return Array.prototype.slice.call(document.querySelectorAll('.fail'));}
    function select(i){sel=i;cards().forEach(function(el){el.classList.toggle('sel',+el.getAttribute('data-i')===i);});
      var el=document.querySelector('.fail[data-i="'+i+'"]');if(el)el.scrollIntoView({block:'nearest'});}
    function step(d){var cs=cards();if(!cs.length)return;var at=cs.findIndex(function(el){return +el.getAttribute('data-i')===sel;});
      var n=at<0?(d>0?0:cs.length-1):Math.max(0,Math.min(cs.length-1,at+d));if(n>=cs.length-3&&drawn<rows.length){drawMore();cs=cards();}select(+cs[n].getAttribute('data-i'));}
    function target(){return current!=null?current:sel;}
    document.addEventListener('keydown',function(e){if(e.key==='Escape'){close();var h=document.getElementById('help');if(h)h.hidden=true;return;}
      if(!R||e.ctrlKey||e.metaKey||e.altKey||(e.target&&/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)))return;
      var k=e.key;if(k==='j'){step(1);}else if(k==='k'){step(-1);}else if(k==='u'){call('/api/undo');}
      else if(k==='?'){var h2=document.getElementById('help');h2.hidden=!h2.hidden;}
      else if((k==='a'||k==='r')&&target()!=null){var i=target();close();act(k==='r'?'reject':I[i].s==='extraGolden'?'delete':'accept',[i]).then(function(){step(1);});}
      else return;e.preventDefault();});
    apply();
    var h=/^#view=(\\d+)(?:&mode=(side|slider|blink))?(?:&zoom=(\\d+))?$/.exec(location.hash);
    if(h&&I[+h[1]]){if(h[2])userMode=h[2];open(+h[1]);if(h[3]){zoomSel.value=h[3];render();}}
    window.addEventListener('load',function(){document.documentElement.setAttribute('data-load-ms',Math.round(performance.now()));});
    document.documentElement.setAttribute('data-ready','1');
    })();
    """

  /// The review controls beside the filter (`golden review` only).
  private static let reviewBar = """
    <span class="rbar"><button id="acceptShown" title="accept every failure the filter shows">Accept shown</button><button id="rejectShown">Reject shown</button><button id="deleteShown" title="delete the shown goldens that have no actual image">Delete shown</button><button id="undo" title="u">Undo</button><button id="helpButton" title="?">Keys</button><button id="done" class="done">Done</button></span><span id="pending"></span><span id="msg" role="status"></span>
    """

  /// The keyboard help (`?`).
  private static let reviewHelp = """
    <div id="help" hidden><div class="panel"><h2>Keys</h2><table>
    <tr><td><kbd>j</kbd> / <kbd>k</kbd></td><td>next / previous image</td></tr>
    <tr><td><kbd>a</kbd></td><td>accept the selected image (delete it when its actual image is gone)</td></tr>
    <tr><td><kbd>r</kbd></td><td>reject the selected image</td></tr>
    <tr><td><kbd>u</kbd></td><td>undo the last step (as many times as there were steps)</td></tr>
    <tr><td><kbd>?</kbd></td><td>this help</td></tr><tr><td><kbd>Esc</kbd></td><td>close</td></tr>
    </table></div></div>
    """
}
