// SPDX-License-Identifier: MIT
// The web board: a person plays Mana against libmana's bots.  Every rule,
// explanation, notation and record comes from the library (bindings/js);
// this file turns clicks, drags and keys into moves and draws the answers.
import { init } from '../bindings/js/index.js';
import { buildBoard, pieceSvg, renderBoard } from './board.js';
import { Analysis } from './analysis.js';
import { Clocks, TIME_CONTROLS, clockText, controlName, controlTag, parseControlTag } from './clock.js';
import { LinkError, linkOf, readLink, restore, save } from './share.js';
import { renderRules } from './rules-panel.js';

const mana = await init();
const { Game, Bot, Status, Color, MoveKind, Move, ManaError, Binding, RONIN_COUNT } = mana;
const $ = (id) => document.getElementById(id);

const LEVELS = {
  random: ['random', {}],
  'ab-easy': ['ab', { depth: 2 }],
  'ab-medium': ['ab', { timeMs: 500 }],
  'ab-strong': ['ab', { timeMs: 2000 }],
  mcts: ['mcts', { timeMs: 1000 }],
};
const COLOR_NAME = ['White', 'Black'];

const st = {
  game: new Game(),
  human: Color.BLACK,
  flipped: true, // the person (Black at first) sees their side at the bottom
  selected: null, // a square, 'reserve' (re-entry) or null
  dropKind: MoveKind.DROP_DAMYO, // the piece to place during setup
  preview: null, // a game showing an orientation choice
  request: 0, // id of the bot move being waited for
  thinking: false,
  ply: null, // reviewing: the position after this many moves; null: the game now
  review: null, // the Game of that position (a copy), or null
  bannerHidden: false, // the game-over banner put away by "Review"
  control: { baseMs: 0, incMs: 0 }, // the time control of new games (0: untimed)
  clocks: null, // the game's Clocks, or null when untimed
  flag: null, // the colour whose clock ran out (the game is lost on time), or null
  asked: 0, // performance.now() when the bot was asked
};

const buttons = buildBoard($('board'));
let worker = null;
const analysis = new Analysis({ box: $('analysis'), eval: $('eval'), detail: $('eval-detail'),
  pv: $('pv'), multipv: $('multipv'), bar: $('evalbar'), barFill: $('evalbar-fill'), barText: $('evalbar-text'),
  arrows: $('arrows') });

/** The game is over: won, drawn, or lost on time. */
const over = () => st.game.isOver || st.flag !== null;

// ---- the bot, in a Web Worker ----------------------------------------------

