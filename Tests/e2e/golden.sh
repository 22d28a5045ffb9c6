#!/usr/bin/env bash
# Golden screenshots: one headless frame per interaction (dummy driver, software renderer, read
# back before present), compared with the committed PNGs in golden/: a pixel differs when its
# colour is more than FUZZ away; the test fails when more than MAX_SHARE of the pixels differ.
# On failure the actual frame and a diff image are kept next to the test output.
# Usage: golden.sh path/to/flick OUTDIR [--update]
set -u
BIN=$1; OUT=$2; UPDATE=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
FUZZ=${FUZZ:-2%}
MAX_SHARE=${MAX_SHARE:-0.002}
status=0
mkdir -p "$OUT"
for demo in now switcher stack carousel; do
  actual="$OUT/$demo.png"; golden="$HERE/golden/$demo.png"
  if ! (cd "$ROOT" && "$BIN" --headless --demo "$demo" --size 960x600 --frames 40 --screenshot "$actual" >/dev/null 2>"$OUT/$demo.err"); then
    echo "  FAIL  golden $demo: flick failed: $(cat "$OUT/$demo.err")"; status=1; continue
  fi
  if [ "$UPDATE" = "--update" ]; then cp "$actual" "$golden"; echo "  updated golden/$demo.png"; continue; fi
  if [ ! -f "$golden" ]; then echo "  FAIL  golden $demo: no golden/$demo.png (run with --update)"; status=1; continue; fi
  differing=$(compare -metric AE -fuzz "$FUZZ" "$actual" "$golden" "$OUT/$demo-diff.png" 2>&1 >/dev/null | awk '{print int($1)}')
  total=$(identify -format '%[fx:w*h]' "$golden")
  if [ -z "$differing" ] || ! [[ "$differing" =~ ^[0-9]+$ ]]; then
    echo "  FAIL  golden $demo: compare failed ($differing)"; status=1; continue
  fi
  share=$(awk -v d="$differing" -v t="$total" 'BEGIN { printf "%.5f", d / t }')
  if awk -v s="$share" -v m="$MAX_SHARE" 'BEGIN { exit !(s <= m) }'; then
    echo "  ok    golden $demo: $differing of $total pixels differ beyond $FUZZ (share $share <= $MAX_SHARE)"
    rm -f "$OUT/$demo-diff.png"
  else
    echo "  FAIL  golden $demo: $differing of $total pixels differ beyond $FUZZ (share $share > $MAX_SHARE); actual $actual, diff $OUT/$demo-diff.png"
    status=1
  fi
done
exit $status
