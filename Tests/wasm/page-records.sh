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
bin="${SWIFT_BIN:-/opt/swift/usr/bin}"
command -v node >/dev/null || { echo "page-records: missing node (apt-get install nodejs)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/flick-page-records.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
while IFS= read -r -d '' f; do
    grep -v -e '^import FlickMath$' -e '^import FlickEngine$' "$f" > "$work/src/$(echo "${f#"$root"/}" | tr '/' '_')"
done < <(find "$root/Sources/FlickMath" "$root/Sources/FlickEngine" -name '*.swift' -print0)
"$bin/swiftc" -O -wmo -parse-as-library -module-name FlickEngine "$work"/src/*.swift \
    "$root/Wasm/Exports.swift" "$here/engine-driver/PageReplay.swift" -o "$work/page-replay"

node "$here/page-inputs.mjs" "$module" "$work/records.bin" "$sessions" "$seed"
"$work/page-replay" "$work/records.bin"
