// SPDX-License-Identifier: MIT
// The bots of the web board, in a Web Worker so that the page never waits
// for a search.  The worker has its own libmana module; the page sends the
// game as a record (the one text format of a whole game, options and start
// position included) and gets back the chosen move as text.
//
//   in:  { id, record, kind, limits }     out: { id, move, stats } | { id, error }
import { init } from '../bindings/js/index.js';

const ready = init();
const bots = new Map(); // one bot per level, so ab keeps its hash table

async function choose({ id, record, kind, limits }) {
  const mana = await ready;
  const key = `${kind} ${JSON.stringify(limits)}`;
  if (!bots.has(key)) bots.set(key, new mana.Bot(kind, limits));
  const { game } = mana.readRecord(record);
  try {
    const move = bots.get(key).choose(game);
    return { id, move: game.format(move), stats: bots.get(key).stats };
  } finally {
    game.free();
  }
}

self.onmessage = async (e) => {
  try {
    self.postMessage(await choose(e.data));
  } catch (err) {
    self.postMessage({ id: e.data.id, error: err.detail || String(err) });
  }
};
ready.then(() => self.postMessage({ ready: true }));
