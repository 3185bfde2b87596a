#!/usr/bin/env bash
# Issue 39's corpus check of symbol weights, part by part: Lucide, Heroicons solid (or the
# folders given) and a scripted sample of 100 filled icons with separate parts, counters,
# islands and knock-outs drawn either way round (scripts/symbol-parts-sample.py) become
# .symbolsets; scripts/symbol-parts.py then checks from the written templates that every part
# grows from Ultralight-S to Black-S and every hole shrinks (every knock-out mark grows), no ink
# box grows past its offset, no parts apart at Regular-S touch, and `glyphsmith validate` must
# find nothing in the catalogs.
# usage: scripts/symbol-parts.sh [INPUT_FOLDER...]   GLYPHSMITH_BIN overrides the binary
#        (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  python3 scripts/symbol-parts-sample.py "$work/filled-sample" >/dev/null
  inputs=(../shared/corpus/lucide ../shared/corpus/heroicons-solid "$work/filled-sample")
fi
bin=${GLYPHSMITH_BIN:-}
if [ -z "$bin" ]; then
  for product in glyphsmith-render glyphsmith; do
    swift build -c release --product "$product" >/dev/null
  done
  bin=$(swift build -c release --show-bin-path)/glyphsmith
fi
status=0
for input in "${inputs[@]}"; do
  name=$(basename "$input")
  "$bin" symbol "$input" -o "$work/$name.xcassets" --report "$work/$name.json" \
    2>"$work/$name.err" || {
    code=$?
    if [ "$code" -ge 2 ]; then cat "$work/$name.err" >&2; exit 2; fi
  }
  python3 scripts/symbol-parts.py "$work/$name.xcassets" --report "$work/$name.json" \
    | sed "s|$work/||" || status=1
  if ! "$bin" validate "$work/$name.xcassets" >"$work/$name.validate" 2>&1; then
    echo "  validate: $(tail -1 "$work/$name.validate")"
    status=1
  else
    echo "  validate: no findings"
  fi
done
exit $status
