#!/usr/bin/env bash
# End to end: the real flick binary in a real X server (Xvfb), driven by real pointer events
# from xdotool, checked through its interaction log. Then every bad input of the command line.
# Usage: Tests/e2e/run.sh path/to/flick
set -u
BIN=$(readlink -f "${1:-.build/release/flick}")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=$(mktemp -d /tmp/flick-e2e.XXXXXX)
chmod 755 "$WORK"   # the unreadable-folder check runs as another user
PASSED=0
FAILED=0
PIDS=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
}
trap cleanup EXIT INT TERM

pass() { PASSED=$((PASSED + 1)); echo "  ok    $1"; }
fail() { FAILED=$((FAILED + 1)); echo "  FAIL  $1"; }
# part TITLE SCRIPT DIR: one e2e script (Tests/e2e/SCRIPT BIN WORK/DIR), its lines shown and its
# "  ok" / "  FAIL" lines counted.
part() {
  local out
  echo "e2e: $1"
  out=$(bash "$HERE/$2" "$BIN" "$WORK/$3" 2>&1)
  printf '%s\n' "$out"
  PASSED=$((PASSED + $(printf '%s\n' "$out" | grep -c '^  ok')))
  FAILED=$((FAILED + $(printf '%s\n' "$out" | grep -c '^  FAIL')))
}

# The quality tools (soak) live in flick-lab, built beside flick.
LAB=$(dirname "$BIN")/flick-lab
[ -x "$LAB" ] || { echo "e2e: no flick-lab beside $BIN"; echo "e2e: 0 passed, 1 failed"; exit 1; }
[ -x "$BIN" ] || { echo "e2e: no binary at $BIN"; echo "e2e: 0 passed, 1 failed"; exit 1; }

# ---------------------------------------------------------------------------------------------
echo "e2e: bad input through the real binary"
# expect_error NAME EXPECTED_CODE PATTERN -- ARGS...
expect_error() {
  local name=$1 code=$2 pattern=$3; shift 4
  local out rc
  out=$(cd "$ROOT" && SDL_VIDEODRIVER=dummy timeout 20 "$BIN" "$@" 2>&1 >/dev/null); rc=$?
  local lines; lines=$(printf '%s\n' "$out" | grep -c .)
  if [ "$rc" = "$code" ] && printf '%s' "$out" | grep -qE -- "$pattern"; then
    pass "$name (exit $rc: $(printf '%s' "$out" | head -n 1))"
  else
    fail "$name: expected exit $code and /$pattern/, got exit $rc: $out"
  fi
}
mkdir -p "$WORK/empty" "$WORK/locked" "$WORK/mixed"
: > "$WORK/mixed/00-zero.png"
echo "this is not an image" > "$WORK/mixed/01-text.png"
head -c 4096 /dev/urandom > "$WORK/mixed/02-noise.jpg"
cp "$ROOT/assets/01-weather.png" "$WORK/mixed/03-good.png" 2>/dev/null
cp "$ROOT/assets/01-weather.png" "$WORK/locked/a.png" 2>/dev/null; chmod 000 "$WORK/locked"

expect_error "unknown demo lists the valid ones" 2 "The value 'cube' is invalid for '--demo <demo>'. Please provide one of 'now', 'switcher', 'stack', 'carousel' or 'swipe'" -- --demo cube
expect_error "malformed --size" 2 "The value '12by7' is invalid for '--size <WxH>': expected WIDTHxHEIGHT" -- --size 12by7
expect_error "zero --size" 2 "The value '0x600' is invalid for '--size <WxH>': expected WIDTHxHEIGHT" -- --size 0x600
expect_error "missing --cards folder" 2 "--cards folder '$WORK/nope' does not exist" -- --cards "$WORK/nope"
expect_error "empty --cards folder" 2 "--cards folder '$WORK/empty' holds no PNG or JPEG images" -- --cards "$WORK/empty"
if [ "$(id -u)" = 0 ]; then
  # root reads a mode-000 folder anyway; run the check as nobody when we can.
  if command -v setpriv >/dev/null; then
    out=$(cd "$WORK" && SDL_VIDEODRIVER=dummy setpriv --reuid=65534 --regid=65534 --clear-groups timeout 20 "$BIN" --cards "$WORK/locked" 2>&1 >/dev/null); rc=$?
    if [ $rc = 2 ] && printf '%s' "$out" | grep -q "cannot be read"; then pass "unreadable --cards folder (exit 2: $out)"; else fail "unreadable --cards folder: exit $rc: $out"; fi
  fi
