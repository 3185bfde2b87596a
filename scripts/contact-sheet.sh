#!/usr/bin/env bash
# Regenerates the README's contact sheet from the sample icons, with the project's own CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
# Both executables: the glyphsmith front execs glyphsmith-render for what draws.
for product in glyphsmith-render glyphsmith; do
  swift build -c release --static-swift-stdlib --product "$product" >/dev/null
done
bin=$(swift build -c release --show-bin-path)/glyphsmith
"$bin" sheet assets/icons --compact --columns 8 --scale 2 -o docs/images/contact-sheet.png
echo "wrote docs/images/contact-sheet.png"
