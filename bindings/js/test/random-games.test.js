// SPDX-License-Identifier: MIT
// A thousand random games played through the WebAssembly build end exactly
// as the same games played by the native build (test/native_games.c, built
// by `make wasm` into build/web/native_games): same status, length, hash
// and final MFN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mana, nativeGames } from './helpers.js';

const COUNT = 1000;
const SEED = 20261130n;

/** SplitMix64, as in native_games.c. */
function splitmix(state) {
  state.s = BigInt.asUintN(64, state.s + 0x9E3779B97F4A7C15n);
  let z = state.s;
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
  return z ^ (z >> 31n);
}

function playOne(i) {
  const g = new mana.Game({ rules: i % 2, blocked: ['pass', 'draw', 'loss'][Math.floor(i / 2) % 3],
    reentry: ['any', 'mana-mark'][Math.floor(i / 6) % 2], plyLimit: 300 });
  try {
    g.setupRandom(SEED + BigInt(i));
    const rng = { s: SEED + BigInt(i) };
    let plies = 0;
    while (g.status === mana.Status.PLAYING) {
      const moves = g.legalMoves();
      g.play(moves[Number(splitmix(rng) % BigInt(moves.length))]);
      plies++;
    }
    return `${i} ${g.status} ${plies} ${g.hash.toString(16).padStart(16, '0')} ${g.position}`;
  } finally {
    g.free();
  }
}

test(`${COUNT} random games end as in the native build`, () => {
  assert.ok(existsSync(nativeGames), `${nativeGames} is missing: run make wasm`);
  const native = execFileSync(nativeGames, [String(COUNT), String(SEED)], { encoding: 'utf8' })
    .trim().split('\n');
  assert.equal(native.length, COUNT);
  const statuses = new Set();
  for (let i = 0; i < COUNT; i++) {
    const line = playOne(i);
    assert.equal(line, native[i], `game ${i}`);
    statuses.add(line.split(' ')[1]);
  }
  // Both sides won some games and the options drew some: the games reach
  // every kind of end.
  assert.deepEqual([...statuses].sort(), ['2', '3', '4']);
});