else
  expect_error "unreadable --cards folder" 2 "cannot be read" -- --cards "$WORK/locked"
fi
chmod 755 "$WORK/locked"
echo '{"now": {"throwSpeed": "fast"}}' > "$WORK/bad-type.json"
echo 'not json' > "$WORK/not-json.json"
expect_error "--config with a wrong type" 2 "--config file '$WORK/bad-type.json': wrong type at 'now.throwSpeed'" -- --config "$WORK/bad-type.json"
expect_error "--config that is not JSON" 2 "--config file '$WORK/not-json.json' is not valid JSON" -- --config "$WORK/not-json.json"
expect_error "missing --config file" 2 "--config file '$WORK/none.json' does not exist" -- --config "$WORK/none.json"
echo '{"now": {"heightRatio": 1e15}}' > "$WORK/huge.json"
expect_error "--config value out of range" 2 "'now.heightRatio' = 1e\\+15 is out of range \\(expected 0.05 to 4\\)" -- --config "$WORK/huge.json"
echo '{"pan": {"velocity": {"capacity": 2.5}}}' > "$WORK/frac.json"
expect_error "--config fraction for a count names the key" 2 "wrong type at 'pan.velocity.capacity': expected a whole number" -- --config "$WORK/frac.json"
echo '{"t": 1, "pointer": 7}' > "$WORK/bad.replay"
expect_error "--replay with a bad line" 2 "--replay file '$WORK/bad.replay' line 1 is not a recorded input" -- --replay "$WORK/bad.replay" --headless
expect_error "unknown --stage" 2 "The value 'phone' is invalid for '--stage <WxH\|device\|window>': expected WIDTHxHEIGHT in points" -- --stage phone
expect_error "unwritable --log path" 2 "cannot write the log file '/proc/nope/log.jsonl'" -- --log /proc/nope/log.jsonl --headless --frames 1
expect_error "log path is a folder" 2 "cannot write the log file '$WORK'" -- --log "$WORK" --headless --frames 1
# No display: no X server behind DISPLAY and no --headless.
out=$(cd "$ROOT" && env -u SDL_VIDEODRIVER DISPLAY=:987 WAYLAND_DISPLAY= timeout 20 "$BIN" 2>&1 >/dev/null); rc=$?
if [ $rc = 2 ] && printf '%s' "$out" | grep -q -- "--headless"; then pass "no display suggests --headless (exit 2: $out)"; else fail "no display: exit $rc: $out"; fi
# Corrupt, zero-byte and non-image files become placeholder cards with a warning; the rest loads.
out=$(cd "$ROOT" && timeout 30 "$BIN" --headless --frames 2 --cards "$WORK/mixed" --screenshot "$WORK/mixed.png" --log "$WORK/mixed.jsonl" 2>&1); rc=$?
warnings=$(printf '%s\n' "$out" | grep -c "warning:")
if [ $rc = 0 ] && [ "$warnings" = 3 ] && [ -s "$WORK/mixed.png" ] && grep -qE '"cards": ?4' "$WORK/mixed.jsonl"; then
  pass "bad images become placeholders, 3 warnings, 4 cards, exit 0"
else
  fail "bad images: exit $rc, $warnings warnings: $out"
fi

# ---------------------------------------------------------------------------------------------
echo "e2e: bad input table (Tests/e2e/bad_input.py: exit code, message, no other file changed)"
bad_out=$(python3 "$HERE/bad_input.py" "$BIN" "$WORK/bad" 2>&1)
printf '%s\n' "$bad_out"
PASSED=$((PASSED + $(printf '%s\n' "$bad_out" | grep -c '^  ok')))
FAILED=$((FAILED + $(printf '%s\n' "$bad_out" | grep -c '^  FAIL')))
printf '%s\n' "$bad_out" | grep -q '^bad input: .* 0 failed' || FAILED=$((FAILED + 1))