function startWorker() {
  if (worker) worker.terminate();
  worker = new Worker(new URL('./bot-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => {
    const { id, move, error } = e.data;
    if (id !== st.request || !st.thinking) return; // a cancelled search
    st.thinking = false;
    if (error) return show(`The bot failed: ${error}`);
    play(move, 'bot');
  };
}

function askBot() {
  if (over() || st.game.sideToMove === st.human || st.thinking) return;
  const [kind, limits] = LEVELS[$('level').value];
  st.thinking = true;
  st.request++;
  // On the clock, the bot gets both clocks as they stand (the library's time
  // manager decides what it spends; the level's time is then its most).
  const c = st.game.status === Status.PLAYING ? st.clocks : null; // the clocks run in play only
  const clock = c && { wtime: Math.max(0, Math.floor(c.now(Color.WHITE))), btime: Math.max(0, Math.floor(c.now(Color.BLACK))),
    winc: c.incMs, binc: c.incMs };
  worker.postMessage({ id: st.request, record: st.game.writeRecord(), kind, limits, clock });
  render();
}

function cancelBot() {
  if (!st.thinking) return;
  st.thinking = false;
  startWorker(); // the only way to stop a search that is running
}

// ---- moves -------------------------------------------------------------------

/** Plays a move (integer or text); on refusal shows the library's reason. */
function play(move, who = 'you') {
  const fallen = st.clocks ? st.clocks.fallen() : null; // a move after the flag fell does not count
  if (fallen !== null) { flagFell(fallen); return false; }
  const mover = st.game.sideToMove, timed = st.game.status === Status.PLAYING;
  try {
    st.game.play(move);
  } catch (e) {
    if (!(e instanceof ManaError)) throw e;
    show(`Not legal: ${e.detail}`);
    return false;
  }
  if (st.clocks && timed) st.clocks.moved(mover);
  runClock();
  st.selected = null;
  if (st.game.isOver) st.bannerHidden = false;
  if (who === 'you') show('');
  render();
  setTimeout(askBot, who === 'bot' ? 150 : 0);
  return true;
}

function legal() {
  return st.game.legalMoves();
}

/** Squares a picked piece (or the reserve, or the setup hand) can go to. */
function targets() {
  const t = new Set();
  if (st.thinking || st.game.sideToMove !== st.human || st.review || st.flag !== null) return t;
  for (const m of legal()) {
    const k = Move.kind(m);
    if (k === MoveKind.STEP && Move.from(m) === st.selected) t.add(Move.to(m));
    if (k === MoveKind.DROP_RONIN && st.selected === 'reserve') t.add(Move.to(m));
    if ((k === MoveKind.DROP_DAMYO || k === MoveKind.DROP_RONIN) && st.game.status === Status.SETUP &&
        k === st.dropKind) t.add(Move.to(m));
  }
  return t;
}

function ownPiece(sq) {
  const p = st.game.pieceAt(sq);
  return p !== null && (p === p.toUpperCase() ? Color.WHITE : Color.BLACK) === st.game.sideToMove;
}

/** A click (or Enter, or a drop at the end of a drag) on square sq. */
function clickSquare(sq) {
  const g = st.game;
  if (st.review) return show('This is an earlier position: ▶| (or End) returns to the game.');
  if (st.flag !== null) return show('The game was lost on time: start a new one or review it.');
  if (g.isOver) return show('The game is over: start a new one, review it or undo.');
  if (st.thinking || g.sideToMove !== st.human) return show('Wait for the bot to move.');
  if (g.status === Status.SETUP) {
    if (g.orientation < 0) return show('First choose the orientation (the buttons above the board).');
    return play(Move.make(st.dropKind, 0, sq));
  }
  if (st.selected === 'reserve') return play(Move.make(MoveKind.DROP_RONIN, 0, sq));
  if (st.selected === null || st.selected === sq || (ownPiece(sq) && st.selected !== null && !targets().has(sq))) {
    if (st.selected === sq) { st.selected = null; show(''); return render(); }
    if (!ownPiece(sq)) {
      const p = g.pieceAt(sq);
      return show(p ? `That is ${COLOR_NAME[1 - g.sideToMove]}'s piece.` : 'Pick one of your pieces first.');
    }
    st.selected = sq;
    const n = targets().size;
    show(n ? '' : 'This piece has no legal move now; try a square to see why.');
    return render();
  }
  return play(Move.make(MoveKind.STEP, st.selected, sq));
}

// ---- undo, new game, positions, records --------------------------------------

function undo() {
  if (st.flag !== null) return show('The game was lost on time: there is no taking back; start a new one or review it.');
  cancelBot();
  leaveReview();
  const g = st.game;
  if (g.historyValues().length === 0) return show('Nothing to undo.');
  g.undo();
  // Back to the human's turn (undoing the bot's reply with the human's move).
  while (g.historyValues().length > 0 && (g.sideToMove !== st.human || g.isOver)) g.undo();
  runClock(); // the clocks keep the time spent
  st.selected = null;
  show('');
  render();
  askBot();
}

/** Starts playing game (the page's now) as human; clocks: a Clocks, or
 * null for an untimed game; flag: the colour that lost on time, or null. */
function newGame(game, human = st.human, { clocks = null, flag = null } = {}) {
  cancelBot();
  st.game.free();
  leaveReview();
  st.game = game;
  st.human = human;
  st.flipped = human === Color.BLACK;
  st.selected = null;
  st.dropKind = MoveKind.DROP_DAMYO;
  st.bannerHidden = false;
  st.clocks = clocks;
  st.flag = flag;
  runClock();
  $('mfn-side').value = String(human);
  show('');
  render();
  askBot();
}

// ---- the clocks ----------------------------------------------------------------

/** Runs the side to move's clock while the game is in play, else none. */
function runClock() {
  const c = st.clocks;
  if (!c) return;
  if (over() || st.game.status !== Status.PLAYING) c.stop();
  else if (c.running !== st.game.sideToMove) c.start(st.game.sideToMove);
}

/** color's flag fell: the game is lost on time (the record says so). */
function flagFell(color) {
  cancelBot();
  st.clocks.stop();
  st.clocks.left[color] = 0;
  st.flag = color;
  st.bannerHidden = false;
  leaveReview();
  st.selected = null;
  render();
}

/** The clocks' faces, the side to move's running; the flag checked. */
function renderClocks() {
  const c = st.clocks;
  const top = st.flipped ? Color.WHITE : Color.BLACK;
  for (const [id, color] of [['clock-top', top], ['clock-bottom', 1 - top]]) {
    const el = $(id);
    el.hidden = !c;
    if (!c) continue;
    const ms = c.now(color);
    el.textContent = clockText(ms);
    el.dataset.color = COLOR_NAME[color];
    el.classList.toggle('running', c.running === color);
    el.classList.toggle('low', ms < 10000);
    el.classList.toggle('flagged', st.flag === color);
    el.setAttribute('aria-label', `${COLOR_NAME[color]}'s clock: ${clockText(ms)}`);
  }
}

let lastSave = 0;
function tick() {
  if (!st.clocks || st.clocks.running === null) return;
  const fallen = st.clocks.fallen();
  if (fallen !== null) return flagFell(fallen);
  renderClocks();
  if (performance.now() - lastSave > 1000) keep();
}

function optionsOf(game) {
  const o = game.options;
  return { rules: game.rules, ...o };
}

/** Says plainly which side the person plays in a position just set up. */
function sidesText(g, human) {
  const you = COLOR_NAME[human], mover = COLOR_NAME[g.sideToMove];
  if (g.isOver || (g === st.game && st.flag !== null)) return `you play ${you}; that game is over`;
  return `you play ${you}; ${mover} is to move${g.sideToMove === human ? ' — your turn' : ' (the bot)'}`;
}

function setPosition() {
  const text = $('mfn-input').value.trim();
  const human = Number($('mfn-side').value);
  try {
    const g = new Game({ ...optionsOf(st.game), position: text }); // untimed, as loaded records
    newGame(g, human);
    show(`Position set: ${sidesText(g, human)}.`);
  } catch (e) {
    if (!(e instanceof ManaError)) throw e;
    show(`That MFN was refused: ${e.detail}`);
  }
}

/** The game's record: the players, the date, the time control, and a loss
 * on time as the library writes one (a Result with a Termination tag). */
function recordText() {
  const c = st.clocks;
  return st.game.writeRecord({
    white: st.human === Color.WHITE ? 'you' : `bot ${$('level').value}`,
    black: st.human === Color.BLACK ? 'you' : `bot ${$('level').value}`,
    date: new Date().toISOString().slice(0, 10),
    timeControl: c ? controlTag(c.baseMs, c.incMs) : '',
    termination: st.flag !== null ? 'time forfeit' : '',
  }, { result: st.flag === null ? null : st.flag === Color.WHITE ? '0-1' : '1-0' });
}

function download() {
  const text = recordText();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = `mana-${new Date().toISOString().slice(0, 10)}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function load(file) {
  const text = await file.text();
  try {
    const r = mana.readRecord(text);
    const flag = lostOnTime(r);
    const human = r.game.isOver || flag !== null ? st.human : r.game.sideToMove;
    newGame(r.game, human, { flag });
    show(`Loaded ${file.name}: ${r.white || '?'} (White) against ${r.black || '?'} (Black); ${sidesText(r.game, human)}.`);
  } catch (e) {
    if (!(e instanceof ManaError)) throw e;
    show(`That record was refused: ${e.detail}`);
  }
}

// ---- drawing -----------------------------------------------------------------

function show(text) {
  $('message').textContent = text;
}

function lastMove(g) {
  const h = g.historyValues();
  const m = h[h.length - 1];
  if (m === undefined || g.status === Status.SETUP) return null;
  const k = Move.kind(m);
  if (k === MoveKind.STEP) return { from: Move.from(m), to: Move.to(m) };
  return k === MoveKind.DROP_RONIN ? { from: -1, to: Move.to(m) } : null;
}

/** Why the game ended, capitalised: a fallen flag, or the library's words
 * (mana_end_text, as mana-cli and Python say it); '' while it goes on. */
function endText(g) {
  if (g === st.game && st.flag !== null) return `${COLOR_NAME[st.flag]} ran out of time`;
  const why = g.isOver ? g.endText : '';
  return why && why[0].toUpperCase() + why.slice(1);
}

/** The result in words ("Black wins (0-1)"), or null while the game goes on. */
function resultText(g) {
  if (g === st.game && st.flag !== null)
    return `${COLOR_NAME[1 - st.flag]} wins (${st.flag === Color.WHITE ? '0-1' : '1-0'})`;
  if (g.status === Status.WHITE_WON || g.status === Status.BLACK_WON)
    return `${g.status === Status.WHITE_WON ? 'White' : 'Black'} wins (${g.result})`;
  return g.status === Status.DRAWN ? `Drawn (${g.result})` : null;
}

function statusText() {
  if (st.review) {
    const g = st.review, n = st.game.historyValues().length;
    const where = st.ply === 0 ? 'the start' : `move ${st.ply} of ${n}`;
    const what = resultText(g) || (g.status === Status.SETUP ? `setup, ${COLOR_NAME[g.sideToMove]} to play` : `${COLOR_NAME[g.sideToMove]} to move`);
    return `Reviewing ${where}: ${what}. ▶| or End returns to the game.`;
  }
  const g = st.game;
  const side = COLOR_NAME[g.sideToMove];
  const result = resultText(g);
  if (result) {
    const winner = st.flag !== null ? 1 - st.flag : g.status === Status.WHITE_WON ? Color.WHITE : Color.BLACK;
    const won = winner === st.human && g.status !== Status.DRAWN;
    const score = st.flag !== null ? (st.flag === Color.WHITE ? '0-1' : '1-0') : g.result;
    return `${endText(g)} (${score})${won ? ' — well played!' : '.'}`;
  }
  const you = g.sideToMove === st.human;
  if (st.thinking) return `${side} (bot) is thinking…`;
  if (g.status === Status.SETUP)
    return g.orientation < 0 ? `${side} chooses the orientation${you ? ': your choice' : ''}.`
      : `Setup: ${side} places a piece${you ? ' — your turn' : ''}.`;
  return `${side} to move${you ? ' — your turn' : ''}.`;
}

function manaText(g) {
  if (g.status === Status.SETUP) return 'No Mana during the setup.';
  if (g.isOver || (g === st.game && st.flag !== null)) return 'The game is over.';
  if (g.mana === 0) return 'No Mana yet: the first move of play may use any piece.';
  const from = g.manaSquare === null ? '' : ` It came from ${mana.squareName(g.manaSquare)}, where the last piece landed.`;
  const marks = `${g.mana} mark${g.mana > 1 ? 's' : ''}`;
  const b = g.binding; // libmana says what the Mana binds (mana_binding)
  const steps = b & Binding.STEPS, drops = b & Binding.REENTRY;
  if (steps || drops) {
    const free = steps && drops ? 'any piece may move, or a Ronin re-enter'
      : steps ? 'any piece may move' : 'a Ronin may re-enter';
    return `${COLOR_NAME[g.sideToMove]} is bound to ${marks}, but no piece of theirs on a square with ${marks} ` +
      `(tinted) can move: ${free}.${from}`;
  }
  return `${COLOR_NAME[g.sideToMove]} is bound to ${marks}: a piece on a ` +
    `square with ${marks} (tinted) must move.${from}`;
}

function renderReserves(g) {
  const top = st.flipped ? Color.WHITE : Color.BLACK;
  for (const [id, color] of [['reserve-top', top], ['reserve-bottom', 1 - top]]) {
    const n = g.status === Status.SETUP ? 0 : g.reserve(color);
    const mine = color === st.human && color === g.sideToMove && !over() && !st.thinking && !st.review;
    const piece = color === Color.WHITE ? 'R' : 'r';
    const el = $(id);
    el.hidden = g.status === Status.SETUP; // no reserve before play
    el.innerHTML = `<span>${COLOR_NAME[color]}${color === st.human ? ' (you)' : ' (bot)'} — reserve ${n}</span>`;
    for (let i = 0; i < n; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'res' + (st.selected === 'reserve' && mine ? ' selected' : '');
      b.disabled = !mine;
      b.setAttribute('aria-label', `${COLOR_NAME[color]} Ronin in reserve: pick it to re-enter`);
      b.innerHTML = `<svg viewBox="20 20 60 60" aria-hidden="true">${pieceSvg(piece)}</svg>`;
      b.onclick = () => {
        st.selected = st.selected === 'reserve' ? null : 'reserve';
        show(st.selected && targets().size === 0 ? 'Re-entry is not legal now; try a square to see why.' : '');
        render();
      };
      el.append(b);
    }
  }
}

function renderSetup() {
  const g = st.game;
  const mine = g.status === Status.SETUP && g.sideToMove === st.human && !st.thinking && !st.review && st.flag === null;
  $('setup').hidden = !mine;
  $('orient').hidden = !(mine && g.orientation < 0);
  $('place').hidden = !(mine && g.orientation >= 0);
  if (!mine || g.orientation < 0) return;
  const kinds = new Set(legal().map(Move.kind));
  if (!kinds.has(st.dropKind)) st.dropKind = kinds.has(MoveKind.DROP_DAMYO) ? MoveKind.DROP_DAMYO : MoveKind.DROP_RONIN;
  $('pick-damyo').disabled = !kinds.has(MoveKind.DROP_DAMYO);
  $('pick-ronin').disabled = !kinds.has(MoveKind.DROP_RONIN);
  $('pick-damyo').setAttribute('aria-pressed', String(st.dropKind === MoveKind.DROP_DAMYO));
  $('pick-ronin').setAttribute('aria-pressed', String(st.dropKind === MoveKind.DROP_RONIN));
  $('ronins-left').textContent = `(${roninsToPlace(g, st.human)} left)`;
}

/** How many Ronins colour has still to place during the setup: the five
 * (RONIN_COUNT, mana.h's MANA_RONIN_COUNT) less those on the board. */
function roninsToPlace(g, color) {
  const mine = color === Color.WHITE ? 'R' : 'r';
  let n = 0;
  for (let sq = 0; sq < 36; sq++) if (g.pieceAt(sq) === mine) n++;
  return RONIN_COUNT - n;
}

/** The game over banner over the dimmed board, unless put away. */
function renderBanner() {
  const g = st.game;
  const on = over() && !st.review && !st.bannerHidden;
  $('banner').hidden = !on;
  document.body.classList.toggle('over', on); // the board dimmed, the banner for the status
  if (!on) return;
  $('banner-result').textContent = resultText(g);
  const why = endText(g);
  $('banner-reason').textContent = why ? `— ${why}.` : '';
}

/** The move list: a button per move, the shown position marked. */
function renderMoves() {
  const moves = st.game.history();
  const at = st.ply ?? moves.length;
  $('moves').replaceChildren(...moves.map((t, i) => {
    const li = document.createElement('li');
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t });
    b.dataset.ply = String(i + 1);
    if (i + 1 === at) b.setAttribute('aria-current', 'true');
    li.append(b);
    return li;
  }));
  const cur = $('moves').querySelector('[aria-current]');
  if (cur) $('moves').scrollTop = cur.parentElement.offsetTop - $('moves').clientHeight / 2;
  $('nav-first').disabled = $('nav-prev').disabled = at === 0;
  $('nav-next').disabled = $('nav-last').disabled = st.ply === null;
  $('review').hidden = !st.review;
  $('review').textContent = st.review ? `Showing the position after ${at} of ${moves.length} moves.` : '';
}

function render() {
  const g = st.preview || st.review || st.game;
  const live = st.review || st.game;
  renderBoard(buttons, {
    game: g,
    flipped: st.flipped,
    selected: typeof st.selected === 'number' ? st.selected : null,
    targets: st.preview ? new Set() : targets(),
    last: lastMove(live),
    manaSquare: live.status === Status.PLAYING && live.mana > 0 ? live.manaSquare : null,
    manaMarks: live.status === Status.PLAYING ? live.mana : 0,
  });
  $('status').textContent = statusText();
  $('mana').textContent = manaText(live);
  $('mfn').textContent = live.position ?? '';
  $('mfn').title = live.position ? 'the position on the board' : 'no MFN during the setup';
  renderMoves();
  $('undo').disabled = st.game.historyValues().length === 0 || st.flag !== null;
  $('pass').hidden = !(st.game.sideToMove === st.human && !st.thinking && !st.review && st.flag === null &&
    legal().some((m) => Move.kind(m) === MoveKind.PASS));
  document.body.classList.toggle('thinking', st.thinking);
  renderReserves(live);
  renderClocks();
  renderSetup();
  renderBanner();
  renderRules(mana, st.game, { title: $('rules-title'), body: $('rules-body') });
  if ($('analysis-on').checked) analysis.show(live, st.flipped ? Color.BLACK : Color.WHITE, st.flipped);
  keep();
}

// ---- the game in the address and in storage -------------------------------------

/** The page's address and the saved game follow the game: a reload, or the
 * link opened elsewhere, shows the same game. */
function keep() {
  const link = linkOf(mana, { game: st.game, ply: st.ply, flag: st.flag });
  if (location.hash !== link) history.replaceState(null, '', link);
  const c = st.clocks;
  save({ record: recordText(), link: linkOf(mana, { game: st.game, flag: st.flag }), human: st.human,
    level: $('level').value, flipped: st.flipped, clock: c && { left: [c.now(0), c.now(1)].map(Math.floor) } });
  lastSave = performance.now();
}

/** What restore() accepted: the saved state checked (throws why not). */
function checkSaved(s) {
  if (typeof s.record !== 'string' || typeof s.link !== 'string') throw new Error('it holds no game record');
  if (s.human !== Color.WHITE && s.human !== Color.BLACK) throw new Error(`its side ${JSON.stringify(s.human)} is neither White nor Black`);
  if (!(s.level in LEVELS)) throw new Error(`its bot ${JSON.stringify(s.level)} is not one of this page's`);
  let r;
  try { r = mana.readRecord(s.record); } catch (e) {
    if (!(e instanceof ManaError)) throw e;
    throw new Error(`its record was refused: ${e.detail}`);
  }
  const control = parseControlTag(r.tags.TimeControl);
  const left = s.clock && s.clock.left;
  if (control && !(Array.isArray(left) && left.length === 2 && left.every((t) => Number.isFinite(t) && t >= 0))) {
    r.game.free();
    throw new Error('its clocks are not two times');
  }
  return { ...s, game: r.game, clocks: control && new Clocks(control.baseMs, control.incMs, left), flag: lostOnTime(r) };
}

/** The colour a record read (readRecord's answer) says lost on time: its
 * Termination tag "time forfeit" with a decided Result the moves leave
 * unfinished; else null. */
function lostOnTime(r) {
  if (r.tags.Termination !== 'time forfeit' || r.game.isOver) return null;
  return r.result === '1-0' ? Color.BLACK : r.result === '0-1' ? Color.WHITE : null;
}

/** At start: the game of the address, else the one saved, else a new one. */
function resume() {
  const saved = restore(checkSaved);
  const hash = location.hash.length > 1 ? location.hash : null;
  if (saved && saved.state && (!hash || hash.replace(/&ply=\d+/, '') === saved.state.link)) {
    const s = saved.state;
    $('level').value = s.level;
    newGame(s.game, s.human, { clocks: s.clocks, flag: s.flag });
    st.flipped = s.flipped === true;
    render();
    return show(s.clocks && !over() ? 'The game in progress is back; the clocks did not run while the page was away.'
      : 'The game in progress is back.');
  }
  if (saved && saved.state) saved.state.game.free();
  const why = saved && saved.error ? `The saved game could not be restored: ${saved.error}. ` : '';
  if (hash) {
    try {
      const r = readLink(mana, hash);
      if (r) {
        const human = r.game.isOver || r.flag !== null ? st.human : r.game.sideToMove;
        newGame(r.game, human, { flag: r.flag });
        if (r.ply !== null) goTo(r.ply);
        return show(`${why}Opened the game of the link: ${r.game.historyValues().length} moves; ${sidesText(r.game, human)}` +
          `${r.game.historyValues().length ? '; ◀ ▶ step through it' : ''}.`);
      }
    } catch (e) {
      if (!(e instanceof LinkError)) throw e;
      history.replaceState(null, '', location.pathname + location.search);
      render();
      return show(`${why}This link's game was refused: ${e.message}. A new game instead.`);
    }
  }
  render();
  show(why ? `${why}A new game instead.` : '');
}

// ---- review: the move list as a way back through the game ---------------------

/** Shows the position after ply moves (0..the moves played; null or the
 * number played: the game now). */
function goTo(ply) {
  const n = st.game.historyValues().length;
  if (st.review) { st.review.free(); st.review = null; }
  st.ply = ply === null || ply >= n ? null : Math.max(0, ply);
  if (st.ply !== null) {
    st.review = st.game.clone();
    for (let k = n; k > st.ply; k--) st.review.undo();
  }
  st.selected = null;
  show('');
  render();
}

function leaveReview() {
  if (st.review) { st.review.free(); st.review = null; }
  st.ply = null;
}

const shownPly = () => st.ply ?? st.game.historyValues().length;

// ---- input: clicks, drags, keys ----------------------------------------------

function squareOf(el) {
  const b = el && el.closest && el.closest('.sq');
  return b ? Number(b.dataset.index) : null;
}

let drag = null; // { from, ghost, moved }

$('board').addEventListener('pointerdown', (e) => {
  const sq = squareOf(e.target);
  if (sq === null || e.button !== 0) return;
  if (st.game.status !== Status.PLAYING || !ownPiece(sq) || st.game.sideToMove !== st.human || st.thinking || st.review ||
      st.flag !== null) return;
  drag = { from: sq, x: e.clientX, y: e.clientY, moved: false, ghost: null };
});
window.addEventListener('pointermove', (e) => {
  if (!drag) return;
  if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    st.selected = drag.from;
    render();
    const size = buttons[0].getBoundingClientRect().width;
    drag.ghost = document.createElement('div');
    drag.ghost.className = 'ghost';
    drag.ghost.style.width = drag.ghost.style.height = `${size}px`;
    drag.ghost.innerHTML = `<svg viewBox="0 0 100 100">${pieceSvg(st.game.pieceAt(drag.from))}</svg>`;
    document.body.append(drag.ghost);
  }
  const s = drag.ghost.getBoundingClientRect().width / 2;
  drag.ghost.style.transform = `translate(${e.clientX - s}px, ${e.clientY - s}px)`;
});
window.addEventListener('pointerup', (e) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moved) return; // a plain click: handled by the click event
  d.ghost.remove();
  const to = squareOf(document.elementFromPoint(e.clientX, e.clientY));
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  if (to === null || to === d.from) return render();
  play(Move.make(MoveKind.STEP, d.from, to));
});
let suppressClick = false;

