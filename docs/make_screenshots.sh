#!/usr/bin/env bash
# Regenerates the README screenshots: each interaction replays a short scripted session
# (docs/sessions/<demo>.jsonl, made by sessions.py) headless and saves the frame at which a
# card is mid-gesture. Usage: docs/make_screenshots.sh [path/to/flick]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/flick}
python3 docs/sessions.py
for demo in now switcher stack carousel; do
  frames=$(python3 -c "import json,sys; print(json.load(open('docs/sessions/frames.json'))[sys.argv[1]])" "$demo")
  "$BIN" --headless --demo "$demo" --size 1280x800 --replay "docs/sessions/$demo.jsonl" \
    --frames "$frames" --screenshot "docs/$demo.png"
  echo "docs/$demo.png"
done
# The tuning panel beside the phone, debug overlay on, mid-swipe of the now session.
"$BIN" --headless --panel --debug-overlay --demo now --size 1280x800 --replay docs/sessions/now.jsonl \
  --frames 120 --screenshot docs/panel.png
echo "docs/panel.png"
