#!/usr/bin/env bash
# Checks `golden check --report` at the size of a real icon set in headless Chromium (Debian's
# `chromium`, from disk, no network): every Lucide icon as a tab bar glyph at @1x/@2x/@3x
# (`glyphsmith assets`), recorded, then re-rendered with stroke-width 2.2 so every image fails.
# Prints the failure count, the page size (limit 5 MB) and Chromium's time to the load event
# from file:// (the page stores performance.now() at `load` in <html data-load-ms>; limit
# 2000 ms, median of 3 runs), and writes screenshots of the page and of one failure's slider
# view to OUT_DIR for a person to look at.
#
# usage: scripts/report-browser-check.sh [ICON_DIR] [OUT_DIR]
#   ICON_DIR: Lucide SVGs (default ../shared/corpus/lucide when present, else the 40 vendored
#   in Tests/GlyphsmithTestFixtures/Fixtures/lucide-stroke); OUT_DIR default out/report-check.
# Exit 0 when the page is under 5 MB and loads in under 2 s.
set -euo pipefail
cd "$(dirname "$0")/.."
icons="${1:-}"
if [[ -z $icons ]]; then
  if [[ -d ../shared/corpus/lucide ]]; then icons=../shared/corpus/lucide
  else icons=Tests/GlyphsmithTestFixtures/Fixtures/lucide-stroke; fi
fi
out="${2:-out/report-check}"
browser="$(command -v chromium || command -v chromium-browser || true)"
[[ -n $browser ]] || { echo "needs Chromium: apt-get install -y chromium" >&2; exit 2; }
swift build >/dev/null 2>&1
bin="$(swift build --show-bin-path 2>/dev/null)/glyphsmith"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/heavy"

for svg in "$icons"/*.svg; do
  sed 's/stroke-width="2"/stroke-width="2.2"/' "$svg" >"$work/heavy/$(basename "$svg")"
done
"$bin" assets "$icons" -o "$work/golden" --quiet
"$bin" assets "$work/heavy" -o "$work/actual" --quiet
report="$work/report.html"
set +e
"$bin" golden check "$work/actual" "$work/golden" --report "$report" --json >"$work/check.json" 2>/dev/null
set -e
failed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["failed"])' "$work/check.json")
bytes=$(stat -c %s "$report")
echo "failures: $failed; page: $bytes bytes ($(( bytes / 1024 )) KiB); images in $(basename "$report" .html)-files/"

flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-extensions
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$work/profile")
times=()
for run in 1 2 3; do
  ms=$("$browser" "${flags[@]}" --dump-dom "file://$report" 2>/dev/null |
    grep -o 'data-load-ms="[0-9]*"' | grep -o '[0-9]*' || echo 99999)
  times+=("$ms")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
echo "load event from file:// (ms): ${times[*]}; median $median"

"$browser" "${flags[@]}" --window-size=1400,1800 --screenshot="$out/report-page.png" \
  "file://$report" >/dev/null 2>&1
"$browser" "${flags[@]}" --window-size=1400,1000 --screenshot="$out/report-slider.png" \
  "file://$report#view=0&mode=slider" >/dev/null 2>&1
"$browser" "${flags[@]}" --window-size=1400,1000 --screenshot="$out/report-side.png" \
  "file://$report#view=0&mode=side" >/dev/null 2>&1
echo "screenshots: $out/report-page.png $out/report-slider.png $out/report-side.png"

status=0
(( bytes < 5 * 1024 * 1024 )) || { echo "page over 5 MB" >&2; status=1; }
(( median < 2000 )) || { echo "load event after 2 s" >&2; status=1; }
exit $status
