#!/usr/bin/env bash
# Builds FlickEngine (with FlickMath) for WebAssembly: Embedded Swift for wasm32, one module of
# the engine's own sources plus any extra files given, linked with Wasm/libc.c by wasm-ld.
#
# usage: Wasm/build.sh OUT.wasm EXPORTS [EXTRA.swift ...]
#        Wasm/build.sh --native OUT [EXTRA.swift ...]
#   EXPORTS   comma-separated C names the module exports (the extra files' @_cdecl functions)
#   EXTRA     more sources compiled into the module; a folder adds every .swift file in it
#   --native  the same module built for this machine (swiftc -O) into the executable OUT: the
#             other side of the tests that compare the two builds (Tests/wasm); an EXTRA has
#             its main
#
# The sources are compiled as one module named FlickEngine, so `import FlickEngine` and
# `import FlickMath` lines are dropped from the copies compiled. Needs the Swift toolchain in
# /opt/swift (or SWIFT_BIN). OPT sets the optimisation (-Osize by default: the page downloads it).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="${SWIFT_BIN:-/opt/swift/usr/bin}"
usage="usage: Wasm/build.sh OUT.wasm EXPORTS [EXTRA.swift ...] | --native OUT [EXTRA.swift ...]"
[[ $# -ge 2 ]] || { echo "$usage" >&2; exit 2; }
native=0
if [[ "$1" == --native ]]; then
    native=1
    out="$2"
    shift 2
else
    out="$1"
    exports="$2"
    shift 2
fi
for tool in "$bin/swiftc" "$bin/clang" "$bin/wasm-ld"; do
    [[ -x "$tool" ]] || { echo "Wasm/build.sh: missing $tool (the Swift toolchain; set SWIFT_BIN)" >&2; exit 2; }
done
tables="$bin/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
[[ -f "$tables" ]] || { echo "Wasm/build.sh: missing $tables (a toolchain without Embedded Swift for wasm32)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/flick-wasm.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"

sources=()
while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$root/Sources/FlickMath" "$root/Sources/FlickEngine" -name '*.swift' -print0 | sort -z)
for extra in "$@"; do
    if [[ -d "$extra" ]]; then
        while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$extra" -name '*.swift' -print0 | sort -z)
    else
        sources+=("$extra")
    fi
done
copies=()
for f in "${sources[@]}"; do
    copy="$work/src/$(echo "${f#"$root"/}" | tr '/' '_')"
    grep -v -e '^import FlickMath$' -e '^import FlickEngine$' "$f" > "$copy"
    copies+=("$copy")
done

mkdir -p "$(dirname "$out")"
if [[ "$native" == 1 ]]; then
    "$bin/swiftc" -O -wmo -parse-as-library -module-name FlickEngine "${copies[@]}" -o "$out.part"
    mv "$out.part" "$out"
    exit 0
fi

"$bin/swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo "${OPT:--Osize}" \
    -Xfrontend -disable-stack-protector -parse-as-library -module-name FlickEngine "${copies[@]}" -c -o "$work/engine.o"
"$bin/clang" --target=wasm32-unknown-none-wasm -O2 -ffreestanding -fno-stack-protector -nostdlib -mbulk-memory \
    -c "$here/libc.c" -o "$work/libc.o"
export_flags=()
IFS=',' read -r -a names <<< "$exports"
for name in "${names[@]}"; do export_flags+=("--export=$name"); done
"$bin/wasm-ld" "$work/engine.o" "$work/libc.o" "$tables" -o "$out.part" --no-entry --strip-all "${export_flags[@]}"
mv "$out.part" "$out"
