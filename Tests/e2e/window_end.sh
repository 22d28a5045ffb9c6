#!/usr/bin/env bash
# Windows that end say so and close when asked, and the window names its renderer (real Xvfb).
#
#   - `flick --replay` in a window: at the end stderr says "Q or Esc closes", the window stays
#     (still open 2 s later), and a real Q press closes it (exit 0); with --exit-at-end it closes
#     by itself; --exit-at-end with --loop is refused (exit 2, one line).
#   - `flick compare` in a window: the same, with Esc.
#   - The log's `started` line names the renderer. When GL is a software rasterizer (Xvfb's Mesa
#     llvmpipe here, read from a --gl run's GL_RENDERER), the default is Flick's software path,
#     "software (GL is llvmpipe ...)"; --gl keeps GL, "opengl (llvmpipe ...)".
#
# Usage: Tests/e2e/window_end.sh path/to/flick [out-folder]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
cd "$ROOT" || exit 1
rm -f "$OUT"/*.jsonl
start_xvfb "$OUT"
REC=docs/study/sample/p1-floaty.rec
A=assets/presets/snappy.json
B=assets/presets/floaty.json

# Waits up to $2 s for pid $1 to end; its exit code in RC ("running" when it did not end).
wait_exit() {
  local pid=$1 until=$(( $(date +%s) + $2 ))
  RC=running
  while [ "$(date +%s)" -le "$until" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; RC=$?; return 0; fi
    sleep 0.1
  done
  return 1
}

# $1: name, $2: window title pattern, $3: key that closes, rest: the command.
stays_then_closes() {
  local name=$1 title=$2 key=$3; shift 3
  "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
  local pid=$!
  PIDS+=("$pid")
  if ! wait_text "$OUT/$name.err" "ended at .*Q or Esc closes the window" 30 >/dev/null; then
    fail "$name: stderr never said the replay ended and how to close ($OUT/$name.err)"
    return
  fi
  pass "$name: stderr says the replay ended and that Q or Esc closes the window"
  # Deliberate: the check is that the window does not close by itself for a while.
  if alive_for "$pid" 2; then pass "$name: the window stays open after the end (2 s later)"
  else fail "$name: the window closed by itself without --exit-at-end"; return; fi
  local wid
  wid=$(wait_window "$title" 5) || { fail "$name: no window titled '$title' after the end"; return; }
  pass "$name: the window's title says the replay ended"
  xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key --window "$wid" "$key"
  if wait_exit "$pid" 5 && [ "$RC" = 0 ]; then pass "$name: $key closes the ended window (exit 0)"
  else fail "$name: $key did not close the ended window (exit $RC)"; fi
  # The window may close on the press, before xdotool's release reaches it (BadWindow): the key
  # then stays down in the X server, and the next window to take the focus would be handed it
  # (SDL turns keys held at focus-in into presses). Release it.
  xdotool keyup "$key" 2>/dev/null
}

stays_then_closes replay "replay ended" q "$BIN" --replay "$REC" --log "$OUT/replay.jsonl"
stays_then_closes compare "compare.*replay ended" Escape "$BIN" compare --replay "$REC" --config "$A" --config "$B"

# --exit-at-end: closes by itself, after saying so.
"$BIN" --replay "$REC" --exit-at-end --log "$OUT/exit.jsonl" >/dev/null 2>"$OUT/exit.err" &
pid=$!; PIDS+=("$pid")
if wait_exit "$pid" 30 && [ "$RC" = 0 ] && grep -q "replay ended at .*the window closes (--exit-at-end)" "$OUT/exit.err"; then
  pass "replay --exit-at-end: the window closes itself at the end and says so (exit 0)"
else fail "replay --exit-at-end: exit $RC, stderr $(tr '\n' ' ' <"$OUT/exit.err")"; fi
if tail -1 "$OUT/exit.jsonl" | grep -q '"quit"'; then pass "replay --exit-at-end: the log ends with its quit line"
else fail "replay --exit-at-end: the log does not end with quit ($OUT/exit.jsonl)"; fi

"$BIN" compare --replay "$REC" --config "$A" --config "$B" --exit-at-end >/dev/null 2>"$OUT/cexit.err" &
pid=$!; PIDS+=("$pid")
if wait_exit "$pid" 30 && [ "$RC" = 0 ] && grep -q "the window closes (--exit-at-end)" "$OUT/cexit.err"; then
  pass "compare --exit-at-end: the window closes itself at the end and says so (exit 0)"
else fail "compare --exit-at-end: exit $RC, stderr $(tr '\n' ' ' <"$OUT/cexit.err")"; fi

for cmd in "--replay $REC" "compare --replay $REC --config $A --config $B"; do
  # shellcheck disable=SC2086
  "$BIN" $cmd --exit-at-end --loop >/dev/null 2>"$OUT/both.err"; rc=$?
  if [ "$rc" = 2 ] && grep -q -- "--exit-at-end and --loop" "$OUT/both.err"; then
    pass "${cmd%% *} --exit-at-end --loop: refused with one line, exit 2"
  else fail "${cmd%% *} --exit-at-end --loop: exit $rc, $(head -1 "$OUT/both.err")"; fi
done

# The renderer, named in the log.
renderer() { head -1 "$1" | $PY -c 'import json,sys; print(json.loads(sys.stdin.readline()).get("renderer", ""))'; }
"$BIN" --replay "$REC" --exit-at-end --gl --log "$OUT/gl.jsonl" >/dev/null 2>&1
gl=$(renderer "$OUT/gl.jsonl")
sw=$(renderer "$OUT/exit.jsonl")
echo "        renderer with --gl: $gl; by default: $sw"
case "$gl" in
  opengl*llvmpipe*|opengl*softpipe*|opengl*swrast*)
    if [[ "$sw" == "software (GL is "*llvmpipe* || "$sw" == "software (GL is "*softpipe* || "$sw" == "software (GL is "*swrast* ]]; then
      pass "GL rasterizes on the CPU here ($gl): the window took the software path and the log says '$sw'"
    else fail "GL is a software rasterizer ($gl) but the default renderer is '$sw'"; fi
    if grep -q "GL is a software rasterizer" "$OUT/exit.err"; then pass "stderr says why the software path was taken"
    else fail "stderr does not say why the software path was taken ($OUT/exit.err)"; fi ;;
  opengl*) [ "${sw%% *}" = opengl ] && pass "a hardware GL ($gl) is kept by default" || fail "hardware GL ($gl) but default '$sw'" ;;
  *) fail "--gl did not name a GL renderer in the log: '$gl'" ;;
esac

stop_xvfb
finish
