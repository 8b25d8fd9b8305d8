// SPDX-License-Identifier: MIT
// The Game and Bot API: options, positions, queries, clone, history, bots,
// version.  Expected values are worked out from docs/rules.md by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, mana, withGame } from './helpers.js';

const { Game, Bot, Status, Color, MoveKind, Move } = mana;
const START = 'rrdrrr/6/6/6/6/RRRDRR b - 0';

test('the package version is the library version (include/mana.h)', () => {
  const pkg = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8'));
  assert.equal(pkg.version, mana.version);
  assert.match(mana.version, /^\d+\.\d+\.\d+$/);
});

test('new Game() is a jactalea game at the orientation choice', () => {
  withGame(undefined, (g) => {
    assert.equal(g.rules, 'jactalea');
    assert.equal(g.status, Status.SETUP);
    assert.equal(g.sideToMove, Color.BLACK, 'Black chooses the orientation');
    assert.equal(g.orientation, -1);
    assert.deepEqual(g.legalMoves().map((m) => g.format(m)), ['O0', 'O1', 'O2', 'O3']);
    assert.deepEqual(g.options, { orientation: 'chosen', setupArea: 'two-ranks', damyoOnDouble: false,
      reentry: 'any', reentryWhenBlocked: true, blocked: 'pass', repetition: 0, plyLimit: 0 });
  });
});

test('String(game) counts the setup moves in English: 0 moves, 1 move, 2 moves', () => {
  withGame(undefined, (g) => {
    assert.equal(String(g), 'Game(jactalea, setup after 0 moves)');
    g.play('O0');
    assert.equal(String(g), 'Game(jactalea, setup after 1 move)');
    g.play('D@c6'); // orientation 0: c6 has 3 marks, any square of ranks 5-6 will do
    assert.equal(String(g), 'Game(jactalea, setup after 2 moves)');
  });
});

test('cosmoludo preset and options by name', () => {
  withGame({ rules: 'cosmoludo', blocked: 'draw', repetition: 3, plyLimit: 200, reentryWhenBlocked: false }, (g) => {
    assert.equal(g.rules, 'cosmoludo');
    assert.equal(g.orientation, 3);
    // docs/rules.md "Rule options": cosmoludo fixes orientation 3, the back rank,
    // the Damyo on a double square; re-entry stays on any empty square.
    assert.deepEqual(g.options, { orientation: 3, setupArea: 'back-rank', damyoOnDouble: true,
      reentry: 'any', reentryWhenBlocked: false, blocked: 'draw', repetition: 3, plyLimit: 200 });
  });
  withGame({ rules: 1, damyoOnDouble: 'off', orientation: 0 }, (g) => {
    assert.equal(g.getOption('damyoOnDouble'), false);
    assert.equal(g.orientation, 0);
  });
});

// The exception (docs/rules.md "The Mana"), worked out as in
// tests/check_reach.c: White's lone Damyo on f1 (3 marks) starts every path
// through e1 or f2, Black Ronins, so it cannot step; its reserve of 5 may
// re-enter; without re-entry when blocked (blocked = pass) it can only pass.
// In "6/6/2d3/R1R3/5R/4RD w 3 0" the bound f1 is boxed by its own e1 and f2,
// which may step, as may a3 and c3, or a Ronin re-enter (reserve 1).
test('binding: the Mana binds, or the exception frees steps and re-entries', () => {
  const { Binding } = mana;
  withGame({ position: '6/6/6/6/5r/3drD w 3 0' }, (g) => assert.equal(g.binding, Binding.EXCEPTION | Binding.REENTRY));
  withGame({ position: '6/6/6/6/5r/3drD w 3 0', reentryWhenBlocked: false }, (g) => {
    assert.equal(g.binding, Binding.EXCEPTION);
    assert.deepEqual(g.legalMoves().map((m) => g.format(m)), ['pass']);
  });
  withGame({ position: '6/6/2d3/R1R3/5R/4RD w 3 0' }, (g) =>
    assert.equal(g.binding, Binding.EXCEPTION | Binding.STEPS | Binding.REENTRY));
  withGame({ position: '6/6/2d3/R1R3/5R/4RD w 2 0' }, (g) => assert.equal(g.binding, Binding.BOUND));
  withGame(undefined, (g) => assert.equal(g.binding, 0, 'setup'));
});

