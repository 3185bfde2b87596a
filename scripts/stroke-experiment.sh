#!/usr/bin/env bash
# The stroke-width experiment of issue 9: do golden checks catch the most common icon
# regression? 40 Lucide icons are rendered as tab bar glyphs @3x (--role tab-bar --scale 3) and
# recorded as goldens with `golden record` (its default options); then the same icons are
# rendered with stroke-width 2.2 (10 % heavier) and 1.8 (10 % lighter), and the @3x PNGs are
# shifted right by 1 px. Each set is checked with `golden check` against the goldens, with the
# recorded options and, for comparison, with pixelmatch's anti-aliasing detector on
# (--no-include-aa, the old default). An identical re-render must pass.
#
# usage: scripts/stroke-experiment.sh [ICON_DIR]   (default: the 40 icons vendored in
#        Tests/GlyphsmithTestFixtures/Fixtures/lucide-stroke; any folder of Lucide SVGs works)
# Exit 0 when every changed render fails and every identical one passes with the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
icons="${1:-Tests/GlyphsmithTestFixtures/Fixtures/lucide-stroke}"
swift build >/dev/null 2>&1
bin="$(swift build --show-bin-path 2>/dev/null)/glyphsmith"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

names=()
for svg in "$icons"/*.svg; do names+=("$(basename "$svg" .svg)"); done
for width in 2 2.2 1.8; do
  mkdir -p "$work/svg-$width" "$work/stroke-$width"
  for name in "${names[@]}"; do
    sed "s/stroke-width=\"2\"/stroke-width=\"$width\"/" "$icons/$name.svg" >"$work/svg-$width/$name.svg"
    "$bin" render "$work/svg-$width/$name.svg" -o "$work/stroke-$width/$name.png" \
      --role tab-bar --scale 3
  done
done
cp -r "$work/stroke-2" "$work/identical"
"$bin" golden record "$work/stroke-2" "$work/golden" >/dev/null 2>&1

# The @3x PNG shifted right by 1 px: an SVG that places the PNG at x=1 on a canvas of its size.
mkdir -p "$work/shifted"
for name in "${names[@]}"; do
  png="$work/stroke-2/$name.png"
  read -r w h < <(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$png")
  cat >"$work/stroke-2/$name-shift.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="$w" height="$h"><image x="1" y="0" width="$w" height="$h" xlink:href="$name.png"/></svg>
SVG
  "$bin" render "$work/stroke-2/$name-shift.svg" -o "$work/shifted/$name.png" --width "$w" --height "$h"
  rm "$work/stroke-2/$name-shift.svg"
done

count() { # DIR [extra check options] -> "passed failed"
  "$bin" golden check "$1" "$work/golden" --json "${@:2}" 2>/dev/null |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["passed"], r["failed"])' || true
}
printf '%-12s %-30s %-30s\n' set "recorded defaults (AA counted)" "--no-include-aa (detector on)"
status=0
for set in identical stroke-2.2 stroke-1.8 shifted; do
  read -r pass fail < <(count "$work/$set")
  read -r pass_aa fail_aa < <(count "$work/$set" --no-include-aa)
  printf '%-12s %-30s %-30s\n' "$set" "$pass of ${#names[@]} pass" "$pass_aa of ${#names[@]} pass"
  if [[ $set == identical && $fail != 0 ]] || [[ $set != identical && $pass != 0 ]]; then
    status=1
  fi
done
grep -o '"includeAA" : [a-z]*' "$work/golden/golden.json" | sed 's/^/golden.json: /'
exit $status
