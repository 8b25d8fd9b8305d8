// SPDX-License-Identifier: MIT
// The bots of the web board, in a Web Worker so that the page never waits
// for a search.  The worker has its own libmana module; the page sends the
// game as a record (the one text format of a whole game, options and start
// position included) and gets back moves as text.  Two kinds of request:
//
//   a move:    in  { id, record, kind, limits, clock }
//              out { id, move, stats } | { id, error }
//              clock: null, or the clocks the bot plays on, { wtime, btime,
//              winc, binc } in ms (Bot.choose: the library's time manager
//              gives the side to move its budget from them)
//   analysis:  in  { id, record, analyse: true, budgetMs }
//              out, once per completed depth of ab (1, 2, 3, ...):
//                  { id, analysis: true, final, depth, nodes, score, mate,
//                    best, pv: [move text], multipv: [{ score, mate, pv }] }
//              | { id, error }
//
// An analysis reply's score is centi-Ronins from the view of the side to
// move of the analysed position, mate the plies to a forced win (> 0) or
// loss (< 0) for it (Bot.stats).  pv is the best line as text: the bot's
// principal variation when Bot.stats has one (stats.pv, moves as integers),
// else the one move the search chose; multipv the other lines of the
// MultiPV search (Bot.lines after the first: [{ score, mate, pv }]); best
// the best move as its mana_move integer (for the board's arrow).
// Each depth is a fresh ab bot with a depth limit, so a reply is the same
// as `new Bot('ab', { depth })` gives anywhere.  Deepening stops when a
// mate is found, when a depth adds nothing (setup searches are shallow),
// or when budgetMs is spent; a newer request stops an older one between
// two depths.
import { init } from '../bindings/js/index.js';

const ready = init();
// One bot per level, so ab keeps its hash table; at most MAX_BOTS of them
// (the least recently used freed first), so that a page that asks for many
// different limits does not keep a 16 MiB table for each for ever.
const bots = new Map();
const MAX_BOTS = 4;

function botFor(mana, kind, limits) {
  const key = `${kind} ${JSON.stringify(limits)}`;
  let bot = bots.get(key);
  if (bot) {
    bots.delete(key); // to the end: the most recently used
  } else {
    bot = new mana.Bot(kind, limits);
    if (bots.size >= MAX_BOTS) {
      const [oldest, old] = bots.entries().next().value;
      bots.delete(oldest);
      old.free();
    }
  }
  bots.set(key, bot);
  return bot;
}
const MAX_DEPTH = 60; // ab's deepest iteration (BotLimits.depth)
let latest = 0; // the newest request: older analyses stop

async function choose({ id, record, kind, limits, clock }) {
  const mana = await ready;
  const bot = botFor(mana, kind, limits);
  const { game } = mana.readRecord(record);
  try {
    const move = bot.choose(game, clock ?? {});
    return { id, move: game.format(move), stats: bot.stats };
  } finally {
    game.free();
  }
}

/** The moves of a line from game's position, as text (each formatted in
 * the position it is played from). */
function lineText(game, moves) {
  const g = game.clone();
  try {
    return moves.map((m) => {
      const t = g.format(m);
      g.play(m);
      return t;
    });
  } finally {
    g.free();
  }
}

/** The lines the analysis shows: the best and the next two (MultiPV). */
const ANALYSIS_LINES = 3;

/** One depth of the analysis: the reply for a fresh ab bot of that depth,
 * searching ANALYSIS_LINES lines (Bot.lines, best first). */
function analyseDepth(mana, game, depth) {
  const bot = new mana.Bot('ab', { depth, multipv: ANALYSIS_LINES });
  try {
    const move = bot.choose(game);
    const s = bot.stats;
    const pv = Array.isArray(s.pv) && s.pv.length ? s.pv : [move];
    const multipv = bot.lines.slice(1)
      .map((l) => ({ score: l.score, mate: l.mate, pv: lineText(game, l.pv) }));
    return { depth: s.depth, nodes: s.nodes, score: s.score, mate: s.mate, best: pv[0], pv: lineText(game, pv), multipv };
  } finally {
    bot.free();
  }
}

async function analyse({ id, record, budgetMs = 1500 }) {
  const mana = await ready;
  const { game } = mana.readRecord(record);
  const t0 = performance.now();
  try {
    let before = -1;
    for (let d = 1; d <= MAX_DEPTH && id === latest; d++) {
      const r = analyseDepth(mana, game, d);
      // The next depth costs a few times this one: stop before the budget.
      const final = d === MAX_DEPTH || r.mate !== 0 || r.depth === before ||
        (performance.now() - t0) * 3 > budgetMs;
      self.postMessage({ id, analysis: true, final, ...r });
      if (final) return;
      before = r.depth;
      await new Promise((ok) => setTimeout(ok, 0)); // lets a newer request in
    }
  } finally {
    game.free();
  }
}

self.onmessage = async (e) => {
  latest = e.data.id;
  try {
    if (e.data.analyse) await analyse(e.data);
    else self.postMessage(await choose(e.data));
  } catch (err) {
    self.postMessage({ id: e.data.id, error: err.detail || String(err) });
  }
};
ready.then(() => self.postMessage({ ready: true }));