$('board').addEventListener('click', (e) => {
  if (suppressClick) return;
  const sq = squareOf(e.target);
  if (sq !== null) clickSquare(sq);
});

$('board').addEventListener('keydown', (e) => {
  const i = buttons.indexOf(e.target.closest('.sq'));
  if (i < 0) return;
  const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
  if (!step) return;
  e.preventDefault();
  const r = Math.min(5, Math.max(0, Math.floor(i / 6) + step[0]));
  const c = Math.min(5, Math.max(0, (i % 6) + step[1]));
  buttons[r * 6 + c].focus();
});

document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, select, dialog') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') { st.selected = null; show(''); render(); }
  else if (e.key === 'u') undo();
  else if (e.key === 'f') { st.flipped = !st.flipped; render(); }
  else if (e.key === 'n') openNewGame();
  else if (e.key === 'a') { $('analysis-on').checked = !$('analysis-on').checked; toggleAnalysis(); }
  else if (e.target.closest('#board') && e.key.startsWith('Arrow')) return; // they move on the board
  else if (e.key === 'ArrowLeft') goTo(Math.max(0, shownPly() - 1));
  else if (e.key === 'ArrowRight') goTo(shownPly() + 1);
  else if (e.key === 'Home') goTo(0);
  else if (e.key === 'End') goTo(null);
  else return;
  if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') e.preventDefault();
});

