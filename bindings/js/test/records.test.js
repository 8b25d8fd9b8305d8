// SPDX-License-Identifier: MIT
// Game records written and read by the library, SVG pictures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana, withGame } from './helpers.js';

const { Game, Bot, ManaError, Errors } = mana;

function botGame(options, seed) {
  const g = new Game(options);
  const b = new Bot('random', { seed });
  while (!g.isOver) g.play(b.choose(g));
  b.free();
  return g;
}

test('a finished game round-trips through its record', () => {
  for (const [i, options] of [{}, { rules: 'cosmoludo', blocked: 'draw' },
    { reentry: 'mana-mark', plyLimit: 60, repetition: 3 }].entries()) {
    const g = botGame(options, i + 1);
    const text = g.writeRecord({ white: 'Ann', black: 'random', date: '2026-11-30' });
    assert.match(text, /^Rules: (jactalea|cosmoludo)\n/);
    assert.match(text, /\nWhite: Ann\nBlack: random\nDate: 2026-11-30\n/);
    assert.match(text, new RegExp(`Result: ${g.result.replace(/[/]/g, '\\/')}`));
    const r = mana.readRecord(text);
    assert.equal(r.white, 'Ann');
    assert.equal(r.black, 'random');
    assert.equal(r.date, '2026-11-30');
    assert.equal(r.startMfn, null);
    assert.equal(r.game.rules, g.rules);
    assert.deepEqual(r.game.options, g.options);
    assert.deepEqual(r.game.historyValues(), g.historyValues());
    assert.equal(r.game.position, g.position);
    assert.equal(r.game.hash, g.hash);
    assert.equal(r.game.writeRecord({ white: 'Ann', black: 'random', date: '2026-11-30' }), text);
    r.game.free();
    g.free();
  }
});

test('a game from an MFN keeps its start position in the record', () => {
  withGame({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0' }, (g) => {
    g.play('a6-a4');
    const text = g.writeRecord({ date: '2026-01-01' });
    assert.match(text, /MFN: rrdrrr\/6\/6\/6\/6\/RRRDRR b - 0/);
    const r = mana.readRecord(text);
    assert.equal(r.startMfn, 'rrdrrr/6/6/6/6/RRRDRR b - 0');
    assert.deepEqual(r.game.history(), ['a6-a4']);
    // A game read from a record writes the same record again.
    assert.equal(r.game.writeRecord({ date: '2026-01-01' }), text);
    r.game.free();
  });
});

test('a bad record is refused with the line and the reason', () => {
  const bad = (text, re) => assert.throws(() => mana.readRecord(text), (e) => {
    assert.ok(e instanceof ManaError);
    assert.equal(e.code, Errors.EPARSE);
    assert.match(e.detail, re);
    return true;
  });
  bad('Rules: jactalea\n\nO9\n', /record:3/);
  bad('Rules: chess\n\n', /record:1/);
  bad('White: x\n\nO1\n', /Rules/);
  bad('Rules: jactalea\nResult: 1-0\n\nO1\n', /Result/);
  bad('', /./);
});

test('svg() draws the position', () => {
  withGame({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0' }, (g) => {
    const svg = g.svg();
    assert.match(svg, /^<\?xml[^>]*>\s*<svg /);
    assert.match(svg, /<\/svg>\s*$/);
  });
});
