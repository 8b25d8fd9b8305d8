// SPDX-License-Identifier: MIT
// libmana for JavaScript: the rules engine of the board game Mana, compiled
// to WebAssembly (dist/libmana.mjs, built by `make wasm`).  Every rule,
// notation, record and picture comes from the C library; this file only
// converts arguments and results.  Types and documentation: index.d.ts.

import createManaModule from './dist/libmana.mjs';

/** MANA_MAX_MOVES, MANA_MFN_MAX, MANA_MOVE_TEXT_MAX and MANA_PERFT_DEPTH_MAX
 * of mana.h (test/vocabulary.test.js checks these copies against it). */
const MAX_MOVES = 128;
const MFN_MAX = 47;
const MOVE_TEXT_MAX = 5;
const PERFT_MAX = 64; // mana_perft's deepest depth
const RONIN_COUNT = 5; // Ronins per side, on the board and in the reserve
const INT_MAX = 0x7fffffff;

const Status = Object.freeze({ SETUP: 0, PLAYING: 1, WHITE_WON: 2, BLACK_WON: 3, DRAWN: 4 });
const Color = Object.freeze({ WHITE: 0, BLACK: 1 });
const MoveKind = Object.freeze({ STEP: 1, DROP_DAMYO: 2, DROP_RONIN: 3, ORIENT: 4, PASS: 5 });
const Rules = Object.freeze({ JACTALEA: 0, COSMOLUDO: 1 });
// The bits of Game.binding (mana.h's MANA_BINDING_*).
const Binding = Object.freeze({ BOUND: 1, EXCEPTION: 2, STEPS: 4, REENTRY: 8 });
const RULE_NAMES = ['jactalea', 'cosmoludo'];
const OPTION_KEYS = ['orientation', 'setupArea', 'damyoOnDouble', 'reentry',
  'reentryWhenBlocked', 'blocked', 'repetition', 'plyLimit'];
const EndReason = Object.freeze({ NONE: 0, DAMYO_CAPTURED: 1, BLOCKED: 2, REPETITION: 3,
  PLY_LIMIT: 4, PASSES: 5 });

/** A libmana call failed; the game is unchanged.  name is 'ManaError', as
 * for any Error subclass; the library's name of the code is codeName. */
class ManaError extends Error {
  constructor(code, codeName, message, detail, call) {
    super(`${call}: ${message}${detail ? ` (${detail})` : ''}`);
    this.code = code;
    this.codeName = codeName;
    this.detail = detail;
    this.call = call;
  }
}
ManaError.prototype.name = 'ManaError';

// The loaded API (bind's answer), for square and squareName at module level.
let api = null;

/** The name "a1".."f6" of square 0..35 (mana_square_name); needs init(). */
function squareName(sq) {
  if (!api) throw new Error('squareName: the library is not loaded yet (await init() first)');
  return api.squareName(sq);
}

/** The index 0..35 of square "a1".."f6" (mana_square_parse; an index is
 * returned as is); needs init(). */
function square(sq) {
  if (!api) throw new Error('square: the library is not loaded yet (await init() first)');
  return api.square(sq);
}

/** The parts of a mana_move (bit layout of mana.h). */
const Move = Object.freeze({
  make: (kind, from, to) => ((kind << 12) | (to << 6) | from) >>> 0,
  kind: (m) => (m >>> 12) & 7,
  from: (m) => m & 63,
  to: (m) => (m >>> 6) & 63,
  NONE: 0,
});

