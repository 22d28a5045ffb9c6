// The page's side of the input-record test: random sessions given to flick-engine.wasm through
// its JavaScript interface (Wasm/flick-engine.mjs), as a page gives them, each input kept as a
// record with the engine's answer and its digests after it. page-replay (native Swift, the same
// Wasm/Exports.swift) then gives the same records to a native engine and must get the same.
//
// usage: node page-inputs.mjs MODULE.wasm OUT_FILE SESSIONS SEED
// Each record is 13 words: kind, a, b, c, time (numbers), result (number), frames digest and
// events digest (64-bit), then what the page draws beside the cards: the stamp's card (-1:
// none), direction and opacity, whether the scene is at rest (numbers), and the stamp's name
// as FNV-1a 64 of its UTF-8. A session starts with a create record (kind -10: a interaction,
// b count, c width, time height, result slot = late window), after any text keys (kind -12: a
// the key, b the text's number in NAMES) and ends with a commit (kind -11).

import { readFileSync, writeFileSync } from 'node:fs';
import { Directions, FlickEngine, Input, Phase } from '../../Wasm/flick-engine.mjs';

const [wasmPath, outPath, sessionsText, seedText] = process.argv.slice(2);
const engine = await FlickEngine.load(readFileSync(wasmPath));

// SplitMix64, so a seed names the same sessions everywhere.
let state = BigInt(seedText);
const next = () => {
  state = BigInt.asUintN(64, state + 0x9E3779B97F4A7C15n);
  let z = state;
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
  return z ^ (z >> 31n);
};
const unit = () => Number(next() >> 11n) / 2 ** 53;
const below = (n) => Math.floor(unit() * n);
const uniform = (lo, hi) => lo + (hi - lo) * unit();

const WORDS = 13;
const fnv = (text) => {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h;
};
// The texts a session's text keys may be given; page-replay has the same list.
const NAMES = ['yes', 'no', 'super like', 'ça va ✓', '', 'two\nlines'];
const records = [];
const keep = (kind, a, b, c, t, result) => {
  const l = engine.label();
  records.push([kind, a, b, c, t, result, engine.framesDigest(), engine.eventsDigest(),
                l ? l.card : -1, l ? Directions.indexOf(l.direction) : 0, l ? l.opacity : 0, engine.atRest() ? 1 : 0,
                fnv(l ? l.text : '')]);
};
const give = (kind, a, b, c, t) => keep(kind, a, b, c, t, engine.input(kind, a, b, c, t));

