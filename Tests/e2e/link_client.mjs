// A scripted participant of a study by link (docs/study-by-link.md), in Node: what the
// participant's page does, with the same engine (flick-engine.wasm through Wasm/flick-engine.mjs).
// It asks the host for its study, and for each session that is neither complete nor diverged
// makes the engine on a 390x717 stage, gives it a frame every 1/60 s of session time and seeded
// gestures (drags and flings of the cards, a pointer move every 8 ms), starts each task (record
// 101 and the task's start records), answers Done or Give up, the SEQ, the SUS (102, then ten
// answers), commits the engine and sends the last chunk with `end`.
//
// Session time runs as fast as the machine goes unless --realtime (or --speed X: X session
// seconds a wall second); the records go up about once a session second, in chunks the host
// acknowledges with `next`. The records are kept in a JSON file (--store), standing in for the
// page's IndexedDB: a new process with the same file takes the session up where the last one
// stopped (with no file, from GET /api/records), as a reloaded page does.
//
// usage: node link_client.mjs --link BASE/p?t=TOKEN [--store FILE] [options]
//        node link_client.mjs --links LINKS.csv --store-dir DIR [options]   (every participant at once)
//
//   --seed N            the gestures' and answers' seed (default: from the token)
//   --task-seconds S    about S session seconds of gestures a task (default 6)
//   --realtime          session time at the wall clock's pace; --speed X: X times it
//   --give-up K         Give up task K (its number in the session's order) in every session; else Done
//   --drop-at S         the network fails from session second S of the first session run
//   --drop-for S        ... for S session seconds or S wall seconds, whichever ends first (default 3):
//                       every upload meanwhile goes to a closed port (refused) and the chunks wait
//   --reload-at S       at session second S of the first session run, stop as a reloaded page does:
//                       the records stay in the store file (some never sent), the process exits 0
//   --never-finish S    at session second S of the first session run, send every record and stop
//                       for good (the session stays unfinished)
//   --wasm FILE         the module from a file (default: the host's /flick-engine.wasm)
//   --latencies         the final line lists every upload's latency (ms)
//   --prepare-chunk F   take the first open session up, add --prepare-frames N frames (30) and
//                       write the chunk that would carry them to F, unsent (the hostile cases)
//
// The last line of standard output is one JSON object (one a participant with --links):
// participant, records, events, digest (of the last session run), uploads, retries, conflicts,
// the sessions run and how each stands, latency median and p99 (ms), failures (why it tried
// again, the first few); "stopped" says why it stopped early ("reload", "never-finish").
// Exit 1 on anything the contract does not allow.

import { readFileSync, writeFileSync, renameSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const { FlickEngine, Input, Phase } = await import(join(here, '..', '..', 'Wasm', 'flick-engine.mjs'));

// ---------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const o = { taskSeconds: 6, speed: 0, giveUp: null, dropAt: null, dropFor: 3, reloadAt: null, neverFinish: null,
              wasm: null, latencies: false, prepareChunk: null, prepareFrames: 30, seed: null, link: null, links: null, store: null, storeDir: null };
  const number = (name, text) => {
    const x = Number(text);
    if (text === undefined || !Number.isFinite(x)) throw new Error(`${name} wants a number, not '${text}'`);
    return x;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = argv[i + 1];
    switch (a) {
      case '--link': o.link = v; i++; break;
      case '--links': o.links = v; i++; break;
      case '--store': o.store = v; i++; break;
      case '--store-dir': o.storeDir = v; i++; break;
      case '--seed': o.seed = BigInt(v); i++; break;
      case '--task-seconds': o.taskSeconds = number(a, v); i++; break;
      case '--realtime': o.speed = 1; break;
      case '--speed': o.speed = number(a, v); i++; break;
      case '--give-up': o.giveUp = number(a, v); i++; break;
      case '--drop-at': o.dropAt = number(a, v); i++; break;
      case '--drop-for': o.dropFor = number(a, v); i++; break;
      case '--reload-at': o.reloadAt = number(a, v); i++; break;
      case '--never-finish': o.neverFinish = number(a, v); i++; break;
      case '--wasm': o.wasm = v; i++; break;
      case '--latencies': o.latencies = true; break;
      case '--prepare-chunk': o.prepareChunk = v; i++; break;
      case '--prepare-frames': o.prepareFrames = number(a, v); i++; break;
      default: throw new Error(`unknown option '${a}'`);
    }
  }
  if (!o.link === !o.links) throw new Error('give --link URL or --links FILE');
  return o;
}

