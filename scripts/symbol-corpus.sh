#!/usr/bin/env bash
# Measures issue 17's "done when" on an icon corpus: every SVG becomes a .symbolset, then
#   - `glyphsmith validate` findings on the catalog (want 0),
#   - stroke icons with three compatible, different weights (want >= 95 %),
#   - icons whose ink grows Ultralight < Regular < Black (librsvg renders of the template),
#   - icons whose Regular-S render matches the source render on >= 99 % of pixels
#     (pixelmatch defaults: threshold 0.1, anti-aliased pixels not counted; 96 px tall).
# usage: scripts/symbol-corpus.sh [INPUT...]   (default: ../shared/corpus/lucide and the sample
#        icons 'assets/icons/*.svg'). Each INPUT is one run into its own catalog (the samples
#        share Lucide's names) and may be a glob, quoted. GLYPHSMITH_BIN overrides the binary
#        (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then inputs=(../shared/corpus/lucide 'assets/icons/*.svg'); fi
bin=${GLYPHSMITH_BIN:-}
if [ -z "$bin" ]; then
  # Both executables: the glyphsmith front execs glyphsmith-render for what draws.
  for product in glyphsmith-render glyphsmith; do
    swift build -c release --static-swift-stdlib --product "$product" >/dev/null
  done
  bin=$(swift build -c release --show-bin-path)/glyphsmith
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One catalog per input: the sample icons share names with Lucide's.
n=0
for input in "${inputs[@]}"; do
  n=$((n + 1))
  status=0
  # shellcheck disable=SC2206 # the glob in INPUT is meant to expand
  files=($input)
  "$bin" symbol "${files[@]}" -o "$work/$n.xcassets" --measure --report "$work/$n.report.json" \
    2>"$work/$n.err" || status=$?
  if [ "$status" -ge 2 ]; then
    cat "$work/$n.err" >&2
    echo "glyphsmith symbol $input failed (exit $status)" >&2
    exit 2
  fi
  "$bin" validate --json "$work/$n.xcassets" >"$work/$n.validate.json" || true
done
python3 - "$work" "$n" <<'PY'
import json, sys
report = {"symbols": [], "errors": []}
findings = []
for i in range(1, int(sys.argv[2]) + 1):
    part = json.load(open(f"{sys.argv[1]}/{i}.report.json"))
    report["symbols"] += part["symbols"]
    report["errors"] += part["errors"]
    findings += json.load(open(f"{sys.argv[1]}/{i}.validate.json"))["findings"]
symbols = report["symbols"]
stroke = [s for s in symbols if s["method"] != "fill"]
weighted = [s for s in stroke if s["method"] in ("stroked", "segmented")]
grows = [s for s in symbols if s["measure"]["ink"][0] < s["measure"]["ink"][1] < s["measure"]["ink"][2]]
matched = [s for s in symbols if s["measure"]["regularMatch"] >= 0.99]
matches = [s["measure"]["regularMatch"] for s in symbols]
mismatched = sum(s["measure"]["mismatchedPixels"] for s in symbols)
total = sum(s["measure"]["totalPixels"] for s in symbols)
def pct(a, b): return f"{100 * a / b:.2f} %" if b else "n/a"
print(f"icons                      {len(symbols)} written, {len(report['errors'])} failed")
print(f"validate findings          {len(findings)}")
print(f"stroke icons weighted      {len(weighted)} of {len(stroke)} ({pct(len(weighted), len(stroke))}); "
      f"{sum(s['method'] == 'segmented' for s in stroke)} needed segment-by-segment outlines, "
      f"{sum(s['method'] == 'copied' for s in stroke)} copied")
print(f"ink grows U < R < B        {len(grows)} of {len(symbols)} ({pct(len(grows), len(symbols))})")
print(f"Regular-S match >= 99 %    {len(matched)} of {len(symbols)} ({pct(len(matched), len(symbols))}); "
      f"worst {min(matches) * 100:.3f} %, {mismatched} of {total} px differ overall")
alpha = sorted(s["measure"].get("largestAlphaDifference", 0) for s in symbols)
print(f"largest alpha difference   median {alpha[len(alpha) // 2]}, worst {alpha[-1]} (of 255)")
for s in symbols:
    if s["method"] == "copied" or s not in matched or s not in grows:
        print(f"  {s['input']}: method {s['method']}, match {s['measure']['regularMatch']:.4f}, ink {[round(i) for i in s['measure']['ink']]}")
for error in report["errors"]:
    print("  " + error)
ok = (not findings and not report["errors"] and len(weighted) >= 0.95 * len(stroke)
      and len(grows) == len(symbols) and len(matched) == len(symbols))
sys.exit(0 if ok else 1)
PY
