// SPDX-License-Identifier: MIT
// The bots of the WebAssembly build answer as the native engine protocol
// (mana-cli engine: $MANA_CLI, built by make, default build/mana-cli) on
// the 50 positions of tests/data/bot_positions.txt (tools/mkbotpositions.py):
// the same bestmove and score for ab at 2000 nodes and mcts at 300
// playouts, seed 1, one thread, each position searched by a fresh bot
// (newgame in the engine).  bindings/python/tests/test_bot.py compares
// Python's mana.Bot with the same engine, so the three agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { mana, repo } from './helpers.js';

const cli = process.env.MANA_CLI || join(repo, 'build', 'mana-cli');
const positions = readFileSync(join(repo, 'tests', 'data', 'bot_positions.txt'), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => { const i = l.indexOf(' '); return { rules: l.slice(0, i), mfn: l.slice(i + 1).trim() }; });

/** mana-cli engine as a line-by-line conversation. */
function engine() {
  const p = spawn(cli, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let wake = null;
  createInterface({ input: p.stdout }).on('line', (l) => { lines.push(l); if (wake) wake(); });
  const next = async () => {
    while (!lines.length) await new Promise((r) => { wake = r; });
    return lines.shift();
  };
  const send = (l) => p.stdin.write(l + '\n');
  /** Sends the commands, then reads up to the line starting with word; the lines read. */
  const ask = async (cmds, word) => {
    cmds.forEach(send);
    const seen = [];
    for (;;) {
      const l = await next();
      seen.push(l);
      if (l.split(' ')[0] === word) return seen;
    }
  };
  return { ask, quit: () => { send('quit'); p.stdin.end(); } };
}

/** The bestmove and the score of the last info line that has one ("cp 12", "mate 3", or null). */
function answer(lines) {
  let score = null;
  for (const l of lines) {
    const m = / score (cp|mate) (-?\d+)/.exec(l);
    if (l.startsWith('info ') && m) score = `${m[1]} ${m[2]}`;
  }
  return { move: lines[lines.length - 1].split(' ')[1], score };
}

for (const [kind, limits, go] of [['ab', { nodes: 2000 }, 'go nodes 2000'],
                                  ['mcts', { iterations: 300 }, 'go iterations 300']]) {
  test(`${kind}: the same bestmove and score as mana-cli engine on 50 positions`, async () => {
    assert.ok(existsSync(cli), `${cli} is missing: run make`);
    assert.equal(positions.length, 50);
    const e = engine();
    try {
      await e.ask(['mana', `setoption name Bot value ${kind}`, 'setoption name Seed value 1'], 'manaok');
      let mates = 0;
      for (const { rules, mfn } of positions) {
        const theirs = answer(await e.ask([`setoption name Rules value ${rules}`, 'newgame',
          `position mfn ${mfn}`, go], 'bestmove'));
        const g = new mana.Game({ rules, position: mfn });
        const bot = new mana.Bot(kind, { ...limits, seed: 1 });
        try {
          const move = g.format(bot.choose(g));
          const s = bot.stats;
          // The only legal move is answered unsearched (0 nodes): no score, as the engine sends none.
          const score = s.nodes === 0 ? null : s.mate ? `mate ${s.mate}` : `cp ${s.score}`;
          mates += s.mate !== 0;
          assert.deepEqual({ move, score }, theirs, `${rules} ${mfn}`);
        } finally {
          bot.free();
          g.free();
        }
      }
      // The positions hold won endings (mates) for ab, not only quiet ones.
      if (kind === 'ab') assert.ok(mates > 0 && mates < 50);
    } finally {
      e.quit();
    }
  });
}
