// SPDX-License-Identifier: MIT
// The vocabulary comes from the library, not from JavaScript copies: square
// names (mana_square_name, mana_square_parse) and error names and codes
// (mana_error_name), checked against include/mana.h and the types of
// index.d.ts.  This file loads the module itself, to see the module-level
// square and squareName before and after init().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, square, squareName } from '../index.js';

const here = dirname(fileURLToPath(import.meta.url));
const read = (...p) => readFileSync(join(here, ...p), 'utf8');

test('square and squareName need the library: an Error before init()', () => {
  assert.throws(() => squareName(0), (e) => !(e instanceof RangeError) && /init\(\)/.test(e.message));
  assert.throws(() => square('a1'), (e) => !(e instanceof RangeError) && /init\(\)/.test(e.message));
});

test('every square is named by the library, and read back', async () => {
  const mana = await init();
  const names = [];
  for (let sq = 0; sq < 36; sq++) {
    const name = mana.squareName(sq);
    assert.match(name, /^[a-f][1-6]$/);
    assert.equal(mana.square(name), sq);
    assert.equal(mana.square(sq), sq);
    assert.equal(squareName(sq), name); // the module-level export, once loaded
    assert.equal(square(name), sq);
    names.push(name);
  }
  assert.equal(new Set(names).size, 36);
  // a1 = 0, files first: b1 = 1, f1 = 5, a2 = 6, c4 = 6 * 3 + 2, f6 = 35
  assert.deepEqual([0, 1, 5, 6, 20, 35].map(mana.squareName), ['a1', 'b1', 'f1', 'a2', 'c4', 'f6']);
});

test('what is no square: RangeError, never a wrapped C int', async () => {
  const mana = await init();
  for (const bad of [-1, 36, 64, 2 ** 32, 2 ** 32 + 1, -(2 ** 31) - 1, 1.5, NaN, Infinity])
    assert.throws(() => mana.squareName(bad), RangeError, String(bad));
  for (const bad of ['', 'a', 'a0', 'a7', 'g1', 'A1', ' a1', 'a1 ', 'a1\0', '1a', 2 ** 32, 36, null, undefined])
    assert.throws(() => mana.square(bad), RangeError, JSON.stringify(bad));
  const g = new mana.Game();
  assert.throws(() => g.pieceAt(2 ** 32), RangeError); // not a1
  g.free();
});

test('error names and codes: the library list, as include/mana.h and index.d.ts state them', async () => {
  const mana = await init();
  const header = Object.fromEntries([...read('..', '..', '..', 'include', 'mana.h')
    .matchAll(/X\(MANA_(\w+), (-?\d+),/g)].map((m) => [m[1], Number(m[2])]));
  assert.ok(Object.keys(header).length >= 9, 'MANA_ERROR_LIST not found in mana.h');
  assert.deepEqual({ ...mana.Errors }, header);
  const types = read('..', 'index.d.ts');
  const pinned = /declare const Errors: Readonly<\{([^}]*)\}>/.exec(types);
  assert.ok(pinned, 'Errors not found in index.d.ts');
  assert.deepEqual(Object.fromEntries([...pinned[1].matchAll(/(\w+): (-?\d+)/g)].map((m) => [m[1], Number(m[2])])),
    header);
  // each ManaError carries the library's name of its code (codeName)
  const g = new mana.Game({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0' });
  const cases = [[() => g.play('a1-a2'), 'EILLEGAL'], [() => g.play('zz'), 'EPARSE'], [() => g.undo(), 'ENOHISTORY']];
  for (const [call, key] of cases)
    assert.throws(call, (e) => e instanceof mana.ManaError && e.code === header[key] && e.codeName === `MANA_${key}` &&
      e.name === 'ManaError');
  g.free();
});

/** Every integer constant of the public headers: enum members, #defines of
 * numbers, MANA_ERROR_LIST. */
function headerConstants() {
  const text = ['mana.h', 'mana_ml.h'].map((h) => read('..', '..', '..', 'include', h)).join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
  const values = {};
  for (const m of text.matchAll(/(MANA_\w+)\s*=\s*(-?\d+)/g)) values[m[1]] = Number(m[2]);
  for (const m of text.matchAll(/^#define (MANA_\w+) (-?\d+)u?\s*$/gm)) values[m[1]] = Number(m[2]);
  return values;
}

/** The members of `export declare const NAME: Readonly<{ ... }>` in index.d.ts. */
function pinnedTypes(types, name) {
  const m = new RegExp(`declare const ${name}: Readonly<\\{([^}]*)\\}>`).exec(types.replace(/\/\*\*[\s\S]*?\*\//g, ''));
  assert.ok(m, `${name} not found in index.d.ts`);
  return Object.fromEntries([...m[1].matchAll(/(\w+): (-?\d+)/g)].map((p) => [p[1], Number(p[2])]));
}

test('the enums and the move layout: the values of include/mana.h, in the runtime and in index.d.ts', async () => {
  const mana = await init();
  const header = headerConstants();
  const types = read('..', 'index.d.ts');
  const prefixes = { Status: 'MANA_', Color: 'MANA_', MoveKind: 'MANA_MOVE_', Rules: 'MANA_RULES_', EndReason: 'MANA_END_' };
  for (const [name, prefix] of Object.entries(prefixes)) {
    const want = Object.fromEntries(Object.keys(mana[name]).map((k) => [k, header[prefix + k]]));
    assert.deepEqual({ ...mana[name] }, want, `${name} against mana.h`);
    assert.deepEqual(pinnedTypes(types, name), want, `${name} in index.d.ts`);
  }
  const { Move } = mana;
  const m = Move.make(header.MANA_MOVE_DROP_RONIN, 0, 35);
  assert.equal(m, (header.MANA_MOVE_DROP_RONIN << header.MANA_MOVE_KIND_SHIFT) | (35 << header.MANA_MOVE_TO_SHIFT));
  assert.deepEqual([Move.kind(m), Move.from(m), Move.to(m)], [header.MANA_MOVE_DROP_RONIN, 0, 35]);
  assert.equal(mana.OPTION_NAMES.length, header.MANA_OPTION_COUNT);
});

test("index.js's buffer sizes, perft bound and Ronin count are mana.h's (the library has no call for them)", async () => {
  const header = headerConstants();
  const source = read('..', 'index.js');
  const copies = { MAX_MOVES: 'MANA_MAX_MOVES', MFN_MAX: 'MANA_MFN_MAX', MOVE_TEXT_MAX: 'MANA_MOVE_TEXT_MAX',
    PERFT_MAX: 'MANA_PERFT_DEPTH_MAX', RONIN_COUNT: 'MANA_RONIN_COUNT' };
  for (const [name, cName] of Object.entries(copies)) {
    const m = new RegExp(`^const ${name} = (\\d+);`, 'm').exec(source);
    assert.ok(m, `${name} not found in index.js`);
    assert.equal(Number(m[1]), header[cName], `${name} against ${cName}`);
  }
  assert.equal((await init()).RONIN_COUNT, header.MANA_RONIN_COUNT, 'the API\'s RONIN_COUNT');
  assert.match(read('..', 'index.d.ts'), /readonly RONIN_COUNT: 5;/);
});