function bind(M) {
  const c = (name, ret, args) => M.cwrap(name, ret, args);
  const C = {
    new: c('mana_new', 'number', ['number']),
    free: c('mana_free', null, ['number']),
    clone: c('mana_clone', 'number', ['number']),
    setOption: c('mana_set_option', 'number', ['number', 'number', 'number']),
    getOption: c('mana_get_option', 'number', ['number', 'number', 'number']),
    setPosition: c('mana_set_position', 'number', ['number', 'string']),
    getPosition: c('mana_get_position', 'number', ['number', 'number', 'number']),
    legalMoves: c('mana_legal_moves', 'number', ['number', 'number', 'number']),
    isLegal: c('mana_is_legal', 'number', ['number', 'number']),
    play: c('mana_play', 'number', ['number', 'number']),
    playStr: c('mana_play_str', 'number', ['number', 'string']),
    undo: c('mana_undo', 'number', ['number']),
    history: c('mana_history', 'number', ['number', 'number', 'number']),
    parse: c('mana_move_parse', 'number', ['number', 'string', 'number']),
    format: c('mana_move_format', 'number', ['number', 'number', 'number', 'number']),
    status: c('mana_status', 'number', ['number']),
    side: c('mana_side_to_move', 'number', ['number']),
    pieceAt: c('mana_piece_at', 'number', ['number', 'number']),
    marksAt: c('mana_marks_at', 'number', ['number', 'number']),
    orientation: c('mana_orientation', 'number', ['number']),
    mana: c('mana_mana', 'number', ['number']),
    binding: c('mana_binding', 'number', ['number']),
    reserve: c('mana_reserve', 'number', ['number', 'number']),
    strerror: c('mana_strerror', 'string', ['number']),
    detail: c('mana_error_detail', 'string', []),
    version: c('mana_version', 'string', []),
    errorName: c('mana_error_name', 'string', ['number']),
    squareName: c('mana_square_name', 'number', ['number', 'number', 'number']),
    squareParse: c('mana_square_parse', 'number', ['string']),
    resultText: c('mana_result_text', 'string', ['number']),
    hash: c('mjs_hash', null, ['number', 'number']),
    perft: c('mjs_perft', 'number', ['number', 'number', 'number']),
    setupRandom: c('mjs_setup_random', 'number', ['number', 'number', 'number']),
    lastLanding: c('mjs_last_landing', 'number', ['number']),
    optionName: c('mana_option_name', 'string', ['number']),
    optionValues: c('mana_option_values', 'string', ['number']),
    optionParse: c('mana_option_parse', 'number', ['string', 'string', 'number', 'number']),
    optionFormat: c('mana_option_format', 'number', ['number', 'number', 'number', 'number']),
    endReason: c('mana_end_reason', 'number', ['number']),
    historyFormat: c('mana_history_format', 'number', ['number', 'number', 'number']),
    endText: c('mana_end_text', 'number', ['number', 'number', 'number']),
    botNew: c('mjs_bot_new', 'number', ['string', 'number', 'number', 'number', 'number', 'number', 'number']),
    botFree: c('mjs_bot_free', null, ['number']),
    botChoose: c('mjs_bot_choose', 'number', ['number', 'number', 'number', 'number', 'number']),
    botClear: c('mjs_bot_clear', null, ['number']),
    botClock: c('mjs_bot_clock', null, ['number', 'number', 'number', 'number', 'number', 'number']),
    botStats: c('mjs_bot_stats', null, ['number', 'number']),
    botPv: c('mjs_bot_pv', 'number', ['number', 'number']),
    botDescribe: c('mjs_bot_describe', 'string', ['number']),
    botSetOption: c('mjs_bot_set_option', 'number', ['number', 'string', 'string']),
    botDetail: c('mjs_bot_detail', 'string', []),
    botLines: c('mjs_bot_lines', 'number', ['number']),
    botLine: c('mjs_bot_line', 'number', ['number', 'number', 'number']),
    headersSize: c('mjs_headers_size', 'number', []),
    headersInit: c('mana_record_headers_init', 'number', ['number', 'number']),
    headersPreset: c('mjs_headers_preset', 'number', ['number']),
    headersResult: c('mjs_headers_result', 'number', ['number']),
    headersSetResult: c('mjs_headers_set_result', null, ['number', 'number']),
    resultParse: c('mana_result_parse', 'number', ['string']),
    tagCount: c('mjs_headers_tag_count', 'number', ['number']),
    tagKey: c('mjs_headers_tag_key', 'string', ['number', 'number']),
    tagValue: c('mjs_headers_tag_value', 'string', ['number', 'number']),
    tagSet: c('mana_record_tag_set', 'number', ['number', 'string', 'string']),
    recordWrite: c('mana_record_write', 'number', ['number', 'number', 'number', 'number']),
    recordRead: c('mjs_record_read', 'number', ['number', 'number', 'number', 'number', 'number']),
    svg: c('mana_svg', 'number', ['number', 'number', 'number', 'number', 'number']),
  };

  // One scratch area for out-parameters (calls are synchronous, and the
  // module is single-threaded: a Worker has its own module).
  const SCRATCH = 1024;
  const scratch = M._malloc(SCRATCH);
  const u32 = (i) => M.HEAPU32[(scratch >> 2) + i];
  const i32 = (i) => M.HEAP32[(scratch >> 2) + i];

  // The error codes by name ({ OK: 0, EINVAL: -1, ... }), from the
  // library's list (mana_error_name: codes run from 0 down, never renumbered).
  const ERR = {};
  for (let code = 0; C.errorName(code); code--) ERR[C.errorName(code).replace(/^MANA_/, '')] = code;
  Object.freeze(ERR);

  function fail(code, call, detail = C.detail()) {
    throw new ManaError(code, C.errorName(code) || 'MANA_EUNKNOWN', C.strerror(code), detail, call);
  }
  function check(rc, call) {
    if (rc < 0) fail(rc, call);
    return rc;
  }
  function text(s, what) {
    if (typeof s !== 'string') throw new TypeError(`${what} must be a string, not ${typeof s}`);
    if (s.includes('\0')) fail(ERR.EPARSE, what, `${what}: embedded NUL character`);
    return s;
  }
  /** Calls fn(buf, size) as snprintf: once to size the text, once to write it. */
  function sized(fn, call) {
    const n = check(fn(0, 0), call);
    const buf = M._malloc(n + 1);
    if (!buf) fail(ERR.ENOMEM, call, 'out of memory');
    try {
      check(fn(buf, n + 1), call);
      return M.UTF8ToString(buf, n);
    } finally {
      M._free(buf);
    }
  }
  /** v as an error message shows it: a string quoted ("2", not 2), a
   * BigInt with its n, anything else as String gives it. */
  function shown(v) {
    if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
    if (typeof v === 'bigint') return `${v}n`;
    return String(v);
  }
  /** n as an integer in lo..hi for a C int parameter: TypeError if not an
   * integer, ManaError EINVAL naming the range (never a wrapped value). */
  function intIn(n, what, lo, hi, call) {
    if (!Number.isInteger(n)) throw new TypeError(`${what} must be an integer, not ${shown(n)}`);
    if (n < lo || n > hi) fail(ERR.EINVAL, call, `${what} ${n} outside ${lo}..${hi}`);
    return n;
  }
  /** A 64-bit seed (integer or BigInt 0..2^64-1) as its [low, high] 32-bit halves. */
  function seed64(seed, what) {
    if (typeof seed !== 'bigint' && !Number.isSafeInteger(seed))
      throw new TypeError(`${what} must be a safe integer or a BigInt, not ${shown(seed)}`);
    const s = BigInt(seed);
    if (s < 0n || s > 0xffffffffffffffffn) throw new RangeError(`${what} ${s} outside 0..2^64-1`);
    return [Number(s & 0xffffffffn), Number(s >> 32n)];
  }
  /** The name of square sq (mana_square_name); RangeError for anything
   * but an integer the library names. */
  function libSquareName(sq) {
    const int = Number.isInteger(sq) && sq >= -INT_MAX - 1 && sq <= INT_MAX;
    if (!int || C.squareName(sq, scratch, 3) < 0)
      throw new RangeError(`not a square index: ${shown(sq)}${int ? ` (${C.detail()})` : ' (an integer 0..35, a1 = 0)'}`);
    return M.UTF8ToString(scratch);
  }
  /** The index of a square given by index or name (mana_square_parse). */
  function libSquare(sq) {
    if (typeof sq === 'string') {
      const i = sq.includes('\0') ? -1 : C.squareParse(sq);
      if (i < 0) throw new RangeError(`not a square: ${JSON.stringify(sq)} (a name a1..f6 or an index)`);
      return i;
    }
    if (typeof sq !== 'number') throw new RangeError(`not a square: ${String(sq)} (a name a1..f6 or an index)`);
    libSquareName(sq);
    return sq;
  }
  function rulesId(rules) {
    const id = typeof rules === 'string' ? RULE_NAMES.indexOf(rules.toLowerCase()) : rules;
    if (id !== 0 && id !== 1)
      fail(ERR.EINVAL, 'Game', `unknown rules ${JSON.stringify(rules)} (jactalea, cosmoludo)`);
    return id;
  }
  function optionValueToJs(opt, value) {
    check(C.optionFormat(opt, value, scratch, 32), 'format a rule option');
    const t = M.UTF8ToString(scratch);
    if (t === 'on' || t === 'off') return t === 'on';
    return /^-?[0-9]+$/.test(t) ? Number(t) : t;
  }
  function parseOption(name, value) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw new TypeError(`option ${name}: a string, number or boolean, not ${typeof value}`);
    check(C.optionParse(String(name), text(String(value), `option ${name}`), scratch, scratch + 4), 'read a rule option value');
    return [i32(0), i32(1)];
  }
  function optionIndex(name) {
    const i = OPTION_KEYS.indexOf(name);
    if (i < 0) fail(ERR.EINVAL, 'option', `unknown rule option '${name}' (${OPTION_KEYS.join(', ')})`);
    return i;
  }

  // C objects (games and bots) owned by live JavaScript objects: each is
  // released by free() or, when its owner is collected, by the registry.
  let live = 0;
  const registry = new FinalizationRegistry((held) => { live--; held.free(held.ptr); });

  class Game {
    constructor(options = {}) {
      if (options === null || typeof options !== 'object')
        throw new TypeError('new Game(options): options must be an object');
      const { rules = 'jactalea', position, ...rest } = options;
      for (const k of Object.keys(rest)) optionIndex(k);
      const id = rulesId(rules);
      const g = C.new(id);
      if (!g) fail(ERR.ENOMEM, 'new Game');
      this._adopt(g, id);
      try {
        for (const [k, v] of Object.entries(rest)) this.setOption(k, v);
        if (position !== undefined) this.setPosition(position);
      } catch (e) {
        this.free();
        throw e;
      }
    }
    _adopt(g, rules) {
      this._g = g;
      this._rules = rules;
      this._token = {};
      registry.register(this, { ptr: g, free: C.free }, this._token);
      live++;
    }
    static _wrap(g, rules) {
      const game = Object.create(Game.prototype);
      game._adopt(g, rules);
      return game;
    }
    /** Releases the C game now (else the garbage collector does it). */
    free() {
      if (!this._g) return;
      registry.unregister(this._token);
      live--;
      C.free(this._g);
      this._g = 0;
    }
    get freed() { return !this._g; }
    _h() {
      if (!this._g) throw new Error('this Game was freed');
      return this._g;
    }
    clone() {
      const g = C.clone(this._h());
      if (!g) fail(ERR.ENOMEM, 'copy a game');
      return Game._wrap(g, this._rules);
    }
    get rules() { return RULE_NAMES[this._rules]; }
    setOption(name, value) {
      const i = optionIndex(name);
      const [, v] = parseOption(C.optionName(i), value);
      check(C.setOption(this._h(), i, v), 'set a rule option');
    }
    getOption(name) {
      const i = optionIndex(name);
      check(C.getOption(this._h(), i, scratch), 'read a rule option');
      return optionValueToJs(i, i32(0));
    }
    get options() {
      const o = {};
      for (const k of OPTION_KEYS) o[k] = this.getOption(k);
      return o;
    }
    setPosition(mfn) {
      check(C.setPosition(this._h(), text(mfn, 'MFN')), 'set the position');
    }
    getPosition() {
      const n = check(C.getPosition(this._h(), scratch, MFN_MAX + 1), 'read the position');
      return M.UTF8ToString(scratch, n);
    }
    get position() { return this.status === Status.SETUP ? null : this.getPosition(); }
    set position(mfn) { this.setPosition(mfn); }
    get mfn() { return this.position; }
    _moves(fn, call) {
      const n = check(fn(this._h(), 0, 0), call);
      const buf = n > 0 ? M._malloc(n * 4) : 0;
      try {
        check(fn(this._h(), buf, n), call);
        return Array.from(M.HEAPU32.subarray(buf >> 2, (buf >> 2) + n), Number);
      } finally {
        if (buf) M._free(buf);
      }
    }
    legalMoves() {
      const n = check(C.legalMoves(this._h(), scratch, MAX_MOVES), 'list the legal moves');
      const heap = M.HEAPU32, base = scratch >> 2, out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = heap[base + i]; // no typed-array view: far cheaper
      return out;
    }
    isLegal(move) {
      if (typeof move === 'string') {
        try { this.parse(move); } catch (e) {
          if (e instanceof ManaError && [ERR.EPARSE, ERR.EILLEGAL, ERR.EOVER].includes(e.code)) return false;
          throw e;
        }
        return true;
      }
      return check(C.isLegal(this._h(), moveValue(move)), 'check a move') === 1;
    }
    play(move) {
      if (typeof move === 'string') {
        const m = this._parse(move, `play '${move}'`);
        check(C.play(this._h(), m), `play '${move}'`);
        return m;
      }
      const m = moveValue(move);
      check(C.play(this._h(), m), `play ${m}`);
      return m;
    }
    undo() {
      check(C.undo(this._h()), 'undo');
    }
    historyValues() { return this._moves(C.history, 'read the history'); }
    history() {
      const t = sized((buf, size) => C.historyFormat(this._h(), buf, size), 'write the history');
      return t ? t.split(' ') : [];
    }
    /** The history as one line of notation (mana_history_format). */
    historyText() {
      return sized((buf, size) => C.historyFormat(this._h(), buf, size), 'write the history');
    }
    format(move) {
      const n = check(C.format(this._h(), moveValue(move), scratch, MOVE_TEXT_MAX + 1), 'format a move');
      return M.UTF8ToString(scratch, n);
    }
    moveToString(move) { return this.format(move); }
    parse(moveText) { return this._parse(moveText, `parse '${moveText}'`); }
    _parse(moveText, call) {
      check(C.parse(this._h(), text(moveText, 'move'), scratch), call);
      return u32(0);
    }
    setupRandom(seed = 0) {
      const [lo, hi] = seed64(seed, 'setupRandom seed');
      check(C.setupRandom(this._h(), lo, hi), 'complete the setup at random');
    }
    perft(depth) {
      intIn(depth, 'perft depth', 0, PERFT_MAX, `perft to depth ${depth}`);
      check(C.perft(this._h(), depth, scratch), `perft to depth ${depth}`);
      return u32(1) * 4294967296 + u32(0);
    }
    get status() { return check(C.status(this._h()), 'read the status'); }
    get isOver() { return this.status >= Status.WHITE_WON; }
    get result() { return C.resultText(this.status); }
    get endReason() { return check(C.endReason(this._h()), 'read the end reason'); }
    /** Why the game ended in the library's words (mana_end_text), or "setup" / "playing". */
    get endText() { return sized((buf, size) => C.endText(this._h(), buf, size), 'write why the game ended'); }
    get sideToMove() { return check(C.side(this._h()), 'read the side to move'); }
    get mana() { return check(C.mana(this._h()), 'read the Mana'); }
    get binding() { return check(C.binding(this._h()), 'read what the Mana binds'); }
    get manaSquare() { const s = C.lastLanding(this._h()); return s < 0 ? null : s; }
    get orientation() { return C.orientation(this._h()); }
    get hash() {
      C.hash(this._h(), scratch);
      return (BigInt(u32(1)) << 32n) | BigInt(u32(0));
    }
    pieceAt(sq) {
      const p = check(C.pieceAt(this._h(), libSquare(sq)), 'read a square');
      return p ? String.fromCharCode(p) : null;
    }
    marksAt(sq) { return check(C.marksAt(this._h(), libSquare(sq)), 'read a square'); }
    reserve(color) {
      if (color !== Color.WHITE && color !== Color.BLACK) fail(ERR.EINVAL, 'read a reserve', `not a colour: ${color} (Color.WHITE or Color.BLACK)`);
      return check(C.reserve(this._h(), color), 'read a reserve');
    }
    writeRecord(tags = {}, { result = null } = {}) {
      return withHeaders(this._rules, (h) => {
        for (const [k, v] of Object.entries(tags)) {
          if (v === undefined || v === null || v === '') continue;
          const key = k.charAt(0).toUpperCase() + k.slice(1);
          check(C.tagSet(h, text(key, 'tag'), text(String(v), `tag ${key}`)), 'set a record tag');
        }
        if (result !== null) {
          const status = typeof result === 'string' && !result.includes('\0') ? C.resultParse(result) : -1;
          if (status < 0) fail(ERR.EINVAL, 'write a record', `result: 1-0, 0-1, 1/2-1/2 or *, not ${shown(result)}`);
          C.headersSetResult(h, status);
        }
        return sized((buf, size) => C.recordWrite(this._h(), h, buf, size), 'write a record');
      });
    }
    svg(options = {}) {
      const { width = 0, flipped = false, coordinates = true, lastMove = true, mana = true,
        caption = true } = options;
      const flags = (flipped ? 1 : 0) | (coordinates ? 0 : 2) | (lastMove ? 0 : 4) | (mana ? 0 : 8) |
        (caption ? 0 : 16);
      intIn(width, 'svg width', 0, INT_MAX, 'draw the board');
      return sized((buf, size) => C.svg(this._h(), width, flags, buf, size), 'draw the board');
    }
    toString() {
      const n = this.historyValues().length;
      return `Game(${this.rules}, ${this.position ?? `setup after ${n} move${n === 1 ? '' : 's'}`})`;
    }
  }

  function moveValue(move) {
    if (!Number.isInteger(move) || move < 0 || move > 0xffffffff)
      throw new TypeError(`a move is a mana_move integer (0..2^32-1) or its text, not ${String(move)}`);
    return move;
  }

  /** Runs fn(headers) with a fresh mana_record_headers in the module. */
  function withHeaders(preset, fn) {
    const h = M._malloc(C.headersSize());
    if (!h) fail(ERR.ENOMEM, 'record', 'out of memory');
    try {
      check(C.headersInit(h, preset), 'start a record');
      return fn(h);
    } finally {
      M._free(h);
    }
  }

  function tagsOf(h) {
    const tags = {};
    for (let i = 0; i < C.tagCount(h); i++) tags[C.tagKey(h, i)] = C.tagValue(h, i);
    return tags;
  }

  function startOf(game) {
    const c = game.clone();
    try {
      while (c.historyValues().length > 0) c.undo();
      return c.position;
    } finally {
      c.free();
    }
  }

  /** Reads every game of a record text (mana_record_read, game after game). */
  function readRecords(recordText, limit = Infinity) {
    const bytes = new TextEncoder().encode(text(recordText, 'record'));
    const buf = M._malloc(bytes.length + 1);
    const games = [];
    try {
      M.HEAPU8.set(bytes, buf);
      M.HEAPU8[buf + bytes.length] = 0;
      let offset = 0;
      do {
        const g = Game._wrap(C.new(0), 0);
        const read = withHeaders(0, (h) => {
          M.HEAP32[scratch >> 2] = offset;
          const rc = C.recordRead(g._h(), buf, bytes.length, scratch, h);
          if (rc < 0) { g.free(); fail(rc, 'read a record'); }
          offset = M.HEAP32[scratch >> 2];
          g._rules = C.headersPreset(h);
          const result = C.headersResult(h);
          return { tags: tagsOf(h), result: result < 0 ? null : C.resultText(result) };
        });
        const tags = read.tags;
        games.push({ game: g, tags, white: tags.White ?? '', black: tags.Black ?? '',
          date: tags.Date ?? '', result: read.result, startMfn: startOf(g) });
      } while (offset < bytes.length && games.length < limit);
      return games;
    } catch (e) {
      for (const r of games) r.game.free();
      throw e;
    } finally {
      M._free(buf);
    }
  }

  /** Reads the first game of a record text. */
  function readRecord(recordText) {
    return readRecords(recordText, 1)[0];
  }

  class Bot {
    constructor(kind = 'ab', limits = {}) {
      const { timeMs = 0, depth = 0, nodes = 0, iterations = 0, seed = 1 } = limits;
      const { threads = 1, hash = 16, multipv = 1 } = limits;
      for (const [k, v] of Object.entries({ threads, hash, multipv }))
        if (!Number.isSafeInteger(v) || v < 1)
          fail(ERR.EINVAL, 'Bot', `${k}: a whole number >= 1, not ${v}`);
      for (const [k, v] of Object.entries({ timeMs, depth, nodes, iterations }))
        if (!Number.isSafeInteger(v) || v < 0 || (k !== 'nodes' && k !== 'iterations' && v > 0x7fffffff))
          fail(ERR.EINVAL, 'Bot', `${k}: a whole number >= 0, not ${v}`);
      const [lo, hi] = seed64(seed, 'Bot seed');
      const b = C.botNew(text(kind, 'bot kind'), timeMs, depth, nodes, iterations, lo, hi);
      if (!b) fail(ERR.EINVAL, 'Bot', `unknown bot kind '${kind}' (random, ab, mcts)`);
      /* the bot checks each option (this build has no threads: Threads > 1 refused) */
      for (const [name, v] of [['Threads', threads], ['Hash', hash], ['MultiPV', multipv]]) {
        const rc = C.botSetOption(b, name, String(v));
        if (rc < 0) {
          const detail = C.botDetail();
          C.botFree(b);
          fail(rc, 'Bot', detail);
        }
      }
      this._b = b;
      this._token = {};
      registry.register(this, { ptr: b, free: C.botFree }, this._token);
      live++;
    }
    _h() {
      if (!this._b) throw new Error('this Bot was freed');
      return this._b;
    }
    get description() { return C.botDescribe(this._h()); }
    choose(game, { searchmoves = null, wtime = null, btime = null, winc = 0, binc = 0, movestogo = 0 } = {}) {
      const status = game.status;
      if (status >= Status.WHITE_WON)
        fail(ERR.EOVER, 'choose a move', ['White won', 'Black won', 'drawn'][status - 2]);
      // The clocks (ms; null: no clock for that side) hold for this call only.
      const whole = (k, v, unit) => {
        if (!Number.isSafeInteger(v) || v < 0 || (k === 'movestogo' && v > INT_MAX))
          fail(ERR.EINVAL, 'choose a move', `${k}: a whole number of ${unit} >= 0, not ${shown(v)}`);
        return v;
      };
      const clock = [wtime === null ? -1 : whole('wtime', wtime, 'milliseconds'),
        btime === null ? -1 : whole('btime', btime, 'milliseconds'), whole('winc', winc, 'milliseconds'),
        whole('binc', binc, 'milliseconds'), whole('movestogo', movestogo, 'moves')];
      const moves = searchmoves ?? [];
      if (!Array.isArray(moves) || moves.length > MAX_MOVES)
        fail(ERR.EINVAL, 'choose a move', `searchmoves: an array of at most ${MAX_MOVES} moves`);
      const values = moves.map((m) => (typeof m === 'string' ? game._parse(m, `searchmoves '${m}'`) : moveValue(m)));
      const buf = values.length > 0 ? M._malloc(4 * values.length) : 0;
      try {
        values.forEach((v, i) => { M.HEAPU32[(buf >> 2) + i] = v; });
        C.botClock(this._h(), ...clock);
        check(C.botChoose(this._h(), game._h(), buf, values.length, scratch), 'choose a move');
      } finally {
        C.botClock(this._h(), -1, -1, 0, 0, 0); // the clocks hold for this call only
        if (buf) M._free(buf);
      }
      return u32(0);
    }
    get stats() {
      C.botStats(this._h(), scratch);
      const d = (i) => M.HEAPF64[(scratch >> 3) + i];
      const pv = [];
      for (let k = 0; k < d(8); k++) pv.push(C.botPv(this._h(), k) >>> 0);
      return {
        depth: d(0), seldepth: d(6), score: d(1), mate: d(5), winRate: d(7) < 0 ? null : d(7),
        nodes: d(2), iterations: d(3), timeMs: d(4), pv, ponder: d(9) >>> 0,
      };
    }
    /** The last choose()'s MultiPV lines, best first. */
    get lines() {
      const out = [];
      const n = C.botLines(this._h());
      for (let k = 1; k <= n; k++) {
        check(C.botLine(this._h(), k, scratch), 'a line of the search');
        const d = (i) => M.HEAPF64[(scratch >> 3) + i];
        const pv = [];
        for (let i = 0; i < d(4); i++) pv.push(d(5 + i) >>> 0);
        out.push({ multipv: k, depth: d(0), seldepth: d(1), score: d(2), mate: d(3), pv });
      }
      return out;
    }
    clear() { C.botClear(this._h()); }
    free() {
      if (!this._b) return;
      registry.unregister(this._token);
      live--;
      C.botFree(this._b);
      this._b = 0;
    }
  }

  return Object.freeze({
    Game, Bot, ManaError, Status, Color, MoveKind, Move, Rules, EndReason, Binding, Errors: ERR,
    OPTION_NAMES: Object.freeze([...OPTION_KEYS]),
    RONIN_COUNT,
    optionValues: (name) => C.optionValues(optionIndex(name)),
    readRecord, readRecords, square: libSquare, squareName: libSquareName,
    strerror: (code) => C.strerror(code),
    version: C.version(),
    heapBytes: () => M.HEAPU8.length,
    liveObjects: () => live,
  });
}

let loading = null;

/** Loads the WebAssembly module once; resolves to the API (index.d.ts). */
export function init() {
  if (!loading)
    loading = createManaModule().then(bind).then((bound) => {
      api = bound;
      return bound;
    });
  return loading;
}

export { ManaError, Status, Color, MoveKind, Move, Rules, EndReason, Binding, square, squareName };
export default init;
