import FoundationEssentials
import Glibc
import GlyphsmithCore

/// The review and report page's CSS, script and review controls, apart from the Swift that
/// fills the page (`GoldenHTMLReport.render`), so the page's behaviour is one file to read.
extension GoldenHTMLReport {
  /// The page's CSS (self-contained: no font, image or sheet from anywhere else).
  static let style = """
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
    .px{image-rendering:crisp-edges;image-rendering:pixelated;display:block}
    .chk{background-color:#fff;background-image:conic-gradient(#e3e3e3 25%,#fff 0 50%,#e3e3e3 0 75%,#fff 0);background-size:12px 12px;border:1px solid #ccc}
    .box{display:flex;align-items:center;justify-content:center;width:64px;height:64px}
    .box img{max-width:64px;max-height:64px;width:auto;height:auto}
    .none{color:#999;font-size:11px}
    #view{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;overflow:auto;z-index:2}
    #view[hidden]{display:none}
    .panel{background:#fff;border-radius:10px;margin:30px;padding:14px 18px;max-width:calc(100% - 60px)}
    .panel .top{display:flex;gap:14px;align-items:center;flex-wrap:wrap}
    .modes button.on,.zooms button.on{background:#0969da;color:#fff}
    .probe{position:absolute;outline:1px solid #f0f;box-shadow:0 0 0 1px #fff;pointer-events:none;z-index:1}.probe[hidden]{display:none}
    #readout{font:12px ui-monospace,monospace;color:#1d1d1f;margin:4px 0;min-height:1.45em}
    .ctl{display:flex;gap:6px;align-items:center;font-size:12px;color:#555;margin-top:6px}
    .keys{font-size:12px;color:#777;margin:4px 0}#tally{color:#555;font-size:12px}.bar{flex-wrap:wrap}
    #vbody{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start;margin-top:8px}
    #vbody figure{margin:0}#vbody figcaption{font-size:12px;color:#555;margin-bottom:4px}
    .stage{position:relative;display:flex;align-items:center;justify-content:center}
    .stage img{position:absolute}
    .sizemark{outline:2px dashed #8250df;outline-offset:-1px}
    .line{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#0969da}
    .accept{font-size:12px;color:#555;margin:4px 0}.accept code{user-select:all}
    .acts{display:flex;gap:6px;align-items:center;margin-top:6px}
    .acts button,.gacts button,.rbar button,.folders button{font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #bbb;border-radius:6px;background:#fff;cursor:pointer}
    .gacts{margin-left:10px;font-weight:normal}.rbar{display:flex;gap:6px}.done,.rbar button.done{background:#1a7f37;color:#fff;border-color:#1a7f37}
    .state{font-size:11px;border-radius:9px;padding:1px 7px;color:#fff;background:#57606a}
    .state.accepted{background:#1a7f37}.state.deleted{background:#1a7f37}.state.rejected{background:#cf222e}
    .fail.st-accepted,.fail.st-deleted{opacity:.55}.fail.sel{outline:3px solid #0969da}
    #msg{color:#1a7f37}#msg.bad{color:#cf222e}#pending{color:#555}
    #help{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;z-index:3}
    #help[hidden]{display:none}#help td{padding:3px 10px}
    kbd{font:12px ui-monospace,monospace;border:1px solid #bbb;border-radius:4px;padding:0 4px;background:#f6f6f6}
    """

