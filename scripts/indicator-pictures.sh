#!/usr/bin/env bash
# Regenerates the pictures of docs/indicators.md (badges, page-control dots, tab bars) with
# the glyphsmith CLI, then lays each set out as one contact sheet with ImageMagick's montage.
#
#   scripts/indicator-pictures.sh            builds glyphsmith (swift build) and draws
#   GLYPHSMITH=path/to/glyphsmith scripts/indicator-pictures.sh
#
# Writes docs/images/indicators-badges.png, indicators-dots.png, indicators-tabbar.png.
# The element PNGs themselves are exact (goldens in golden/ pin them); the sheets' labels and
# spacing come from ImageMagick and may differ a little between its versions.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${GLYPHSMITH:-}" ]; then
  scratch="${SCRATCH_PATH:-.build}"
  swift build --scratch-path "$scratch" >&2
  GLYPHSMITH="$(swift build --scratch-path "$scratch" --show-bin-path)/glyphsmith"
fi
command -v montage >/dev/null || { echo "error: ImageMagick's montage is needed for the sheets" >&2; exit 2; }

out=docs/images
icons=assets/icons
sources=docs/images/sources
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
g() { "$GLYPHSMITH" "$@"; }
label_font=(-font DejaVu-Sans -pointsize 13)
# stack OUT LABEL IMAGE [LABEL IMAGE]...: each image with its caption under it, left-aligned,
# one under another on white.
stack() {
  local output="$1" n=0
  shift
  local parts=()
  while [ $# -gt 0 ]; do
    convert "$2" -background '#FFFFFF' -bordercolor '#FFFFFF' -border 14x0 \
      \( "${label_font[@]}" -fill '#000000' -background '#FFFFFF' label:"$1" -border 14x4 \) \
      -gravity west -append -border 0x6 "$work/cell-$n.png"
    parts+=("$work/cell-$n.png")
    n=$((n + 1))
    shift 2
  done
  convert -background "#FFFFFF" "${parts[@]}" -gravity west -append +repage -strip "$output"
}

# MARK: - Badges: light and dark, @3x
values=(1 7 42 99 100 '!' New '' '👍🏽' 'חדש 12')
names=(1 7 42 99 '100 → 99+' '!' New 'empty: dot' emoji 'RTL')
for appearance in light dark; do
  cells=()
  for i in "${!values[@]}"; do
    file="$work/badge-$appearance-$i.png"
    g badge "${values[$i]}" -o "$file" --scale 3 --appearance "$appearance"
    cells+=(-label "${names[$i]}" "$file")
  done
  # A badge on a tab bar glyph (the glyph rendered by glyphsmith render, tinted gray).
  g render "$icons/bell.svg" --role tab-bar --scale 3 --tint '#999999' -o "$work/bell.png"
  g badge 3 --on "$work/bell.png" --scale 3 -o "$work/on-$appearance.png" --appearance "$appearance"
  g badge 3 --on "$work/bell.png" --scale 3 --rtl -o "$work/on-rtl-$appearance.png" --appearance "$appearance"
  cells+=(-label 'on an icon' "$work/on-$appearance.png" -label '--rtl' "$work/on-rtl-$appearance.png")
  if [ "$appearance" = light ]; then bg='#FFFFFF' fg='#000000'; else bg='#000000' fg='#FFFFFF'; fi
  montage "${label_font[@]}" -fill "$fg" -background "$bg" "${cells[@]}" \
    -tile 12x1 -geometry +14+14 -gravity center "$work/badges-$appearance.png"
done
montage "$work/badges-light.png" "$work/badges-dark.png" -tile 1x2 -geometry +0+0 \
  +repage -strip "$out/indicators-badges.png"

# MARK: - Page-control dots, @3x, on the dark backdrop UIKit's white dots are made for
dots=(
  "5 pages, page 2|--pages 5 --current 2"
  "10 pages, page 9: a window of 9, the first dots shrink|--pages 10 --current 9"
  "20 pages, page 10: a window of 9, ends shrink to 1/2 and 1/4 (warns)|--pages 20 --current 10"
  "20 pages, page 0|--pages 20 --current 0"
  "custom indicator on page 0 (location arrow)|--pages 5 --current 1 --indicator 0=$sources/location.svg"
  "current-page indicator, two images in all|--pages 5 --current 0 --current-indicator $sources/location.svg --indicator 4=$sources/heart.svg"
  "custom colours on white|--pages 5 --current 3 --tint #0000004D --current-tint #007AFF --background #FFFFFF"
)
cells=()
for i in "${!dots[@]}"; do
  label="${dots[$i]%%|*}"
  read -r -a args <<<"${dots[$i]#*|}"
  background=(--background '#1C1C1E')
  [[ " ${args[*]} " == *" --background "* ]] && background=()
  g dots "${args[@]}" "${background[@]}" --scale 3 -o "$work/dots-$i.png" 2>/dev/null
  cells+=("$label" "$work/dots-$i.png")
done
stack "$out/indicators-dots.png" "${cells[@]}"

# MARK: - Tab bars, @2x
cells=()
g tabbar --item "Home=$icons/house.svg" --item "Search=$icons/search.svg" \
  --item "Inbox=$icons/bell.svg,badge=3" --item "Library=$icons/bookmark.svg,disabled" \
  --item "Profile=$icons/user.svg" --selected 0 --scale 2 -o "$work/tab-5.png"
cells+=('5 items: a badge, a disabled item (light)' "$work/tab-5.png")
g tabbar --item "Home=$icons/house.svg" --item "Search=$icons/search.svg,badge=120" \
  --item "Inbox=$icons/bell.svg" --item "Library=$icons/bookmark.svg" \
  --item "Profile=$icons/user.svg" --item "Music=$icons/music.svg" \
  --item "Settings=$icons/settings.svg" --selected 6 --appearance dark --home-indicator \
  --scale 2 -o "$work/tab-7.png"
cells+=('7 items: 4 and More (selected), dark, home indicator, 120 → 99+' "$work/tab-7.png")
g tabbar --item "Home=$icons/house.svg" --item "Search=$icons/search.svg,badge=" \
  --item "Cart=$icons/shopping-cart.svg" --selected 2 --compact --device-width 393 \
  --scale 2 -o "$work/tab-compact.png"
cells+=('compact (landscape) bar, 32 pt, titles beside, dot badge' "$work/tab-compact.png")
g tabbar --item "Home=$icons/house.svg" --item "Search=$icons/search.svg" \
  --item "Calendar=$icons/calendar.svg" --selected 1 --palette ios26 \
  --scale 2 -o "$work/tab-3-ios26.png"
cells+=('3 items, iOS 26 colours' "$work/tab-3-ios26.png")
stack "$out/indicators-tabbar.png" "${cells[@]}"

echo "wrote $out/indicators-badges.png $out/indicators-dots.png $out/indicators-tabbar.png" >&2
