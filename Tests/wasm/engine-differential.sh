#!/usr/bin/env bash
# FlickEngine native against WebAssembly, bit for bit: random sessions (RandomSession: every
# interaction, flings, drags, holds, taps, cancels, commands mid-drag, wheel, inserts, deletes,
# config edits, resizes, switches, late input) run through the engine built natively and for
# wasm32 (Embedded Swift, under Node); each session's digest of every frame's render list and
# every event with its notes must be equal, and so must its counts.
#
# usage: Tests/wasm/engine-differential.sh [COUNT [FIRST_SEED [INPUTS]]]   (1000 sessions, seed 1, 24 inputs)
# Needs the Swift toolchain in /opt/swift (or SWIFT_BIN) and node. Outputs go to a temporary
# folder, removed at the end (KEEP=1 keeps it and prints its path).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
count="${1:-1000}"
first="${2:-1}"
inputs="${3:-24}"
command -v node >/dev/null || { echo "engine-differential: missing node (apt-get install nodejs)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/flick-engine-differential.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
    echo "engine-differential: outputs kept in $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# WebAssembly: the engine, its test support and the driver, as the page's module is built.
"$root/Wasm/build.sh" "$work/sessions.wasm" flick_sessions_run,flick_sessions_allocate,flick_session_trace \
    "$root/Sources/FlickEngineTesting" "$here/engine-driver/Driver.swift"

# Native: the same sources as one module, with a main that writes the results to a file.
"$root/Wasm/build.sh" --native "$work/engine-native" "$root/Sources/FlickEngineTesting" \
    "$here/engine-driver/Driver.swift" "$here/engine-driver/NativeMain.swift"

echo "engine-differential: wasm module $(wc -c < "$work/sessions.wasm") bytes; $count sessions from seed $first, $inputs inputs each"
"$work/engine-native" "$first" "$count" "$inputs" "$work/native.bin"
node "$here/engine-differential.mjs" "$work/sessions.wasm" "$work/native.bin" "$first" "$count" "$inputs"
