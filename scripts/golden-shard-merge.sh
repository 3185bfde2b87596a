#!/usr/bin/env bash
# Issue 37's "sharded then merged equals unsharded" at full scale: 4 shards on 2,000+ icons
# with changes. The Lucide corpus (1,776 SVGs) is rendered as tab bar glyphs at 1x, 2x and
# 3x into act/Icons.xcassets, and 300 of its image sets are copied into act/More.xcassets
# (2,076 icons, 6,228 PNGs). After `golden record`, 40 icons are re-rendered with a heavier
# stroke (differ), 10 at another size (size changes), 20 icons lose their goldens and 10
# single scales too (missing goldens), 20 PNGs lose their actual image (extra goldens).
# Then `golden check --json --junit out/junit.xml --report out/report.html` (unsharded) is
# compared with `golden check --shard I/4 --json --report sI/report.html` for I = 1..4
# merged by `golden merge s*/results.json -o out`: results.json, junit.xml, report.html,
# every artifact, and the --markdown comment and its pictures must be equal byte for byte,
# and the exit codes too.
#
# usage: scripts/golden-shard-merge.sh [LUCIDE_DIR]  (default ../shared/corpus/lucide beside the
# checkout, where the shared corpus sits)
# Exit 0 when every output is byte-identical; prints the counts and the shard sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
icons="$(cd "${1:-../shared/corpus/lucide}" && pwd)"
swift build >/dev/null 2>&1
bin="$(swift build --show-bin-path 2>/dev/null)/glyphsmith"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bin" assets "$icons" -o act/Icons.xcassets --role tab-bar --quiet
mkdir -p act/More.xcassets
# 300 image sets again under another catalog: the same names in another folder are other icons.
for set in $(ls act/Icons.xcassets | grep '\.imageset$' | head -300); do
  cp -r "act/Icons.xcassets/$set" "act/More.xcassets/$set"
done
"$bin" golden record act gold >/dev/null 2>&1

names=($(ls "$icons" | grep '\.svg$' | sed 's/\.svg$//'))
# Every 40th icon with a heavier stroke (differs at every scale).
mkdir -p svg-heavy svg-size
for ((i = 0; i < 40; i++)); do
  name="${names[$((i * 40 + 7))]}"
  sed 's/stroke-width="2"/stroke-width="2.6"/' "$icons/$name.svg" >"svg-heavy/$name.svg"
done
for ((i = 0; i < 10; i++)); do cp "$icons/${names[$((i * 150 + 11))]}.svg" svg-size/; done
"$bin" assets svg-heavy -o heavy.xcassets --role tab-bar --quiet
"$bin" assets svg-size -o size.xcassets --role tab-bar --size 30 --quiet
for set in heavy.xcassets/*.imageset size.xcassets/*.imageset; do
  cp "$set"/*.png "act/Icons.xcassets/$(basename "$set")/"
done
# Missing goldens: 20 whole icons and 10 single scales; extra goldens: 20 actual PNGs gone.
for ((i = 0; i < 20; i++)); do
  rm -r "gold/Icons.xcassets/${names[$((i * 80 + 23))]}.imageset"
done
for ((i = 0; i < 10; i++)); do rm "gold/More.xcassets/$(ls act/More.xcassets | sed -n "$((i * 25 + 3))p" | sed 's/\.imageset$//').imageset/"*@2x.png; done
for ((i = 0; i < 20; i++)); do
  set="${names[$((i * 85 + 31))]}"
  rm "act/Icons.xcassets/$set.imageset/$set@3x.png"
done

set +e
"$bin" golden check act gold --json --junit out/junit.xml --report out/report.html \
  --markdown out/comment.md >whole.json 2>whole.err
whole=$?
mv whole.json out/results.json
mv out ref
for i in 1 2 3 4; do
  mkdir -p "s$i"
  "$bin" golden check act gold --shard "$i/4" --json --report "s$i/report.html" \
    >"s$i.json" 2>/dev/null
  mv "s$i.json" "s$i/results.json"
done
"$bin" golden merge s1/results.json s2/results.json s3/results.json s4/results.json -o out \
  --markdown out/comment.md >merge.out 2>merge.err
merged=$?
set -e

status=0
cat merge.out
echo "unsharded exit $whole, merged exit $merged"
for i in 1 2 3 4; do
  python3 -c "import json,sys; d=json.load(open('s$i/results.json')); print('shard $i/4:', d['checked'], 'images,', d['failed'], 'failed')"
done
python3 -c "import json; d=json.load(open('ref/results.json')); print('unsharded:', d['checked'], 'images,', d['failed'], 'failed,', d['errors'], 'errors,', len({r['path'].rsplit('/',1)[0] for r in d['results']}), 'icons')"
for file in results.json junit.xml report.html comment.md; do
  if cmp -s "out/$file" "ref/$file"; then echo "$file: identical ($(wc -c <"out/$file") bytes)"; else
    echo "$file: DIFFERS"; status=1; fi
done
if diff -r out/report-files ref/report-files >/dev/null; then
  echo "artifacts: identical ($(find out/report-files -type f | wc -l) files)"
else
  echo "artifacts: DIFFER"; status=1
fi
if diff -r out/comment-images ref/comment-images >/dev/null; then
  echo "comment pictures: identical ($(find out/comment-images -type f | wc -l) files)"
else
  echo "comment pictures: DIFFER"; status=1
fi
cmp -s merge.err whole.err && echo "stderr: identical" || { echo "stderr: DIFFERS"; status=1; }
[ "$whole" = "$merged" ] || status=1
exit $status
