#!/usr/bin/env bash
# Regenerates the weight sheets of docs/symbols.md: the sample icons made into custom SF
# Symbols, each template's Ultralight-S, Regular-S and Black-S drawn by librsvg, with the
# project's own CLI; and the same for stroked (Lucide) and filled (Heroicons) fixtures beside
# two templates exported by Apple's SF Symbols app (Tests/GlyphsmithTestFixtures/Fixtures).
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
fixtures=Tests/GlyphsmithTestFixtures/Fixtures
"$bin" symbol "$fixtures"/lucide-stroke/{settings,library-big,clover,joystick}.svg \
  "$fixtures"/heroicons-solid/{user,megaphone,eye-dropper,calendar-date-range}.svg \
  -o "$work/Beside.xcassets" 2>/dev/null
"$bin" sheet --symbols "$fixtures"/symbol-exports/codeedit/custom.breakpoint.svg \
  "$fixtures"/symbol-exports/home-assistant/discord.fill.svg "$work/Beside.xcassets" \
  --columns 5 --scale 2 -o docs/images/symbols-beside-apple.png
echo "wrote docs/images/symbols-beside-apple.png"
