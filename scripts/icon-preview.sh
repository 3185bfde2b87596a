#!/usr/bin/env bash
# Redraws docs/appicon.md's example picture, docs/images/appicon-icon-preview.png, with the
# commands the page shows: Bolt.icon from the SVG layers of docs/examples/icon, previewed.
# IconExampleDocsCLITests fails while the picture (or the icon.json the page shows) is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GLYPHSMITH:-}" ]; then
  for product in glyphsmith-render glyphsmith; do
    swift build -c release --static-swift-stdlib --product "$product" >/dev/null
  done
  GLYPHSMITH=$(swift build -c release --show-bin-path)/glyphsmith
fi
GLYPHSMITH=$(cd "$(dirname "$GLYPHSMITH")" && pwd)/$(basename "$GLYPHSMITH")
docs=$(pwd)/docs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$docs/examples/icon" "$work/layers"
(cd "$work" && "$GLYPHSMITH" appicon layers/bolt.svg --format icon -o Bolt.icon \
  --layer layers/ring.svg --background layers/backdrop.svg --preview bolt.png)
cp "$work/bolt.png" "$docs/images/appicon-icon-preview.png"
echo "wrote docs/images/appicon-icon-preview.png"
