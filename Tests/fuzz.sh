#!/usr/bin/env bash
# make fuzz: seeds from a real session (a recording with its header, the log it made, the
# presets), then `flick-lab fuzz` (built beside flick) mutates them (bytes, and for recordings and
# logs also valid JSON with absurd values), 2,000 inputs per parser by
# default.
# Usage: Tests/fuzz.sh path/to/flick [inputs]
set -u
BIN=$(readlink -f "${1:-.build/release/flick}")
LAB=$(dirname "$BIN")/flick-lab
INPUTS=${2:-2000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/flick-fuzz.XXXXXX)
cd "$ROOT" || exit 1
SDL_VIDEODRIVER=dummy "$BIN" --headless --demo now --replay docs/sessions/now.jsonl --frames 300 \
  --record "$WORK/seed.recording.jsonl" --log "$WORK/seed.log.jsonl" >/dev/null 2>&1 \
  || { echo "fuzz: could not make the seed session"; exit 1; }
"$LAB" soak --minutes 1 --log-file "$WORK/soak.log.jsonl" >/dev/null || { echo "fuzz: could not make the soak log"; exit 1; }
args=()
for p in assets/presets/*.json; do args+=(--config-seed "$p"); done
for r in docs/sessions/*.jsonl "$WORK/seed.recording.jsonl"; do args+=(--recording-seed "$r"); done
timeout 1800 "$LAB" fuzz --inputs "$INPUTS" --work "$WORK" "${args[@]}" \
  --log-seed "$WORK/seed.log.jsonl" --log-seed "$WORK/soak.log.jsonl"
rc=$?
if [ $rc -ge 128 ] || [ $rc = 124 ]; then
  echo "fuzz: CRASH or HANG (exit $rc); the input is in $WORK (current.*)"
  exit 1
fi
[ $rc = 0 ] && rm -rf "$WORK" || echo "fuzz: kept $WORK for a look"
exit $rc
