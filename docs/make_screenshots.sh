#!/usr/bin/env bash
# Regenerates the README pictures: each replays a short scripted session (docs/sessions/*.jsonl,
# made by sessions.py, which also lists the pictures in sessions/shots.json) headless at
# 1280x800 and saves the frame at which a card is mid-gesture. The fit pictures use the
# screenshots of docs/fit-cards, made by make_fit_cards.py (Pillow).
# Usage: docs/make_screenshots.sh [path/to/flick]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/flick}
# These pictures are the checkout's own, so the window may write into it.
export FLICK_WRITE_CHECKOUT=1
# Debian's Python has Pillow (python3-pil); a python3 earlier on PATH may not.
PYTHON=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
"$PYTHON" docs/sessions.py
"$PYTHON" docs/make_fit_cards.py >/dev/null
"$PYTHON" -c '
import json
for png, session, demo, frames, args in json.load(open("docs/sessions/shots.json")):
    print("\t".join([png, session, demo, str(frames), " ".join(args)]))
' | while IFS=$'\t' read -r png session demo frames args; do
  # shellcheck disable=SC2086  # the options are words without spaces, split on purpose
  "$BIN" --headless --demo "$demo" --size 1280x800 --replay "docs/sessions/$session.jsonl" \
    --frames "$frames" --screenshot "docs/$png" $args </dev/null
  echo "docs/$png"
done
