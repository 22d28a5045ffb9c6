#!/usr/bin/env bash
# End to end: the real flick binary in a real X server (Xvfb), driven by real pointer events
# from xdotool, checked through its interaction log. Then every bad input of the command line.
#
# The runner: each part below is one script of this folder, run as SCRIPT BIN WORK/DIR. Every
# script prints its results as "  ok    ..." / "  FAIL  ..." lines (lib.sh); they are shown as
# they come and counted here, in `part`, for all of them. A script that exits non-zero without
# a FAIL line (a crash before its first check, say) counts as one failure. The last line is
# "e2e: N passed, M failed" (CI reads it); on a failure the work folder is kept.
# Usage: Tests/e2e/run.sh path/to/flick
set -u
source "$(dirname "$0")/lib.sh"
BIN=$(readlink -f "${1:-.build/release/flick}")
OUT=$(temp_dir e2e)
chmod 755 "$OUT"   # cli.sh's unreadable-folder check runs as another user, inside it
# The scripts print no count lines of their own under the runner.
export E2E_RUN=1

# part TITLE SCRIPT DIR: Tests/e2e/SCRIPT BIN OUT/DIR (a .py script through the suite's python3, lib.sh), its lines
# shown, its ok and FAIL lines counted (SCRIPT's whole output is kept in OUT/DIR.out).
part() {
  local title=$1 script=$2 dir=$3 lines="$OUT/$3.out" rc passed failed
  local run=(bash); [[ $script == *.py ]] && run=(python3)
  echo "e2e: $title"
  "${run[@]}" "$HERE/$script" "$BIN" "$OUT/$dir" 2>&1 | tee "$lines"
  rc=${PIPESTATUS[0]}
  passed=$(grep -c '^  ok' "$lines"); failed=$(grep -c '^  FAIL' "$lines")
  PASSED=$((PASSED + passed)); FAILED=$((FAILED + failed))
  if [ "$rc" != 0 ] && [ "$failed" = 0 ]; then fail "$script exited with $rc and reported no failure"; fi
}

# Every module any script imports is there, from the suite's interpreter or Debian's packages
# (imports.py scans the scripts); a missing one fails here, by name, before any part runs.
python3 "$HERE/imports.py" "$HERE" || fail "the e2e interpreter lacks a module the scripts import (above)"

# The quality tools (soak, fuzz) live in flick-lab, built beside flick.
[ -x "$(dirname "$BIN")/flick-lab" ] || fail "no flick-lab beside $BIN"
[ -x "$BIN" ] || fail "no binary at $BIN"

