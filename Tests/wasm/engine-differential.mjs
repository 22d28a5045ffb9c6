// Runs the engine's differential driver in WebAssembly and compares every session's digest and
// counts with the native build's (the file engine-native wrote). Prints a summary and exits 1
// on any mismatch, naming the first sessions that differ.
//
// usage: node engine-differential.mjs MODULE.wasm NATIVE_FILE FIRST_SEED COUNT INPUTS

import { readFileSync } from 'node:fs';

const [wasmPath, nativePath, firstText, countText, inputsText] = process.argv.slice(2);
const count = Number(countText);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { memory, flick_sessions_run: run, flick_sessions_allocate: allocate } = instance.exports;

const buffer = allocate(count);
const started = performance.now();
run(BigInt(firstText), count, Number(inputsText), buffer);
const seconds = (performance.now() - started) / 1000;
// After the call: the memory may have grown, which detaches older views.
const wasm = new BigUint64Array(memory.buffer, buffer, 4 * count);
const file = readFileSync(nativePath);
const native = new BigUint64Array(file.buffer, file.byteOffset, file.byteLength / 8);
if (native.length !== 4 * count) throw new Error(`${nativePath} holds ${native.length / 4} sessions, not ${count}`);

const fields = ['digest', 'events', 'frames', 'cards'];
let mismatches = 0, events = 0n, frames = 0n;
const first = [];
for (let i = 0; i < count; i++) {
  events += native[4 * i + 1];
  frames += native[4 * i + 2];
  const differing = fields.filter((_, k) => wasm[4 * i + k] !== native[4 * i + k]);
  if (differing.length) {
    mismatches++;
    if (first.length < 5) {
      const seed = BigInt(firstText) + BigInt(i);
      first.push(`seed ${seed}: ${differing.map((f) => `${f} native ${native[4 * i + fields.indexOf(f)]} wasm ${wasm[4 * i + fields.indexOf(f)]}`).join(', ')}`);
    }
  }
}
console.log(`engine-differential: ${count} sessions (${events} events, ${frames} frames), ` +
            `${mismatches} mismatches; wasm ran them in ${seconds.toFixed(2)} s`);
for (const line of first) console.log(`  ${line}`);
process.exit(mismatches ? 1 : 0);