// ---------------------------------------------------------------------------------------------
// Seeded numbers (SplitMix64, as Tests/wasm/page-inputs.mjs)

class Random {
  constructor(seed) { this.state = BigInt.asUintN(64, seed); }
  next() {
    this.state = BigInt.asUintN(64, this.state + 0x9E3779B97F4A7C15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
    return z ^ (z >> 31n);
  }
  unit() { return Number(this.next() >> 11n) / 2 ** 53; }
  below(n) { return Math.floor(this.unit() * n); }
  uniform(lo, hi) { return lo + (hi - lo) * this.unit(); }
}

const mix = (...parts) => {
  let h = 0xcbf29ce484222325n;
  for (const p of parts) for (const ch of String(p)) h = BigInt.asUintN(64, (h ^ BigInt(ch.charCodeAt(0))) * 0x100000001b3n);
  return h;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const hex = (d) => d.toString(16).padStart(16, '0');

// A port nobody listens on: an upload during a drop is refused by the kernel, as a dead network's is.
async function closedPort() {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => done(p)); });
  });
}

// ---------------------------------------------------------------------------------------------
// The store (IndexedDB's stand-in): every session's records, written whole, atomically.

class Store {
  constructor(path) { this.path = path; this.data = { sessions: {} }; }
  load() {
    if (!this.path || !existsSync(this.path)) return false;
    this.data = JSON.parse(readFileSync(this.path, 'utf8'));
    return true;
  }
  records(session) { return this.data.sessions[session]?.records ?? null; }
  save(session, records) {
    if (!this.path) return;
    this.data.sessions[session] = { records };
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data));
    renameSync(tmp, this.path);
  }
}

class ContractError extends Error {}

// ---------------------------------------------------------------------------------------------
// One participant

const STAGE = { width: 390, height: 717 };
const DEVICE = { stage: STAGE, viewport: { width: 390, height: 844 }, pixelRatio: 3,
                 userAgent: `flick link_client.mjs (Node ${process.version})` };
const FRAME = 1 / 60, MOVE = 0.008;
const MAX_RECORDS = 2000, MAX_BYTES = 256 * 1024;

class Participant {
  constructor(link, options, module, storePath) {
    const url = new URL(link);
    this.base = url.origin;
    this.token = url.searchParams.get('t');
    if (!this.token) throw new Error(`no token in the link '${link}'`);
    this.o = options;
    this.module = module;
    this.store = new Store(storePath);
    this.seed = options.seed ?? mix(this.token);
    this.uploads = 0; this.retries = 0; this.conflicts = 0; this.latencies = [];
    this.failures = [];       // why uploads or requests were tried again (the first few)
    this.results = [];
    this.stopped = null;
    this.firstRun = true;   // --drop-at, --reload-at and --never-finish act in the first session run
  }

  url(path, params = {}) {
    const u = new URL(path, this.base);
    u.searchParams.set('t', this.token);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
    return u;
  }

  // A GET, tried again after a failed connection or a 429 (as a page retries), at most 20 times.
  async getJSON(path, params) {
    for (let attempt = 0; ; attempt++) {
      let r;
      try {
        r = await fetch(this.url(path, params), { signal: AbortSignal.timeout(30000) });
      } catch (error) {
        if (attempt >= 20) throw error;
        this.retried(`GET ${path}: ${error.cause?.code ?? error.name}`);
        await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
        continue;
      }
      if (r.status === 429 && attempt < 20) { this.retried(`GET ${path}: 429`); await sleep(500); continue; }
      if (!r.ok) throw new ContractError(`GET ${path}: HTTP ${r.status} ${(await r.text()).slice(0, 200)}`);
      return r.json();
    }
  }

