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
# check NAME ARGS...: one frame of flick ARGS compared with golden/NAME.png.
check() {
  local name=$1; shift
  actual="$OUT/$name.png"; golden="$HERE/golden/$name.png"
  if ! (cd "$ROOT" && "$BIN" "$@" --screenshot "$actual" >/dev/null 2>"$OUT/$name.err"); then
    echo "  FAIL  golden $name: flick failed: $(cat "$OUT/$name.err")"; status=1; return
  fi
  if [ "$UPDATE" = "--update" ]; then cp "$actual" "$golden"; echo "  updated golden/$name.png"; return; fi
  if [ ! -f "$golden" ]; then echo "  FAIL  golden $name: no golden/$name.png (run with --update)"; status=1; return; fi
  differing=$(compare -metric AE -fuzz "$FUZZ" "$actual" "$golden" "$OUT/$name-diff.png" 2>&1 >/dev/null | awk '{print int($1)}')
  total=$(identify -format '%[fx:w*h]' "$golden")
  if [ -z "$differing" ] || ! [[ "$differing" =~ ^[0-9]+$ ]]; then
    echo "  FAIL  golden $name: compare failed ($differing)"; status=1; return
  fi
  share=$(awk -v d="$differing" -v t="$total" 'BEGIN { printf "%.5f", d / t }')
  if awk -v s="$share" -v m="$MAX_SHARE" 'BEGIN { exit !(s <= m) }'; then
    echo "  ok    golden $name: $differing of $total pixels differ beyond $FUZZ (share $share <= $MAX_SHARE)"
    rm -f "$OUT/$name-diff.png"
  else
    echo "  FAIL  golden $name: $differing of $total pixels differ beyond $FUZZ (share $share > $MAX_SHARE); actual $actual, diff $OUT/$name-diff.png"
    status=1
  fi
}
for demo in now switcher stack carousel swipe; do
  check "$demo" --headless --demo "$demo" --size 960x600 --frames 40
done
# The debug overlay (D) mid-gesture: each interaction's scripted session (docs/sessions) replayed
# to the frame the README screenshot shows, overlay on.
for demo in now switcher stack carousel swipe; do
  frames=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$ROOT/docs/sessions/frames.json" "$demo")
  check "overlay-$demo" --headless --demo "$demo" --size 960x600 --replay "docs/sessions/$demo.jsonl" \
    --frames "$frames" --debug-overlay
done
exit $status
