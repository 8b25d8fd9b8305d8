// SPDX-License-Identifier: MIT
// The game in the page's address and in the browser's storage.
//
// The link: the URL's fragment holds the game as the library reads it,
//   #rules=jactalea&blocked=draw&mfn=rrdrrr/6/6/6/6/RRRDRR+b+-+0&moves=b2-c4+c5xc4&ply=1
// rules the preset, then each rule option that differs from it (the names
// of Game's options, the values in the record format's words), mfn the
// start position when the game did not start with the setup, moves the
// history in the library's notation (Game.historyText), ply the position
// shown when reviewing, flag the side whose clock ran out.  The page reads
// it back with new Game (rules, options, MFN: the library checks each) and
// Game.play for each move, so a bad link is refused with the library's own
// reason.  The fragment is never sent to a server.
//
// The storage: the game in progress, under a versioned key, as its record
// (the one text format of a whole game) and the page's settings; anything
// that does not read back is refused with the reason and removed.

const LINK_KEYS = new Set(['rules', 'mfn', 'moves', 'ply', 'flag']);
const COLOR_WORD = ['white', 'black'];

/** The position a game started from (MFN), or null when it started with the setup. */
export function startMfn(game) {
  const c = game.clone();
  try {
    while (c.historyValues().length > 0) c.undo();
    return c.position;
  } finally {
    c.free();
  }
}

/** The options of game that differ from its preset's, in the record's
 * words (booleans as on/off). */
function changedOptions(mana, game) {
  const preset = new mana.Game({ rules: game.rules });
  const base = preset.options;
  preset.free();
  const out = [];
  for (const [k, v] of Object.entries(game.options))
    if (v !== base[k]) out.push([k, typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)]);
  return out;
}

/** value with only what a URL fragment cannot hold escaped: a space as
 * "+", "/", "@" and ":" left as they are (MFN and moves stay readable). */
function esc(value) {
  return encodeURIComponent(value).replace(/%20/g, '+').replace(/%2F/gi, '/').replace(/%40/gi, '@')
    .replace(/%3A/gi, ':');
}

/**
 * The fragment ("#rules=...") of game: { game, ply (null: the game now),
 * flag (the colour whose clock ran out, or null) }.
 */
export function linkOf(mana, { game, ply = null, flag = null }) {
  const parts = [['rules', game.rules], ...changedOptions(mana, game)];
  const mfn = startMfn(game);
  if (mfn) parts.push(['mfn', mfn]);
  const moves = game.historyText();
  if (moves) parts.push(['moves', moves]);
  if (ply !== null) parts.push(['ply', String(ply)]);
  if (flag !== null) parts.push(['flag', COLOR_WORD[flag]]);
  return '#' + parts.map(([k, v]) => `${k}=${esc(v)}`).join('&');
}

/** A link refused: message says why (the library's reason where it has one). */
export class LinkError extends Error {}

/**
 * Reads a fragment made by linkOf (or by hand): { game (a new Game, the
 * caller's), ply (null or 0..moves), flag (null or a colour) }, or null
 * for a fragment that holds no game.  Throws LinkError with the reason.
 */
export function readLink(mana, hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (![...params.keys()].some((k) => k === 'rules' || k === 'mfn' || k === 'moves')) return null;
  const init = { rules: params.get('rules') ?? 'jactalea' };
  for (const [k, v] of params) if (!LINK_KEYS.has(k)) init[k] = v;
  if (params.has('mfn')) init.position = params.get('mfn');
  let game;
  try {
    game = new mana.Game(init);
  } catch (e) {
    if (!(e instanceof mana.ManaError)) throw e;
    throw new LinkError(e.detail || e.message);
  }
  try {
    const moves = (params.get('moves') ?? '').split(' ').filter((t) => t !== '');
    moves.forEach((t, i) => {
      try {
        game.play(t);
      } catch (e) {
        if (!(e instanceof mana.ManaError)) throw e;
        throw new LinkError(`move ${i + 1} '${t}': ${e.detail || e.message}`);
      }
    });
    return { game, ply: plyOf(params.get('ply'), moves.length), flag: flagOf(params.get('flag'), game) };
  } catch (e) {
    game.free();
    throw e;
  }
}

function plyOf(text, n) {
  if (text === null) return null;
  if (!/^\d+$/.test(text) || Number(text) > n) throw new LinkError(`ply=${text}: a move number 0..${n}`);
  return Number(text) === n ? null : Number(text);
}

function flagOf(text, game) {
  if (text === null) return null;
  const c = COLOR_WORD.indexOf(text);
  if (c < 0) throw new LinkError(`flag=${text}: white or black`);
  if (game.isOver) throw new LinkError(`flag=${text}: the game is already over (${game.result})`);
  return c;
}

// ---- the game in progress, kept in localStorage ------------------------------

/** The storage key; a new version of what is saved gets a new key (and
 * the keys of other versions are refused as stale). */
export const SAVE_KEY = 'libmana-web/game/v1';
const SAVE_PREFIX = 'libmana-web/game/';

/** Saves state (a plain object of JSON values, its record included). */
export function save(state) {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused (private browsing): the game goes on unsaved.
  }
}

export function forget() {
  try {
    localStorage.removeItem(SAVE_KEY);
  } catch { /* storage refused: nothing was saved */ }
}

/**
 * The saved state read back: { state } (check(state) accepted it), null
 * when nothing is saved, or { error } saying why what was saved is refused
 * (it is then removed).  check(state) throws an Error whose message is the
 * reason, or returns what to restore.
 */
export function restore(check) {
  let text = null, stale = [];
  try {
    text = localStorage.getItem(SAVE_KEY);
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(SAVE_PREFIX) && k !== SAVE_KEY) stale.push(k);
    }
    for (const k of stale) localStorage.removeItem(k);
  } catch {
    return null; // no storage here
  }
  if (text === null)
    return stale.length ? { error: `it was saved by another version of this page (${stale.join(', ')})` } : null;
  try {
    let state;
    try { state = JSON.parse(text); } catch { throw new Error('the saved data is not JSON'); }
    if (state === null || typeof state !== 'object' || Array.isArray(state)) throw new Error('the saved data is not an object');
    return { state: check(state) };
  } catch (e) {
    forget();
    return { error: e.message };
  }
}
