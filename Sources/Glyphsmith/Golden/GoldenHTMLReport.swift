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
  package static func render(
    _ report: GoldenCheck.Report, actual: String, golden: String, reportPath: String? = nil
  ) -> String {
    let base = reportPath.map {
      URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL.path
    }
    let failures = report.results.filter { $0.status.isFailure }
    let groups = group(failures)
    let couldBeRenderer = failures.contains { $0.status == .differs || $0.status == .sizeChanged }
    let notCounted = report.results.reduce(0) { $0 + ($1.antiAliasedPixels ?? 0) }
    let options = report.options.pixelmatch

    var folders: [String: (failed: Int, checked: Int)] = [:]
    for entry in report.results {
      let folder = folderOf(entry.path)
      folders[folder, default: (0, 0)].checked += 1
      if entry.status.isFailure { folders[folder, default: (0, 0)].failed += 1 }
    }

    var items: [Item] = []
    items.reserveCapacity(failures.count)
    var groupRows: [[Int]] = []
    for members in groups {
      var row: [Int] = []
      for entry in members {
        row.append(items.count)
        items.append(Item(entry, base: base, couldBeRenderer: report.rendererChange != nil))
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
      <style>\(style)</style></head><body>
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
    } else {
      html +=
        "<details class=\"folders\"><summary>Failures per folder (\(folders.filter { $0.value.failed > 0 }.count) folders)</summary><table><tr><th>folder</th><th>failed</th><th>checked</th></tr>\n"
      for (folder, counts) in folders.sorted(by: { $0.key < $1.key }) where counts.failed > 0 {
        let name = folder.isEmpty ? "." : folder
        html +=
          "<tr><td><a href=\"#\" data-folder=\"\(escape(folder))\">\(escape(name))/</a></td>"
          + "<td>\(counts.failed)</td><td>\(counts.checked)</td></tr>\n"
      }
      html += """
        </table></details>
        <div class="bar"><input id="filter" type="search" placeholder="filter by path (e.g. tabs/ or home)" aria-label="filter by path">
        <select id="status" aria-label="status"><option value="">every failure</option><option value="differs">differs</option><option value="sizeChanged">size changed</option><option value="missingGolden">golden missing</option><option value="extraGolden">extra golden</option><option value="unreadable">unreadable</option></select>
        <span id="shown"></span></div>

        """
    }
    html += """
      </header>
      <main id="list"></main><div id="more"></div>
      <div id="view" hidden><div class="panel"><div class="top"><b id="vtitle"></b>
      <span class="modes"><button data-mode="side">side by side</button><button data-mode="slider">slider</button><button data-mode="blink">blink</button></span>
      <label>zoom <select id="zoom"><option>1</option><option>2</option><option>4</option><option selected>8</option><option>16</option></select>x</label>
      <button id="close" aria-label="close">close</button></div>
      <p id="vinfo"></p><div id="vbody"></div></div></div>
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

    init(_ entry: GoldenEntry, base: String?, couldBeRenderer: Bool) {
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
    """

  private static let script = """
    (function(){
    var D=JSON.parse(document.getElementById('data').textContent),I=D.items,G=D.groups;
    var list=document.getElementById('list'),more=document.getElementById('more');
    var filter=document.getElementById('filter'),status=document.getElementById('status'),shown=document.getElementById('shown');
    var view=document.getElementById('view'),vbody=document.getElementById('vbody'),zoomSel=document.getElementById('zoom');
    var rows=G,drawn=0,page=60,current=null,mode='side',blinkTimer=null;
    var labels={differs:'differs',sizeChanged:'size changed',missingGolden:'golden missing',extraGolden:'extra golden',unreadable:'unreadable'};
    function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
    function thumb(url,cap){return '<figure><div class="box chk">'+(url?'<img class="px" loading="lazy" decoding="async" alt="'+cap+'" src="'+esc(url)+'">':'<span class="none">none</span>')+'</div>'+cap+'</figure>';}
    function info(it){var s=[];if(it.d!=null)s.push('<b>'+it.d+'</b> of '+it.t+' px differ');if(it.aa)s.push(it.aa+' anti-aliased not counted');
      if(it.s==='sizeChanged')s.push('size '+it.es.join('x')+' → '+it.asz.join('x'));return s.join(' · ');}
    function card(i){var it=I[i];var name=it.p.split('/').pop();
      return '<div class="fail" data-i="'+i+'"><div class="name"><span class="tag '+it.s+'">'+labels[it.s]+'</span>'+(it.r?'<span class="tag renderer">renderer</span>':'')+esc(name)+'</div>'+
      '<div class="thumbs">'+thumb(it.e,'golden')+thumb(it.a,'actual')+(it.s==='sizeChanged'?'':thumb(it.f,'diff'))+'</div><div class="info">'+info(it)+'</div></div>';}
    function drawMore(){var html='';var end=Math.min(rows.length,drawn+page);
      for(var g=drawn;g<end;g++){var grp=rows[g];html+='<section class="group"><h2>'+esc(grp.name)+'</h2><div class="scales">'+grp.members.map(card).join('')+'</div></section>';}
      list.insertAdjacentHTML('beforeend',html);drawn=end;more.textContent=drawn<rows.length?'scroll for more ('+(rows.length-drawn)+' icons)':'';}
    function apply(){var q=filter?filter.value.trim().toLowerCase():'',st=status?status.value:'';
      rows=G.map(function(g){var m=g.members.filter(function(i){var it=I[i];return (!q||it.p.toLowerCase().indexOf(q)>=0)&&(!st||it.s===st);});return m.length?{name:g.name,members:m}:null;}).filter(Boolean);
      list.innerHTML='';drawn=0;drawMore();if(shown){var n=rows.reduce(function(a,g){return a+g.members.length;},0);shown.textContent=n+' of '+I.length+' failures, '+rows.length+' icons';}}
    if('IntersectionObserver' in window){new IntersectionObserver(function(es){if(es[0].isIntersecting&&drawn<rows.length)drawMore();},{rootMargin:'600px'}).observe(more);}
    else{window.addEventListener('scroll',function(){if(window.innerHeight+window.scrollY>document.body.offsetHeight-600)drawMore();});}
    if(filter){var t;filter.addEventListener('input',function(){clearTimeout(t);t=setTimeout(apply,120);});status.addEventListener('change',apply);}
    document.querySelectorAll('[data-folder]').forEach(function(a){a.addEventListener('click',function(e){e.preventDefault();filter.value=a.getAttribute('data-folder')+'/';apply();filter.scrollIntoView();});});
    list.addEventListener('click',function(e){var el=e.target.closest('.fail');if(el)open(+el.getAttribute('data-i'));});
    function size(it,k){var s=it[k]||it.asz||it.es;return s||[1,1];}
    function img(url,w,h,z,cls){return url?'<img class="px '+(cls||'')+'" alt="" src="'+esc(url)+'" style="width:'+w*z+'px;height:'+h*z+'px">':'<span class="none">none</span>';}
    function stage(it,z,inner){var e=size(it,'es'),a=size(it,'asz');var w=Math.max(e[0],a[0])*z,h=Math.max(e[1],a[1])*z;
      return '<div class="stage chk" style="width:'+w+'px;height:'+h+'px">'+inner+'</div>';}
    function render(){if(current==null)return;clearInterval(blinkTimer);var it=I[current],z=+zoomSel.value;var e=size(it,'es'),a=size(it,'asz');
      document.querySelectorAll('.modes button').forEach(function(b){b.classList.toggle('on',b.getAttribute('data-mode')===mode);});
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
    function open(i){current=i;var it=I[i];document.getElementById('vtitle').textContent=it.p;
      document.getElementById('vinfo').innerHTML=(it.s==='sizeChanged'?'<b>Size change</b>, both images centred on one canvas (dashed outlines). ':'')+esc(it.m);
      var big=Math.max(size(it,'es')[0],size(it,'asz')[0]);zoomSel.value=big<=40?'8':big<=90?'4':big<=200?'2':'1';view.hidden=false;render();}
    document.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){mode=b.getAttribute('data-mode');render();});});
    zoomSel.addEventListener('change',render);
    function close(){view.hidden=true;clearInterval(blinkTimer);current=null;vbody.innerHTML='';}
    document.getElementById('close').addEventListener('click',close);
    view.addEventListener('click',function(e){if(e.target===view)close();});
    document.addEventListener('keydown',function(e){if(e.key==='Escape')close();});
    apply();
    var h=/^#view=(\\d+)(?:&mode=(side|slider|blink))?(?:&zoom=(\\d+))?$/.exec(location.hash);
    if(h&&I[+h[1]]){if(h[2])mode=h[2];open(+h[1]);if(h[3]){zoomSel.value=h[3];render();}}
    window.addEventListener('load',function(){document.documentElement.setAttribute('data-load-ms',Math.round(performance.now()));});
    })();
    """
}
