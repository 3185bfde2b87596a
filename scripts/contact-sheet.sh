#!/usr/bin/env bash
# Regenerates the README's contact sheet from the sample icons, with the project's own CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)/glyphsmith
"$bin" sheet assets/icons --compact --columns 8 --scale 2 -o docs/images/contact-sheet.png
echo "wrote docs/images/contact-sheet.png"