  async run() {
    if (!this.module) {
      this.module = await fetchModule(this);
    }
    this.store.load();
    const study = await this.getJSON('/api/study');
    this.participant = study.participant;
    for (const s of study.sessions) {
      if (s.status === 'complete' || s.status === 'diverged') continue;
      if (s.status === 'refused') throw new ContractError(`session ${s.session} refused: ${s.error}`);
      await this.runSession(s, study);
      this.firstRun = false;
      if (this.stopped) break;
    }
    return this.summary();
  }

  retried(why) {
    this.retries += 1;
    if (this.failures.length < 5) this.failures.push(why);
  }

  summary() {
    const l = [...this.latencies].sort((a, b) => a - b);
    const q = (p) => (l.length ? l[Math.min(l.length - 1, Math.floor(p * l.length))] : null);
    const last = this.results[this.results.length - 1];
    const out = {
      participant: this.participant, token: this.token,
      records: this.results.reduce((n, s) => n + s.records, 0),
      events: last ? last.events : 0, digest: last ? last.digest : null,
      uploads: this.uploads, retries: this.retries, conflicts: this.conflicts,
      sessions: this.results, latency: { median: q(0.5), p99: q(0.99) },
    };
    if (this.stopped) out.stopped = this.stopped;
    if (this.failures.length) out.failures = this.failures;
    if (this.o.latencies) out.latencies = this.latencies;
    return out;
  }

  async runSession(s, study) {
    const engine = new FlickEngine(await WebAssembly.instantiate(this.module, {}));
    engine.create({ interaction: s.interaction, count: s.count, width: STAGE.width, height: STAGE.height,
                    lateWindow: s.lateWindow ?? 0, config: s.config ?? [], configText: s.configText ?? [] });
    const session = new SessionRun(this, s, engine);
    // Taken up again: the store's records (a reload), else the host's (storage lost).
    let kept = this.store.records(s.session);
    if (!kept || kept.length < (s.next ?? 0)) {
      kept = s.next > 0 ? (await this.getJSON('/api/records', { session: s.session })).records : [];
      if (kept.length < s.next) throw new ContractError(`GET /api/records: ${kept.length} records, the study says next ${s.next}`);
    }
    for (const r of kept) session.retake(r);
    session.acked = s.next ?? 0;
    if (this.o.prepareChunk) {
      // A valid next chunk, written to a file and not sent (for the hostile cases: the same
      // chunk twice, out of order): the session's next frames, with the events and digest after.
      for (let k = 0; k < this.o.prepareFrames; k++) session.give(Input.frame, 0, 0, 0, session.frame++ * FRAME);
      const last = session.records.length;
      const chunk = { session: s.session, first: session.acked, records: session.records.slice(session.acked),
                      events: session.after[last - 1][0], digest: session.after[last - 1][1], end: false };
      if (chunk.first === 0) chunk.device = DEVICE;
      writeFileSync(this.o.prepareChunk, JSON.stringify(chunk));
      this.stopped = 'prepared';
      this.results.push(session.result());
      return;
    }
    await session.play();
    this.results.push(session.result());
  }
}

// ---------------------------------------------------------------------------------------------
// One session: records, the engine, uploads

class SessionRun {
  constructor(p, s, engine) {
    this.p = p; this.s = s; this.engine = engine;
    this.records = [];
    this.after = [];          // [events, digest] after each record
    this.acked = 0;
    this.lastFrameT = -Infinity; this.lastInputT = -Infinity; this.t = 0;
    this.frame = 1;           // the next frame's number: its time is frame / 60
    this.uploadedSecond = 0;
    this.wallStart = performance.now();
    this.ended = false;
    this.drop = null;         // [from, to] session seconds
    this.dropPort = null;
  }

  // A record already made (the store's or the host's), given to the new engine as it was.
  retake(r) {
    const [kind, a, b, c, t] = r;
    if (kind < 100) this.engine.input(kind, a, b, c, t);
    if (kind === Input.frame) { this.lastFrameT = Math.max(this.lastFrameT, t); this.frame = Math.floor(t * 60 + 1e-6) + 1; }
    else this.lastInputT = Math.max(this.lastInputT, t);
    this.t = Math.max(this.t, t);
    this.records.push([kind, a, b, c, t]);
    this.after.push([this.engine.eventCount(), hex(this.engine.eventsDigest())]);
  }

