#!/usr/bin/env bash
# Regenerates the README pictures of the toolbar, search bar, table view and tab bar rule
# previews with the glyphsmith CLI alone (no ImageMagick): one PNG per picture, @2x.
#
#   scripts/bar-pictures.sh            builds glyphsmith (swift build) and draws
#   GLYPHSMITH=path/to/glyphsmith scripts/bar-pictures.sh
#
# Writes docs/images/bars-toolbar.png, bars-searchbar.png, bars-searchbar-text.png,
# bars-tableview-grouped.png, bars-tableview-plain.png, bars-tabbar-pad.png, bars-tabbar-rtl.png.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${GLYPHSMITH:-}" ]; then
  scratch="${SCRATCH_PATH:-.build}"
  swift build --scratch-path "$scratch" >&2
  GLYPHSMITH="$(swift build --scratch-path "$scratch" --show-bin-path)/glyphsmith"
fi
g() { "$GLYPHSMITH" "$@"; }
out=docs/images
icons=assets/icons
examples=docs/examples/tableview

g toolbar --item "$icons/trash-2.svg" --item "$icons/heart.svg,disabled" \
  --item "Share=$icons/arrow-right.svg" --item 'Done,prominent' --scale 2 \
  -o "$out/bars-toolbar.png"
g searchbar --prompt 'Enter a city, zip code or airport' --placeholder 'Artists, Songs, Lyrics' \
  --bookmark --scopes Artists,Albums,Songs --selected-scope 1 --scale 2 \
  -o "$out/bars-searchbar.png"
g searchbar --text 'Abbey Road' --scopes 'All,Library,Apple Music Catalogue' --appearance dark \
  --scale 2 -o "$out/bars-searchbar-text.png" 2>/dev/null
g tableview "$examples/settings.json" --scale 2 -o "$out/bars-tableview-grouped.png"
g tableview "$examples/contacts.json" --scale 2 --appearance dark \
  -o "$out/bars-tableview-plain.png" 2>/dev/null
g tabbar --idiom pad --item "Home=$icons/house.svg" --item "Search=$icons/search.svg,badge=120" \
  --item "Inbox=$icons/bell.svg" --item "Library=$icons/bookmark.svg" \
  --item "Profile=$icons/user.svg" --item "Music=$icons/music.svg" \
  --item "Settings=$icons/settings.svg" --item "Cart=$icons/shopping-cart.svg" --selected 1 \
  --home-indicator --device-width 1024 --scale 2 -o "$out/bars-tabbar-pad.png"
g tabbar --rtl --item "Home=$icons/house.svg,badge=3" --item "Search=$icons/search.svg" \
  --item "Notifications and alerts=$icons/bell.svg" --item "Library=$icons/bookmark.svg" \
  --scale 2 -o "$out/bars-tabbar-rtl.png" 2>/dev/null

echo "wrote $out/bars-*.png" >&2
