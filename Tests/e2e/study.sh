#!/usr/bin/env bash
# Study tools end to end: presets, recordings that stand alone, replay, report, compare, export.
# Prints "  ok    ..." / "  FAIL  ..." lines; run.sh counts them.
# Usage: study.sh path/to/flick WORKDIR
set -u
BIN=$1; WORK=$2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
mkdir -p "$WORK"
pass() { echo "  ok    $1"; }
fail() { echo "  FAIL  $1"; }

# --- presets: each loads, says what it is in one line, and differs from the defaults where it says
for preset in uikit snappy floaty; do
  file="$ROOT/assets/presets/$preset.json"
  desc=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["description"]; assert isinstance(d,str) and "\n" not in d and d; print(d)' "$file" 2>&1)
  if [ $? = 0 ] && (cd "$ROOT" && "$BIN" --headless --frames 1 --config "$file" >/dev/null 2>"$WORK/preset-$preset.err"); then
    pass "preset $preset loads: $desc"
  else
    fail "preset $preset: $desc $(cat "$WORK/preset-$preset.err" 2>/dev/null)"
  fi
done