  // One record given at session time t, after the session's late-input rule (as the page does).
  give(kind, a, b, c, t) {
    if (kind === Input.frame) {
      t = Math.max(t, this.lastFrameT, this.lastInputT);
      this.lastFrameT = t;
    } else {
      t = Math.max(t, this.lastInputT, this.lastFrameT - (this.s.lateWindow ?? 0));
      this.lastInputT = t;
    }
    a += 0; b += 0; c += 0; t += 0;
    if (kind < 100) this.engine.input(kind, a, b, c, t);
    this.records.push([kind, a, b, c, t]);
    this.after.push([this.engine.eventCount(), hex(this.engine.eventsDigest())]);
  }

  // Frames up to session time t (each at its own 1/60 s), uploads each session second, the
  // wall clock's pace when asked, and the first run's drop, reload and stop.
  async until(t) {
    while (this.frame * FRAME <= t) {
      const ft = this.frame * FRAME;
      this.give(Input.frame, 0, 0, 0, ft);
      this.frame += 1;
      this.t = Math.max(this.t, ft);
      await this.tick();
      if (this.p.stopped) return;
    }
    this.t = Math.max(this.t, t);
  }

  async tick() {
    const o = this.p.o;
    if (this.p.firstRun && this.inTask) {
      if (o.reloadAt !== null && this.t >= o.reloadAt) {
        this.p.store.save(this.s.session, this.records);
        this.p.stopped = 'reload';
        return;
      }
      if (o.neverFinish !== null && this.t >= o.neverFinish) {
        this.p.store.save(this.s.session, this.records);
        await this.flush(true);
        this.p.stopped = 'never-finish';
        return;
      }
      if (o.dropAt !== null && !this.drop && this.t >= o.dropAt) this.drop = [this.t, this.t + o.dropFor];
    }
    if (o.speed > 0) {
      const wait = this.wallStart + (this.t - this.startT) * 1000 / o.speed - performance.now();
      if (wait > 1) await sleep(wait);
    }
    if (Math.floor(this.t) > this.uploadedSecond) {
      this.uploadedSecond = Math.floor(this.t);
      this.p.store.save(this.s.session, this.records);
      await this.flush(false);
    }
  }

  // The drop ends after its session seconds, or as many wall seconds (a session that ends, or
  // stops, inside it still has to send everything).
  dropping() {
    if (!this.drop) return false;
    this.dropWall ??= performance.now();
    return this.t >= this.drop[0] && this.t < this.drop[1] && performance.now() - this.dropWall < this.p.o.dropFor * 1000;
  }

  // The records the host has not acknowledged, in chunks, each with the events and digest after
  // its last record; `end` with the last when the session is over (the engine committed first).
  async flush(all) {
    for (let attempt = 0; ; attempt++) {
      const more = this.acked < this.records.length || (this.ended && !this.endTaken);
      if (!more) return true;
      const ok = await this.sendOne();
      if (ok === 'sent') { attempt = -1; continue; }
      if (!all) return false;
      // Everything must go (the session's end, the stop): try again until it does.
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
      if (attempt > 200) throw new ContractError(`session ${this.s.session}: the host never took records from ${this.acked}`);
    }
  }