if [ "$FAILED" = 0 ]; then
  part "bad input through the real binary" cli.sh cli
  part "FlickSession's folders as layers (Tests/e2e/layers.py: no two folders use each other, no cycle)" layers.py layers
  part "bad input table (Tests/e2e/bad_input.py: exit code, message, no other file changed)" bad_input.py bad
  part "outputs only where asked (Tests/e2e/outputs.py: hostile output paths from an empty folder)" outputs.py outputs
  part "no orphan, no leftovers (Tests/e2e/orphans.py: flick export killed with SIGKILL)" orphans.py orphans
  part "standard error never blocks (Tests/e2e/stderr_unread.py: 2,000 warnings into a pipe nobody reads)" stderr_unread.py stderr-unread
  part "every tool stops on a signal (Tests/e2e/tools_stop.py: flick-lab and flick-bench, within 1 s)" tools_stop.py tools-stop
  part "every signal at any moment stops cleanly (Tests/e2e/signal_fuzz.py: SIGINT, SIGTERM, SIGHUP, a file-size limit; FLICK_SIGNAL_FUZZ_RUNS runs more)" signal_fuzz.py signal-fuzz
  part "fuzz, 200 inputs per parser (make fuzz runs 2,000): bytes, and valid JSON with absurd values" lab_fuzz.sh fuzz
  part "soak (5 simulated minutes of random gestures, invariants every frame, memory)" lab_soak.sh soak
  part "golden screenshots (headless, software renderer)" golden.sh golden
  part "one look everywhere (a held mid-gesture frame: live GL window, replay, SDL software path, export)" look.sh look
  part "the window: UTF-8 titles, the HUD and the tuning panel never over the phone (Xvfb)" window.sh window
  part "presentation mode and the touch indicator (headless)" presentation.sh presentation
  part "wheel notches and taps under Xvfb" input.sh input
  part "the participant's screen (fullscreen without a window manager, screenshots' folder)" screen.sh screen
  part "quitting never waits for a decode (Xvfb)" quit.sh quit
  part "a facilitated session: two windows, tasks with goals, notes, markers (Xvfb)" facilitator.sh facilitator
  part "a window destroyed by another X client ends the session through its quit path (Xvfb)" window_lost.sh window-lost
  part "roles by construction: keys, notes and drags in the wrong window, on bare X and under openbox" roles.sh roles
  part "the participant's side: Done, Give up, SEQ and SUS answered in the participant window, on bare X and under openbox" participant_side.sh participant-side
  part "roles with the participant's side under openbox: Z and SEQ digits never type the note, Enter asks while an SEQ waits, two Ctrl+Q through the SUS" roles_seq.sh roles-seq
  part "the two windows placed apart: a laptop screen, too small a screen, two displays" placement.sh placement
  part "clocks for other recordings: sync lines through a pause, the same in a replay" clocks.sh clocks
  part "cards kept as shown: a folder edit after a session leaves its replay pixel-identical" cards_kept.sh cards-kept
  part "a study plan: counterbalanced sessions opened by participant and session, study counts by condition" plan.sh plan
  part "study tools (presets, recordings, replay, report, compare, export)" study.sh study
  part "reports that scale: 2, 10 and 50 sessions in headless Chromium at 1400 and 800 px, nothing wider than its box" report_scale.py report-scale
  part "flick study (a small study recorded under Xvfb, its tables, its page in Chromium)" study_many.sh study-many
  part "the hand-counted study (every task and decision count against a count made by hand)" study_hand.sh study-hand
  part "what-ifs on the recorded course: tune, compare and --replay --config keep every task's end, the Done and the SEQ; card drags the same at every value" whatif.sh whatif
  part "no markup from outside: every page from hostile session files, parsed in headless Chromium, and tables without formulas" markup.py markup
  part "the study's counts from outside: DuckDB runs docs/sql over the logs" duckdb_rates.py duckdb
  part "real pointer input under Xvfb" pointer.sh pointer
  part "presses that miss under Xvfb (empty stage, the surround): logged, replayed, counted" missed.sh missed
  part "the participant's phone (headless Chromium as a 390x844 phone at 3x, the participant's side, the network face)" phone.py phone
  part "mouse against touch: one task by the mouse (xdotool) and the phone (Chromium), flick study with device as condition" touch_study.py touch-study
  part "the twelve-session study: a plan of 2 presets for 6 participants (3 mouse, 3 phone), a facilitator's keys, tasks, SEQ and SUS, every study number against a hand count" study_twelve.py study-twelve
  part "a study by link: flick host, 3 participants in Node (a drop, a stop) and 3 phones in Chromium (a reload, give-ups), flick study against local replays, hostile requests" study_link.py study-link
  part "a sixth interaction from outside (Examples/CoverFlow): browse and delete under Xvfb" coverflow.sh coverflow
  part "windows that end say so and close when asked; the renderer named in the log (Xvfb: llvmpipe -> software)" window_end.sh window-end
  part "the pages at 800 px in headless Chromium: interval cells on one line, nothing wider than the window" pages_narrow.py pages-narrow
fi

echo "e2e: $PASSED passed, $FAILED failed"
E2E_FINISHED=1
if [ "$FAILED" = 0 ]; then rm -rf "$OUT"; exit 0; fi
echo "e2e: kept $OUT for a look"
exit 1