function toggleAnalysis() {
  if ($('analysis-on').checked) render(); else analysis.off();
}

// ---- setup controls ------------------------------------------------------------

for (let o = 0; o < 4; o++) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = String(o);
  b.setAttribute('aria-label', `Orientation ${o}`);
  b.dataset.orientation = String(o);
  const preview = (on) => {
    if (st.preview) { st.preview.free(); st.preview = null; }
    if (on && st.game.orientation < 0) { st.preview = st.game.clone(); st.preview.play(`O${o}`); }
    render();
  };
  b.onmouseenter = b.onfocus = () => preview(true);
  b.onmouseleave = b.onblur = () => preview(false);
  b.onclick = () => { preview(false); play(`O${o}`); };
  $('orient-buttons').append(b);
}
$('pick-damyo').onclick = () => { st.dropKind = MoveKind.DROP_DAMYO; render(); };
$('pick-ronin').onclick = () => { st.dropKind = MoveKind.DROP_RONIN; render(); };
$('place-for-me').onclick = () => {
  // The library's random bot plays this side's remaining placements.
  const b = new Bot('random', { seed: Date.now() });
  while (st.game.status === Status.SETUP && st.game.sideToMove === st.human) st.game.play(b.choose(st.game));
  b.free();
  runClock(); // play may have begun
  show('');
  render();
  askBot();
};

