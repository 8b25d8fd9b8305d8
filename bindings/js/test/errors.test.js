// SPDX-License-Identifier: MIT
// Bad input at the JavaScript boundary: a ManaError with the library's code,
// name and detail, and the game unchanged afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana, withGame } from './helpers.js';

const { Game, ManaError, Errors, Bot } = mana;
const START = 'rrdrrr/6/6/6/6/RRRDRR b - 0';

/** Asserts fn throws a ManaError with this code and a detail matching re. */
function throwsMana(fn, code, re) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof ManaError, `not a ManaError: ${e}`);
    assert.equal(e.code, code, e.message);
    assert.equal(e.name, 'ManaError');
    assert.equal(e.codeName, Object.keys(Errors).map((k) => `MANA_${k}`).find((n) => Errors[n.slice(5)] === code));
    assert.ok(String(e).startsWith('ManaError: '), String(e));
    assert.match(e.detail, re);
    return true;
  });
}

test('an illegal move names why and leaves the game as it was', () => {
  withGame({ position: START }, (g) => {
    const hash = g.hash;
    // a6 has 2 marks at orientation... the piece on a6 moves exactly its
    // square's mark count; a1 is 5 ranks away.
    throwsMana(() => g.play('a6-a1'), Errors.EILLEGAL, /moves exactly \d steps?/);
    throwsMana(() => g.play('a1-a2'), Errors.EILLEGAL, /holds White's piece, and Black is to move/);
    throwsMana(() => g.play('c3-c4'), Errors.EILLEGAL, /no piece on c3/);
    assert.equal(g.hash, hash);
    assert.equal(g.position, START);
    assert.equal(g.historyValues().length, 0);
  });
});

test('unreadable text is MANA_EPARSE; an MFN error names the field', () => {
  withGame({}, (g) => {
    throwsMana(() => g.play('hello'), Errors.EPARSE, /./);
    throwsMana(() => g.setPosition('rrdrrr/6/6/6/6/RRRDRR x - 0'), Errors.EPARSE, /side|field/i);
    throwsMana(() => g.setPosition('rrdrrr/6/6/6/6/RRRDRR b - 0\0junk'), Errors.EPARSE, /NUL/);
    throwsMana(() => g.setPosition(''), Errors.EPARSE, /./);
    assert.equal(g.status, mana.Status.SETUP, 'a refused MFN leaves the setup as it was');
  });
});

test('undo with no history, moves after the end, options after a move', () => {
  withGame({ position: START }, (g) => {
    throwsMana(() => g.undo(), Errors.ENOHISTORY, /./);
    g.play(g.legalMoves()[0]);
    throwsMana(() => g.setOption('blocked', 'draw'), Errors.ESTATE, /./);
  });
  // Black to move without its Damyo: White has already won.
  withGame({ position: '6/6/6/6/6/RRRDRR b - 0' }, (g) => {
    assert.equal(g.status, mana.Status.WHITE_WON);
    assert.deepEqual(g.legalMoves(), []);
    throwsMana(() => g.play('a1-a2'), Errors.EOVER, /./);
  });
});

test('the position is MANA_ESTATE during setup (null from the getter)', () => {
  withGame({}, (g) => {
    assert.equal(g.position, null);
    throwsMana(() => g.getPosition(), Errors.ESTATE, /./);
  });
});

test('bad options, rules, squares, moves, depths and bots', () => {
  throwsMana(() => new Game({ rules: 'chess' }), Errors.EINVAL, /unknown rules/);
  // Option values are read by the library (mana_option_parse): MANA_EPARSE.
  throwsMana(() => new Game({ blocked: 'maybe' }), Errors.EPARSE, /Blocked: bad value 'maybe' \(expected pass\|draw\|loss\)/);
  throwsMana(() => new Game({ repetition: 1 }), Errors.EPARSE, /Repetition/);
  throwsMana(() => new Game({ plyLimit: -3 }), Errors.EPARSE, /PlyLimit/);
  throwsMana(() => new Game({ colour: 'red' }), Errors.EINVAL, /unknown rule option 'colour'/);
  assert.throws(() => new Game({ blocked: {} }), TypeError);
  withGame({ position: START }, (g) => {
    throwsMana(() => g.perft(65), Errors.EINVAL, /depth/);
    throwsMana(() => g.perft(-1), Errors.EINVAL, /depth/);
    assert.throws(() => g.perft(1.5), TypeError);
    assert.throws(() => g.pieceAt(36), RangeError);
    assert.throws(() => g.pieceAt('g1'), RangeError);
    assert.throws(() => g.play(-1), TypeError);
    assert.throws(() => g.play(2 ** 32), TypeError);
    assert.throws(() => g.play(null), TypeError);
    throwsMana(() => g.play(0xffff), Errors.EILLEGAL, /bit layout/);
    throwsMana(() => g.format(0), Errors.EILLEGAL, /./);
    throwsMana(() => g.reserve(2), Errors.EINVAL, /colour/);
    assert.equal(g.isLegal('zz'), false);
    assert.equal(g.isLegal(0), false);
  });
  throwsMana(() => new Bot('deep-blue'), Errors.EINVAL, /unknown bot kind/);
  throwsMana(() => new Bot('ab', { depth: -1 }), Errors.EINVAL, /depth/);
});

test('a freed game or bot refuses to be used, free twice is harmless', () => {
  const g = new Game();
  g.free();
  g.free();
  assert.equal(g.freed, true);
  assert.throws(() => g.legalMoves(), /freed/);
  const b = new Bot('random');
  b.free();
  assert.throws(() => b.choose(new Game()), /freed/);
});
