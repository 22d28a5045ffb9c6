# Sourced first by every e2e script (run.sh too): results, processes, folders, the X server.
#
#   #!/usr/bin/env bash
#   set -u
#   source "$(dirname "$0")/lib.sh"
#   e2e_args "$@"            # BIN, OUT
#   ... pass "what held" / fail "what went wrong, and where to look" ...
#   finish
#
# Results are lines on standard output, "  ok    ..." and "  FAIL  ..."; run.sh shows every
# script's lines and counts them in one place. A script run on its own ends with its own count
# line instead ("input: 3 passed, 0 failed"). A script that stops before `finish` (an unbound
# variable under set -u, a signal) reports one FAIL saying so, so no check goes missing unseen.
#
#   e2e_args BIN [OUT]       BIN made absolute (the scripts cd to ROOT); OUT created, a new
#                            temp folder when not given
#   pass TEXT, fail TEXT     one result line each
#   finish                   the end of the script: exit 0 when nothing failed, else 1
#   temp_dir NAME            a new folder /tmp/flick-NAME.XXXXXX
#   stop_pids PID...         SIGTERM, then SIGKILL to what is left after 5 s; reaps them
#
# Every process a script starts in the background goes into PIDS; on exit stop_pids ends them.
#
# The X server and the real window (Xvfb, xdotool):
#
#   start_xvfb DIR [WxH]     a private Xvfb that never resets (screen 1280x800 unless given);
#                            exports DISPLAY once it accepts connections; sets XVFB_PID
#   stop_xvfb                ends that Xvfb
#   start_two_displays DIR WxH WxH
#                            an X server with two displays side by side as SDL sees them (Xorg's
#                            dummy driver, two RandR outputs); stop_xvfb ends it
#   wait_window PATTERN [SECONDS]
#                            prints the id of the first visible window whose name matches PATTERN,
#                            waiting for one to appear (default 5 s); false if none did
#   start_app LOG ARGS...    flick --log LOG ARGS; waits for its window and its "started" line;
#                            sets APP, WID, WX WY (window origin), SX SY SW SH (the stage, points)
#   stop_app                 ends APP (stop_pids)
#   wait_log LOG COUNT EVENT [SECONDS]
#                            until LOG holds COUNT lines of that event (default 20 s)
#   wait_text FILE PATTERN [SECONDS]
#                            until FILE (e.g. the app's stderr, LOG.out) has a line matching PATTERN
#   quiet_log LOG EVENT SECONDS
#                            true when no further line of that event comes within SECONDS (for
#                            checks that something does NOT happen)
#   wait_lines FILE PATTERN COUNT [SECONDS]
#                            until FILE holds COUNT lines matching PATTERN (grep; default 20 s),
#                            e.g. wait_lines "$LOG" '"cause":"key"' 2 for the second key deletion
#   wait_focus WID [SECONDS] until the X server's input focus is on WID (default 10 s): after a
#                            windowfocus/windowactivate, before keys meant for that window
#   wait_gone PID [SECONDS]  until process PID has exited (default 20 s); false, saying so, if not
#   alive_for PID SECONDS    a deliberate wait: true when PID still runs SECONDS from now, false
#                            as soon as it exits (for checks that a process does NOT end)
#   wait_still WID FILE [SECONDS]
#                            pictures of window WID (import) until two in a row are the same
#                            (what moved has come to rest: a card's flight, a gap closing),
#                            the last left in FILE (default 10 s; false, saying so, if never)
#   wait_changed WID BEFORE FILE [SECONDS]
#                            pictures of window WID into FILE until one differs from the picture
#                            BEFORE (what a key toggled is drawn; default 10 s; false, saying so,
#                            if never); wait_still after it for the drawing at rest
#   wait_child PID SECONDS   `wait` for PID, a child of this shell, its exit code in CHILD_RC;
#                            SIGKILL to it if it still runs SECONDS from now (a watchdog: an
#                            exited child stays a zombie until waited for, so wait_gone cannot)
#   race_clients N           N short-lived clients in a loop while others connect: prints how
#                            many of the others were refused
#   drag X0 Y0 DX DY STEPS STEP_SECONDS [HOLD_SECONDS]
#                            a real button-down, STEPS moves, button-up (window points), one
#                            xdotool process for the whole chain, as a device sends it
#   now_us, deadline_us SECONDS, count_events LOG EVENT
#                            bash's own clock in microseconds (no process a poll), a deadline
#                            that many whole seconds ahead, the lines of one event in a log

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# The suite's own Python (`make e2e-python`): Debian's python3 in a virtual environment under
# .build, Debian's packages visible, Tests/e2e/requirements.txt installed. It goes first on PATH,
# so every script and every python3 a script starts is this one, never another on the machine.
E2E_PYTHON_DIR=${E2E_PYTHON_DIR:-$ROOT/.build/e2e-python}
if [ ! -x "$E2E_PYTHON_DIR/bin/python3" ]; then
  echo "e2e: no interpreter at $E2E_PYTHON_DIR/bin/python3; run \`make e2e-python\` (make deps-test does)" >&2
  exit 2
