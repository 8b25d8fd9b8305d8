// SPDX-License-Identifier: MIT
// The board of the web page: 36 buttons (data-square="a1".."f6") drawn from
// the library's answers (pieceAt, marksAt, mana, manaSquare); no rule here.
// The look follows the library's SVG (mana_svg / mana-cli show --svg): each
// square's marks as one, two or three strokes crossing at its centre (one
// slanted stroke, a cross, a six-pointed star) and as a digit in the
// bottom-right corner, outside every piece's disc, so the count reads under
// a piece too; White light, Black dark, the Damyo larger with a gold ring.
// The corners: rank digit top-left (file a), file letter bottom-left
// (bottom row), the Mana's star top-right, the mark count bottom-right.

import { squareName } from '../bindings/js/index.js';

const NS = 'http://www.w3.org/2000/svg';

/** Square index of the button at grid row r, column c (0..5, top-left). */
export function squareAt(r, c, flipped) {
  return flipped ? 6 * r + (5 - c) : 6 * (5 - r) + c;
}

function marksSvg(m) {
  let s = '';
  for (let k = 0; k < m; k++) {
    const a = Math.PI / 4 + (k * Math.PI) / m;
    const dx = 36 * Math.cos(a), dy = 36 * Math.sin(a);
    s += `<line class="mark" x1="${50 - dx}" y1="${50 + dy}" x2="${50 + dx}" y2="${50 - dy}"/>`;
  }
  // The digit sits where no disc reaches (a Damyo's radius is 34, the digit
  // is more than 40 from the centre), drawn under the pieces as in mana_svg.
  return m ? s + `<text class="count" x="94" y="95">${m}</text>` : s;
}

/** The SVG of a piece ('D', 'R', 'd', 'r'), alone (also used by the reserve). */
export function pieceSvg(piece, extra = '') {
  const white = piece === 'D' || piece === 'R';
  const damyo = piece === 'D' || piece === 'd';
  const r = damyo ? 34 : 26;
  return `<g class="piece ${white ? 'white' : 'black'} ${damyo ? 'damyo' : 'ronin'}${extra}">` +
    `<circle class="disc" cx="50" cy="50" r="${r}"/>` +
    (damyo ? `<circle class="ring" cx="50" cy="50" r="${r - 7}"/>` : '') +
    `<text x="50" y="${damyo ? 58 : 57}">${damyo ? 'D' : 'R'}</text></g>`;
}

/** Creates the 36 buttons in el; returns them indexed by square. */
export function buildBoard(el) {
  const buttons = [];
  el.replaceChildren();
  for (let i = 0; i < 36; i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sq';
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('aria-hidden', 'true');
    b.append(svg);
    el.append(b);
    buttons.push(b);
  }
  return buttons;
}

function squareLabel(sq, piece, marks, view) {
  const name = squareName(sq);
  const who = { D: 'White Damyo', R: 'White Ronin', d: 'Black Damyo', r: 'Black Ronin' }[piece] || 'empty';
  let s = `${name}, ${marks ? `${marks} mark${marks > 1 ? 's' : ''}, ` : ''}${who}`;
  if (view.targets.has(sq)) s += ', legal destination';
  if (view.selected === sq) s += ', selected';
  return s;
}

/**
 * Draws the position into the buttons (grid order, flipped or not).
 * view: { game, flipped, selected (square or null), targets (Set of squares),
 *         last ({from, to} or null), manaSquare, manaMarks }
 */
export function renderBoard(buttons, view) {
  const { game } = view;
  for (let i = 0; i < 36; i++) {
    const r = Math.floor(i / 6), c = i % 6;
    const sq = squareAt(r, c, view.flipped);
    const b = buttons[i];
    const piece = game.pieceAt(sq);
    const marks = game.marksAt(sq);
    const name = squareName(sq); // file letter, then rank digit
    b.dataset.square = name;
    b.dataset.index = String(sq);
    b.classList.toggle('bound', view.manaMarks > 0 && marks === view.manaMarks);
    b.classList.toggle('selected', view.selected === sq);
    b.classList.toggle('target', view.targets.has(sq));
    b.classList.toggle('capture', view.targets.has(sq) && piece !== null);
    b.classList.toggle('last', !!view.last && (view.last.from === sq || view.last.to === sq));
    b.setAttribute('aria-label', squareLabel(sq, piece, marks, view));
    let s = marksSvg(marks);
    // The coordinates in the corners no disc reaches, large and dark
    // enough to read at a glance (a light halo keeps them clear of the strokes).
    if (c === 0) s += `<text class="coord rank" x="4" y="24">${name[1]}</text>`;
    if (r === 5) s += `<text class="coord file" x="4" y="95">${name[0]}</text>`;
    if (view.manaSquare === sq) s += '<text class="bird" x="84" y="22">✦</text>';
    if (piece) s += pieceSvg(piece);
    if (view.targets.has(sq)) s += `<circle class="dot" cx="50" cy="50" r="${piece ? 39 : 14}"/>`;
    b.firstChild.innerHTML = s;
  }
}
