#!/usr/bin/env bash
# flick-lab soak (built beside flick): 5 simulated minutes of random gestures, invariants checked
# every frame, memory; the log it writes must follow the schema.
# Usage: lab_soak.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
LAB=$(dirname "$BIN")/flick-lab

soak_out=$("$LAB" soak --minutes 5 --seed 7 --log-file "$OUT/soak.jsonl" 2>&1); rc=$?
printf '%s\n' "$soak_out" | sed 's/^/        /'
if [ $rc = 0 ] && printf '%s' "$soak_out" | grep -q "^soak: 18000 frames" && printf '%s' "$soak_out" | grep -q " 0 invariant violations" \
   && python3 "$HERE/log_schema.py" "$OUT/soak.jsonl" >/dev/null 2>&1; then
  pass "soak: 18000 frames, no invariant broken, the log it wrote follows the schema"
else
  fail "soak: exit $rc"
fi
finish