test('a position: pieces, marks, Mana, reserve, side, moves', () => {
  withGame({ position: START }, (g) => {
    assert.equal(g.status, Status.PLAYING);
    assert.equal(g.sideToMove, Color.BLACK);
    assert.equal(g.pieceAt('c6'), 'd');
    assert.equal(g.pieceAt(3), 'D');
    assert.equal(g.pieceAt('c3'), null);
    assert.equal(g.mana, 0, 'no Mana before the first move');
    assert.equal(g.manaSquare, null);
    assert.equal(g.binding, 0, 'no Mana: nothing binds');
    assert.equal(g.reserve(Color.WHITE), 0);
    // perft.txt: this position has 16 legal moves.
    assert.equal(g.legalMoves().length, 16);
    const m = g.play('a6-a4');
    assert.equal(Move.kind(m), MoveKind.STEP);
    assert.equal(mana.squareName(Move.from(m)), 'a6');
    assert.equal(mana.squareName(Move.to(m)), 'a4');
    assert.equal(m, Move.make(MoveKind.STEP, mana.square('a6'), mana.square('a4')));
    // The Mana now binds White to the mark count of a4, where it landed.
    assert.equal(g.manaSquare, mana.square('a4'));
    assert.equal(g.mana, g.marksAt('a4'));
    assert.equal(g.sideToMove, Color.WHITE);
    assert.equal(g.binding, mana.Binding.BOUND, 'White has pieces on a4\'s mark count that can step');
    g.undo();
    assert.equal(g.position, START);
  });
});

test('clone is independent; hash follows the position; history as text', () => {
  withGame({ position: START }, (g) => {
    const h0 = g.hash;
    assert.equal(typeof h0, 'bigint');
    const c = g.clone();
    c.play('a6-a4');
    assert.notEqual(c.hash, h0);
    assert.equal(g.hash, h0);
    assert.equal(g.position, START);
    c.play(c.legalMoves()[0]);
    assert.deepEqual(c.history(), ['a6-a4', c.history()[1]]);
    assert.equal(c.historyValues().length, 2);
    c.undo(); c.undo();
    assert.equal(c.hash, h0, 'undo restores the hash');
    c.free();
  });
});

test('setupRandom completes the setup the same way for the same seed', () => {
  const a = new Game(), b = new Game();
  a.setupRandom(42n);
  b.setupRandom(42);
  assert.equal(a.status, Status.PLAYING);
  assert.equal(a.position, b.position);
  // Jactalea: the orientation, then 6 placements a side.
  assert.equal(a.historyValues().length, 13);
  a.free(); b.free();
});

test('bots: ab and mcts pick legal moves within their limits, deterministic by seed', () => {
  withGame({ position: START }, (g) => {
    for (const [kind, limits] of [['ab', { depth: 3 }], ['mcts', { iterations: 200, seed: 7 }],
      ['mcts', { nodes: 300 }], ['ab', { nodes: 500 }], ['random', {}], ['ab', { timeMs: 50 }]]) {
      const b = new Bot(kind, limits);
      const m = b.choose(g);
      assert.ok(g.isLegal(m), `${kind} ${JSON.stringify(limits)} chose a legal move`);
      const st = b.stats;
      if (limits.depth) assert.equal(st.depth, 3);
      if (limits.iterations) assert.ok(st.iterations <= 200 && st.iterations > 0);
      if (kind === 'ab' && limits.nodes) assert.ok(st.nodes >= 1);
      assert.match(b.description, new RegExp(`^${kind}`));
      if (kind !== 'ab' || !limits.timeMs) {
        const again = new Bot(kind, limits);
        assert.equal(again.choose(g), m, 'same seed and limits, same move');
        again.free();
      }
      b.free();
    }
  });
});

test('bot stats: the line, its score and the reply to ponder on', () => {
  // The capture in 3 plies of tests/bots/botcheck.c: d4xc3 forces the Damyo
  // on a1 to move (a1-a2 or a1-b1), after which the Ronin on b2 takes it.
  withGame({ position: '6/6/3R2/2r3/1R4/d3D1 w 2 0' }, (g) => {
    const ab = new Bot('ab', { depth: 3 });
    const m = ab.choose(g);
    const st = ab.stats;
    assert.equal(g.format(m), 'd4xc3');
    assert.equal(st.mate, 3);
    assert.equal(st.winRate, null);
    assert.equal(st.pv[0], m);
    assert.equal(st.ponder, st.pv[1]);
    const after = g.clone(); after.play(m);
    assert.ok(['a1-a2', 'a1-b1'].includes(after.format(st.ponder)), 'the reply is a Damyo move');
    after.free(); ab.free();
    const mcts = new Bot('mcts', { iterations: 30 });
    assert.equal(mcts.choose(g), m);
    assert.equal(mcts.stats.winRate, 1, 'proven won');
    assert.equal(mcts.stats.mate, 3, "by its root's mate search: mate in 3 plies, as ab's");
    assert.equal(mcts.stats.score, 30000 - 3);
    mcts.free();
  });
});

