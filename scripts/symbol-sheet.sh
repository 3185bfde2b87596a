#!/usr/bin/env bash
# Regenerates the README's weight sheet: the sample icons made into custom SF Symbols, each
# template's Ultralight-S, Regular-S and Black-S drawn by librsvg, with the project's own CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
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
"$bin" symbol assets/icons/*.svg -o "$work/Symbols.xcassets" 2>/dev/null
"$bin" sheet --symbols "$work/Symbols.xcassets" --columns 4 --scale 2 --limit 8 \
  -o docs/images/symbols-weights.png
echo "wrote docs/images/symbols-weights.png"
