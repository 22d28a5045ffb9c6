#!/usr/bin/env bash
# The page's input records given to a host: random sessions run through flick-engine.wasm from
# JavaScript (page-inputs.mjs, through Wasm/flick-engine.mjs), every input kept as a record with
# the engine's answer and digests; then the same records through a native engine built from the
# same Wasm/Exports.swift (page-replay). Every answer and digest must be equal.
#
# usage: Tests/wasm/page-records.sh MODULE.wasm [SESSIONS [SEED]]   (200 sessions, seed 1)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
module="${1:?usage: Tests/wasm/page-records.sh MODULE.wasm [SESSIONS [SEED]]}"
sessions="${2:-200}"
seed="${3:-1}"
command -v node >/dev/null || { echo "page-records: missing node (apt-get install nodejs)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/flick-page-records.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$root/Wasm/build.sh" --native "$work/page-replay" "$root/Wasm/Exports.swift" "$here/engine-driver/PageReplay.swift"

node "$here/page-inputs.mjs" "$module" "$work/records.bin" "$sessions" "$seed"
out="$("$work/page-replay" "$work/records.bin")" || { echo "$out"; exit 1; }
echo "$out"
# No differences must mean the sessions were there to compare: every session the page ran,
# with records and stamped frames in them.
if ! [[ $out =~ ^page-replay:\ ([0-9]+)\ sessions,\ ([0-9]+)\ frames\ with\ a\ stamp,\ ([0-9]+)\ records ]] \
   || [ "${BASH_REMATCH[1]}" -ne "$sessions" ] || [ "${BASH_REMATCH[2]}" -eq 0 ] || [ "${BASH_REMATCH[3]}" -le "$sessions" ]; then
  echo "page-records: expected $sessions sessions with records and stamped frames, got: $out" >&2
  exit 1
fi