const sessions = Number(sessionsText);
for (let s = 0; s < sessions; s++) {
  const sizes = [[390, 844], [360, 640], [1024, 768], [844, 390]];
  let [w, h] = sizes[below(sizes.length)];
  let interaction = below(5);
  const count = [0, 1, 3, 8, 30][below(5)], late = [0, 0.05, 0.1][below(3)];
  // A third of the sessions start with text keys (the swipe deck's direction names), some
  // refused alike (a key past the table, an empty text, two lines): a record of kind -12.
  // Half of those are swipe decks (interaction 4), where the names show on the stamps.
  if (below(3) === 0) {
    if (below(2) === 0) interaction = 4;
    for (let k = 1 + below(3); k > 0; k--) {
      const key = below(5), name = below(NAMES.length), bytes = new TextEncoder().encode(NAMES[name]);
      const pointer = engine.exports.flick_engine_text_buffer(bytes.length);
      new Uint8Array(engine.exports.memory.buffer, pointer, bytes.length).set(bytes);
      const result = engine.exports.flick_engine_config_set_text(key, bytes.length);
      records.push([-12, key, name, 0, 0, result, 0n, 0n, -1, 0, 0, 0, fnv('')]);
    }
  }
  engine.create({ interaction, count, width: w, height: h, lateWindow: late });
  records.push([-10, interaction, count, w, h, late, 0n, 0n, -1, 0, 0, 0, fnv('')]);
  let t = 0.1, frameAt = 0;
  const frameRate = [60, 120][below(2)];
  // Frames due by `until`, drawn as the page's requestAnimationFrame would.
  const framesUntil = (until) => {
    while (frameAt / frameRate <= until) { give(Input.frame, 0, 0, 0, frameAt / frameRate); frameAt++; }
  };
  for (let g = 0; g < 20; g++) {
    const choice = below(13);
    if (choice < 7) {
      // A drag or fling: down, moves every 8 ms, up or cancel; sometimes given late.
      let x = w * uniform(0.2, 0.8), y = h * uniform(0.2, 0.8);
      const dx = uniform(-400, 400) * (below(3) === 0 ? 0 : 1), dy = uniform(-400, 400) * (below(3) === 1 ? 0 : 1);
      const steps = 1 + below(25), lateBy = late > 0 && below(4) === 0 ? uniform(0, late * 0.9) : 0;
      framesUntil(t + lateBy);
      give(Input.pointer, Phase.down, x, y, t);
      for (let k = 1; k <= steps; k++) {
        t += 0.008;
        framesUntil(t + lateBy);
        give(Input.pointer, Phase.move, x + dx * k / steps, y + dy * k / steps, t);
      }
      give(Input.pointer, below(8) === 0 ? Phase.cancel : Phase.up, x + dx, y + dy, t);
    } else {
      framesUntil(t);
      switch (choice) {
        // A command, the participant's or the facilitator's (b = 1).
        case 7: give(Input.command, below(9), below(2), 0, t); break;
        case 8: give(Input.wheel, below(7) - 3, 0, 0, t); break;
        case 9: [w, h] = sizes[below(sizes.length)]; give(Input.viewport, w, h, 0, t); break;
        case 10: give(Input.interaction, below(5), 0, 0, t); break;
        // A config key edit: a key number (some past the table: refused alike) and a value
        // (some outside the key's range: refused alike).
        // Some with more edits to follow (c = 1): taken with the last as one config.
        case 11: give(Input.setValue, below(80), uniform(0, 3), below(3) === 0 ? 1 : 0, t); break;
        default: {
          const what = below(3);
          if (what < 2) { give(what ? Input.insert : Input.delete, below(4), 0, 0, t); break; }
          // A task's start state: an interaction (or -1: none), a deck of new cards (or -1),
          // c = 1 a reset, + 2 the config staged by the edits before it (1 to 3 keys here, or
          // none staged: the config stays); some numbers out of range, refused alike.
          const flags = below(4);
          if (flags & 2 && below(4)) {
            for (let k = 1 + below(3); k > 0; k--) give(Input.setValue, below(80), uniform(0, 3), 1, t);
          }
          give(Input.start, below(7) - 1, [-1, 0, 1, 5, 2.5][below(5)], below(9) ? flags : 4, t);
          break;
        }
      }
    }
    t += below(3) === 0 ? uniform(0.3, 1.2) : uniform(0.01, 0.2);
  }
  framesUntil(t + 1.5);
  engine.commit();
  keep(-11, 0, 0, 0, 0, 0);
}

const buffer = new ArrayBuffer(records.length * WORDS * 8);
const numbers = new Float64Array(buffer), words = new BigUint64Array(buffer);
let stamped = 0, starts = 0;
records.forEach((r, i) => {
  if (r[0] === Input.start && r[5] === 0) starts += 1;
  for (let k = 0; k < 13; k++) {
    if (typeof r[k] === 'bigint') words[WORDS * i + k] = r[k];
    else numbers[WORDS * i + k] = Number(r[k]);
  }
  if (r[0] === Input.frame && r[8] >= 0) stamped += 1;
});
writeFileSync(outPath, new Uint8Array(buffer));
console.log(`page-inputs: ${sessions} sessions, ${records.length} records (events ${engine.eventCount()} in the last), ` +
            `${stamped} frames with a stamp, ${starts} task starts taken`);
