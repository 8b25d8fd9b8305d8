// SPDX-License-Identifier: MIT
// Generated call sequences on Game and Bot: a seeded xorshift generator
// picks each call (play a legal move, play an illegal value, undo, clone,
// record round trip, setPosition of its own MFN, a bot's choice, perft(1),
// free and use after free), and after each call the invariants are checked
// against a model kept here: the history is the model's moves, the
// position the one the model saw after them, perft(1) the number of legal
// moves, a refused call changes nothing, every object freed once
// (liveObjects back to its start).  The same seeds every run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana } from './helpers.js';

// examples/c/play_game's xorshift, on BigInt: the same sequence anywhere.
function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed) * 2n + 1n);
  return (n) => {
    s = BigInt.asUintN(64, s ^ (s << 13n));
    s ^= s >> 7n;
    s = BigInt.asUintN(64, s ^ (s << 17n));
    return Number(s % BigInt(n));
  };
}

const OPS = ['play', 'play', 'play', 'illegal', 'undo', 'clone', 'record', 'mfn', 'bot', 'perft'];

function runSequence(seed, steps) {
  const pick = rng(seed);
  const live = mana.liveObjects();
  const game = new mana.Game({ rules: pick(2) ? 'cosmoludo' : 'jactalea' });
  game.setupRandom(BigInt(seed) * 0x9e3779b97f4a7c15n & 0xffffffffffffffffn);
  const base = game.history().length;
  const seen = [game.getPosition()]; // the position after each model move
  const moves = [];
  const bot = new mana.Bot(['random', 'ab', 'mcts'][pick(3)], { nodes: 200, iterations: 50, seed: seed + 1 });
  for (let step = 0; step < steps; step++) {
    const op = OPS[pick(OPS.length)];
    const legal = game.legalMoves();
    const before = game.getPosition();
    if (op === 'play' && legal.length) {
      const m = legal[pick(legal.length)];
      const text = game.format(m);
      game.play(pick(2) ? m : text);
      moves.push(text);
      seen.push(game.getPosition());
    } else if (op === 'illegal') {
      const bad = [0, 0xffffffff, (1 << 12) | 63 | (63 << 6)][pick(3)];
      if (!legal.includes(bad)) {
        assert.throws(() => game.play(bad), mana.ManaError);
        assert.equal(game.getPosition(), before);
      }
    } else if (op === 'undo' && moves.length) {
      game.undo();
      moves.pop();
      seen.pop();
    } else if (op === 'clone') {
      const c = game.clone();
      assert.equal(c.getPosition(), before);
      assert.deepEqual(c.history(), game.history());
      if (c.legalMoves().length) c.play(c.legalMoves()[0]);
      assert.equal(game.getPosition(), before); // independent
      c.free();
      c.free(); // twice: a no-op
      assert.throws(() => c.getPosition(), /this Game was freed/);
    } else if (op === 'record') {
      const again = mana.readRecord(game.writeRecord({ Event: `sequence ${seed}` }));
      assert.equal(again.game.getPosition(), before);
      assert.deepEqual(again.game.history(), game.history());
      again.game.free();
    } else if (op === 'mfn') {
      const g = new mana.Game({ rules: game.rules, position: before });
      assert.equal(g.getPosition(), before);
      assert.equal(g.perft(1), game.perft(1));
      g.free();
    } else if (op === 'bot' && game.status < mana.Status.WHITE_WON) {
      const m = bot.choose(game);
      assert.ok(legal.includes(m), `the bot's move ${m} is legal`);
      assert.equal(game.getPosition(), before); // only read
    } else if (op === 'perft') {
      assert.equal(game.perft(1), legal.length);
    }
    // invariants after every call
    assert.equal(game.history().length, base + moves.length);
    assert.deepEqual(game.history().slice(base), moves);
    assert.equal(game.getPosition(), seen[seen.length - 1]);
    assert.equal(game.perft(1), game.legalMoves().length);
    assert.equal(game.status >= mana.Status.WHITE_WON, game.legalMoves().length === 0);
  }
  bot.free();
  bot.free();
  assert.throws(() => bot.description, /this Bot was freed/);
  assert.throws(() => bot.clear(), /this Bot was freed/);
  game.free();
  assert.equal(mana.liveObjects(), live, 'every object freed once');
}

test('generated call sequences on Game and Bot keep their invariants', () => {
  for (let seed = 1; seed <= 40; seed++) runSequence(seed, 60);
});