  async sendOne() {
    const first = this.acked;
    let last = Math.min(this.records.length, first + MAX_RECORDS);
    let list = this.records.slice(first, last);
    let body;
    for (;;) {
      const end = this.ended && last === this.records.length;
      const [events, digest] = end ? this.final : (last > 0 ? this.after[last - 1] : [0, hex(0n)]);
      const chunk = { session: this.s.session, first, records: list, events, digest, end };
      if (first === 0) chunk.device = DEVICE;
      body = JSON.stringify(chunk);
      if (body.length <= MAX_BYTES - 1024 || list.length <= 1) break;
      last = first + Math.floor(list.length / 2);
      list = this.records.slice(first, last);
    }
    if (this.dropping()) {
      this.dropPort ??= await closedPort();
      try {
        await fetch(`http://127.0.0.1:${this.dropPort}/api/records?t=${this.p.token}`, { method: 'POST', body });
      } catch (_) { /* refused, as expected */ }
      this.p.retried('POST /api/records: the network is down (--drop-at)');
      return 'failed';
    }
    const started = performance.now();
    let r;
    try {
      r = await fetch(this.p.url('/api/records'), { method: 'POST', body, headers: { 'content-type': 'application/json' },
                                                    signal: AbortSignal.timeout(60000) });
    } catch (error) {
      this.p.retried(`POST /api/records: ${error.cause?.code ?? error.name}`);
      return 'failed';
    }
    const text = await r.text();
    this.p.latencies.push(performance.now() - started);
    let answer = null;
    try { answer = JSON.parse(text); } catch (_) { /* said below */ }
    const isEnd = this.ended && last === this.records.length;
    if (r.status === 200 && answer && Number.isInteger(answer.next)) {
      this.p.uploads += 1;
      this.acked = answer.next;
      if (answer.next !== last) throw new ContractError(`chunk ${first}-${last - 1}: 200 with next ${answer.next}`);
      if (isEnd) { this.endTaken = true; this.status = answer.status; }
      return 'sent';
    }
    if (r.status === 409 && answer && Number.isInteger(answer.next)) {
      this.p.conflicts += 1;
      if (answer.next > this.records.length) throw new ContractError(`409 asks from ${answer.next}, the page has ${this.records.length}`);
      this.acked = answer.next;
      return 'sent';
    }
    if (r.status === 410 && answer) {
      this.acked = this.records.length; this.endTaken = true; this.status = answer.status;
      if (!isEnd) throw new ContractError(`session ${this.s.session}: 410 before the end (${text.slice(0, 200)})`);
      return 'sent';
    }
    if (r.status === 429) { this.p.retried('POST /api/records: 429'); await sleep(500); return 'failed'; }
    throw new ContractError(`POST /api/records (session ${this.s.session}, first ${first}, ${list.length} records): ` +
                            `HTTP ${r.status} ${text.slice(0, 300)}`);
  }

  // What the records say is done already (a session taken up again).
  progress() {
    const started = new Map(), ended = new Set(), seq = new Set();
    let sus = false, susItems = 0;
    for (const [kind, a, , c, t] of this.records) {
      if (kind === 101) started.set(a, t);
      if (kind === 100 && (a === 0 || a === 1)) ended.add(c);
      if (kind === 100 && a === 2) seq.add(c);
      if (kind === 102) sus = true;
      if (kind === 100 && a === 3) susItems = Math.max(susItems, c);
    }
    return { started, ended, seq, sus, susItems };
  }

  async play() {
    const s = this.s, o = this.p.o;
    this.startT = this.t;
    const random = new Random(mix(this.p.seed, s.session, this.records.length));
    const tasks = s.tasks ?? [];
    const done = this.progress();
    const seqOn = s.seq !== null && s.seq !== undefined;
    for (const task of tasks) {
      const n = task.number;
      const plan = new Random(mix(this.p.seed, s.session, 'task', n));
      const length = o.taskSeconds * plan.uniform(0.7, 1.3);
      if (!done.started.has(n)) {
        await this.until(this.t + random.uniform(0.6, 1.4));   // reading the task
        if (this.p.stopped) return;
        const t = this.t;
        this.give(101, n, 0, 0, t);
        for (const [k, a, b, c] of task.start ?? []) this.give(k, a, b, c, t);
        done.started.set(n, this.records[this.records.length - 1][4]);
      }
      if (!done.ended.has(n)) {
        this.inTask = true;
        const endAt = done.started.get(n) + length;
        while (this.t < endAt) {
          await this.gesture(random);
          if (this.p.stopped) return;
          await this.until(this.t + random.uniform(0.15, 0.7));
          if (this.p.stopped) return;
        }
        this.inTask = false;
        await this.until(this.t + 0.3);
        this.give(100, o.giveUp === n ? 1 : 0, 0, n, this.t);
      }
      if (seqOn && task.seq && !done.seq.has(n)) {
        await this.until(this.t + random.uniform(0.8, 2));
        this.give(100, 2, 1 + random.below(7), n, this.t);
      }
    }
    if (s.sus) {
      if (!done.sus) {
        await this.until(this.t + random.uniform(0.5, 1));
        this.give(102, 0, 0, 0, this.t);
      }
      const items = s.sus.items?.length || 10;
      for (let item = done.susItems + 1; item <= items; item++) {
        await this.until(this.t + random.uniform(0.6, 1.5));
        this.give(100, 3, 1 + random.below(5), item, this.t);
      }
    }
    await this.until(this.t + 0.2);
    // The end: the engine committed, its events and digest with the last chunk.
    this.engine.commit();
    this.final = [this.engine.eventCount(), hex(this.engine.eventsDigest())];
    this.ended = true;
    this.p.store.save(s.session, this.records);
    await this.flush(true);
  }

