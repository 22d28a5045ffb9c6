#!/usr/bin/env bash
# Cards kept as shown (issue 34): a recorded session keeps each card picture by content hash in
# flick-cards/ beside the recording (shared by the folder's sessions, never copied twice), so
# after the card folder is edited (a file saved anew, one removed, one added) the recording still
# replays without --allow-missing-cards, pixel-identical to its replay before the edit, and
# `flick report` still reads it.
# Usage: cards_kept.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

CARDS="$OUT/cards"; rm -rf "$CARDS" "$OUT/flick-cards" "$OUT/s2.rec.jsonl"; mkdir -p "$CARDS"
cp "$ROOT"/assets/0[1-4]-*.png "$CARDS/"
start_xvfb "$OUT" 1280x900 || fail "Xvfb did not start"
LOG="$OUT/s1.jsonl"; REC="$OUT/s1.rec.jsonl"; rm -f "$LOG" "$REC"
start_app "$LOG" --cards "$CARDS" --demo stack --record "$REC" --size 600x860 || fail "the app did not start"
sleep 0.5
drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) -260 0 8 0.012
sleep 1
stop_app
stop_xvfb

"$PY" - "$REC" "$OUT/flick-cards" "$CARDS" <<'PY' && pass "the four pictures are kept by their SHA-256 in flick-cards/, named in the header" || fail "card store (above)"
import hashlib, json, os, sys
header = json.loads(open(sys.argv[1]).readline())
store, cards = sys.argv[2], sys.argv[3]
problems = []
for f in header["card_files"]:
    want = hashlib.sha256(open(os.path.join(cards, f["name"]), "rb").read()).hexdigest()
    if f.get("hash") != want: problems.append(f"{f['name']}: header hash {f.get('hash')}, file {want}")
    if not os.path.exists(os.path.join(store, want + ".png")): problems.append(f"{f['name']} not in the store")
if len(os.listdir(store)) != 4: problems.append(f"store holds {sorted(os.listdir(store))}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

"$BIN" --replay "$REC" --headless --screenshot "$OUT/before.png" >"$OUT/before.out" 2>&1 || fail "the replay before the edit failed: $(cat "$OUT/before.out")"
# The folder is edited: a file saved anew with another picture, one removed, one added.
cp "$ROOT/assets/09-news.png" "$CARDS/01-weather.png"
rm "$CARDS/02-music.png"
cp "$ROOT/assets/07-settings.png" "$CARDS/05-new.png"
"$BIN" --replay "$REC" --headless --screenshot "$OUT/after.png" >"$OUT/after.out" 2>&1; rc=$?
[ "$rc" = 0 ] && pass "after the folder edit the recording still replays without --allow-missing-cards" \
  || fail "the replay after the edit: exit $rc, $(cat "$OUT/after.out")"
"$PY" - "$OUT/before.png" "$OUT/after.png" <<'PY' && pass "its last frame is pixel-identical to the replay before the edit" || fail "the frames differ (above)"
import sys
from PIL import Image, ImageChops
a, b = Image.open(sys.argv[1]).convert("RGB"), Image.open(sys.argv[2]).convert("RGB")
box = ImageChops.difference(a, b).getbbox() if a.size == b.size else "size"
if box: print(f"    differ in {box}"); sys.exit(1)
PY
rm -rf "$OUT/report"
"$BIN" report "$REC" --out "$OUT/report" >"$OUT/report.out" 2>&1 && pass "flick report reads the edited session's recording" \
  || fail "flick report: $(cat "$OUT/report.out")"

# A second session of the same folder keeps only the pictures not kept yet.
"$BIN" --headless --cards "$CARDS" --demo stack --replay "$ROOT/docs/sessions/stack.jsonl" --frames 30 \
  --record "$OUT/s2.rec.jsonl" >"$OUT/s2.out" 2>&1 || fail "second session: $(cat "$OUT/s2.out")"
n=$(ls "$OUT/flick-cards" | wc -l)
[ "$n" = 6 ] && pass "a second session adds only the two new pictures (6 kept, none twice)" || fail "the store holds $n files, want 6: $(ls "$OUT/flick-cards")"
finish
