// SPDX-License-Identifier: MIT
// Every perft value of the project's reference file, through the
// WebAssembly build, and perft played move by move through the bindings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana, perftCases, withGame } from './helpers.js';

const cases = perftCases();

test('the reference file has both sections and 4 depths per position', () => {
  assert.ok(cases.length >= 18, `only ${cases.length} positions`);
  assert.ok(cases.some((c) => c.section === 'blocked=draw'));
  for (const c of cases) assert.deepEqual(c.depths.map((d) => d[0]), [1, 2, 3, 4]);
});

for (const c of cases) {
  const blocked = /^blocked=(\w+)$/.exec(c.section)[1];
  test(`perft [${c.section}] ${c.mfn}`, () => {
    withGame({ blocked, position: c.mfn }, (g) => {
      assert.equal(g.perft(0), 1);
      for (const [d, leaves] of c.depths) assert.equal(g.perft(d), leaves, `depth ${d}`);
      assert.equal(g.position, c.mfn, 'perft leaves the position as it was');
    });
  });
}

// The same counts walked through legalMoves/play/undo in JavaScript: the
// bindings' move lists and play/undo agree with the library's own perft.
function walk(g, depth) {
  if (depth === 0) return 1;
  const moves = g.legalMoves();
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) { g.play(m); n += walk(g, depth - 1); g.undo(); }
  return n;
}

test('perft by play/undo in JavaScript equals perft to depth 3', () => {
  for (const c of cases.slice(0, 6)) {
    const blocked = /^blocked=(\w+)$/.exec(c.section)[1];
    withGame({ blocked, position: c.mfn }, (g) => {
      const hash = g.hash;
      assert.equal(walk(g, 3), c.depths[2][1], c.mfn);
      assert.equal(g.hash, hash);
    });
  }
});

test('setup perft from the start of each edition', () => {
  // Jactalea: Black chooses one of 4 orientations first.
  withGame({}, (g) => assert.equal(g.perft(1), 4));
  // Cosmoludo: orientation 3, Black places first on rank 6, whose marks
  // are a6..f6 = 2 3 1 2 2 3 (docs/rules.md board, orientation 3); the Damyo must
  // stand on a double square (damyo_on_double on): D@a6, D@d6, D@e6, and a
  // Ronin may go on any of the 6 squares: 3 + 6 = 9.
  withGame({ rules: 'cosmoludo' }, (g) => {
    assert.deepEqual([30, 31, 32, 33, 34, 35].map((s) => g.marksAt(s)), [2, 3, 1, 2, 2, 3]);
    assert.equal(g.perft(1), 9);
    assert.equal(g.perft(2), walk(g, 2));
  });
});
