# Sourced by the e2e scripts that drive the real window through a real X server.
# Needs ROOT (the package root) and BIN (the flick binary); appends the processes it starts to
# the caller's PIDS array, which the caller's exit trap kills.
#
#   start_xvfb DIR           a private Xvfb; exports DISPLAY once it accepts connections
#   start_app LOG ARGS...    flick --log LOG ARGS; waits for its window and its "started" line;
#                            sets APP, WID, WX WY (window origin), SX SY SW SH (the stage, points)
#   stop_app                 SIGTERM, then SIGKILL after 5 s
#   drag X0 Y0 DX DY STEPS STEP_SECONDS [HOLD_SECONDS]
#                            a real button-down, STEPS moves, button-up (window points), one
#                            xdotool process for the whole chain, as a device sends it

# A display from :141 up that no lock file claims (never :0, a desktop's own); the server says
# when it accepts connections by writing its number to a file descriptor (-displayfd). Another
# run that took the same number meanwhile makes this server exit at once: the next one is tried.
start_xvfb() {
  local dir=$1 numfile="$1/xvfb.display" n
  for n in $(seq 141 190); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    : >"$numfile"
    Xvfb ":$n" -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$numfile" >"$dir/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 1 300); do
      [ -s "$numfile" ] && break
      kill -0 "$XVFB_PID" 2>/dev/null || break
      sleep 0.1
    done
    if [ -s "$numfile" ]; then
      PIDS+=("$XVFB_PID")
      export DISPLAY=":$n"
      for _ in $(seq 1 100); do xdotool getdisplaygeometry >/dev/null 2>&1 && return 0; sleep 0.1; done
      echo "  (Xvfb $DISPLAY is not answering: $(tail -n 3 "$dir/xvfb.log" 2>/dev/null))"
      return 1
    fi
    kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null
  done
  echo "  (Xvfb did not start: $(tail -n 3 "$dir/xvfb.log" 2>/dev/null))"
  return 1
}

start_app() {
  local log=$1; shift
  (cd "$ROOT" && exec "$BIN" --log "$log" "$@") >"$log.out" 2>&1 &
  APP=$!
  PIDS+=("$APP")
  WID=""
  for _ in $(seq 1 150); do
    WID=$(xdotool search --onlyvisible --name '^flick' 2>/dev/null | head -n 1)
    [ -n "$WID" ] && grep -q '"started"' "$log" 2>/dev/null && break
    sleep 0.1
  done
  if [ -z "$WID" ] || ! grep -q '"started"' "$log" 2>/dev/null; then
    echo "  (app did not open a window: $(cat "$log.out" 2>/dev/null))"
    return 1
  fi
  eval "$(xdotool getwindowgeometry --shell "$WID")"   # X Y WIDTH HEIGHT
  WX=$X; WY=$Y
  read -r SX SY SW SH <<<"$(python3 -c 'import json,sys; s=json.loads(open(sys.argv[1]).readline())["stage"]; print(*[round(v) for v in s])' "$log")"
}

stop_app() {
  kill -TERM "$APP" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$APP" 2>/dev/null
  wait "$APP" 2>/dev/null
}

drag() {
  local x0=$(( WX + $1 )) y0=$(( WY + $2 )) dx=$3 dy=$4 steps=$5 dt=$6 hold=${7:-0}
  local args=(mousemove "$x0" "$y0" sleep 0.05 mousedown 1 sleep 0.03)
  for i in $(seq 1 "$steps"); do
    args+=(mousemove "$(( x0 + dx * i / steps ))" "$(( y0 + dy * i / steps ))" sleep "$dt")
  done
  args+=(sleep "$hold" mouseup 1)
  xdotool "${args[@]}"
}
