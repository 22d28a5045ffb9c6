#!/usr/bin/env bash
# Presentation mode and the touch indicator, through the real binary (headless frames):
# - with --present nothing is drawn outside the phone (every pixel outside the stage rectangle
#   the log reports is black), while the phone shows cards; without it the side panels do draw
#   outside (so the check can fail);
# - with the touch indicator on, a frame mid-drag differs from the same frame with it off only
#   inside one fingertip-sized spot.
# Usage: presentation.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

# outside_max PNG LOG: the largest channel value outside the stage (0 = all black), and the
# mean brightness inside it.
measure() {
  local png=$1 log=$2
  read -r X Y W H <<<"$(python3 -c 'import json,sys,math; s=json.loads(open(sys.argv[1]).readline())["stage"]; print(math.floor(s[0])-1, math.floor(s[1])-1, math.ceil(s[0]+s[2])+1, math.ceil(s[1]+s[3])+1)' "$log")"
  OUTSIDE=$(convert "$png" -fill black -draw "rectangle $X,$Y,$W,$H" -format '%[fx:round(255*maxima)]' info:)
  INSIDE=$(convert "$png" -crop "$((W - X))x$((H - Y))+$X+$Y" +repage -format '%[fx:round(255*mean)]' info:)
}

for demo in switcher stack; do
  png="$OUT/present-$demo.png"; log="$OUT/present-$demo.jsonl"
  if (cd "$ROOT" && "$BIN" --headless --present --demo "$demo" --size 960x600 --frames 20 \
        --screenshot "$png" --log "$log" >/dev/null 2>"$OUT/present-$demo.err"); then
    measure "$png" "$log"
    if [ "$OUTSIDE" = 0 ] && [ "$INSIDE" -gt 20 ]; then
      pass "--present $demo: nothing outside the phone (max channel 0), cards inside (mean $INSIDE)"
    else
      fail "--present $demo: max channel outside the phone $OUTSIDE (want 0), mean inside $INSIDE; $png"
    fi
  else
    fail "--present $demo: flick failed: $(cat "$OUT/present-$demo.err")"
  fi
done
png="$OUT/panels.png"; log="$OUT/panels.jsonl"
if (cd "$ROOT" && "$BIN" --headless --demo switcher --size 960x600 --frames 20 --screenshot "$png" --log "$log" \
      >/dev/null 2>&1); then
  measure "$png" "$log"
  if [ "$OUTSIDE" -gt 100 ]; then pass "without --present the side panels draw outside the phone (max channel $OUTSIDE)"
  else fail "without --present nothing was found outside the phone (max $OUTSIDE): the check above proves nothing"; fi
else
  fail "flick without --present failed"
fi

# The touch indicator mid-drag: the carousel session at the frame the README shows (pressed).
frames=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['carousel'])" "$ROOT/docs/sessions/frames.json")
for t in on off; do
  (cd "$ROOT" && "$BIN" --headless --present --touches "$t" --demo carousel --size 960x600 \
     --replay docs/sessions/carousel.jsonl --frames "$frames" --screenshot "$OUT/touch-$t.png" >/dev/null 2>&1)
done
if [ -s "$OUT/touch-on.png" ] && [ -s "$OUT/touch-off.png" ]; then
  box=$(convert "$OUT/touch-on.png" "$OUT/touch-off.png" -compose difference -composite -threshold 3% -format '%@' info:)
  w=${box%%x*}; rest=${box#*x}; h=${rest%%+*}
  # The dot is 40 pt across; the stage is drawn at about 0.69 px per point here.
  if [ "$w" -gt 10 ] && [ "$w" -le 40 ] && [ "$h" -gt 10 ] && [ "$h" -le 40 ]; then
    pass "touch indicator: on and off differ only in one ${w}x${h} px spot ($box)"
  else
    fail "touch indicator: the frames differ in $box (want one spot 10..40 px square)"
  fi
else
  fail "touch indicator: flick failed"
fi
finish