  // A drag or a fling of the cards: down near the top card, a move every 8 ms, up.
  async gesture(random) {
    const x0 = STAGE.width * random.uniform(0.3, 0.7), y0 = STAGE.height * random.uniform(0.3, 0.7);
    const fling = random.below(2) === 0;
    const angle = random.uniform(0, 2 * Math.PI);
    const distance = fling ? random.uniform(120, 300) : random.uniform(30, 200);
    const steps = fling ? 6 + random.below(8) : 20 + random.below(40);
    const dx = Math.cos(angle) * distance, dy = Math.sin(angle) * distance;
    let t = this.t + 0.001;
    await this.until(t);
    if (this.p.stopped) return;
    this.give(Input.pointer, Phase.down, x0, y0, t);
    for (let k = 1; k <= steps; k++) {
      t += MOVE;
      await this.until(t);
      if (this.p.stopped) return;
      // A drag eases out; a fling keeps its speed to the end.
      const f = fling ? k / steps : Math.sin((k / steps) * Math.PI / 2);
      this.give(Input.pointer, Phase.move, x0 + dx * f, y0 + dy * f, t);
    }
    if (!fling) { t += random.uniform(0.02, 0.2); await this.until(t); if (this.p.stopped) return; }
    this.give(Input.pointer, Phase.up, x0 + dx, y0 + dy, t);
  }

  result() {
    const n = this.records.length;
    const [events, digest] = this.final ?? (n ? this.after[n - 1] : [0, hex(0n)]);
    return { session: this.s.session, records: n, acked: this.acked, events, digest, ended: this.ended, seconds: this.t,
             status: this.status ?? (this.ended ? 'unknown' : 'unfinished') };
  }
}

// ---------------------------------------------------------------------------------------------

async function fetchModule(p) {
  const r = await fetch(p.url('/flick-engine.wasm'), { signal: AbortSignal.timeout(60000) });
  if (!r.ok) throw new ContractError(`GET /flick-engine.wasm: HTTP ${r.status}`);
  return WebAssembly.compile(await r.arrayBuffer());
}

async function main() {
  let o;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`link_client: ${error.message}`);
    process.exit(2);
  }
  const module = o.wasm ? await WebAssembly.compile(readFileSync(o.wasm)) : null;
  const people = [];
  if (o.link) people.push(new Participant(o.link, o, module, o.store));
  else {
    if (o.storeDir) mkdirSync(o.storeDir, { recursive: true });
    const lines = readFileSync(o.links, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    for (const line of lines) {
      const [id, link] = line.split(',');
      if (id === 'participant') continue;
      people.push(new Participant(link, o, module, o.storeDir ? resolve(o.storeDir, `${id.replace(/[^\w-]/g, '_')}.json`) : null));
    }
  }
  let failed = 0;
  // A module fetched once serves every participant of this process.
  if (!module && people.length > 1) {
    const shared = await fetchModule(people[0]);
    for (const p of people) p.module = shared;
  }
  await Promise.all(people.map((p) => p.run().then((r) => console.log(JSON.stringify(r)), (e) => { failed++; report(p, e); })));
  process.exit(failed ? 1 : 0);
}

function report(p, error) {
  const out = p.summary();
  out.error = error instanceof ContractError ? error.message : String(error.stack || error);
  console.log(JSON.stringify(out));
}

await main();
