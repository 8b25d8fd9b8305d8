// SPDX-License-Identifier: MIT
// The chess clocks of the web board: a base time and an increment a move
// for each side (the same for both), the side to move's clock running.
// Only the page's time is kept here; how long the bot thinks on its clock
// is the library's time manager's answer (Bot.choose with wtime, btime,
// winc, binc: mana_bot_time_budget).

/** The time controls offered: [id, base seconds, increment seconds, label];
 * lichess's usual ones. */
export const TIME_CONTROLS = [
  ['none', 0, 0, 'untimed'],
  ['1+0', 60, 0, '1+0 (bullet)'],
  ['3+2', 180, 2, '3+2 (blitz)'],
  ['5+3', 300, 3, '5+3 (blitz)'],
  ['10+5', 600, 5, '10+5 (rapid)'],
];

/** "1+0" for a base of 60 s and no increment; "0.05+0" for 3 s (minutes
 * + seconds, as lichess writes them). */
export function controlName(baseMs, incMs) {
  const min = baseMs / 60000;
  return `${Number.isInteger(min) ? min : +min.toFixed(2)}+${incMs / 1000}`;
}

/** The record's TimeControl tag: base+increment in seconds ("180+2"),
 * as PGN writes it. */
export function controlTag(baseMs, incMs) {
  return `${baseMs / 1000}+${incMs / 1000}`;
}

/** Reads a TimeControl tag ("180+2") back: { baseMs, incMs }, or null. */
export function parseControlTag(tag) {
  const m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(tag || '');
  if (!m) return null;
  const baseMs = Math.round(Number(m[1]) * 1000), incMs = Math.round(Number(m[2]) * 1000);
  return baseMs > 0 ? { baseMs, incMs } : null;
}

/** A clock reading: "4:59", "0:09.3" under ten seconds, "0:00.0". */
export function clockText(ms) {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000), m = Math.floor(s / 60);
  const mmss = `${m}:${String(s % 60).padStart(2, '0')}`;
  return t < 10000 ? `${mmss}.${Math.floor((t % 1000) / 100)}` : mmss;
}

/** Two clocks, [White, Black], in milliseconds. */
export class Clocks {
  constructor(baseMs, incMs, left = [baseMs, baseMs]) {
    this.baseMs = baseMs;
    this.incMs = incMs;
    this.left = [...left];
    this.running = null; // the colour whose clock runs, or null
    this.since = 0; // performance.now() when it started
  }

  /** The ms left on color's clock now. */
  now(color, at = performance.now()) {
    return this.left[color] - (this.running === color ? at - this.since : 0);
  }

  /** Starts color's clock (stopping the other one). */
  start(color) {
    this.stop();
    this.running = color;
    this.since = performance.now();
  }

  /** Stops the running clock, keeping the time it used. */
  stop() {
    if (this.running === null) return;
    this.left[this.running] = this.now(this.running);
    this.running = null;
  }

  /** color moved: its clock stops and gains the increment. */
  moved(color) {
    if (this.running === color) this.stop();
    this.left[color] += this.incMs;
  }

  /** The colour whose flag has fallen (its clock ran out while running), or null. */
  fallen() {
    return this.running !== null && this.now(this.running) <= 0 ? this.running : null;
  }
}
