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

test('a bad record is refused with the line, the column and the reason', () => {
  const bad = (text, code, re) => assert.throws(() => mana.readRecord(text), (e) => {
    assert.ok(e instanceof ManaError);
    assert.equal(e.code, code, e.message);
    assert.match(e.detail, re);
    return true;
  });
  bad('Rules: jactalea\n\nO9\n', Errors.EPARSE, /^3:1: move 1 'O9'/);
  bad('Rules: chess\n\n', Errors.EPARSE, /^1:8: Rules: unknown rules 'chess'/);
  bad('White: x\n\nO1\n', Errors.EPARSE, /no Rules header/);
  bad('Rules: jactalea\nResult: 1-0\n\nO1\n', Errors.EPARSE, /^2:9: Result says 1-0/);
  bad('Rules: jactalea\n\nO1 O2\n', Errors.EILLEGAL, /^3:4: /);
  bad('Rules: jactalea\n\nO1 \0\n', Errors.EPARSE, /NUL/);
  bad('', Errors.EPARSE, /./);
});

test('a record with a byte-order mark and CRLF line ends reads as the plain one', () => {
  const r = mana.readRecord('\uFEFFRules: jactalea\r\nWhite: Ann\r\n\r\nO1 D@a6\r\n');
  assert.deepEqual(r.game.history(), ['O1', 'D@a6']);
  assert.equal(r.white, 'Ann');
  r.game.free();
});

test('a file of several games reads game after game', () => {
  const a = botGame({}, 5), b = botGame({ rules: 'cosmoludo' }, 6);
  const text = `${a.writeRecord({ event: 'one' })}\n${b.writeRecord({ event: 'two' })}`;
  const games = mana.readRecords(text);
  assert.equal(games.length, 2);
  assert.deepEqual(games.map((r) => r.tags.Event), ['one', 'two']);
  assert.equal(games[0].game.position, a.position);
  assert.equal(games[1].game.position, b.position);
  assert.equal(games[1].game.rules, 'cosmoludo');
  for (const r of games) r.game.free();
  a.free(); b.free();
});

test('endReason and endText say why a game ended', () => {
  const { EndReason, Status } = mana;
  withGame({}, (g) => {
    assert.equal(g.endReason, EndReason.NONE);
    assert.equal(g.endText, 'setup'); // mana_end_text's word while it goes on
  });
  // Black to move without its Damyo: captured (or missing), White won.
  withGame({ position: '6/6/6/6/6/RRRDRR b - 0' }, (g) => {
    assert.equal(g.status, Status.WHITE_WON);
    assert.equal(g.endReason, EndReason.DAMYO_CAPTURED);
    assert.equal(g.endText, "White won, Black's Damyo captured"); // as mana-cli's board says it
  });
  // A ply limit of 1: the first move of play ends the game drawn.
  withGame({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0', plyLimit: 1 }, (g) => {
    g.play('a6-a4');
    assert.equal(g.status, Status.DRAWN);
    assert.equal(g.endReason, EndReason.PLY_LIMIT);
    assert.equal(g.endText, 'drawn at the ply limit');
  });
});

test('history() and historyText() are the library\'s notation of the moves', () => {
  const g = botGame({}, 9);
  const moves = g.history();
  assert.equal(moves.length, g.historyValues().length);
  assert.equal(g.historyText(), moves.join(' '));
  assert.match(moves[0], /^O[0-3]$/);
  g.free();
});

test('svg() draws the position, with options', () => {
  withGame({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0' }, (g) => {
    const svg = g.svg();
    assert.match(svg, /<svg [^>]*width="440"/);
    assert.match(svg, /<\/svg>\s*$/);
    assert.match(g.svg({ width: 220 }), /<svg [^>]*width="220"/);
    assert.notEqual(g.svg({ flipped: true }), svg);
    assert.ok(g.svg({ caption: false }).length < svg.length);
    assert.throws(() => g.svg({ width: 10 }), (e) => e.code === Errors.EINVAL);
  });
});

test('a record keeps its declared Result: resigned, on time, or none', () => {
  const resigned = mana.readRecord('Rules: jactalea\nTermination: White resigned\nResult: 0-1\n\nO0 D@a6 R@a5\n');
  assert.equal(resigned.result, '0-1');
  assert.equal(resigned.tags.Termination, 'White resigned');
  assert.equal(resigned.game.result, '*'); // the moves alone: still in setup
  resigned.game.free();
  const none = mana.readRecord('Rules: jactalea\n\nO0 D@a6\n');
  assert.equal(none.result, null);
  none.game.free();
  const won = mana.readRecord('Rules: jactalea\nMFN: 6/6/6/2R3/dR4/4D1 w 2 0\nResult: 1-0\n\nb2xa2\n');
  assert.equal(won.result, '1-0');
  assert.equal(won.game.result, '1-0');
  won.game.free();
  // a truncated record whose Result the moves do not reach is refused
  assert.throws(() => mana.readRecord('Rules: jactalea\nResult: 0-1\n\nO0 D@a6\n'),
    (e) => e instanceof ManaError && e.code === Errors.EPARSE && /Result says 0-1/.test(e.message));
});

test('option values out of range are refused under wasm32 (32-bit long) too', () => {
  // 4294967301 = 2^32 + 5: a parse that wraps a 32-bit long would read 5
  for (const v of ['2147483648', '4294967301', '99999999999999999999']) {
    assert.throws(() => mana.readRecord(`Rules: jactalea\nPlyLimit: ${v}\n\nO0\n`),
      (e) => e instanceof ManaError && e.code === Errors.EPARSE && e.message.includes(`PlyLimit: bad value '${v}'`));
  }
  const r = mana.readRecord('Rules: jactalea\nPlyLimit: 00000000001000000000\n\nO0\n');
  assert.equal(r.game.options.plyLimit, 1000000000);
  r.game.free();
});

test('tag values up to MANA_TAG_VALUE_MAX (127 bytes) keep every UTF-8 character', () => {
  const g = new Game();
  // 87 bytes; a cut at 63 bytes (the old 64-byte buffers) would split the é at bytes 63-64
  const name = 'Round7 ' + 'Jérôme '.repeat(9).trim();
  assert.equal(new TextEncoder().encode(name).length, 87);
  assert.equal(new TextEncoder().encode(name)[62], 0xc3);
  const r = mana.readRecord(g.writeRecord({ white: name }));
  assert.equal(r.white, name);
  r.game.free();
  const max = 'é'.repeat(63) + 'x'; // 127 bytes: the longest value
  const r2 = mana.readRecord(g.writeRecord({ white: max }));
  assert.equal(r2.white, max);
  r2.game.free();
  assert.throws(() => g.writeRecord({ white: max + 'y' }),
    (e) => e instanceof ManaError && e.code === Errors.EINVAL && /value of 128 bytes, at most 127/.test(e.message));
  g.free();
});
