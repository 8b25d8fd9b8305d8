// SPDX-License-Identifier: MIT
// The analysis panel: ab's evaluation and best line for the position on the
// board, computed in its own Web Worker (bot-worker.js) so that it never
// delays the bot's moves nor the page.  The bot scores from the view of the
// side to move; the panel says it from the side that is ahead, in words,
// the evaluation bar beside the board from the view of the side at the
// bottom of the board (as lichess's), and an arrow on the board shows the
// best move.

import { Move, MoveKind } from '../bindings/js/index.js';

const COLOR_NAME = ['White', 'Black'];

/**
 * The evaluation bar's label and fill, from the view of side (a colour):
 * { text: "+0.40", "-1.20", "M3" (side captures the Damyo in 3 plies),
 * "-M2" (side's Damyo falls in 2 plies); share: side's part of the bar,
 * 0..1 }.  score, mate and mover as evalWords takes them.  The share of a
 * score is lichess's curve, 1 / (1 + e^(-0.00368 score)).
 */
export function evalBar(score, mate, mover, side) {
  const sign = mover === side ? 1 : -1;
  if (mate) {
    const m = sign * mate;
    return { text: `${m < 0 ? '-' : ''}M${Math.abs(m)}`, share: m > 0 ? 1 : 0 };
  }
  const s = sign * score;
  return { text: `${s < 0 ? '-' : '+'}${(Math.abs(s) / 100).toFixed(2)}`, share: 1 / (1 + Math.exp(-0.00368208 * s)) };
}

/** The centre of square sq in the 600x600 board picture (100 a square). */
function centre(sq, flipped) {
  const r = flipped ? Math.floor(sq / 6) : 5 - Math.floor(sq / 6);
  const c = flipped ? 5 - (sq % 6) : sq % 6;
  return [100 * c + 50, 100 * r + 50];
}

/** The SVG of the arrow for move (a mana_move): a step as an arrow from its
 * start to its end square, a drop (a placement or a re-entry) as a ring on
 * its square; nothing for an orientation choice or a pass. */
export function arrowSvg(move, flipped) {
  const k = Move.kind(move);
  if (k === MoveKind.DROP_DAMYO || k === MoveKind.DROP_RONIN) {
    const [x, y] = centre(Move.to(move), flipped);
    return `<circle class="best-drop" cx="${x}" cy="${y}" r="38"/>`;
  }
  if (k !== MoveKind.STEP) return '';
  const [x1, y1] = centre(Move.from(move), flipped), [x2, y2] = centre(Move.to(move), flipped);
  const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const hx = x2 - 22 * ux, hy = y2 - 22 * uy; // the head ends past the centre, the shaft under it
  const head = [[x2 + 8 * ux, y2 + 8 * uy], [hx - 28 * ux + 22 * uy, hy - 28 * uy - 22 * ux], [hx - 28 * ux - 22 * uy, hy - 28 * uy + 22 * ux]];
  return `<g class="best-arrow"><line x1="${x1}" y1="${y1}" x2="${hx - 20 * ux}" y2="${hy - 20 * uy}"/>` +
    `<polygon points="${head.map((p) => p.map((v) => v.toFixed(1)).join(',')).join(' ')}"/></g>`;
}

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
  /** els: { box, eval, detail, pv, multipv, bar, barFill, barText,
   * arrows } (the panel's elements, the bar's and the board's arrow layer). */
  constructor(els) {
    this.els = els;
    this.worker = null;
    this.busy = false;
    this.id = 0;
    this.key = null; // the record of the position being analysed
    this.mover = 0;
    this.view = { bottom: 1, flipped: true }; // the colour at the bottom, the board turned
    this.last = null; // the last reply shown
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
    this.last = null;
    this.els.box.hidden = true;
    this.els.bar.hidden = true;
    this.els.arrows.replaceChildren();
    delete this.els.box.dataset.final;
  }

  /** Analyses game (a Game, only read now) unless it is the one shown;
   * bottom: the colour at the bottom of the board, flipped: the board turned
   * (Black at the bottom). */
  show(game, bottom, flipped) {
    const record = game.writeRecord();
    const turned = bottom !== this.view.bottom || flipped !== this.view.flipped;
    this.view = { bottom, flipped };
    if (record === this.key) {
      if (turned && this.last) this._draw(this.last);
      return;
    }
    this.key = record;
    this.last = null;
    this.els.box.hidden = false;
    this.els.bar.hidden = false;
    this.els.arrows.replaceChildren();
    delete this.els.box.dataset.final;
    this.els.multipv.replaceChildren();
    if (game.isOver) {
      if (this.worker && this.busy) this._start();
      this.els.eval.textContent = 'The game is over:';
      this.els.detail.textContent = game.result;
      this.els.pv.textContent = '—';
      const won = game.status === 2 ? 0 : game.status === 3 ? 1 : null; // Status.WHITE_WON, BLACK_WON
      this._bar({ text: game.result, share: won === null ? 0.5 : won === bottom ? 1 : 0 });
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
    this.last = r;
    e.eval.textContent = evalWords(r.score, r.mate, this.mover);
    e.detail.textContent = `(ab, depth ${r.depth}, ${r.nodes.toLocaleString('en')} nodes${r.final ? '' : '; deeper…'})`;
    e.pv.textContent = r.pv.join(' ');
    // The other lines, each named by its rank: "Line 2", "Line 3".
    e.multipv.replaceChildren(...r.multipv.map((l, i) => {
      const li = document.createElement('li');
      li.dataset.line = String(i + 2);
      li.append(Object.assign(document.createElement('b'), { textContent: `Line ${i + 2}:` }),
        ` ${evalWords(l.score, l.mate, this.mover)}: `,
        Object.assign(document.createElement('span'), { className: 'pv', textContent: l.pv.join(' ') }));
      return li;
    }));
    this._draw(r);
    e.box.dataset.depth = String(r.depth);
    if (r.final) {
      this.busy = false;
      e.box.dataset.final = 'true';
    }
  }

  /** The bar and the arrow of reply r, for the board as it is turned now. */
  _draw(r) {
    this._bar(evalBar(r.score, r.mate, this.mover, this.view.bottom));
    this.els.arrows.innerHTML = arrowSvg(r.best, this.view.flipped);
    this.els.arrows.dataset.move = r.pv[0] ?? '';
  }

  /** The bar: share (0..1) of it filled from the bottom, text its label. */
  _bar({ text, share }) {
    const { bar, barFill, barText } = this.els;
    barFill.style.height = `${(100 * share).toFixed(1)}%`;
    barText.textContent = text;
    bar.dataset.eval = text;
    bar.classList.toggle('ahead', share >= 0.5);
    // The fill is the bottom side's share, in that side's colour: dark when
    // Black is at the bottom, so that light always reads as White's.
    bar.classList.toggle('black-bottom', this.view.bottom === 1);
    bar.setAttribute('aria-label', `evaluation for ${COLOR_NAME[this.view.bottom]} (the bottom side): ${text}`);
  }
}
