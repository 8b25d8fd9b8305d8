// SPDX-License-Identifier: MIT
// Integers crossing into C are range-checked (never wrapped to a C int),
// and errors name the operation, as the Python package's do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana, withGame } from './helpers.js';

const { Game, ManaError, Errors, Bot } = mana;

function throwsCode(fn, code, re) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof ManaError, `not a ManaError: ${e}`);
    assert.equal(e.code, code, e.message);
    assert.match(e.message, re);
    return true;
  });
}

test('perft depths outside 0..64 are refused, not wrapped (2^32 + 1 is not 1)', () => {
  withGame({}, (g) => {
    // at the start Black chooses one of the 4 orientations O0..O3
    assert.equal(g.perft(1), 4);
    for (const d of [2 ** 32 + 1, -1, 65, 2 ** 53])
      throwsCode(() => g.perft(d), Errors.EINVAL, new RegExp(`^perft to depth ${d}: .*outside 0\\.\\.64`));
    assert.throws(() => g.perft(1.5), TypeError);
    assert.throws(() => g.perft('1'), TypeError);
    // the message quotes a string, so '1' does not read as the integer 1
    assert.throws(() => g.perft('1'), { message: 'perft depth must be an integer, not the string "1"' });
    assert.throws(() => g.pieceAt(2.5), { name: 'RangeError', message: 'not a square index: 2.5 (an integer 0..35, a1 = 0)' });
  });
});

test('seeds are 0..2^64-1 like Python (setupRandom(-1) refused, no wrap)', () => {
  withGame({}, (g) => {
    for (const s of [-1, -1n, 2n ** 64n])
      assert.throws(() => g.setupRandom(s), (e) => e instanceof RangeError && /0\.\.2\^64-1/.test(e.message));
    assert.throws(() => g.setupRandom(1.5), TypeError);
    assert.throws(() => g.setupRandom(2 ** 53), TypeError); // not a safe integer: use a BigInt
    assert.equal(g.historyValues().length, 0);
    // the largest seed is accepted and equals its BigInt spelling
    const h = g.clone();
    g.setupRandom(2n ** 64n - 1n);
    h.setupRandom(0xffffffffffffffffn);
    assert.deepEqual(g.history(), h.history());
    h.free();
    assert.throws(() => new Bot('random', { seed: -1 }), RangeError);
  });
});

test('svg widths that do not fit a C int are refused before C', () => {
  withGame({}, (g) => {
    throwsCode(() => g.svg({ width: 2 ** 32 + 440 }), Errors.EINVAL, /^draw the board: .*outside/);
    assert.match(g.svg({ width: 440 }), /<svg [^>]*width="440"/);
  });
});

test('choose on a finished game gives the current reason, not a stale detail', () => {
  withGame({}, (g) => {
    g.setupRandom(3);
    const b = new Bot('random', { seed: 2 });
    while (!g.isOver) g.play(b.choose(g));
    const result = ['White won', 'Black won', 'drawn'][g.status - 2];
    assert.throws(() => b.choose(g), (e) => {
      assert.equal(e.code, Errors.EOVER);
      assert.equal(e.detail, result);
      assert.equal(e.message, `choose a move: the game is finished (${result})`);
      return true;
    });
    b.free();
  });
});

test('errors name the operation, not the C function', () => {
  withGame({}, (g) => {
    assert.throws(() => g.play('b2-b3'), (e) => {
      assert.equal(e.code, Errors.EILLEGAL);
      assert.equal(e.call, "play 'b2-b3'");
      assert.match(e.message, /^play 'b2-b3': illegal move \(/);
      assert.doesNotMatch(e.message, /mana_/);
      return true;
    });
    assert.throws(() => g.parse('zz'), (e) => e.call === "parse 'zz'" && !/mana_/.test(e.message));
    assert.throws(() => g.undo(), (e) => e.call === 'undo' && e.code === Errors.ENOHISTORY);
  });
});
