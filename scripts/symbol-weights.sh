#!/usr/bin/env bash
# Measures issue 27's "done when" on icon sets: every SVG becomes a .symbolset, then counts
#   - ink Ultralight < Regular < Black (librsvg renders of the template, `symbol --measure`),
#   - symbols whose every contour turns the same way in Ultralight-S, Regular-S and Black-S,
#   - symbols whose Black-S ink keeps at least 2 units to its margin guides on both sides,
#   - `glyphsmith validate` findings per symbol (want 0 %),
#   - holes (contours turning against their path's largest one) still open at Black-S
#     (same direction, at least a quarter of their Regular-S area).
# usage: scripts/symbol-weights.sh [INPUT_FOLDER...]   (default: ../shared/corpus/lucide and
#        ../shared/corpus/heroicons-solid). GLYPHSMITH_BIN overrides the binary (default: a
#        release build); the counts read only the written templates, so any version's
#        templates can be counted (for a before/after comparison).
set -euo pipefail
cd "$(dirname "$0")/.."
inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  inputs=(../shared/corpus/lucide ../shared/corpus/heroicons-solid)
fi
bin=${GLYPHSMITH_BIN:-}
if [ -z "$bin" ]; then
  for product in glyphsmith-render glyphsmith; do
    swift build -c release --static-swift-stdlib --product "$product" >/dev/null
  done
  bin=$(swift build -c release --show-bin-path)/glyphsmith
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for input in "${inputs[@]}"; do
  name=$(basename "$input")
  code=0
  "$bin" symbol "$input" -o "$work/$name.xcassets" --measure --report "$work/$name.json" \
    2>"$work/$name.err" || code=$?
  if [ "$code" -ge 2 ]; then
    cat "$work/$name.err" >&2
    echo "glyphsmith symbol $input failed (exit $code)" >&2
    exit 2
  fi
  "$bin" validate --json "$work/$name.xcassets" >"$work/$name.validate.json" || true
  python3 scripts/symbol-weights.py "$name" "$work/$name.json" "$work/$name.validate.json" \
    "$work/$name.xcassets" || status=1
done
exit $status
