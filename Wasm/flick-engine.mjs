// FlickEngine in WebAssembly, for a page or for Node: loads flick-engine.wasm (make wasm) and
// runs one scene through its C interface (Wasm/Exports.swift). Every input is a record
// [kind, a, b, c, time]: the page can keep the records it gave, in order, and a host can give
// the same records to its own engine and compare digests.
//
//     const engine = await FlickEngine.load(bytes);          // an ArrayBuffer or typed array
//     engine.create({ interaction: 0, count: 20, width: 390, height: 844 });
//     engine.input(Input.pointer, Phase.down, 200, 400, 0.1);
//     engine.input(Input.frame, 0, 0, 0, 0.116);
//     for (const card of engine.cards()) draw(card);

/** Input kinds, as flick_engine_input numbers them. */
export const Input = Object.freeze({
  pointer: 0, command: 1, wheel: 2, viewport: 3, interaction: 4, insert: 5, delete: 6, frame: 7, setValue: 8, start: 9,
});

/** Pointer phases (Input.pointer's a). */
export const Phase = Object.freeze({ down: 0, move: 1, up: 2, cancel: 3 });

const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();

/** Throw directions, as flick_engine_label numbers them (ThrowDirection.allCases). */
export const Directions = Object.freeze(['left', 'right', 'up', 'down']);

/** What flick_engine_input's result means. */
export const Result = Object.freeze({
  0: 'taken', 1: 'non-finite time', 2: 'non-finite position', 3: 'time went backwards', 4: 'too late',
  5: 'non-finite value', 6: 'value out of range', '-1': 'no scene', '-2': 'unknown kind or number out of range',
});

export class FlickEngine {
  /** Instantiates the module from its bytes. */
  static async load(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new FlickEngine(instance);
  }

  constructor(instance) {
    this.exports = instance.exports;
  }

  /**
   * A new scene; `config` is a list of [key number, value] edits of the defaults (SceneConfig.keys
   * order), `configText` a list of { key, text } (SceneConfig.textKeys order: the swipe deck's
   * direction names). Throws on an interaction number or count out of range, or an edit the
   * config refuses.
   */
  create({ interaction = 0, count = 20, width = 390, height = 844, lateWindow = 0, config = [], configText = [] } = {}) {
    for (const [key, value] of config) {
      if (this.exports.flick_engine_config_set(key, value) !== 0) {
        throw new RangeError(`flick_engine_config_set: key ${key} refuses ${value}`);
      }
    }
    for (const { key, text } of configText) {
      const bytes = utf8Encoder.encode(text);
      const pointer = this.exports.flick_engine_text_buffer(bytes.length);
      if (pointer) new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
      if (!pointer || this.exports.flick_engine_config_set_text(key, bytes.length) !== 0) {
        throw new RangeError(`flick_engine_config_set_text: text key ${key} refuses '${text}'`);
      }
    }
    if (this.exports.flick_engine_create(interaction, count, width, height, lateWindow) !== 0) {
      throw new RangeError(`flick_engine_create: interaction ${interaction} or count ${count} out of range`);
    }
  }

  /** Gives the scene one input record; returns flick_engine_input's result (0: taken). */
  input(kind, a, b, c, time) {
    return this.exports.flick_engine_input(kind, a, b, c, time);
  }

  /** Commits everything up to the scene's time (no late input will come). */
  commit() { this.exports.flick_engine_commit(); }

  /** The last frame's cards, back to front. */
  cards() {
    const pointer = this.exports.flick_engine_frame();
    // Read after every call: the memory may have grown, which detaches older views.
    const memory = this.exports.memory.buffer;
    const count = new Float64Array(memory, pointer, 1)[0];
    const numbers = new Float64Array(memory, pointer + 8, 13 * count);
    const cards = [];
    for (let i = 0; i < count; i++) {
      const n = numbers.subarray(13 * i, 13 * i + 13);
      cards.push({ card: n[0], slot: n[1], width: n[2], height: n[3], transform: [n[4], n[5], n[6], n[7], n[8], n[9]],
                   alpha: n[10], z: n[11], index: n[12] });
    }
    return cards;
  }

  /**
   * The last frame's stamp (the swipe deck's `like` on a dragged card): { card, direction,
   * opacity, text }, direction one of Directions; null when there is none.
   */
  label() {
    const pointer = this.exports.flick_engine_label();
    const memory = this.exports.memory.buffer;
    const n = new Float64Array(memory, pointer, 4);
    if (n[0] < 0) return null;
    const bytes = new Uint8Array(memory, this.exports.flick_engine_label_text(), n[3]);
    return { card: n[0], direction: Directions[n[1]], opacity: n[2], text: utf8.decode(bytes) };
  }

  /** Whether nothing moves: no card held or flying, the content still. */
  atRest() { return this.exports.flick_engine_at_rest() === 1; }

  /** The digest of every frame drawn so far (a BigInt). */
  framesDigest() { return BigInt.asUintN(64, this.exports.flick_engine_frames_digest()); }

  /** The digest of every event committed so far, with its notes (a BigInt). */
  eventsDigest() { return BigInt.asUintN(64, this.exports.flick_engine_events_digest()); }

  /** Events committed so far. */
  eventCount() { return this.exports.flick_engine_event_count(); }

  /** Cards in the deck. */
  cardCount() { return this.exports.flick_engine_card_count(); }

  /** The interaction the scene shows, by its number (Interaction.allCases order). */
  interaction() { return this.exports.flick_engine_interaction(); }

  /** The id of the card at deck index `index`, or -1 past the deck. */
  deckCard(index) { return this.exports.flick_engine_deck_card(index); }
}