// ---- buttons -------------------------------------------------------------------

$('undo').onclick = undo;
$('nav-first').onclick = () => goTo(0);
$('nav-prev').onclick = () => goTo(Math.max(0, shownPly() - 1));
$('nav-next').onclick = () => goTo(shownPly() + 1);
$('nav-last').onclick = () => goTo(null);
$('moves').onclick = (e) => {
  const b = e.target.closest('button[data-ply]');
  if (b) goTo(Number(b.dataset.ply));
};
$('analysis-on').onchange = toggleAnalysis;
$('banner-new').onclick = () => openNewGame();
$('banner-review').onclick = () => {
  st.bannerHidden = true;
  render();
  $('nav-prev').focus();
  show('Review: ◀ ▶ (or ← →) step through the game, or click a move.');
};
$('pass').onclick = () => play('pass');
$('flip').onclick = () => { st.flipped = !st.flipped; render(); };
$('copy-mfn').onclick = async () => {
  const t = $('mfn').textContent;
  $('mfn-input').value = t;
  try { await navigator.clipboard.writeText(t); show('MFN copied.'); } catch { show('Copy the MFN from the box.'); }
};
$('set-mfn').onclick = setPosition;
$('copy-link').onclick = async () => {
  try { await navigator.clipboard.writeText(location.href); show('Link copied: it opens this game.'); } catch {
    show('Copy the link from the address bar: it holds this game.');
  }
};
$('mfn-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') setPosition(); });
$('download').onclick = download;
$('load').onchange = (e) => { if (e.target.files[0]) load(e.target.files[0]); e.target.value = ''; };
$('level').onchange = () => $('level').blur();

