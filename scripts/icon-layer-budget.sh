#!/usr/bin/env bash
# Lints every layer of the vendored Icon Composer bundles (Tests/GlyphsmithTestFixtures/
# Fixtures/icon-composer, 11 bundles) one file at a time, each at its own size as its bundle
# draws it (`glyphsmith lint --role icon-layer BUNDLE.icon/Assets/FILE`), and measures each
# run's peak resident memory and wall time with /usr/bin/time -f '%M %e' (the peak of the
# process and its worker). Prints one line per layer (MB, seconds, file) and the largest of
# each; exits 1 when a layer needs more than the default budgets of one input (200 MB,
# 10 s: BudgetOptions' --max-memory and --timeout), 2 when a lint fails.
#
#   scripts/icon-layer-budget.sh                          # builds the release binaries first
#   GLYPHSMITH=.build/debug/glyphsmith scripts/icon-layer-budget.sh   # a binary already built
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GLYPHSMITH:-}" ]; then
  for product in glyphsmith-render glyphsmith; do
    swift build -c release --static-swift-stdlib --product "$product" >/dev/null
  done
  GLYPHSMITH=$(swift build -c release --show-bin-path)/glyphsmith
fi
limit_mb=200
limit_s=10
fixtures=Tests/GlyphsmithTestFixtures/Fixtures/icon-composer
over=0
failed=0
max_mb=0
max_s=0
count=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
while IFS= read -r -d '' file; do
  count=$((count + 1))
  if /usr/bin/time -f '%M %e' -o "$out/time" "$GLYPHSMITH" lint --role icon-layer --jobs 1 \
    "$file" >/dev/null 2>"$out/err"; then status=0; else status=$?; fi
  # Exit 1 is findings (the layer was linted); 2 is a lint that failed.
  if [ "$status" -gt 1 ]; then
    failed=$((failed + 1))
    echo "FAILED $file:" >&2
    cat "$out/err" >&2
  fi
  kb=$(tail -1 "$out/time" | cut -d' ' -f1)
  seconds=$(tail -1 "$out/time" | cut -d' ' -f2)
  mb=$(awk -v kb="$kb" 'BEGIN { printf "%.1f", kb / 1024 }')
  printf '%7s MB %6s s  %s\n' "$mb" "$seconds" "${file#"$fixtures"/}"
  if awk -v m="$mb" -v s="$seconds" -v lm="$limit_mb" -v ls="$limit_s" \
    'BEGIN { exit !(m > lm || s > ls) }'; then
    over=$((over + 1))
  fi
  max_mb=$(awk -v a="$max_mb" -v b="$mb" 'BEGIN { print (b > a ? b : a) }')
  max_s=$(awk -v a="$max_s" -v b="$seconds" 'BEGIN { print (b > a ? b : a) }')
done < <(find "$fixtures" -path '*.icon/Assets/*' -type f -print0 | sort -z)
echo "$count layers: largest peak $max_mb MB, longest $max_s s (budget $limit_mb MB, $limit_s s); $over over, $failed failed"
[ "$failed" -eq 0 ] || exit 2
[ "$over" -eq 0 ] || exit 1
