#!/usr/bin/env bash
# The parsers fuzzed by flick-lab (built beside flick), 200 inputs each (make fuzz runs 2,000):
# bytes, and valid JSON with absurd values, seeded from the bundled sessions and one recorded here.
# Usage: lab_fuzz.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"
LAB=$(dirname "$BIN")/flick-lab

(cd "$ROOT" && SDL_VIDEODRIVER=dummy "$BIN" --headless --demo now --replay docs/sessions/now.jsonl --frames 300 \
  --record "$OUT/fuzz-seed.recording.jsonl" --log "$OUT/fuzz-seed.log.jsonl" >/dev/null 2>&1)
mkdir -p "$OUT/fuzz"
fuzz_args=()
for r in "$ROOT"/docs/sessions/*.jsonl "$OUT/fuzz-seed.recording.jsonl"; do fuzz_args+=(--recording-seed "$r"); done
fuzz_out=$(cd "$ROOT" && SDL_VIDEODRIVER=dummy timeout 600 "$LAB" fuzz --inputs 200 --work "$OUT/fuzz" "${fuzz_args[@]}" \
  --log-seed "$OUT/fuzz-seed.log.jsonl" 2>&1); rc=$?
printf '%s\n' "$fuzz_out" | grep '^fuzz' | sed 's/^/        /'
if [ $rc = 0 ] && [ "$(printf '%s\n' "$fuzz_out" | grep -c '^fuzz .*: 200 inputs, .* 0 unclear')" = 5 ]; then
  pass "fuzz: 5 parsers x 200 inputs, every refusal one line naming the file, no crash, no hang"
else
  fail "fuzz: exit $rc (a crash or hang leaves its input in $OUT/fuzz)"
fi
finish
