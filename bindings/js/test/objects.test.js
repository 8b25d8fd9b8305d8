// SPDX-License-Identifier: MIT
// docs/objects.md, the JavaScript copy column: clone() gives an independent
// game; structuredClone of a Game or a Bot gives a plain object with no
// method, never a second owner of the C object (the original still frees
// it, once, and nothing else can).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana } from './helpers.js';

const MIDGAME = '2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2'; // tests/data/perft.txt: 12, 78

test('structuredClone of a Game or a Bot is a plain object, never a second owner', () => {
  const live = mana.liveObjects();
  const g = new mana.Game({ position: MIDGAME });
  const bot = new mana.Bot('random', { seed: 1 });
  for (const o of [g, bot]) {
    const c = structuredClone(o);
    assert.equal(Object.getPrototypeOf(c), Object.prototype, 'a plain object, not the class');
    for (const method of ['free', 'play', 'choose', 'clone']) assert.equal(c[method], undefined);
  }
  // The originals are untouched and still the only owners.
  assert.equal(g.perft(2), 78);
  const other = g.clone(); // clone(): an independent game
  other.play(other.legalMoves()[0]);
  assert.equal(g.position, MIDGAME);
  assert.notEqual(other.position, MIDGAME);
  assert.ok(g.legalMoves().includes(bot.choose(g)));
  assert.equal(mana.liveObjects(), live + 3);
  for (const o of [g, bot, other]) { o.free(); o.free(); }
  assert.equal(mana.liveObjects(), live, 'each freed once');
});