  /// The page's script: the list, filter, an image's views (side by side, slider, blink,
  /// overlay, diff only), zoom, the pixel read-out with its PNG decoder, and in a review the
  /// calls to the JSON API and the keys. No outside resource; the images are the served files.
  static let script = """
    (function(){
    var D=JSON.parse(document.getElementById('data').textContent),I=D.items,G=D.groups;
    var list=document.getElementById('list'),more=document.getElementById('more');
    var filter=document.getElementById('filter'),status=document.getElementById('status'),shown=document.getElementById('shown');
    var view=document.getElementById('view'),vbody=document.getElementById('vbody');
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
    function gacts(g){if(!R)return '';var del=G[g].members.some(function(i){return I[i].s==='extraGolden';});
      return ' <span class="gacts"><button data-gact="accept" data-g="'+g+'">Accept icon</button><button data-gact="reject" data-g="'+g+'">Reject icon</button>'+
      (del?'<button data-gact="delete" data-g="'+g+'" title="delete every golden of this icon that has no actual image">Delete icon</button>':'')+'</span>';}
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
    function img(url,w,h,z,cls,css){return url?'<img class="px '+(cls||'')+'" alt="" src="'+esc(src(url))+'" style="width:'+w*z+'px;height:'+h*z+'px;'+(css||'')+'">':'<span class="none">none</span>';}
    function canvas(it){var e=size(it,'es'),a=size(it,'asz');return [Math.max(e[0],a[0]),Math.max(e[1],a[1])];}
    function stage(it,z,inner){var c=canvas(it);
      return '<div class="stage chk" style="width:'+c[0]*z+'px;height:'+c[1]*z+'px">'+inner+'<div class="probe" hidden></div></div>';}
    function both(it){return !!(it.e&&it.a);}
    function can(it,m){return m==='side'||(m==='diff'?!!it.f:both(it));}
    var zoomAt='8',split=50,opacity=50,probe=null,PX={},ZS=['1','2','4','8','16'];
    function fit(it){var c=canvas(it),n=mode==='side'?(it.f?3:2):1;
      var z=Math.min((document.documentElement.clientWidth-140-n*20)/(n*c[0]),(window.innerHeight-320)/c[1]);return z>=1?Math.floor(z):Math.max(z,0.05);}
    function zoom(){return zoomAt==='fit'&&current!=null?fit(I[current]):+zoomAt;}
    function render(){if(current==null)return;clearInterval(blinkTimer);var it=I[current],z=zoom();var e=size(it,'es'),a=size(it,'asz');
      document.querySelectorAll('.modes button').forEach(function(b){var m=b.getAttribute('data-mode');b.classList.toggle('on',m===mode);b.disabled=!can(it,m);});
      document.querySelectorAll('.zooms button').forEach(function(b){b.classList.toggle('on',b.getAttribute('data-zoom')===zoomAt);});
      var sized=it.s==='sizeChanged'?' sizemark':'';var html='';
      if(mode==='side'){html='<figure><figcaption>golden '+(it.es||[]).join('x')+'</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,sized))+'</figure>'+
        '<figure><figcaption>actual '+(it.asz||[]).join('x')+'</figcaption>'+stage(it,z,img(it.a,a[0],a[1],z,sized))+'</figure>'+
        (it.f?'<figure><figcaption>diff</figcaption>'+stage(it,z,img(it.f,a[0],a[1],z))+'</figure>':'');}
      else if(mode==='slider'){html='<figure><figcaption>golden left of the line, actual right</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,'g'+sized)+img(it.a,a[0],a[1],z,'top'+sized)+'<div class="line"></div>')+
        '<input id="split" type="range" min="0" max="100" value="'+split+'" aria-label="slider: golden left, actual right" style="width:100%"></figure>';}
      else if(mode==='overlay'){html='<figure><figcaption>actual over golden (onion skin)</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,'g'+sized)+img(it.a,a[0],a[1],z,'top'+sized,'opacity:'+opacity/100))+
        '<label class="ctl">actual opacity <input id="opacity" type="range" min="0" max="100" value="'+opacity+'" aria-label="actual opacity"><output id="opacityValue">'+opacity+'%</output></label></figure>';}
      else if(mode==='diff'){html='<figure><figcaption>diff (pixelmatch: red differs, yellow anti-aliasing, grey the golden faded)</figcaption>'+stage(it,z,img(it.f,a[0],a[1],z,'d'))+'</figure>';}
      else{html='<figure><figcaption id="which">golden</figcaption>'+stage(it,z,img(it.e,e[0],e[1],z,'g'+sized)+img(it.a,a[0],a[1],z,'top'+sized))+'</figure>';}
      vbody.innerHTML=html;view.setAttribute('data-zoom',z);
      if(mode==='slider'){var r=document.getElementById('split');r.addEventListener('input',function(){split=+r.value;place();});place();}
      if(mode==='overlay'){var o=document.getElementById('opacity');o.addEventListener('input',function(){opacity=+o.value;fade();});}
      if(mode==='blink'){var top2=vbody.querySelector('.top'),cap=document.getElementById('which'),on=false;top2.style.visibility='hidden';
        blinkTimer=setInterval(function(){on=!on;top2.style.visibility=on?'visible':'hidden';cap.textContent=on?'actual':'golden';},600);}
      showProbe();}
    function place(){var r=document.getElementById('split'),top=vbody.querySelector('.top'),line=vbody.querySelector('.line'),st=vbody.querySelector('.stage');if(!r||!top)return;
      var x=st.clientWidth*split/100-top.offsetLeft;top.style.clipPath='inset(0 0 0 '+Math.max(0,x)+'px)';line.style.left=split+'%';r.value=split;}
    function fade(){var top=vbody.querySelector('.top'),o=document.getElementById('opacity'),v=document.getElementById('opacityValue');if(!o)return;
      top.style.opacity=opacity/100;o.value=opacity;v.textContent=opacity+'%';}
    // The pixel read-out: colours decoded from the PNG bytes (a canvas would premultiply alpha
    // and round), 8-bit non-interlaced PNGs of every colour type; others through a canvas (~).
    function decodePNG(buf){var b=new Uint8Array(buf),v=new DataView(buf),p=8,w=0,h=0,bd=0,ct=0,il=0,pal=null,trns=null,parts=[],n=0;
      if(b.length<8||b[1]!==80||b[2]!==78||b[3]!==71)return null;
      while(p+8<=b.length){var len=v.getUint32(p),t=String.fromCharCode(b[p+4],b[p+5],b[p+6],b[p+7]),c=b.subarray(p+8,p+8+len);
        if(t==='IHDR'){w=v.getUint32(p+8);h=v.getUint32(p+12);bd=b[p+16];ct=b[p+17];il=b[p+20];}else if(t==='PLTE')pal=c;else if(t==='tRNS')trns=c;
        else if(t==='IDAT'){parts.push(c);n+=c.length;}else if(t==='IEND')break;p+=12+len;}
      var ch={0:1,2:3,3:1,4:2,6:4}[ct];if(bd!==8||il!==0||!ch||(ct===3&&!pal)||typeof DecompressionStream==='undefined')return null;
      var zb=new Uint8Array(n),o=0;parts.forEach(function(c){zb.set(c,o);o+=c.length;});
      return new Response(new Blob([zb]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer().then(function(raw){raw=new Uint8Array(raw);
        var s=w*ch,cur=new Uint8Array(s),prev=new Uint8Array(s),out=new Uint8Array(w*h*4),q=0;
        for(var y=0;y<h;y++){var f=raw[q++];
          for(var i=0;i<s;i++){var x=raw[q++],l=i>=ch?cur[i-ch]:0,u=prev[i],ul=i>=ch?prev[i-ch]:0;
            if(f===1)x+=l;else if(f===2)x+=u;else if(f===3)x+=(l+u)>>1;
            else if(f===4){var pa=Math.abs(u-ul),pb=Math.abs(l-ul),pc=Math.abs(l+u-2*ul);x+=(pa<=pb&&pa<=pc)?l:(pb<=pc?u:ul);}
            cur[i]=x&255;}
          for(var k=0;k<w;k++){var d=(y*w+k)*4,rr,gg,bb,aa=255;
            if(ct===6){rr=cur[k*4];gg=cur[k*4+1];bb=cur[k*4+2];aa=cur[k*4+3];}
            else if(ct===2){rr=cur[k*3];gg=cur[k*3+1];bb=cur[k*3+2];if(trns&&trns.length>=6&&trns[1]===rr&&trns[3]===gg&&trns[5]===bb)aa=0;}
            else if(ct===3){var ix=cur[k];rr=pal[ix*3];gg=pal[ix*3+1];bb=pal[ix*3+2];aa=trns&&ix<trns.length?trns[ix]:255;}
            else if(ct===4){rr=gg=bb=cur[k*2];aa=cur[k*2+1];}
            else{rr=gg=bb=cur[k];if(trns&&trns.length>=2&&trns[1]===rr)aa=0;}
            out[d]=rr;out[d+1]=gg;out[d+2]=bb;out[d+3]=aa;}
          var sw=prev;prev=cur;cur=sw;}
        return {w:w,h:h,d:out};});}
    function viaCanvas(url){return new Promise(function(done){var im=new Image();im.onerror=function(){done(null);};
      im.onload=function(){try{var cv=document.createElement('canvas');cv.width=im.naturalWidth;cv.height=im.naturalHeight;var cx=cv.getContext('2d');cx.drawImage(im,0,0);
        done({w:cv.width,h:cv.height,d:cx.getImageData(0,0,cv.width,cv.height).data,approx:true});}catch(e){done(null);}};im.src=src(url);});}
    function pixels(url){if(!url||PX[url])return;PX[url]='wait';
      fetch(src(url)).then(function(r){if(!r.ok)throw new Error(r.status);return r.arrayBuffer();}).then(decodePNG)
        .then(function(p){return p||viaCanvas(url);},function(){return viaCanvas(url);}).then(function(p){PX[url]=p||'none';readout();});}
    function hex(n){return ('0'+n.toString(16)).slice(-2);}
    function colour(url,x,y){if(!url)return 'none';var p=PX[url];if(!p||p==='wait')return '...';if(p==='none')return 'not readable here';
      if(x<0||y<0||x>=p.w||y>=p.h)return 'outside';var i=(y*p.w+x)*4,d=p.d;return (p.approx?'~':'')+'#'+hex(d[i])+hex(d[i+1])+hex(d[i+2])+hex(d[i+3]);}
    function readout(){var out=document.getElementById('readout');if(current==null||!probe)return;var it=I[current],c=canvas(it),e=size(it,'es'),a=size(it,'asz');
      var gx=Math.floor(probe[0]-(c[0]-e[0])/2),gy=Math.floor(probe[1]-(c[1]-e[1])/2),ax=Math.floor(probe[0]-(c[0]-a[0])/2),ay=Math.floor(probe[1]-(c[1]-a[1])/2);
      var g=colour(it.e,gx,gy),ac=colour(it.a,ax,ay);
      out.textContent=gx===ax&&gy===ay?'x '+ax+', y '+ay+' · golden '+g+' · actual '+ac:'golden x '+gx+', y '+gy+' '+g+' · actual x '+ax+', y '+ay+' '+ac;}
    function showProbe(){if(current==null||!probe)return;var z=zoom();
      vbody.querySelectorAll('.probe').forEach(function(m){m.hidden=false;m.style.left=Math.floor(probe[0])*z+'px';m.style.top=Math.floor(probe[1])*z+'px';m.style.width=m.style.height=Math.max(z,1)+'px';});
      readout();}
    vbody.addEventListener('mousemove',function(ev){var st=ev.target.closest&&ev.target.closest('.stage');if(!st||current==null)return;
      var r=st.getBoundingClientRect(),z=zoom(),c=canvas(I[current]),x=(ev.clientX-r.left-st.clientLeft)/z,y=(ev.clientY-r.top-st.clientTop)/z;
      if(x<0||y<0||x>=c[0]||y>=c[1])return;probe=[x,y];showProbe();});
    function setMode(m){if(current==null||!can(I[current],m))return;mode=userMode=m;render();}
    function setZoom(v){zoomAt=String(v);render();}
    function clamp(v,lo,hi){return Math.max(lo,Math.min(hi,v));}
    // The view's keys (the report from disk too): true when `e` was one of them.
    function viewKey(e){var k=e.key,it=I[current];var m={s:'side',l:'slider',b:'blink',o:'overlay',d:'diff'}[k];
      if(m){setMode(m);return true;}
      if(ZS.indexOf(k)>=0){setZoom(k);return true;}
      if(k==='f'){setZoom('fit');return true;}
      if(k==='+'||k==='='||k==='-'){var z=zoom(),up=k!=='-',next=up?ZS.filter(function(s){return +s>z;})[0]:ZS.filter(function(s){return +s<z;}).pop();if(next)setZoom(next);return true;}
      if(k==='['||k===']'){var d=k===']'?10:-10;if(mode==='slider'){split=clamp(split+d,0,100);place();}else if(mode==='overlay'){opacity=clamp(opacity+d,0,100);fade();}else return false;return true;}
      var mv={ArrowLeft:[-1,0],ArrowRight:[1,0],ArrowUp:[0,-1],ArrowDown:[0,1]}[k];
      if(mv&&!(e.target&&e.target.type==='range')){var c=canvas(it),p=probe?[Math.floor(probe[0])+mv[0],Math.floor(probe[1])+mv[1]]:[0,0];
        probe=[clamp(p[0],0,c[0]-1)+0.5,clamp(p[1],0,c[1]-1)+0.5];showProbe();return true;}
      return false;}
    document.querySelectorAll('.zooms button').forEach(function(b){b.addEventListener('click',function(){setZoom(b.getAttribute('data-zoom'));});});
    window.addEventListener('resize',function(){if(zoomAt==='fit')render();});
    function open(i){current=i;var it=I[i];document.getElementById('vtitle').textContent=it.p;mode=can(it,userMode)?userMode:'side';
      document.getElementById('vinfo').innerHTML=(it.s==='sizeChanged'?'<b>Size change</b>, both images centred on one canvas (dashed outlines). ':'')+(it.s==='missingGolden'?'<b>No golden yet</b>: the actual image alone. ':'')+esc(it.m);
      document.getElementById('vcmd').textContent=it.c||'none (fix the file first)';
      var big=Math.max(size(it,'es')[0],size(it,'asz')[0]);zoomAt=big<=40?'8':big<=90?'4':big<=200?'2':'1';probe=null;
      document.getElementById('readout').textContent='point at a pixel (or press an arrow key) for its x, y and both colours';
      pixels(it.e);pixels(it.a);view.hidden=false;render();}
    document.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){setMode(b.getAttribute('data-mode'));});});
    function close(){view.hidden=true;clearInterval(blinkTimer);current=null;vbody.innerHTML='';}
    document.getElementById('close').addEventListener('click',close);
    view.addEventListener('click',function(e){if(e.target===view)close();});
    var queue=Promise.resolve(),busy=0,msg=document.getElementById('msg'),summary='';
    function say(t,bad){if(msg){msg.textContent=t;msg.className=bad?'bad':'';}}
    function n(k,w){return k+' '+w+(k===1?'':'s');}
    function call(path,body){busy++;document.documentElement.setAttribute('data-busy',busy);var t0=performance.now();
      queue=queue.then(function(){return fetch(path,{method:'POST',headers:{'Authorization':'Bearer '+T,'Content-Type':'application/json'},body:body?JSON.stringify(body):'{}'})
        .then(function(r){return r.json().then(function(j){return {ok:r.ok,j:j};});})
        .then(function(x){if(x.j.summary!=null){summary=x.j.summary;var te=document.getElementById('tally');if(te)te.textContent=summary;}if(x.j.done)return;if(x.j.review)update(x.j.review);if(!x.ok)say(x.j.error||('error: '+(x.j.errors||[]).join('; ')),true);
          else say(x.j.action==='undo'?'undid '+x.j.undone+' of '+n(x.j.paths.length,'image'):({accept:'accepted',reject:'rejected',delete:'deleted'})[x.j.action]+' '+n(x.j.paths.length,'image')+(x.j.recorded&&x.j.recorded.length+x.j.unchanged.length>0?' ('+x.j.recorded.length+' written, '+x.j.unchanged.length+' unchanged)':''));
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
    if(R&&doneButton)doneButton.addEventListener('click',function(){call('/api/done').then(function(){document.body.innerHTML='<p class="allgood" id="finished">Review finished: '+esc(summary)+'. The server has stopped; close this tab.</p>';});});
    function cards(){return Array.prototype.slice.call(document.querySelectorAll('.fail'));}
    function select(i){sel=i;cards().forEach(function(el){el.classList.toggle('sel',+el.getAttribute('data-i')===i);});
      var el=document.querySelector('.fail[data-i="'+i+'"]');if(el)el.scrollIntoView({block:'nearest'});}
    function step(d){var cs=cards();if(!cs.length)return;var at=cs.findIndex(function(el){return +el.getAttribute('data-i')===sel;});
      var n=at<0?(d>0?0:cs.length-1):Math.max(0,Math.min(cs.length-1,at+d));if(n>=cs.length-3&&drawn<rows.length){drawMore();cs=cards();}select(+cs[n].getAttribute('data-i'));}
    function target(){return current!=null?current:sel;}
    document.addEventListener('keydown',function(e){if(e.key==='Escape'){close();var h=document.getElementById('help');if(h)h.hidden=true;return;}
      var tg=e.target;if(e.ctrlKey||e.metaKey||e.altKey||(tg&&(/^(SELECT|TEXTAREA)$/.test(tg.tagName)||(tg.tagName==='INPUT'&&tg.type!=='range'))))return;
      if(current!=null&&viewKey(e)){e.preventDefault();return;}
      if(!R)return;
      var k=e.key;if(k==='j'){step(1);}else if(k==='k'){step(-1);}else if(k==='u'){call('/api/undo');}
      else if(k==='?'){var h2=document.getElementById('help');h2.hidden=!h2.hidden;}
      else if((k==='a'||k==='r')&&target()!=null){var i=target();close();act(k==='r'?'reject':I[i].s==='extraGolden'?'delete':'accept',[i]).then(function(){step(1);});}
      else return;e.preventDefault();});
    apply();
    var h=/^#view=(\\d+)(?:&mode=(side|slider|blink|overlay|diff))?(?:&zoom=(\\d+|fit))?$/.exec(location.hash);
    if(h&&I[+h[1]]){if(h[2])userMode=h[2];open(+h[1]);if(h[3]){zoomAt=h[3];render();}}
    window.addEventListener('load',function(){document.documentElement.setAttribute('data-load-ms',Math.round(performance.now()));});
    document.documentElement.setAttribute('data-ready','1');
    })();
    """