fi
case ":$PATH:" in *":$E2E_PYTHON_DIR/bin:"*) ;; *) export PATH="$E2E_PYTHON_DIR/bin:$PATH" ;; esac
export PYTHONNOUSERSITE=1
PY=python3
E2E_NAME=$(basename "$0" .sh)
PASSED=0
FAILED=0
PIDS=()

pass() { PASSED=$((PASSED + 1)); echo "  ok    $1"; }
fail() { FAILED=$((FAILED + 1)); echo "  FAIL  $1"; }

temp_dir() { mktemp -d "/tmp/flick-$1.XXXXXX"; }

e2e_args() {
  BIN=$(readlink -f "${1:-$ROOT/.build/release/flick}")
  OUT=${2:-}
  [ -n "$OUT" ] || OUT=$(temp_dir "$E2E_NAME")
  mkdir -p "$OUT"
  [ -x "$BIN" ] || { fail "no flick binary at $BIN"; finish; }
}

finish() {
  E2E_FINISHED=1
  # Under run.sh (E2E_RUN set) the runner counts; on its own the script says its count.
  [ -n "${E2E_RUN:-}" ] || echo "$E2E_NAME: $PASSED passed, $FAILED failed (files in ${OUT:-?})"
  exit $(( FAILED > 0 ))
}

stop_pids() {
  local pid
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "$@"; do
    for _ in {1..50}; do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
}

