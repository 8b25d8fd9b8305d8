// SPDX-License-Identifier: MIT
// random_game.js - libmana's C ABI from Node.js through koffi (docs/ffi.md):
// the native build/libmana.so, not the wasm package of bindings/js.
//
//   npm install --prefix build/ffi/node koffi
//   NODE_PATH=build/ffi/node/node_modules node examples/ffi/node/random_game.js [SEED]
//
// Plays the game examples/c/play_game plays for SEED (a random setup from
// mana_setup_random, then moves chosen by the same xorshift generator) and
// prints what it prints; then perft 4 of the README's position and one
// refused illegal move with its detail.  tests/ffi/check-ffi.sh compares
// the output with the C programs'.  The library: $MANA_LIBRARY, else
// build/libmana.so of this tree, by absolute path (Debian's RDMA packages
// install an unrelated libmana.so.1 that a bare name could find).
'use strict';
const path = require('node:path');
const koffi = require('koffi');

const lib = koffi.load(process.env.MANA_LIBRARY || path.resolve(__dirname, '../../../build/libmana.so'));

// Only what this script calls, copied from include/mana.h.
koffi.opaque('mana_game');
koffi.alias('mana_move', 'uint32_t');
const C = Object.fromEntries([
  'mana_game *mana_new(int preset)',
  'void mana_free(mana_game *g)',
  'int mana_set_option(mana_game *g, int option, int value)',
  'int mana_setup_random(mana_game *g, uint64_t seed)',
  'int mana_set_position(mana_game *g, const char *mfn)',
  'int mana_get_position(const mana_game *g, _Out_ uint8_t *buf, size_t size)',
  'int mana_status(const mana_game *g)',
  'int mana_legal_moves(const mana_game *g, _Out_ mana_move *out, int cap)',
  'int mana_move_format(const mana_game *g, mana_move m, _Out_ uint8_t *buf, size_t size)',
  'int mana_play(mana_game *g, mana_move m)',
  'int mana_history(const mana_game *g, _Out_ mana_move *out, int cap)',
  'int mana_square_parse(const char *text)',
  'int mana_perft(mana_game *g, int depth, _Out_ uint64_t *leaves)',
  'const char *mana_strerror(int err)',
  'const char *mana_error_name(int err)',
  'const char *mana_error_detail(void)',
].map((proto) => {
  const fn = lib.func(proto);
  return [fn.info.name, fn];
}));

// Constants of include/mana.h (pinned by its ABI policy).
const RULES_COSMOLUDO = 1, OPT_PLY_LIMIT = 7, PLAYING = 1, ENOMEM = -6;
const MAX_MOVES = 128, MOVE_TEXT_MAX = 5, MFN_MAX = 47;
const MOVE_STEP = 1, MOVE_TO_SHIFT = 6, MOVE_KIND_SHIFT = 12;

// The value of rc, or exit with the library's message if it is an error.
function check(rc, what) {
  if (rc < 0) {
    process.stderr.write(`${what}: ${C.mana_strerror(rc)} (${C.mana_error_detail()})\n`);
    process.exit(1);
  }
  return rc;
}

// A new game, passed to fn and freed after it.
function withGame(preset, fn) {
  const g = C.mana_new(preset);
  if (!g) check(ENOMEM, 'mana_new');
  try {
    fn(g);
  } finally {
    C.mana_free(g);
  }
}

// The NUL-terminated text the library wrote into buf.
const text = (buf) => buf.toString('latin1', 0, buf.indexOf(0));

function position(g) {
  const buf = Buffer.alloc(MFN_MAX + 1);
  check(C.mana_get_position(g, buf, buf.length), 'mana_get_position');
  return text(buf);
}

// examples/c/play_game's xorshift generator, on 64 bits.
function nextRandom(s) {
  s = BigInt.asUintN(64, s ^ (s << 13n));
  s ^= s >> 7n;
  return BigInt.asUintN(64, s ^ (s << 17n));
}

function playRandomGame(seed) {
  let state = BigInt.asUintN(64, seed * 2n + 1n);
  const moves = new Uint32Array(MAX_MOVES);
  const name = Buffer.alloc(MOVE_TEXT_MAX + 1);
  withGame(RULES_COSMOLUDO, (g) => {
    check(C.mana_set_option(g, OPT_PLY_LIMIT, 1000), 'mana_set_option');
    check(C.mana_setup_random(g, seed), 'mana_setup_random');
    let out = `start: ${position(g)}\n`;
    let plies = 0;
    while (check(C.mana_status(g), 'mana_status') === PLAYING) {
      const n = check(C.mana_legal_moves(g, moves, MAX_MOVES), 'mana_legal_moves');
      state = nextRandom(state);
      const m = moves[Number(state % BigInt(n))];
      check(C.mana_move_format(g, m, name, name.length), 'mana_move_format');
      check(C.mana_play(g, m), 'mana_play');
      out += (plies % 10 ? ' ' : plies ? '\n  ' : '  ') + text(name);
      plies++;
    }
    const results = ['setup', 'playing', 'White won', 'Black won', 'drawn'];
    out += `\nend:   ${position(g)}\n${results[C.mana_status(g)]} after ${plies} moves\n`;
    process.stdout.write(out);
  });
}

// perft 4 of the README's position, then c6-c4 refused: c6 has 1 mark.
function perftAndRefusal() {
  const mfn = '2d3/6/2R1r1/1r4/3D2/6 b 3 3';
  withGame(RULES_COSMOLUDO, (g) => {
    check(C.mana_set_position(g, mfn), 'mana_set_position');
    const leaves = new BigUint64Array(1);
    check(C.mana_perft(g, 4, leaves), 'mana_perft');
    process.stdout.write(`perft(4) = ${leaves[0]}\n`);
    const from = check(C.mana_square_parse('c6'), 'mana_square_parse');
    const to = check(C.mana_square_parse('c4'), 'mana_square_parse');
    const m = (MOVE_STEP << MOVE_KIND_SHIFT) | (to << MOVE_TO_SHIFT) | from;
    const rc = C.mana_play(g, m);
    if (rc >= 0 || position(g) !== mfn || C.mana_history(g, null, 0) !== 0) {
      process.stderr.write('c6-c4 was not refused, or the game changed\n');
      process.exit(1);
    }
    process.stdout.write(`refused c6-c4: ${C.mana_error_name(rc)} (${C.mana_strerror(rc)}): ` +
      `${C.mana_error_detail()}\n`);
  });
}

// The seed text, decimal digits only, as a BigInt 0..2^64-1 (BigInt()
// alone would take " 1", "0x1f" and "-1", and throw a SyntaxError with a
// stack trace for "x").  Exits with a message for anything else.
function parseSeed(text) {
  const seed = /^[0-9]+$/.test(text) ? BigInt(text) : -1n;
  if (seed >= 0n && seed === BigInt.asUintN(64, seed)) return seed;
  process.stderr.write(`random_game.js: SEED must be an integer 0..18446744073709551615, not '${text}'\n`);
  process.exit(2);
}

playRandomGame(parseSeed(process.argv[2] ?? '1'));
perftAndRefusal();