// ---- new game dialog ---------------------------------------------------------

const form = $('new-form');
function fillOptions(rules) {
  const g = new Game({ rules });
  const o = g.options;
  g.free();
  for (const [k, v] of Object.entries(o)) {
    const el = form.elements[k];
    if (el.type === 'checkbox') el.checked = v; else el.value = String(v);
  }
}
for (const [id, , , label] of TIME_CONTROLS) $('clock-select').append(new Option(label, id));
$('clock-select').append(new Option('custom…', 'custom'));
$('clock-select').onchange = () => { $('custom-clock').hidden = $('clock-select').value !== 'custom'; };

/** The time control the dialog's clock fields give: { baseMs, incMs }, baseMs 0 untimed. */
function chosenControl() {
  const id = form.elements.clock.value;
  if (id !== 'custom') {
    const [, base, inc] = TIME_CONTROLS.find((t) => t[0] === id);
    return { baseMs: base * 1000, incMs: inc * 1000 };
  }
  const min = Number(form.elements.clockMinutes.value), inc = Number(form.elements.clockInc.value);
  if (!(min >= 0.05 && min <= 180) || !(Number.isInteger(inc) && inc >= 0 && inc <= 60))
    throw new RangeError('the clock: 0.05 to 180 minutes, and a whole number of seconds 0 to 60 a move');
  return { baseMs: Math.round(min * 60000), incMs: inc * 1000 };
}

