// Runs FlickMath's driver in WebAssembly and compares every result, bit for bit, with the
// native build's (files written by math-native). Prints one line per function and exits 1 on
// any mismatch.
//
// usage: node math-differential.mjs MODULE.wasm NATIVE_DIRECTORY COUNT SEED

import { readFileSync } from 'node:fs';

const [wasmPath, nativeDirectory, countText, seedText] = process.argv.slice(2);
const count = Number(countText);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { memory, flick_math_fill: fill, flick_math_allocate: allocate } = instance.exports;
const names = ['exp', 'log', 'sin', 'cos', 'pow', 'atan2'];
const hex = (bits) => '0x' + bits.toString(16).padStart(16, '0');
const asDouble = (bits) => new Float64Array(new BigUint64Array([bits]).buffer)[0];

let failed = false;
const buffer = allocate(count);
for (const [index, name] of names.entries()) {
  fill(index, count, BigInt(seedText), buffer);
  // After the call: the memory may have grown, which detaches older views.
  const wasm = new BigUint64Array(memory.buffer, buffer, 3 * count);
  const file = readFileSync(`${nativeDirectory}/${name}.bin`);
  const native = new BigUint64Array(file.buffer, file.byteOffset, file.byteLength / 8);
  if (native.length !== 3 * count) throw new Error(`${name}.bin holds ${native.length / 3} results, not ${count}`);
  let inputMismatches = 0, mismatches = 0, first = '';
  for (let i = 0; i < count; i++) {
    const j = 3 * i;
    if (wasm[j] !== native[j] || wasm[j + 1] !== native[j + 1]) {
      inputMismatches++;
    } else if (wasm[j + 2] !== native[j + 2]) {
      mismatches++;
      if (!first) {
        first = `, first at (${asDouble(wasm[j])}, ${asDouble(wasm[j + 1])}): ` +
          `native ${hex(native[j + 2])}, wasm ${hex(wasm[j + 2])}`;
      }
    }
  }
  if (inputMismatches + mismatches > 0) failed = true;
  const inputs = inputMismatches ? ` (${inputMismatches} inputs differ: the generators disagree)` : '';
  console.log(`${name.padEnd(5)} ${count} inputs, ${mismatches} mismatches${inputs}${first}`);
}
process.exit(failed ? 1 : 0);
