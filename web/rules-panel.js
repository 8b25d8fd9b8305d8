// SPDX-License-Identifier: MIT
// The rules panel: the edition the game is played under and each rule
// option the page offers, read from the game (Game.rules, Game.options),
// in words, with the options that differ from the edition's marked.  The
// rules themselves are the library's (docs/rules.md); this is their summary.

const EDITIONS = {
  jactalea: ['Jactalea (2005)', 'Black chooses how the board lies, then each side places its six pieces, one at a time, on its home two ranks.'],
  cosmoludo: ['Cosmoludo (2020)', 'The board lies one fixed way; each side places its six pieces on its back rank, the Damyo on a square with 2 marks.'],
};

/** "st", "nd", "rd" or "th" after n. */
function ordinal(n) {
  const t = n % 100;
  if (t >= 11 && t <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** Each option in words: [label, text of its value]. */
const OPTION_WORDS = {
  orientation: ['Orientation', (v) => (v === 'chosen' ? 'chosen by Black (the first setup move)' : `fixed: ${v}`)],
  setupArea: ['Setup area', (v) => (v === 'two-ranks' ? 'the home two ranks' : 'the back rank')],
  damyoOnDouble: ['Damyo on a double square', (v) => (v ? 'yes: placed on a square with 2 marks' : 'no: any square of the setup area')],
  reentry: ['Re-entry', (v) => (v === 'any' ? 'on any empty square' : "only on squares of the Mana's mark count")],
  reentryWhenBlocked: ['Re-entry when only blocked', (v) => (v ? 'allowed: also when the bound pieces are blocked' : 'not allowed: only when no piece is bound')],
  blocked: ['A player with no legal move', (v) => ({ pass: 'passes', draw: 'draws the game', loss: 'loses' })[v]],
  repetition: ['Repetition', (v) => (v ? `drawn when a position occurs for the ${v}${ordinal(v)} time` : 'off')],
  plyLimit: ['Ply limit', (v) => (v ? `drawn after ${v} plies of play` : 'off')],
};

/** Fills the panel (title, body elements) for game; mana is the loaded module. */
export function renderRules(mana, game, { title, body }) {
  const [name, setup] = EDITIONS[game.rules];
  const preset = new mana.Game({ rules: game.rules });
  const base = preset.options;
  preset.free();
  const options = game.options;
  const changed = Object.keys(options).filter((k) => options[k] !== base[k]);
  title.textContent = `Rules: ${name}${changed.length ? `, ${changed.length} option${changed.length > 1 ? 's' : ''} changed` : ''}`;
  const rows = Object.entries(OPTION_WORDS).map(([k, [label, words]]) => {
    const tr = document.createElement('tr');
    tr.dataset.option = k;
    const th = Object.assign(document.createElement('th'), { scope: 'row', textContent: label });
    const td = Object.assign(document.createElement('td'), { textContent: words(options[k]) });
    if (changed.includes(k)) {
      tr.className = 'changed';
      td.append(Object.assign(document.createElement('em'), { textContent: ` (the edition: ${words(base[k])})` }));
    }
    tr.append(th, td);
    return tr;
  });
  const table = document.createElement('table');
  table.append(...rows);
  const p = (text) => Object.assign(document.createElement('p'), { textContent: text });
  body.replaceChildren(
    p(`${setup} Black moves first.`),
    p('A piece moves exactly as many steps as its square has marks, turning as it likes, through empty squares; '
      + 'it may capture on its last step. Capturing the enemy Damyo wins.'),
    p('The Mana: the mark count of the square the last piece landed on. The player to move must move a piece on a square '
      + 'with that count; if none can, any piece may move, or a captured Ronin re-enter.'),
    table,
  );
}