e2e_exit() {
  local rc=$?
  # A background job ended before it has exec'd its command is still a copy of this shell and
  # can run these traps: only the script's own shell reports and stops processes.
  [ "$BASHPID" = "$$" ] || exit "$rc"
  if [ -z "${E2E_FINISHED:-}" ]; then
    fail "$E2E_NAME stopped before its end (exit $rc): the checks after that point did not run"
    rc=1
  fi
  stop_pids "${PIDS[@]}"
  exit "$rc"
}
trap e2e_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------------
# A display from :141 up that no lock file claims (never :0, a desktop's own); the server says
# when it accepts connections by writing its number to a file descriptor (-displayfd). Another
# run that took the same number meanwhile makes this server exit at once: the next one is tried.
#
# -noreset: without it the server resets itself every time its last client disconnects, and
# every client of these tests is short-lived (the readiness probe, each `xdotool search` of
# wait_window's polling loop, each app that quits). A client that connects while a reset runs is
# killed with the clients of the old generation, so its XOpenDisplay fails: SDL says "x11 not
# available". The reset re-runs xkbcomp for the keymap, which is slow on a fresh machine (cold
# caches, nothing compiled yet), so there the window was wide enough to lose the app's first
# connection. Measured with transient clients racing (race_clients below): 3-8 connections of
# about 170 refused per run without -noreset, 0 with it; pointer.sh checks the 0.
start_xvfb() {
  local dir=$1 numfile="$1/xvfb.display" screen=${2:-1280x800} n
  for n in $(seq 141 190); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    : >"$numfile"
    Xvfb ":$n" -displayfd 3 -noreset -screen 0 "${screen}x24" -nolisten tcp 3>"$numfile" >"$dir/xvfb.log" 2>&1 &
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

# openbox on $DISPLAY, its log in DIR/openbox.log, its pid in PIDS. Ready once it has loaded its
# theme and taken over the windows already there (_OB_THEME and _NET_CLIENT_LIST on the root):
# _NET_SUPPORTING_WM_CHECK alone comes before that, and a window mapped then may wait on it.
#   start_openbox DIR
start_openbox() {
  openbox --sm-disable >"$1/openbox.log" 2>&1 &
  PIDS+=("$!")
  local props
  for _ in $(seq 1 100); do
    props=$(xprop -root _NET_SUPPORTING_WM_CHECK _OB_THEME _NET_CLIENT_LIST 2>/dev/null)
    grep -q '_NET_SUPPORTING_WM_CHECK(WINDOW): window id' <<<"$props" && grep -q '^_OB_THEME(' <<<"$props" \
      && grep -q '^_NET_CLIENT_LIST(' <<<"$props" && return 0
    sleep 0.1
  done
  return 1
}

stop_xvfb() { [ -n "${XVFB_PID:-}" ] && stop_pids "$XVFB_PID"; }

# Two displays side by side on one X screen, as SDL sees monitors: SDL 2 counts the RandR
# outputs of a screen, and Xvfb has one (its screens of `-screen 1` all sit at 0,0, where SDL
# opens every window on the first). Xorg's dummy driver has sixteen outputs; two get a mode
# each, the second to the right of the first. Sets XVFB_PID (stop_xvfb ends it) and DISPLAY.
#   start_two_displays DIR W1xH1 W2xH2
start_two_displays() {
  local dir=$1 a=$2 b=$3 numfile="$1/xorg.display" n
  cat >"$dir/xorg.conf" <<CONF
Section "ServerFlags"
  Option "AutoAddDevices" "false"
  Option "DontVTSwitch" "true"
EndSection
Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 256000
EndSection
Section "Monitor"
  Identifier "m"
  HorizSync 5.0-1000.0
  VertRefresh 5.0-200.0
EndSection
Section "Screen"
  Identifier "s"
  Device "dummy"
  Monitor "m"
  DefaultDepth 24
  SubSection "Display"
    Depth 24
    Virtual 4096 2160
  EndSubSection
EndSection
CONF
  for n in $(seq 141 190); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    : >"$numfile"
    Xorg ":$n" -displayfd 3 -noreset -nolisten tcp -config "$dir/xorg.conf" -logfile "$dir/xorg.log" 3>"$numfile" >"$dir/xorg.out" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 1 300); do
      [ -s "$numfile" ] && break
      kill -0 "$XVFB_PID" 2>/dev/null || break
      sleep 0.1
    done
    if [ -s "$numfile" ]; then
      PIDS+=("$XVFB_PID")
      export DISPLAY=":$n"
      local wa=${a%x*} ha=${a#*x} wb=${b%x*} hb=${b#*x}
      xrandr --newmode "flick$a" 60 "$wa" $((wa + 8)) $((wa + 16)) $((wa + 24)) "$ha" $((ha + 1)) $((ha + 2)) $((ha + 3)) 2>/dev/null
      xrandr --newmode "flick$b" 60 "$wb" $((wb + 8)) $((wb + 16)) $((wb + 24)) "$hb" $((hb + 1)) $((hb + 2)) $((hb + 3)) 2>/dev/null
      xrandr --addmode DUMMY0 "flick$a" && xrandr --addmode DUMMY1 "flick$b" \
        && xrandr --fb "$((wa + wb))x$(( ha > hb ? ha : hb ))" --output DUMMY0 --mode "flick$a" --pos 0x0 \
                  --output DUMMY1 --mode "flick$b" --pos "${wa}x0" \
        && xrandr -q >/dev/null && return 0   # a full probe: SDL reads the server's current (cached) outputs
      echo "  (xrandr could not set up two displays on $DISPLAY)"
      return 1
    fi
    kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null
  done
  echo "  (Xorg with the dummy driver did not start: $(tail -n 3 "$dir/xorg.out" 2>/dev/null))"
  return 1
}

wait_window() {
  local pattern=$1 secs=${2:-5} end id; end=$(deadline_us "$secs")
  while :; do
    id=$(xdotool search --onlyvisible --name "$pattern" 2>/dev/null | head -n 1)
    [ -n "$id" ] && { echo "$id"; return 0; }
    [ "$(now_us)" -ge "$end" ] && return 1
    sleep 0.1
  done
}

start_app() {
  local log=$1; shift
  (cd "$ROOT" && exec "$BIN" --log "$log" "$@") >"$log.out" 2>&1 &
  APP=$!
  PIDS+=("$APP")
  WID=""
  # The log's first line is written once the window is up; only then ask X for it (each
  # xdotool is a client of its own).
  if wait_text "$log" '"started"' 15 >/dev/null; then
    WID=$(wait_window '^flick') || WID=""
  fi
  if [ -z "$WID" ]; then
    echo "  (app did not open a window: $(cat "$log.out" 2>/dev/null))"
    return 1
  fi
  eval "$(xdotool getwindowgeometry --shell "$WID")"   # X Y WIDTH HEIGHT
  WX=$X; WY=$Y
  read -r SX SY SW SH <<<"$(python3 -c 'import json,sys; s=json.loads(open(sys.argv[1]).readline())["stage"]; print(*[round(v) for v in s])' "$log")"
}

stop_app() { stop_pids "$APP"; }

now_us() { echo "${EPOCHREALTIME/./}"; }
deadline_us() { echo $(( $(now_us) + ${1%.*} * 1000000 )); }
count_events() { grep -c "\"event\":\"$2\"" "$1" 2>/dev/null || true; }

wait_log() {
  local log=$1 count=$2 event=$3 secs=${4:-20} end; end=$(deadline_us "$secs")
  while [ "$(count_events "$log" "$event")" -lt "$count" ]; do
    if [ "$(now_us)" -ge "$end" ]; then
      echo "  (waited $secs s for $count '$event' lines in $log: $(count_events "$log" "$event") came)"
      return 1
    fi
    sleep 0.05
  done
}

wait_text() {
  local file=$1 pattern=$2 secs=${3:-20} end; end=$(deadline_us "$secs")
  until grep -q -- "$pattern" "$file" 2>/dev/null; do
    if [ "$(now_us)" -ge "$end" ]; then echo "  (waited $secs s for /$pattern/ in $file)"; return 1; fi
    sleep 0.05
  done
}

quiet_log() {
  local log=$1 event=$2 before; before=$(count_events "$1" "$2")
  sleep "$3"
  [ "$(count_events "$log" "$event")" = "$before" ]
}

wait_lines() {
  local file=$1 pattern=$2 count=$3 secs=${4:-20} end n; end=$(deadline_us "$secs")
  while n=$(grep -c -- "$pattern" "$file" 2>/dev/null); [ "${n:-0}" -lt "$count" ]; do
    if [ "$(now_us)" -ge "$end" ]; then echo "  (waited $secs s for $count lines /$pattern/ in $file: ${n:-0} came)"; return 1; fi
    sleep 0.05
  done
}

wait_focus() {
  local wid=$1 secs=${2:-10} end; end=$(deadline_us "$secs")
  until [ "$(xdotool getwindowfocus 2>/dev/null)" = "$wid" ]; do
    if [ "$(now_us)" -ge "$end" ]; then echo "  (waited $secs s for the keyboard focus on window $wid: it is on $(xdotool getwindowfocus 2>/dev/null))"; return 1; fi
    sleep 0.05
  done
}

wait_gone() {
  local pid=$1 secs=${2:-20} end; end=$(deadline_us "$secs")
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$(now_us)" -ge "$end" ]; then echo "  (waited $secs s for process $pid to exit: it still runs)"; return 1; fi
    sleep 0.05
  done
}

alive_for() {
  local pid=$1 end; end=$(( $(now_us) + $(awk -v s="$2" 'BEGIN { printf "%d", s * 1000000 }') ))
  while [ "$(now_us)" -lt "$end" ]; do kill -0 "$pid" 2>/dev/null || return 1; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null
}

wait_still() {
  local wid=$1 file=$2 secs=${3:-10} end prev="$2.prev.png"; end=$(deadline_us "$secs")
  import -window "$wid" "$prev" 2>/dev/null
  while :; do
    sleep 0.1   # a poll: the next picture
    import -window "$wid" "$file" 2>/dev/null
    [ "$(compare -metric AE "$prev" "$file" null: 2>&1)" = 0 ] && { rm -f "$prev"; return 0; }
    if [ "$(now_us)" -ge "$end" ]; then rm -f "$prev"; echo "  (waited $secs s for window $wid to be still: it kept changing)"; return 1; fi
    mv "$file" "$prev"
  done
}

wait_changed() {
  local wid=$1 before=$2 file=$3 secs=${4:-10} end; end=$(deadline_us "$secs")
  while :; do
    import -window "$wid" "$file" 2>/dev/null
    [ "$(compare -metric AE "$before" "$file" null: 2>&1)" != 0 ] && break
    if [ "$(now_us)" -ge "$end" ]; then echo "  (waited $secs s for window $wid to change from $before)"; return 1; fi
    sleep 0.1   # a poll: the next picture
  done
}

wait_child() {
  local pid=$1 guard
  ( sleep "$2"; kill -9 "$pid" 2>/dev/null ) &   # the watchdog's deadline
  guard=$!
  wait "$pid"; CHILD_RC=$?
  kill "$guard" 2>/dev/null; wait "$guard" 2>/dev/null
  return 0
}

race_clients() {
  local n=$1 refused=0 tried=0 poller
  ( for _ in $(seq 1 "$n"); do xdotool search --name '^no-such-window$' >/dev/null 2>&1; done ) &
  poller=$!
  while kill -0 "$poller" 2>/dev/null; do
    tried=$((tried + 1))
    xdotool getdisplaygeometry >/dev/null 2>&1 || refused=$((refused + 1))
  done
  wait "$poller" 2>/dev/null
  echo "$refused $tried"
}

drag() {
  local x0=$(( WX + $1 )) y0=$(( WY + $2 )) dx=$3 dy=$4 steps=$5 dt=$6 hold=${7:-0} i
  local args=(mousemove "$x0" "$y0" sleep 0.05 mousedown 1 sleep 0.03)
  for i in $(seq 1 "$steps"); do
    args+=(mousemove "$(( x0 + dx * i / steps ))" "$(( y0 + dy * i / steps ))" sleep "$dt")
  done
  args+=(sleep "$hold" mouseup 1)
  xdotool "${args[@]}"
}