test('bot options: multipv lines, hash, and threads refused in WebAssembly', () => {
  // A middle-game position of tests/data/ab_tree.txt with many moves.
  withGame({ position: '1r2d1/2Rr2/r4R/2R3/6/1r1DR1 b 1 0' }, (g) => {
    const ab = new Bot('ab', { depth: 4, multipv: 3, hash: 1 });
    const m = ab.choose(g);
    const lines = ab.lines;
    assert.equal(lines.length, 3);
    assert.deepEqual(lines.map((l) => l.multipv), [1, 2, 3]);
    assert.equal(lines[0].pv[0], m, 'line 1 is the move chosen');
    assert.equal(new Set(lines.map((l) => l.pv[0])).size, 3, 'distinct moves');
    assert.ok(lines[0].score >= lines[1].score && lines[1].score >= lines[2].score, 'ordered by score');
    for (const l of lines) { assert.ok(g.isLegal(l.pv[0])); assert.equal(l.depth, 4); }
    // searchmoves: the moves of lines 2 and 3 (not the best), by value and
    // by text; the choice is one of them, and alone the one given
    const [a, b] = [lines[1].pv[0], lines[2].pv[0]];
    assert.ok([a, b].includes(ab.choose(g, { searchmoves: [a, b] })), 'searchmoves A B answers A or B');
    assert.equal(ab.choose(g, { searchmoves: [g.format(b)] }), b);
    assert.ok(g.isLegal(ab.choose(g, { searchmoves: [] })), 'empty: every move');
    assert.throws(() => ab.choose(g, { searchmoves: [0] }), (e) => e.code === mana.Errors.EILLEGAL);
    assert.throws(() => ab.choose(g, { searchmoves: ['zz'] }), (e) => e.code === mana.Errors.EPARSE);
    ab.free();
    const one = new Bot('ab', { depth: 2 });
    one.choose(g);
    assert.equal(one.lines.length, 1);
    one.free();
  });
  assert.throws(() => new Bot('ab', { threads: 2 }), (e) => e.code === mana.Errors.EINVAL && /no threads/.test(e.detail));
  assert.throws(() => new Bot('ab', { hash: 0 }), (e) => e.code === mana.Errors.EINVAL);
  assert.throws(() => new Bot('ab', { multipv: 17 }), (e) => e.code === mana.Errors.EINVAL && /MultiPV/.test(e.detail));
  new Bot('ab', { threads: 1 }).free();
});

test('ab (depth 2) never misses a win in one', () => {
  // From a perft.txt position, ab plays both sides to the end; whenever a
  // move wins on the spot (the game is then won, found by trying every
  // legal move on a clone), ab's choice must be one of those moves.
  withGame({ position: '2d3/6/2R1r1/1r4/3D2/6 b 3 3' }, (g) => {
    const ab = new Bot('ab', { depth: 2 });
    for (let ply = 0; ply < 200 && !g.isOver; ply++) {
      const wins = g.legalMoves().filter((m) => {
        const c = g.clone(); c.play(m);
        const won = c.isOver && c.status !== Status.DRAWN; c.free(); return won;
      });
      const m = ab.choose(g);
      if (wins.length) assert.ok(wins.includes(m), `ab missed a win at ${g.position}`);
      g.play(m);
    }
    assert.ok(g.isOver);
    ab.free();
  });
});

test('a bot on a finished game: MANA_EOVER', () => {
  withGame({ position: '6/6/6/6/6/RRRDRR b - 0' }, (g) => {
    const b = new Bot('ab');
    assert.throws(() => b.choose(g), (e) => e.code === mana.Errors.EOVER);
    b.free();
  });
});

test('squares: a1 = 0, f1 = 5, a2 = 6, f6 = 35', () => {
  assert.deepEqual(['a1', 'f1', 'a2', 'f6'].map(mana.square), [0, 5, 6, 35]);
  assert.deepEqual([0, 5, 6, 35].map(mana.squareName), ['a1', 'f1', 'a2', 'f6']);
});