function openNewGame() {
  const { baseMs, incMs } = st.control;
  const preset = TIME_CONTROLS.find((t) => t[1] * 1000 === baseMs && t[2] * 1000 === incMs);
  form.elements.clock.value = preset ? preset[0] : 'custom';
  if (!preset) { form.elements.clockMinutes.value = String(baseMs / 60000); form.elements.clockInc.value = String(incMs / 1000); }
  $('custom-clock').hidden = !!preset;
  form.elements.rules.value = st.game.rules;
  form.elements.human.value = String(st.human);
  const o = st.game.options;
  for (const [k, v] of Object.entries(o)) {
    const el = form.elements[k];
    if (el.type === 'checkbox') el.checked = v; else el.value = String(v);
  }
  $('new-error').textContent = '';
  $('new-dialog').showModal();
}
form.elements.rules.onchange = () => fillOptions(form.elements.rules.value);
$('new-game').onclick = openNewGame;
form.addEventListener('submit', (e) => {
  if (e.submitter && e.submitter.value !== 'start') return;
  const init = { rules: form.elements.rules.value };
  for (const k of mana.OPTION_NAMES) {
    const el = form.elements[k];
    init[k] = el.type === 'checkbox' ? el.checked : el.value;
  }
  try {
    const control = chosenControl();
    const game = new Game(init);
    st.control = control;
    newGame(game, Number(form.elements.human.value),
      { clocks: control.baseMs ? new Clocks(control.baseMs, control.incMs) : null });
    if (control.baseMs) show(`On the clock: ${controlName(control.baseMs, control.incMs)}; it runs from the first move of play.`);
  } catch (err) {
    if (!(err instanceof ManaError) && !(err instanceof RangeError)) throw err;
    e.preventDefault();
    $('new-error').textContent = err instanceof ManaError ? err.detail : err.message;
  }
});

window.addEventListener('pagehide', keep);
setInterval(tick, 100);
startWorker();
resume();
document.body.dataset.ready = 'true';
