#!/usr/bin/env bash
# Cards kept as shown: a recorded session keeps each card picture by content hash in
# flick-cards/ beside the recording (shared by the folder's sessions, never copied twice): those
# it started with, and those a folder change added or saved anew while it ran (a card first shown
# after the change). So after the card folder is edited (a file saved anew, one removed, one
# added, and the file added mid-session rewritten, the one changed mid-session deleted) the
# recording still replays without --allow-missing-cards, pixel-identical to its replay before the
# edit (its top card is the one added mid-session), and `flick report` still reads it.
# Usage: cards_kept.sh path/to/flick [OUTDIR]
set -u
source "$(dirname "$0")/lib.sh"
e2e_args "$@"

CARDS="$OUT/cards"; rm -rf "$CARDS" "$OUT/flick-cards" "$OUT/s2.rec.jsonl"; mkdir -p "$CARDS"
cp "$ROOT"/assets/0[1-4]-*.png "$CARDS/"
start_xvfb "$OUT" 1280x900 || fail "Xvfb did not start"
LOG="$OUT/s1.jsonl"; REC="$OUT/s1.rec.jsonl"; rm -f "$LOG" "$REC"
start_app "$LOG" --cards "$CARDS" --demo stack --record "$REC" --size 600x860 || fail "the app did not start"
drag $(( SX + SW / 2 )) $(( SY + SH / 2 )) -260 0 8 0.012
# The drag's card at rest (thrown away or back) before the folder changes.
wait_log "$LOG" 1 gesture_ended && wait_lines "$LOG" '"event":"snapped_back"\|"event":"deleted"' 1 \
  || fail "the drag's gesture did not end with its card at rest"
# Mid-session: a file added (it sorts first: it goes on top of the stack, shown at once) and one
# saved anew with another picture.
cp "$ROOT/assets/10-mail.png" "$CARDS/00-first.png"
cp "$ROOT/assets/11-notes.png" "$CARDS/03-chat.png"
for _ in $(seq 1 50); do
  grep '"cards_changed"' "$LOG" 2>/dev/null | grep -q '00-first' && grep '"cards_changed"' "$LOG" | grep -q '03-chat' && break
  sleep 0.1   # a poll
done
grep '"cards_changed"' "$LOG" | grep -q '00-first' && grep '"cards_changed"' "$LOG" | grep -q '03-chat' \
  && pass "the live session saw the file added and the file saved anew" || fail "no cards_changed line for both: $(grep cards_changed "$LOG")"
# The added card shown on top, the window at rest, before the session ends.
wait_still "$WID" "$OUT/s1-end.png"
stop_app
stop_xvfb

"$PY" - "$REC" "$OUT/flick-cards" "$ROOT/assets" <<'PY' && pass "the four pictures are kept by their SHA-256 in flick-cards/, named in the header" || fail "card store (above)"
import hashlib, json, os, sys
header = json.loads(open(sys.argv[1]).readline())
store, cards = sys.argv[2], sys.argv[3]   # the folder's files came from assets/ (03-chat.png is rewritten later)
problems = []
for f in header["card_files"]:
    want = hashlib.sha256(open(os.path.join(cards, f["name"]), "rb").read()).hexdigest()
    if f.get("hash") != want: problems.append(f"{f['name']}: header hash {f.get('hash')}, file {want}")
    if not os.path.exists(os.path.join(store, want + ".png")): problems.append(f"{f['name']} not in the store")
# The pictures the session started with; the files of the mid-session change are checked below.
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

"$PY" - "$REC" "$OUT/flick-cards" "$ROOT/assets" <<'PY' && pass "the added and the re-saved picture are kept too, their hashes in the recorded change (6 kept)" || fail "mid-session pictures (above)"
import hashlib, json, os, sys
lines = [json.loads(l) for l in open(sys.argv[1])][1:]
store, assets = sys.argv[2], sys.argv[3]
def sha(name): return hashlib.sha256(open(os.path.join(assets, name), "rb").read()).hexdigest()
files = {f["name"]: f for l in lines if "cards" in l for f in l["cards"]["added"] + l["cards"]["changed"]}
problems = []
for name, source in [("00-first.png", "10-mail.png"), ("03-chat.png", "11-notes.png")]:
    f = files.get(name)
    if not f: problems.append(f"no recorded change for {name}"); continue
    if f.get("hash") != sha(source): problems.append(f"{name}: recorded hash {f.get('hash')}, picture {sha(source)}")
    if f.get("size") != os.path.getsize(os.path.join(assets, source)): problems.append(f"{name}: size {f.get('size')}")
    if not os.path.exists(os.path.join(store, sha(source) + ".png")): problems.append(f"{name} not in the store")
if len(os.listdir(store)) != 6: problems.append(f"store holds {sorted(os.listdir(store))}")
for p in problems: print("   ", p)
sys.exit(1 if problems else 0)
PY

"$BIN" --replay "$REC" --headless --screenshot "$OUT/before.png" >"$OUT/before.out" 2>&1 || fail "the replay before the edit failed: $(cat "$OUT/before.out")"
# The folder is edited: a file saved anew with another picture, one removed, one added; the file
# added during the session is rewritten and the one saved anew during it is deleted.
cp "$ROOT/assets/09-news.png" "$CARDS/01-weather.png"
rm "$CARDS/02-music.png"
cp "$ROOT/assets/07-settings.png" "$CARDS/05-new.png"
cp "$ROOT/assets/12-calculator.png" "$CARDS/00-first.png"
rm "$CARDS/03-chat.png"
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
[ "$n" = 9 ] && pass "a second session adds only the three new pictures (9 kept, none twice)" || fail "the store holds $n files, want 9: $(ls "$OUT/flick-cards")"
finish