# ---------------------------------------------------------------------------------------------
echo "e2e: fuzz, 200 inputs per parser (make fuzz runs 2,000): bytes, and valid JSON with absurd values"
(cd "$ROOT" && SDL_VIDEODRIVER=dummy "$BIN" --headless --demo now --replay docs/sessions/now.jsonl --frames 300 \
  --record "$WORK/fuzz-seed.recording.jsonl" --log "$WORK/fuzz-seed.log.jsonl" >/dev/null 2>&1)
mkdir -p "$WORK/fuzz"
fuzz_args=()
for r in "$ROOT"/docs/sessions/*.jsonl "$WORK/fuzz-seed.recording.jsonl"; do fuzz_args+=(--recording-seed "$r"); done
fuzz_out=$(cd "$ROOT" && SDL_VIDEODRIVER=dummy timeout 600 "$LAB" fuzz --inputs 200 --work "$WORK/fuzz" "${fuzz_args[@]}" \
  --log-seed "$WORK/fuzz-seed.log.jsonl" 2>&1); rc=$?
printf '%s\n' "$fuzz_out" | grep '^fuzz' | sed 's/^/        /'
if [ $rc = 0 ] && [ "$(printf '%s\n' "$fuzz_out" | grep -c '^fuzz .*: 200 inputs, .* 0 unclear')" = 5 ]; then
  pass "fuzz: 5 parsers x 200 inputs, every refusal one line naming the file, no crash, no hang"
else
  fail "fuzz: exit $rc (a crash or hang leaves its input in $WORK/fuzz)"
fi

# ---------------------------------------------------------------------------------------------
echo "e2e: soak (5 simulated minutes of random gestures, invariants every frame, memory)"
soak_out=$("$LAB" soak --minutes 5 --seed 7 --log-file "$WORK/soak.jsonl" 2>&1); rc=$?
printf '%s\n' "$soak_out" | sed 's/^/        /'
if [ $rc = 0 ] && printf '%s' "$soak_out" | grep -q "^soak: 18000 frames" && printf '%s' "$soak_out" | grep -q " 0 invariant violations" \
   && python3 "$HERE/log_schema.py" "$WORK/soak.jsonl" >/dev/null 2>&1; then
  pass "soak: 18000 frames, no invariant broken, the log it wrote follows the schema"
else
  fail "soak: exit $rc"
fi

# ---------------------------------------------------------------------------------------------
part "golden screenshots (headless, software renderer)" golden.sh golden

# ---------------------------------------------------------------------------------------------
part "presentation mode and the touch indicator (headless)" presentation.sh presentation

# ---------------------------------------------------------------------------------------------
part "wheel notches and taps under Xvfb" input.sh input

# ---------------------------------------------------------------------------------------------
part "the participant's screen (fullscreen without a window manager, screenshots' folder)" screen.sh screen

# ---------------------------------------------------------------------------------------------
part "quitting never waits for a decode (Xvfb)" quit.sh quit

part "a facilitated session: two windows, tasks with goals, notes, markers (Xvfb)" facilitator.sh facilitator

# ---------------------------------------------------------------------------------------------
part "study tools (presets, recordings, replay, report, compare, export)" study.sh study

# ---------------------------------------------------------------------------------------------
part "flick study (a small study recorded under Xvfb, its tables, its page in Chromium)" study_many.sh study-many

# ---------------------------------------------------------------------------------------------
part "the hand-counted study (every task and decision count against a count made by hand)" study_hand.sh study-hand

# ---------------------------------------------------------------------------------------------
echo "e2e: real pointer input under Xvfb"
source "$HERE/x11.sh"
start_xvfb "$WORK" || fail "Xvfb did not start (see $WORK/xvfb.log)"
# The cause of the first app refused on fresh machines: a server that resets when its last
# client leaves kills clients that connect meanwhile (x11.sh says more).
read -r refused tried <<<"$(race_clients 150)"
if [ "$refused" = 0 ] && [ "$tried" -gt 20 ]; then
  pass "Xvfb never resets: 0 of $tried connections refused while 150 short-lived clients came and went"
else
  fail "Xvfb refused $refused of $tried connections while short-lived clients came and went"
fi


LOG="$WORK/carousel.jsonl"
if start_app "$LOG" --demo carousel --size 1000x700; then
  # The phone screen's place in the window (points): SX SY SW SH, from the log's first line.
  CX=$(( SX + SW / 2 )); CY=$(( SY + SH / 2 ))
  pass "window opened (id $WID at $WX,$WY ${WIDTH}x$HEIGHT, stage ${SW}x$SH at $SX,$SY) and log started"
  # Each gesture waits for its gesture_ended line, and for what it sets going (a page turned,
  # a card deleted) to end, before the next one starts.
  # 1. slow drag: 40 px left over ~0.6 s, released while still moving slowly.
  drag $(( CX + 60 )) "$CY" -40 0 20 0.03 0
  wait_log "$LOG" 1 gesture_ended
  # 2. fast flick: 120 px left in 12 steps of 10 ms (~12 px per 10 ms).
  drag $(( CX + 60 )) "$CY" -120 0 12 0.01 0
  wait_log "$LOG" 2 gesture_ended && wait_log "$LOG" 1 paged
  # 3. vertical flick up on the current card: 140 px in 12 steps of 10 ms.
  drag "$CX" $(( CY + 80 )) 0 -140 12 0.01 0
  wait_log "$LOG" 3 gesture_ended && wait_log "$LOG" 1 deleted
  # 4. a drag of 70 px, then holding still for 0.3 s before the release.
  drag $(( CX + 40 )) "$CY" -70 0 14 0.01 0.3
  wait_log "$LOG" 4 gesture_ended
  # Nothing may follow the held release: no page turned within the time a coast would take.
  quiet_log "$LOG" paged 0.8 || echo "  (a page turned after the held release)"
  stop_app
  python3 "$HERE/check_log.py" "$LOG" && pass "log: slow drag stays, flick pages once, vertical flick deletes once, held release does not coast" || fail "log checks (log at $LOG)"
else
  fail "the app did not start under Xvfb: $(cat "$LOG.out" 2>/dev/null)"
fi

# Live reload of a config out of range is refused (the window keeps the last good settings and
# keeps running); a good one is taken. Then SIGHUP ends the window within a frame, quit logged.
LIVE="$WORK/live.jsonl"
echo '{"now": {"heightRatio": 0.6}}' > "$WORK/live.json"
if start_app "$LIVE" --demo now --config "$WORK/live.json"; then
  echo '{"now": {"heightRatio": 1e15}}' > "$WORK/live.json"
  wait_text "$LIVE.out" "keeping the previous settings"
  echo '{"now": {"heightRatio": 0.5}}' > "$WORK/live.json"
  wait_log "$LIVE" 1 config_reloaded
  alive=no; kill -0 "$APP" 2>/dev/null && alive=yes
  t0=$(date +%s%N); kill -HUP "$APP"; wait "$APP"; rc=$?; t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  if [ $alive = yes ] && grep -q "'now.heightRatio' = 1e+15 is out of range (expected 0.05 to 4); keeping the previous settings" "$LIVE.out" \
     && grep -q '"config_reloaded"' "$LIVE"; then
    pass "live reload: heightRatio 1e15 refused with its range, the window kept running, 0.5 taken"
  else
    fail "live reload: alive=$alive: $(cat "$LIVE.out")"
  fi
  # Within a frame on a quiet machine (tens of ms); 3 s holds on a loaded 2-core one.
  if [ $rc = 129 ] && [ $ms -lt 3000 ] && tail -n 1 "$LIVE" | grep -q '"quit"'; then
    pass "SIGHUP ends the window in $ms ms (under 3000), exit 129, log ends with quit"
  else
    fail "SIGHUP: exit $rc after $ms ms, last line $(tail -n 1 "$LIVE")"
  fi
else
  fail "the app did not start for the live reload check: $(cat "$LIVE.out" 2>/dev/null)"
fi

echo "e2e: $PASSED passed, $FAILED failed"
if [ "$FAILED" = 0 ]; then rm -rf "$WORK"; exit 0; fi
echo "e2e: kept $WORK for a look"
exit 1
