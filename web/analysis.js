// SPDX-License-Identifier: MIT
// The analysis panel: ab's evaluation and best line for the position on the
// board, computed in its own Web Worker (bot-worker.js) so that it never
// delays the bot's moves nor the page.  The bot scores from the view of the
// side to move; the panel says it from the side that is ahead, in words.

const COLOR_NAME = ['White', 'Black'];

/**
 * A score in words: "+0.40 for White", "White wins in 3 plies", "0.00:
 * even".  score: centi-Ronins from mover's view (Bot.stats.score); mate:
 * plies to a forced win (> 0) or loss (< 0) for mover, else 0; mover: the
 * side to move of the analysed position (Color.WHITE 0 or Color.BLACK 1).
 */
export function evalWords(score, mate, mover) {
  if (mate) {
    const n = Math.abs(mate);
    return `${COLOR_NAME[mate > 0 ? mover : 1 - mover]} wins in ${n} pl${n === 1 ? 'y' : 'ies'}`;
  }
  if (score === 0) return '0.00: even';
  return `+${(Math.abs(score) / 100).toFixed(2)} for ${COLOR_NAME[score > 0 ? mover : 1 - mover]}`;
}

/** The analysis of one position at a time, in the panel's elements. */
export class Analysis {
  /** els: { box, eval, detail, pv, multipv } (the panel's elements). */
  constructor(els) {
    this.els = els;
    this.worker = null;
    this.busy = false;
    this.id = 0;
    this.key = null; // the record of the position being analysed
    this.mover = 0;
  }

  _start() {
    if (this.worker) this.worker.terminate();
    this.worker = new Worker(new URL('./bot-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this._reply(e.data);
    this.busy = false;
  }

  /** Stops and hides the analysis. */
  off() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.key = null;
    this.els.box.hidden = true;
    delete this.els.box.dataset.final;
  }

  /** Analyses game (a Game, only read now) unless it is the one shown. */
  show(game) {
    const record = game.writeRecord();
    if (record === this.key) return;
    this.key = record;
    this.els.box.hidden = false;
    delete this.els.box.dataset.final;
    this.els.multipv.replaceChildren();
    if (game.isOver) {
      if (this.worker && this.busy) this._start();
      this.els.eval.textContent = 'The game is over:';
      this.els.detail.textContent = game.result;
      this.els.pv.textContent = '—';
      return;
    }
    if (!this.worker || this.busy) this._start(); // a search can only be stopped so
    this.mover = game.sideToMove;
    this.id++;
    this.busy = true;
    this.els.eval.textContent = 'Thinking…';
    this.els.detail.textContent = '';
    this.els.pv.textContent = '';
    this.worker.postMessage({ id: this.id, record, analyse: true, budgetMs: 1500 });
  }

  _reply(r) {
    if (r.ready || r.id !== this.id) return;
    if (r.error) {
      this.busy = false;
      this.els.eval.textContent = `The analysis failed: ${r.error}`;
      return;
    }
    const e = this.els;
    e.eval.textContent = evalWords(r.score, r.mate, this.mover);
    e.detail.textContent = `(ab, depth ${r.depth}, ${r.nodes.toLocaleString('en')} nodes${r.final ? '' : '; deeper…'})`;
    e.pv.textContent = r.pv.join(' ');
    e.multipv.replaceChildren(...r.multipv.map((l) => Object.assign(document.createElement('li'),
      { textContent: `${evalWords(l.score, l.mate, this.mover)}: ${l.pv.join(' ')}` })));
    e.box.dataset.depth = String(r.depth);
    if (r.final) {
      this.busy = false;
      e.box.dataset.final = 'true';
    }
  }
}
