// SPDX-License-Identifier: MIT
// Bots on the clock (Bot.choose's wtime, btime, winc, binc, movestogo) and
// a game lost on time written to its record (writeRecord's result with a
// Termination tag): what the web board's clocks rely on.  No timing is
// asserted: only that the clocks reach the library, that it checks them,
// and that they hold for one call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana } from './helpers.js';

const { Game, Bot, ManaError, Errors, Color } = mana;

/** A set-up game (random setup, seed 5), Black to make the first move of play. */
function setUp() {
  const g = new Game();
  g.setupRandom(5);
  return g;
}

/** The move and node count of bot's search of g with the options. */
function search(bot, g, options) {
  const move = bot.choose(g, options);
  return { move, nodes: bot.stats.nodes };
}

test('a clocked search returns a legal move', () => {
  const g = setUp();
  const bot = new Bot('ab', { timeMs: 200 });
  const m = bot.choose(g, { wtime: 60000, btime: 60000, winc: 1000, binc: 1000 });
  assert.ok(g.isLegal(m));
  assert.ok(bot.stats.depth >= 1);
  bot.free(); g.free();
});

test('bad clock values are refused with EINVAL, naming the value', () => {
  const g = setUp();
  const bot = new Bot('ab', { depth: 1 });
  for (const [opts, re] of [[{ btime: -5 }, /btime: a whole number of milliseconds >= 0, not -5/],
    [{ winc: 1.5 }, /winc: a whole number of milliseconds >= 0, not 1.5/],
    [{ wtime: '60000' }, /wtime: .*not the string "60000"/],
    [{ movestogo: -1 }, /movestogo: a whole number of moves >= 0/]])
    assert.throws(() => bot.choose(g, opts), (e) => e instanceof ManaError && e.code === Errors.EINVAL && re.test(e.message));
  bot.free(); g.free();
});

test('only the side to move\'s clock is read, and the clocks hold for one call', () => {
  // ab with no limit of its own searches its default 100,000 nodes, a
  // deterministic search (seed 1); White's clock, Black to move, changes
  // nothing of it.
  const g = setUp();
  assert.equal(g.sideToMove, Color.BLACK);
  const plain = search(new Bot('ab'), g, {});
  const bot = new Bot('ab');
  assert.deepEqual(search(bot, g, { wtime: 1, winc: 0 }), plain);
  // Black's clock is read (the time manager's budget replaces the default
  // limits); the next call without clocks is the default search again.
  bot.clear();
  assert.ok(g.isLegal(bot.choose(g, { btime: 30000, binc: 0 })));
  bot.clear();
  assert.deepEqual(search(bot, g, {}), plain);
  bot.free(); g.free();
});

test('a game lost on time: its record keeps the result and the Termination', () => {
  const g = setUp();
  g.play(new Bot('ab', { depth: 1 }).choose(g));
  // Black moved, then White's flag fell: Black wins, though the moves leave the game on.
  const text = g.writeRecord({ timeControl: '60+0', termination: 'time forfeit' }, { result: '0-1' });
  assert.match(text, /^TimeControl: 60\+0\nTermination: time forfeit\nResult: 0-1\n/m);
  const back = mana.readRecord(text);
  assert.equal(back.result, '0-1');
  assert.equal(back.tags.Termination, 'time forfeit');
  assert.equal(back.game.result, '*');
  assert.deepEqual(back.game.historyValues(), g.historyValues());
  back.game.free();
  // Without the Termination tag the library refuses the result; a bad one is refused too.
  assert.throws(() => g.writeRecord({}, { result: '0-1' }), (e) => e instanceof ManaError && e.code === Errors.EINVAL);
  assert.throws(() => g.writeRecord({ termination: 'time forfeit' }, { result: 'White' }),
    (e) => e instanceof ManaError && e.code === Errors.EINVAL && /result: 1-0, 0-1, 1\/2-1\/2 or \*/.test(e.message));
  assert.match(g.writeRecord({ termination: 'time forfeit' }, { result: null }), /Result: \*/);
  g.free();
});
