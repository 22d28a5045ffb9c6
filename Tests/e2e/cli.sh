#!/usr/bin/env bash
# Bad input through the real binary, one command at a time: the exit code and the one-line
# message each refusal gives (bad_input.py holds the larger table); bad images become placeholder
# cards instead of refusals.
# Usage: cli.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
chmod 755 "$OUT"   # the unreadable-folder check runs as another user, from here

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
mkdir -p "$OUT/empty" "$OUT/locked" "$OUT/mixed"
: > "$OUT/mixed/00-zero.png"
echo "this is not an image" > "$OUT/mixed/01-text.png"
head -c 4096 /dev/urandom > "$OUT/mixed/02-noise.jpg"
cp "$ROOT/assets/01-weather.png" "$OUT/mixed/03-good.png" 2>/dev/null
cp "$ROOT/assets/01-weather.png" "$OUT/locked/a.png" 2>/dev/null; chmod 000 "$OUT/locked"

expect_error "unknown demo lists the valid ones" 2 "The value 'cube' is invalid for '--demo <demo>'. Please provide one of 'now', 'switcher', 'stack', 'carousel' or 'swipe'" -- --demo cube
expect_error "malformed --size" 2 "The value '12by7' is invalid for '--size <WxH>': expected WIDTHxHEIGHT" -- --size 12by7
expect_error "zero --size" 2 "The value '0x600' is invalid for '--size <WxH>': expected WIDTHxHEIGHT" -- --size 0x600
expect_error "missing --cards folder" 2 "--cards folder '$OUT/nope' does not exist" -- --cards "$OUT/nope"
expect_error "empty --cards folder" 2 "--cards folder '$OUT/empty' holds no PNG or JPEG images" -- --cards "$OUT/empty"
if [ "$(id -u)" = 0 ]; then
  # root reads a mode-000 folder anyway; run the check as nobody when we can.
  if command -v setpriv >/dev/null; then
    out=$(cd "$OUT" && SDL_VIDEODRIVER=dummy setpriv --reuid=65534 --regid=65534 --clear-groups timeout 20 "$BIN" --cards "$OUT/locked" 2>&1 >/dev/null); rc=$?
    if [ $rc = 2 ] && printf '%s' "$out" | grep -q "cannot be read"; then pass "unreadable --cards folder (exit 2: $out)"; else fail "unreadable --cards folder: exit $rc: $out"; fi
  fi
else
  expect_error "unreadable --cards folder" 2 "cannot be read" -- --cards "$OUT/locked"
fi
chmod 755 "$OUT/locked"
echo '{"now": {"throwSpeed": "fast"}}' > "$OUT/bad-type.json"
echo 'not json' > "$OUT/not-json.json"
expect_error "--config with a wrong type" 2 "--config file '$OUT/bad-type.json': wrong type at 'now.throwSpeed'" -- --config "$OUT/bad-type.json"
expect_error "--config that is not JSON" 2 "--config file '$OUT/not-json.json' is not valid JSON" -- --config "$OUT/not-json.json"
expect_error "missing --config file" 2 "--config file '$OUT/none.json' does not exist" -- --config "$OUT/none.json"
echo '{"now": {"heightRatio": 1e15}}' > "$OUT/huge.json"
expect_error "--config value out of range" 2 "'now.heightRatio' = 1e\\+15 is out of range \\(expected 0.05 to 4\\)" -- --config "$OUT/huge.json"
echo '{"pan": {"velocity": {"capacity": 2.5}}}' > "$OUT/frac.json"
expect_error "--config fraction for a count names the key" 2 "wrong type at 'pan.velocity.capacity': expected a whole number" -- --config "$OUT/frac.json"
echo '{"t": 1, "pointer": 7}' > "$OUT/bad.replay"
expect_error "--replay with a bad line" 2 "--replay file '$OUT/bad.replay' line 1 is not a recorded input" -- --replay "$OUT/bad.replay" --headless
expect_error "unknown --stage" 2 "The value 'phone' is invalid for '--stage <WxH\|device\|window>': expected WIDTHxHEIGHT in points" -- --stage phone
expect_error "unwritable --log path" 2 "cannot write the log file '/proc/nope/log.jsonl'" -- --log /proc/nope/log.jsonl --headless --frames 1
expect_error "log path is a folder" 2 "cannot write the log file '$OUT'" -- --log "$OUT" --headless --frames 1
expect_error "--phone-thin without --phone" 2 "--phone-thin needs --phone" -- --phone-thin
mkdir -p "$OUT/rename"
printf '{"swipe": {"rightName": "keep"}}' > "$OUT/rename/names.json"
printf '{"tasks": [{"name": "Keep one", "start": {"config": "names.json"}}]}' > "$OUT/rename/tasks.json"
expect_error "a task start renaming a direction, for the page's engine" 2 "task 1 'Keep one' starts with config names.json, and its swipe.rightName differs from the session's" -- --phone --phone-engine --tasks "$OUT/rename/tasks.json"
# No display: no X server behind DISPLAY and no --headless.
out=$(cd "$ROOT" && env -u SDL_VIDEODRIVER DISPLAY=:987 WAYLAND_DISPLAY= timeout 20 "$BIN" 2>&1 >/dev/null); rc=$?
if [ $rc = 2 ] && printf '%s' "$out" | grep -q -- "--headless"; then pass "no display suggests --headless (exit 2: $out)"; else fail "no display: exit $rc: $out"; fi
# Corrupt, zero-byte and non-image files become placeholder cards with a warning; the rest loads.
out=$(cd "$ROOT" && timeout 30 "$BIN" --headless --frames 2 --cards "$OUT/mixed" --screenshot "$OUT/mixed.png" --log "$OUT/mixed.jsonl" 2>&1); rc=$?
warnings=$(printf '%s\n' "$out" | grep -c "warning:")
if [ $rc = 0 ] && [ "$warnings" = 3 ] && [ -s "$OUT/mixed.png" ] && grep -qE '"cards": ?4' "$OUT/mixed.jsonl"; then
  pass "bad images become placeholders, 3 warnings, 4 cards, exit 0"
else
  fail "bad images: exit $rc, $warnings warnings: $out"
fi
finish
