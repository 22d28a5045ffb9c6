#!/usr/bin/env bash
# FlickMath native against WebAssembly, bit for bit: builds FlickMath with a small driver
# natively and for wasm32 (Embedded Swift, no libc, no libm), evaluates each function on the
# same seeded inputs in both (the wasm under Node), and compares every result's bits.
# Prints one line per function (inputs, mismatches); exits non-zero on any mismatch.
#
# usage: Tests/wasm/math-differential.sh [COUNT [SEED]]    (default 1000000 inputs, seed 1)
# Needs the Swift toolchain in /opt/swift (or SWIFT_BIN) and node. Build outputs go to a
# temporary folder, removed at the end (KEEP=1 keeps it and prints its path).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
count="${1:-1000000}"
seed="${2:-1}"
bin="${SWIFT_BIN:-/opt/swift/usr/bin}"

for tool in "$bin/swiftc" "$bin/clang" "$bin/wasm-ld"; do
    [[ -x "$tool" ]] || { echo "math-differential: missing $tool (the Swift toolchain; set SWIFT_BIN)" >&2; exit 2; }
done
command -v node >/dev/null || { echo "math-differential: missing node (apt-get install nodejs)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/flick-math-differential.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
    echo "math-differential: outputs kept in $work"
else
    trap 'rm -rf "$work"' EXIT
fi

math_sources=("$root"/Sources/FlickMath/*.swift)

# WebAssembly: Embedded Swift for wasm32, the C shim for the two libc symbols the link needs.
"$bin/swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -O \
    -Xfrontend -disable-stack-protector -parse-as-library -module-name FlickMathDriver \
    "${math_sources[@]}" "$here/math-driver/Driver.swift" -c -o "$work/driver.o"
"$bin/clang" --target=wasm32-unknown-none-wasm -O2 -ffreestanding -fno-stack-protector -nostdlib \
    -c "$here/math-libc.c" -o "$work/libc.o"
"$bin/wasm-ld" "$work/driver.o" "$work/libc.o" -o "$work/math.wasm" --no-entry \
    --export=flick_math_fill --export=flick_math_allocate

# Native: the same sources and driver, with a main that writes the results to files.
"$bin/swiftc" -O -wmo -parse-as-library -module-name FlickMathDriver \
    "${math_sources[@]}" "$here/math-driver/Driver.swift" "$here/math-driver/NativeMain.swift" \
    -o "$work/math-native"

echo "math-differential: wasm module $(wc -c < "$work/math.wasm") bytes; $count inputs per function, seed $seed"
"$work/math-native" "$count" "$seed" "$work"
node "$here/math-differential.mjs" "$work/math.wasm" "$work" "$count" "$seed"
