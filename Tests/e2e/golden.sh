#!/usr/bin/env bash
# Golden screenshots: one headless frame per interaction (dummy driver, software renderer, read
# back before present), compared with the committed PNGs in golden/: a pixel differs when its
# colour is more than FUZZ away; the test fails when more than MAX_SHARE of the pixels differ.
# On failure the actual frame and a diff image are kept next to the test output.
# Usage: golden.sh path/to/flick OUTDIR [--update]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
UPDATE=${3:-}
FUZZ=${FUZZ:-2%}
MAX_SHARE=${MAX_SHARE:-0.002}
# check NAME ARGS...: one frame of flick ARGS compared with golden/NAME.png.
check() {
  local name=$1; shift
  actual="$OUT/$name.png"; golden="$HERE/golden/$name.png"
  if ! (cd "$ROOT" && "$BIN" "$@" --screenshot "$actual" >/dev/null 2>"$OUT/$name.err"); then
    fail "golden $name: flick failed: $(cat "$OUT/$name.err")"; return
  fi
  if [ "$UPDATE" = "--update" ]; then cp "$actual" "$golden"; echo "  updated golden/$name.png"; return; fi
  if [ ! -f "$golden" ]; then fail "golden $name: no golden/$name.png (run with --update)"; return; fi
  differing=$(compare -metric AE -fuzz "$FUZZ" "$actual" "$golden" "$OUT/$name-diff.png" 2>&1 >/dev/null | awk '{print int($1)}')
  total=$(identify -format '%[fx:w*h]' "$golden")
  if [ -z "$differing" ] || ! [[ "$differing" =~ ^[0-9]+$ ]]; then
    fail "golden $name: compare failed ($differing)"; return
  fi
  share=$(awk -v d="$differing" -v t="$total" 'BEGIN { printf "%.5f", d / t }')
  if awk -v s="$share" -v m="$MAX_SHARE" 'BEGIN { exit !(s <= m) }'; then
    pass "golden $name: $differing of $total pixels differ beyond $FUZZ (share $share <= $MAX_SHARE)"
    rm -f "$OUT/$name-diff.png"
  else
    fail "golden $name: $differing of $total pixels differ beyond $FUZZ (share $share > $MAX_SHARE); actual $actual, diff $OUT/$name-diff.png"
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
finish