  /// The review controls beside the filter (`golden review` only).
  static let reviewBar = """
    <span class="rbar"><button id="acceptShown" title="accept every failure the filter shows">Accept shown</button><button id="rejectShown">Reject shown</button><button id="deleteShown" title="delete the shown goldens that have no actual image">Delete shown</button><button id="undo" title="u">Undo</button><button id="helpButton" title="?">Keys</button><button id="done" class="done">Done</button></span><span id="pending"></span><span id="tally" title="counts of images; an undone step no longer counts">\(GoldenReviewSession.summary(accepted: 0, rejected: 0, deleted: 0, undone: 0))</span><span id="msg" role="status"></span>
    """

  /// The keyboard help (`?`).
  static let reviewHelp = """
    <div id="help" hidden><div class="panel"><h2>Keys</h2><table>
    <tr><td><kbd>j</kbd> / <kbd>k</kbd></td><td>next / previous image</td></tr>
    <tr><td><kbd>a</kbd></td><td>accept the selected image (delete it when its actual image is gone)</td></tr>
    <tr><td><kbd>r</kbd></td><td>reject the selected image</td></tr>
    <tr><td><kbd>u</kbd></td><td>undo the last step (as many times as there were steps)</td></tr>
    <tr><td><kbd>s</kbd> <kbd>l</kbd> <kbd>b</kbd> <kbd>o</kbd> <kbd>d</kbd></td><td>in an image's view: side by side, slider, blink, overlay (onion skin), diff only</td></tr>
    <tr><td><kbd>[</kbd> / <kbd>]</kbd></td><td>move the slider, or the overlay's opacity, by 10 %</td></tr>
    <tr><td><kbd>1</kbd> <kbd>2</kbd> <kbd>4</kbd> <kbd>8</kbd> <kbd>+</kbd> <kbd>-</kbd> <kbd>f</kbd></td><td>zoom to 1x, 2x, 4x, 8x, in, out, to fit (pixels stay square)</td></tr>
    <tr><td>arrows</td><td>move the pixel read-out (x, y, golden and actual colour) by one pixel</td></tr>
    <tr><td><kbd>?</kbd></td><td>this help</td></tr><tr><td><kbd>Esc</kbd></td><td>close</td></tr>
    </table></div></div>
    """
}
