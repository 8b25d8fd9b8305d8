// SPDX-License-Identifier: MIT
// The web board in headless Chromium (puppeteer-core): a whole game against
// a bot played by clicks and a drag, illegal tries refused with the
// library's reason, undo, keyboard, a record loaded, a position pasted, the
// game-over banner, the review of a finished game, the analysis (its
// evaluation bar, best-move arrow and lines 2 and 3), the rules panel, the
// coordinates' size, a reload mid-game, a game opened from a link (and a
// bad link refused), a game lost on time, a corrupt saved game refused, the
// page opened from file://, and screenshots at 1366x657, 1280x720 and
// 390x844, mid-game, at game over, lost on time and with the analysis, in
// which every occupied square's mark digit is checked to be on screen
// (saved to SHOT_DIR for a person to look at).
// Run by `make check-web`:  node tests/web/board.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { launch, serve } from './server.mjs';
import { assertDigitsVisible, assertInViewport, inPage } from './visible.mjs';
import { init } from '../../bindings/js/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(process.env.WEB_TOOLS ? join(resolve(process.env.WEB_TOOLS), 'x.js') : import.meta.url);
const puppeteer = require('puppeteer-core');
const shots = process.env.SHOT_DIR || join(repo, 'build', 'web', 'screenshots');
mkdirSync(shots, { recursive: true });

const mana = await init();
const tmp = mkdtempSync(join(tmpdir(), 'mana-web-'));
const server = await serve(repo);
const browser = await launch(puppeteer, join(tmp, 'profile'));
const errors = [];
let failures = 0;

async function step(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    console.log(`ok - ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failures++;
    console.log(`not ok - ${name}\n${e.stack}`);
  }
}

const page = await browser.newPage();
page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
const WORK = { width: 1100, height: 820 }; // where the game is played
// A laptop, a smaller laptop, a phone.
const SIZES = [{ width: 1366, height: 657 }, { width: 1280, height: 720 }, { width: 390, height: 844 }];
await page.setViewport(WORK);

const text = (sel) => page.$eval(sel, (el) => el.textContent);
const movesCount = () => page.$$eval('#moves li', (l) => l.length);
const targets = () => page.$$eval('.sq.target', (l) => l.map((b) => b.dataset.square));
const click = (sq) => page.click(`[data-square="${sq}"]`);
/** Squares holding a piece of colour ('Black' / 'White'), from the labels. */
const piecesOf = (color) => page.$$eval('.sq', (l, c) => l.filter((b) => b.getAttribute('aria-label')
  .includes(`${c} `)).map((b) => b.dataset.square), color);
/** Waits until it is the person's turn or the game is over. */
async function myTurn() {
  await page.waitForFunction(() => {
    const s = document.getElementById('status').textContent;
    return /your turn|your choice|\((1-0|0-1|1\/2-1\/2)\)/.test(s);
  }, { timeout: 60000 });
  return text('#status');
}

/** Checks a screenshot is a real picture: many colours, not one flat fill. */
async function shoot(name, opts = {}) {
  const png = await page.screenshot({ path: join(shots, `${name}.png`), ...opts });
  const stats = await inPage(page, [png], ([{ data: d, width: w, height: h }]) => {
    const colours = new Set();
    let dark = 0;
    for (let i = 0; i < d.length; i += 4 * 7) {
      colours.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
      if (d[i] + d[i + 1] + d[i + 2] < 150) dark++;
    }
    return { colours: colours.size, dark, w, h };
  });
  assert.ok(stats.colours > 40, `${name}: only ${stats.colours} colours: blank?`);
  assert.ok(stats.dark > 100, `${name}: no dark pixels (no pieces, no text?)`);
  return stats;
}

await step('opened from file:// the page says how to serve it', async () => {
  await page.goto(`file://${join(repo, 'web', 'index.html')}`, { waitUntil: 'load' });
  await page.waitForFunction(() => /make serve/.test(document.getElementById('status').textContent), { timeout: 5000 });
  assert.match(await text('#status'), /served over HTTP.*make serve.*python3 -m http\.server.*repository root/s);
  errors.length = 0; // the browser's refusal of the module from file:// is the point here
});

await step('the page loads and draws 36 squares a1..f6', async () => {
  await page.goto(`${server.url}/web/`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const squares = await page.$$eval('.sq', (l) => l.map((b) => b.dataset.square).sort());
  assert.equal(squares.length, 36);
  assert.deepEqual(squares.slice(0, 3), ['a1', 'a2', 'a3']);
  assert.match(await text('#status'), /Black chooses the orientation: your choice/);
  assert.equal(await text('#mfn'), '');
});

await step('the orientation buttons (the first action) are on screen unscrolled at every size', async () => {
  for (const size of SIZES) {
    await page.setViewport(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await assertInViewport(page, '#orient-buttons button', `${size.width}x${size.height}`);
    await shoot(`setup-${size.width}x${size.height}`);
  }
  await page.setViewport(WORK);
});

await step('a one-line legend of the strokes and digit, the star and the tints', async () => {
  const legend = await text('#legend');
  assert.match(legend, /strokes and corner digit: the square's marks \(how far a piece there moves\)/);
  assert.match(legend, /✦ the Mana came from here/);
  assert.match(legend, /bound: the Mana's mark count/);
  assert.match(legend, /legal move/);
  for (const size of SIZES.slice(0, 2)) { // one line on the laptops (a phone wraps it)
    await page.setViewport(size);
    const [h, line] = await page.$eval('#legend', (e) => [e.getBoundingClientRect().height,
      parseFloat(getComputedStyle(e).fontSize)]);
    assert.ok(h < 2.6 * line, `${size.width}: the legend is ${h}px high, more than one line of ${line}px`);
  }
  await page.setViewport(WORK);
});

await step('new game dialog: jactalea with a ply limit, easy bot', async () => {
  await page.select('#level', 'ab-easy');
  await page.click('#new-game');
  await page.select('select[name="rules"]', 'cosmoludo');
  // The dialog fills in the edition's own options.
  assert.equal(await page.$eval('select[name="setupArea"]', (e) => e.value), 'back-rank');
  await page.select('select[name="rules"]', 'jactalea');
  assert.equal(await page.$eval('select[name="setupArea"]', (e) => e.value), 'two-ranks');
  await page.$eval('input[name="plyLimit"]', (e) => { e.value = '80'; });
  await page.click('#start-game');
  assert.match(await text('#status'), /your choice/);
});

await step('the rules panel names the edition and its options, the changed one marked', async () => {
  assert.equal(await text('#rules-title'), 'Rules: Jactalea (2005), 1 option changed');
  await page.click('#rules-panel summary');
  const rows = await page.$$eval('#rules-body tr', (l) => l.map((r) => [r.dataset.option, r.className, r.textContent]));
  assert.equal(rows.length, 8, 'the eight rule options the new game dialog offers');
  const by = Object.fromEntries(rows.map(([k, c, t]) => [k, [c, t]]));
  assert.deepEqual(by.plyLimit, ['changed', 'Ply limitdrawn after 80 plies of play (the edition: off)']);
  assert.deepEqual(by.orientation, ['', 'Orientationchosen by Black (the first setup move)']);
  assert.deepEqual(by.setupArea, ['', 'Setup areathe home two ranks']);
  assert.deepEqual(by.blocked, ['', 'A player with no legal movepasses']);
  assert.match(await text('#rules-body'), /Black chooses how the board lies.*Capturing the enemy Damyo wins\..*The Mana: /s);
  await page.click('#rules-panel summary');
});

await step('coordinates readable at a glance: at least 14 px on a laptop, 11 px on a phone, dark on light', async () => {
  for (const [size, least] of [[SIZES[0], 14], [SIZES[2], 11]]) {
    await page.setViewport(size);
    const [h, fill] = await page.$eval('.coord', (e) => [e.getBBox().height * e.ownerSVGElement.getBoundingClientRect().height / 100,
      getComputedStyle(e).fill]);
    // The text box of a font is about 1.2 times its size.
    assert.ok(h / 1.2 >= least, `${size.width}x${size.height}: coordinates ${(h / 1.2).toFixed(1)} px`);
    const [r, g, b] = fill.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 200, `the coordinates' ink ${fill} is dark`);
  }
  await page.setViewport(WORK);
});

await step('setup by clicks: orientation, an illegal placement refused, pieces placed', async () => {
  await page.focus('[data-orientation="2"]'); // previews the marks of orientation 2
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('setup-orientation');
  await page.click('[data-orientation="2"]');
  await myTurn();
  // Black's setup area is ranks 5-6: a1 is refused with the library's reason.
  await click('a1');
  assert.match(await text('#message'), /outside Black's setup area/);
  await page.click('#pick-damyo');
  let t = await targets();
  assert.ok(t.length > 0 && t.every((s) => /[a-f][56]/.test(s)), `Damyo targets ${t}`);
  assert.equal(await text('#ronins-left'), '(5 left)', 'no Ronin placed yet');
  await click(t[0]);
  await myTurn();
  await page.click('#pick-ronin');
  t = await targets();
  await click(t[t.length - 1]);
  await myTurn();
  assert.equal(await text('#ronins-left'), '(4 left)', 'one Ronin placed of five');
  await page.click('#place-for-me');
  await myTurn();
  assert.equal((await piecesOf('Black')).length, 6);
  assert.match(await text('#mfn'), /^[1-6rdRD/]+ [bw] /);
});

async function tryIllegal() {
  const mine = await piecesOf('Black');
  for (const sq of mine) {
    await click(sq);
    const t = new Set(await targets());
    const empty = await page.$$eval('.sq', (l) => l.filter((b) => b.getAttribute('aria-label')
      .endsWith('empty')).map((b) => b.dataset.square));
    const bad = empty.find((s) => !t.has(s));
    if (bad) {
      await click(bad);
      return text('#message');
    }
  }
  return null;
}

await step('an illegal step is refused with the library\'s explanation', async () => {
  const before = await text('#mfn');
  const msg = await tryIllegal();
  assert.match(msg, /^Not legal: (a piece on [a-f][1-6] moves exactly|every \d-step path|the Mana binds you)/);
  assert.equal(await text('#mfn'), before, 'the position did not change');
  await page.keyboard.press('Escape');
});

let dragged = false;
let picked = false;
/** One move of the person: a re-entry, a pass, or a piece step (by click,
 * or once by a drag). */
async function humanMove() {
  if (await page.$eval('#pass', (b) => !b.hidden)) return page.click('#pass');
  const res = await page.$('#reserve-bottom .res:not([disabled])');
  for (const sq of await piecesOf('Black')) {
    await click(sq);
    const t = await targets();
    if (t.length === 0) continue;
    const to = t[Math.floor(Math.random() * t.length)];
    if (!dragged) {
      dragged = true;
      await click(sq); // drop the selection: the drag picks the piece itself
      const a = await (await page.$(`[data-square="${sq}"]`)).boundingBox();
      const b = await (await page.$(`[data-square="${to}"]`)).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
      await page.mouse.up();
      return;
    }
    if (!picked) { picked = true; await page.evaluate(() => window.scrollTo(0, 0)); await shoot('play-picked'); }
    return click(to);
  }
  assert.ok(res, 'no piece can move and no re-entry: the page offers no move');
  await res.click();
  return click((await targets())[0]);
}

/** Screenshots at the three sizes, each checked for every occupied
 * square's mark digit; back to the working size after. */
async function shootSizes(tag) {
  for (const size of SIZES) {
    await page.setViewport(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(`${tag}-${size.width}x${size.height}`);
    const png = await page.screenshot();
    const checked = await assertDigitsVisible(page, png, `${tag} at ${size.width}x${size.height}`);
    assert.ok(checked.length >= 2, `${tag}: ${checked}`);
  }
  await page.setViewport(WORK);
}

await step('a whole game against the bot, by clicks (and a drag); mid-game screenshots', async () => {
  let midShots = false;
  for (let n = 0; n < 200; n++) {
    const s = await myTurn();
    if (/\((1-0|0-1|1\/2-1\/2)\)/.test(s)) break;
    // Random play can end within a move or two: shots at the first turn of
    // play, taken again at the second when there is one.
    if (n <= 1) { await shootSizes('mid'); midShots = true; }
    const before = await movesCount();
    await humanMove();
    await page.waitForFunction((k) => document.querySelectorAll('#moves li').length > k, { timeout: 5000 }, before);
  }
  // The library's words (mana_end_text), capitalised, and the score.
  assert.match(await text('#status'), /^((White won, Black|Black won, White)'s Damyo captured \((1-0|0-1)\)|Drawn at the ply limit \(1\/2-1\/2\))/);
  assert.ok(dragged);
  assert.ok(midShots, 'the game was too short for the mid-game screenshots');
  const mfn = await text('#mfn');
  const g = new mana.Game({ plyLimit: 80, position: mfn });
  assert.ok(g.isOver || g.options.plyLimit === 80, 'the final MFN reads back');
  g.free();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('game-over');
});

await step('game over: a banner with the result, the reason, New game and Review; the board dimmed', async () => {
  const status = await text('#status'); // "Black won, White's Damyo captured (0-1)."
  const [, reason, score] = /^(.*) \((1-0|0-1|1\/2-1\/2)\)(?: — well played!|\.)$/.exec(status);
  const result = { '1-0': 'White wins (1-0)', '0-1': 'Black wins (0-1)', '1/2-1/2': 'Drawn (1/2-1/2)' }[score];
  assert.equal(await page.$eval('#banner', (e) => e.hidden), false);
  assert.equal(await text('#banner-result'), result);
  assert.equal(await text('#banner-reason'), `— ${reason}.`);
  assert.deepEqual(await page.$$eval('#banner button', (l) => l.map((b) => b.textContent)), ['New game', 'Review']);
  assert.ok(await page.$eval('#board', (e) => Number(getComputedStyle(e).opacity)) < 0.8, 'the board is dimmed');
  await assertInViewport(page, '#banner', 'the banner');
  await shootSizes('over');
  await page.click('#banner-new');
  assert.equal(await page.$eval('#new-dialog', (d) => d.open), true, 'New game opens the dialog');
  await page.keyboard.press('Escape');
});

/** The pieces on the board as shown: { a1: 'White Ronin', ... }. */
const boardPieces = () => page.$$eval('.sq', (l) => Object.fromEntries(l.map((b) =>
  [b.dataset.square, b.getAttribute('aria-label').split(', ').pop()]).filter(([, p]) => !/empty|destination|selected/.test(p))));

/** The same from the library: the game after the first k moves of texts. */
function piecesAfter(texts, k) {
  const g = new mana.Game({ plyLimit: 80 });
  for (const t of texts.slice(0, k)) g.play(t);
  const names = { D: 'White Damyo', R: 'White Ronin', d: 'Black Damyo', r: 'Black Ronin' };
  const out = {};
  for (let sq = 0; sq < 36; sq++) if (g.pieceAt(sq)) out[mana.squareName(sq)] = names[g.pieceAt(sq)];
  g.free();
  return out;
}

await step('review: Review, then first/prev/next/last, a click on a move and the arrow keys show each position', async () => {
  const texts = await page.$$eval('#moves button', (l) => l.map((b) => b.textContent));
  const n = texts.length;
  const final = await boardPieces();
  assert.deepEqual(final, piecesAfter(texts, n));
  await page.click('#banner-review');
  assert.equal(await page.$eval('#banner', (e) => e.hidden), true);
  assert.equal(await page.$eval('#board', (e) => getComputedStyle(e).opacity), '1', 'no longer dimmed');
  await page.click('#nav-first');
  assert.deepEqual(await boardPieces(), {}, 'the start: an empty board');
  assert.match(await text('#status'), /^Reviewing the start: setup, Black to play\./);
  await page.click('#nav-next');
  await page.click('#nav-next');
  assert.match(await text('#status'), new RegExp(`^Reviewing move 2 of ${n}:`));
  assert.deepEqual(await boardPieces(), piecesAfter(texts, 2));
  const k = n - 5;
  await page.click(`#moves button[data-ply="${k}"]`);
  assert.deepEqual(await boardPieces(), piecesAfter(texts, k));
  assert.equal(await page.$eval('#moves [aria-current]', (b) => b.dataset.ply), String(k));
  await page.click('#nav-prev');
  assert.deepEqual(await boardPieces(), piecesAfter(texts, k - 1));
  await page.focus('#nav-next');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await boardPieces(), piecesAfter(texts, k + 1));
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await boardPieces(), piecesAfter(texts, k));
  // While reviewing, the board refuses moves and says how to get back.
  await click('a1');
  assert.match(await text('#message'), /earlier position: ▶\| \(or End\) returns to the game/);
  await page.keyboard.press('End');
  assert.deepEqual(await boardPieces(), final);
  assert.match(await text('#status'), /\((1-0|0-1|1\/2-1\/2)\)/);
  await page.click('#nav-last'); // at the end already: nothing changes
  assert.equal(await page.$eval('#nav-last', (b) => b.disabled), true);
});

await step('undo takes back the last move pair; keyboard: u, f, arrows, Enter', async () => {
  const n = await movesCount();
  await page.click('#undo');
  await myTurn();
  const m = await movesCount();
  assert.ok(m < n && m >= n - 2, `${n} moves, then ${m}`);
  assert.match(await text('#status'), /your turn/);
  await page.keyboard.press('u');
  assert.ok((await movesCount()) < m);
  const first = await page.$eval('.sq', (b) => b.dataset.square);
  await page.keyboard.press('f');
  assert.notEqual(await page.$eval('.sq', (b) => b.dataset.square), first, 'flipped');
  await page.keyboard.press('f');
  // Arrows move the focus as the board is shown: right of the top-left square
  // is the second square of the top row.
  const second = await page.$$eval('.sq', (l) => l[1].dataset.square);
  await page.focus('.sq');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), second);
  // Enter picks the focused piece (or says why not).
  await page.keyboard.press('Enter');
  assert.ok(await page.$('.sq.selected') || (await text('#message')) !== '');
  await page.keyboard.press('Escape');
});

await step('loading a record shows its game; a bad record is refused', async () => {
  const g = new mana.Game({ rules: 'cosmoludo' });
  const bot = new mana.Bot('random', { seed: 3 });
  for (let i = 0; i < 40; i++) g.play(bot.choose(g));
  const file = join(tmp, 'game.txt');
  writeFileSync(file, g.writeRecord({ white: 'Ann', black: 'Bob', date: '2026-11-30' }));
  const input = await page.$('#load');
  await input.uploadFile(file);
  await page.waitForFunction((p) => document.getElementById('mfn').textContent === p, { timeout: 5000 }, g.position);
  assert.match(await text('#message'), /Ann \(White\) against Bob \(Black\)/);
  assert.equal(await movesCount(), 40);
  writeFileSync(file, 'Rules: jactalea\n\nO7\n');
  await input.uploadFile(file);
  await page.waitForFunction(() => /refused/.test(document.getElementById('message').textContent));
  assert.match(await text('#message'), /refused: 3:1: move 1 'O7'/);
  assert.equal(await text('#mfn'), g.position, 'the refused record changed nothing');
  g.free(); bot.free();
});

/** Pastes an MFN, choosing the side the person plays ('0' White, '1' Black). */
async function paste(mfn, side) {
  await page.$eval('#mfn-input', (e, v) => { e.value = v; }, mfn);
  if (side !== undefined) await page.select('#mfn-side', side);
  await page.click('#set-mfn');
}

await step('an MFN pasted asks the side (kept unless changed) and says it; a bad one is refused', async () => {
  // The person plays Black (the game before); White is to move in this MFN:
  // no silent switch, the page says so and the bot (White) moves.
  await paste('rrdrrr/6/6/6/6/RRRDRR w - 0');
  assert.equal(await page.$eval('#mfn-side', (e) => e.value), '1');
  assert.match(await text('#message'), /^Position set: you play Black; White is to move \(the bot\)\./);
  await myTurn();
  assert.match(await text('#reserve-bottom'), /^Black \(you\)/);
  assert.equal(await movesCount(), 1, 'the bot (White) moved');
  const mfn = 'rrdrrr/6/6/6/6/RRRDRR b - 0';
  await paste(mfn, '1');
  assert.match(await text('#message'), /^Position set: you play Black; Black is to move — your turn\./);
  assert.equal(await text('#mfn'), mfn);
  await page.$eval('#mfn-input', (e) => { e.value = 'rrdrrr/6/6 b - 0'; });
  await page.click('#set-mfn');
  assert.match(await text('#message'), /That MFN was refused: /);
  assert.equal(await text('#mfn'), mfn);
  await click('a6');
  await shoot('picked');
});

await step('re-entry: a Ronin picked from the reserve goes back on the board', async () => {
  // A position, found by random play, where the side to move may re-enter.
  const g = new mana.Game();
  const bot = new mana.Bot('random', { seed: 11 });
  g.setupRandom(11);
  const reentry = () => g.legalMoves().some((m) => mana.Move.kind(m) === mana.MoveKind.DROP_RONIN);
  while (!reentry()) {
    if (g.isOver) throw new Error('no re-entry found in the random game');
    g.play(bot.choose(g));
  }
  const mfn = g.position;
  const color = g.sideToMove === mana.Color.WHITE ? 'White' : 'Black';
  g.free(); bot.free();
  await paste(mfn, color === 'White' ? '0' : '1');
  assert.equal(await text('#mfn'), mfn);
  // Re-entry is legal only when no piece the Mana binds can move, and the
  // Mana line says that the binding is void.
  assert.match(await text('#mana'), new RegExp(`^${color} is bound to \\d marks?, but no piece of theirs on a square ` +
    'with \\d marks? \\(tinted\\) can move: (any piece may move, or a Ronin re-enter|a Ronin may re-enter)\\.'));
  const res = await page.$('#reserve-bottom .res:not([disabled])');
  assert.ok(res, `${color}'s reserve offers a Ronin`);
  assert.match(await page.$eval('#reserve-bottom', (e) => e.textContent), new RegExp(`${color} \\(you\\) — reserve [1-5]`));
  await res.click();
  const t = await targets();
  assert.ok(t.length > 0, 'the re-entry squares are shown');
  await click(t[0]);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 1);
  assert.equal(await page.$eval('#moves li', (e) => e.textContent), `R@${t[0]}`);
});

await step('cosmoludo as White: the bot sets up first, "place for me", then play', async () => {
  await page.click('#new-game');
  await page.select('select[name="rules"]', 'cosmoludo');
  await page.select('select[name="human"]', '0');
  await page.click('#start-game');
  await myTurn(); // Black (the bot) has placed its six pieces on rank 6
  assert.equal((await piecesOf('Black')).length, 6);
  assert.ok((await piecesOf('Black')).every((s) => s.endsWith('6')), 'Black on its back rank');
  assert.equal(await page.$eval('#orient', (e) => e.hidden), true, 'no orientation choice in cosmoludo');
  await page.click('#pick-damyo');
  const t = await targets();
  // The Damyo goes on a square with 2 marks of rank 1 (damyo_on_double).
  assert.ok(t.length > 0 && t.every((s) => s.endsWith('1')), `Damyo targets ${t}`);
  await page.click('#place-for-me');
  await myTurn();
  assert.equal((await piecesOf('White')).length, 6);
  assert.match(await text('#status'), /White to move — your turn/);
  assert.match(await text('#mana'), /White is bound to \d marks?/);
});

/** The game as the page shows it: the moves, the MFN, the status. */
const shown = async () => ({ moves: await page.$$eval('#moves button', (l) => l.map((b) => b.textContent)),
  mfn: await text('#mfn'), status: await text('#status') });

/** Opens the page (no link) with the storage as write() leaves it. */
async function openWithSaved(write) {
  await page.goto('about:blank');
  const { identifier } = await page.evaluateOnNewDocument(write);
  await page.goto(`${server.url}/web/`, { waitUntil: 'load' });
  await page.removeScriptToEvaluateOnNewDocument(identifier);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
}

await step('a reload mid-game keeps the game: moves, position, side, and the link in the address', async () => {
  const before = await shown();
  assert.ok(before.moves.length > 12, 'in play');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#rules=cosmoludo&moves=[^&]*D@/, 'the address holds the game');
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  assert.deepEqual(await shown(), before);
  assert.match(await text('#message'), /^The game in progress is back\./);
  await shootSizes('reload');
  assert.match(await text('#reserve-bottom'), /^White \(you\)/);
  assert.equal(await page.evaluate(() => location.hash), hash);
  // A saved game that does not read back is refused with the reason, and the
  // page goes on.  (The storage is written as the page opens, before its
  // scripts: the board saves its game when it is left.)
  await openWithSaved(() => localStorage.setItem('libmana-web/game/v1',
    '{"record": "Rules: chess\\n", "link": "", "human": 1, "level": "random"}'));
  assert.match(await text('#message'), /^The saved game could not be restored: its record was refused: \d+:\d+: .*chess.*A new game instead\.$/);
  assert.match(await text('#status'), /Black chooses the orientation: your choice/);
  await openWithSaved(() => { localStorage.removeItem('libmana-web/game/v1'); localStorage.setItem('libmana-web/game/v0', '{}'); });
  assert.match(await text('#message'), /saved by another version of this page \(libmana-web\/game\/v0\)/);
});

await step('a link with a position opens it, to play on or review; a bad link is refused with the library\'s reason', async () => {
  const start = 'rrdrrr/6/6/6/6/RRRDRR b - 0';
  const g = new mana.Game({ position: start });
  const first = g.format(g.legalMoves()[0]);
  g.play(first);
  const after = g.position;
  g.free();
  await page.goto('about:blank');
  await page.goto(`${server.url}/web/#rules=jactalea&mfn=${start.replace(/ /g, '+')}&moves=${first}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.waitForFunction((p) => document.getElementById('mfn').textContent === p, { timeout: 5000 }, after);
  assert.match(await text('#message'), /^Opened the game of the link: 1 moves; you play White; White is to move — your turn/);
  assert.deepEqual((await shown()).moves, [first]);
  await shootSizes('link');
  await page.click('#nav-first');
  assert.equal(await text('#mfn'), start, 'the start of the link\'s game');
  assert.match(await page.evaluate(() => location.hash), /&ply=0$/);
  await page.click('#nav-last');
  // Bad links: an MFN and a move the library refuses; the page starts a new game.
  for (const [hash, why] of [['#mfn=rrdrrr/6/6+b+-+0', /refused: .*rank|refused: .*field/],
    ['#moves=O0+O9', /refused: move 2 'O9': /], ['#rules=chess', /refused: unknown rules "chess"/]]) {
    await page.goto('about:blank');
    await page.goto(`${server.url}/web/${hash}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    assert.match(await text('#message'), why);
    assert.match(await text('#message'), /A new game instead\.$/);
    assert.match(await text('#status'), /Black chooses the orientation: your choice/);
    assert.match(await page.evaluate(() => location.hash), /^#rules=jactalea$/, 'the address now holds the new game');
    if (hash.startsWith('#mfn')) { // the refusal, readable at each size (an empty board: no digits to check)
      for (const size of SIZES) {
        await page.setViewport(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        await assertInViewport(page, '#message', `the refusal at ${size.width}x${size.height}`);
        await shoot(`bad-link-${size.width}x${size.height}`);
      }
      await page.setViewport(WORK);
    }
  }
  await page.click('[data-orientation="1"]'); // usable: the game goes on
  await myTurn();
  assert.match(await page.evaluate(() => location.hash), /^#rules=jactalea&moves=O1$/);
});

await step('clocks: the bot plays on its clock; a game lost on time ends, in the record too', async () => {
  await page.select('#level', 'ab-medium');
  await page.click('#new-game');
  await page.select('select[name="rules"]', 'jactalea');
  await page.select('select[name="human"]', '0');
  const offered = await page.$$eval('#clock-select option', (l) => l.map((o) => o.value));
  assert.deepEqual(offered, ['none', '1+0', '3+2', '5+3', '10+5', 'custom']);
  await page.select('#clock-select', 'custom');
  await page.$eval('input[name="clockMinutes"]', (e) => { e.value = '0.05'; }); // 3 s
  await page.$eval('input[name="clockInc"]', (e) => { e.value = '0'; });
  await page.click('#start-game');
  await myTurn(); // Black (the bot) chose the orientation and placed its pieces
  assert.equal(await text('#clock-bottom'), '0:03.0', 'the clocks wait during the setup');
  // White's Damyo on rank 1, out of reach of Black's first move (at most 3
  // steps from rank 5), so that the game goes on to White's clock.
  await page.click('#pick-damyo');
  await click((await targets()).find((sq) => sq.endsWith('1')));
  await myTurn();
  await page.click('#place-for-me');
  // Black (the bot) makes the first move of play on its 3 s clock, with the
  // time manager's budget (a fraction of it), not the level's 0.5 s alone...
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 14, { timeout: 30000 });
  // ...then White's clock (the person's) runs out.
  await page.waitForFunction(() => /wins/.test(document.getElementById('banner-result').textContent), { timeout: 30000 });
  assert.equal(await text('#banner-result'), 'Black wins (0-1)');
  assert.equal(await text('#banner-reason'), '— White ran out of time.');
  assert.equal(await text('#clock-bottom'), '0:00.0');
  assert.equal(await page.$eval('#clock-bottom', (e) => e.classList.contains('flagged')), true);
  const black = await text('#clock-top');
  assert.match(black, /^0:0[0-2]\.\d$/, `Black's clock ran during its move: ${black}`);
  assert.match(await page.evaluate(() => location.hash), /&flag=white$/);
  await click('a1');
  assert.match(await text('#message'), /lost on time/);
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true, 'no taking back a loss on time');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('libmana-web/game/v1')));
  assert.match(saved.record, /^TimeControl: 3\+0$/m);
  assert.match(saved.record, /^Termination: time forfeit$/m);
  const r = mana.readRecord(saved.record);
  assert.equal(r.result, '0-1');
  assert.equal(r.game.result, '*', 'the moves alone leave the game on');
  assert.equal(r.game.historyValues().length, 14, 'the setup (13 moves) and Black\'s first move');
  r.game.free();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('lost-on-time');
  await shootSizes('time');
  for (const size of SIZES) { // the banner and both clocks on screen, unscrolled
    await page.setViewport(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const sel of ['#banner', '#clock-top', '#clock-bottom'])
      await assertInViewport(page, sel, `lost on time at ${size.width}x${size.height}`);
  }
  await page.setViewport(WORK);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  assert.equal(await text('#banner-reason'), '— White ran out of time.', 'still lost on time after a reload');
  await page.select('#level', 'ab-easy');
});

/** The analysis of a pasted position, once the page's deepening ends:
 * [evaluation, detail, best line, depth]. */
async function analysed(mfn, side) {
  await paste(mfn, side);
  await page.waitForSelector('#analysis[data-final="true"]', { timeout: 30000 });
  return [await text('#eval'), await text('#eval-detail'), await text('#pv'),
    Number(await page.$eval('#analysis', (e) => e.dataset.depth))];
}

/** What ab at depth gives for mfn in Node (the same wasm build). */
function abAt(mfn, depth) {
  const g = new mana.Game({ position: mfn });
  const bot = new mana.Bot('ab', { depth, multipv: 3 }); // as the page's worker
  const move = g.format(bot.choose(g));
  const r = { move, mover: g.sideToMove, ...bot.stats,
    others: bot.lines.slice(1).map((l) => [g.format(l.pv[0]), l.score]) };
  bot.free(); g.free();
  return r;
}

await step('analysis: the bot\'s evaluation in words from the side ahead, and its best line', async () => {
  await page.click('#analysis-on');
  // White to move, its Ronin on c4 (2 marks, the Mana's 2): c4-c5-c6 takes
  // Black's Damyo, a forced win in 1 ply.
  let [ev, detail, pv] = await analysed('2d3/6/2R3/6/6/RR1DRR w 2 0', '0');
  assert.equal(ev, 'White wins in 1 ply');
  assert.match(detail, /^\(ab, depth 1, [\d,]+ nodes\)$/);
  assert.equal(pv.split(' ')[0], 'c4xc6');
  // The bar, from the bottom side's view (White, the person): mate in 1, full.
  assert.equal(await page.$eval('#evalbar', (e) => e.dataset.eval), 'M1');
  assert.equal(await page.$eval('#evalbar-fill', (e) => e.style.height), '100%');
  // The fill is the bottom side's share in its colour: light for White.
  const ink = (sel) => page.$eval(sel, (e) => getComputedStyle(e).backgroundColor.match(/\d+/g).slice(0, 3)
    .map(Number).reduce((a, b) => a + b));
  assert.ok(await ink('#evalbar-fill') > 600, 'White at the bottom: a light fill');
  // The arrow runs from c4's centre to c6's.
  assert.equal(await page.$eval('#arrows', (e) => e.dataset.move), 'c4xc6');
  const ends = await page.$eval('#arrows', (svg) => {
    const r = svg.getBoundingClientRect(), l = svg.querySelector('.best-arrow line');
    const at = (x, y) => [r.left + (x * r.width) / 600, r.top + (y * r.height) / 600];
    const tip = svg.querySelector('.best-arrow polygon').points[0];
    const centre = (sq) => {
      const b = document.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
      return [b.left + b.width / 2, b.top + b.height / 2];
    };
    return { from: at(l.x1.baseVal.value, l.y1.baseVal.value), tip: at(tip.x, tip.y), c4: centre('c4'), c6: centre('c6'),
      square: document.querySelector('.sq').getBoundingClientRect().width };
  });
  assert.ok(Math.hypot(ends.from[0] - ends.c4[0], ends.from[1] - ends.c4[1]) < 3, `the arrow starts at c4: ${JSON.stringify(ends)}`);
  assert.ok(Math.hypot(ends.tip[0] - ends.c6[0], ends.tip[1] - ends.c6[1]) < ends.square / 6, `the arrow ends at c6: ${JSON.stringify(ends)}`);
  // The same board after Black's Ronins left it: White to move has six
  // pieces, but Black re-enters five Ronins (reserve 5) and wins; ab says
  // mate in 6 plies against the mover (-6), which is Black winning.
  [ev, , pv] = await analysed('2d3/6/6/6/6/RRRDRR w 1 0', '0');
  const lost = abAt('2d3/6/6/6/6/RRRDRR w 1 0', 4);
  assert.equal(lost.mate, -6);
  assert.equal(ev, 'Black wins in 6 plies');
  assert.equal(pv.split(' ')[0], lost.move);
  assert.equal(await page.$eval('#evalbar', (e) => e.dataset.eval), '-M6', 'White (at the bottom) is mated in 6 plies');
  assert.equal(await page.$eval('#evalbar-fill', (e) => e.style.height), '0%');
  // A quiet position: the score is Node's ab at the same depth, turned to
  // the side that is ahead.
  const quiet = 'rrdrrr/6/6/6/6/RRRDRR b - 0';
  let depth;
  [ev, detail, pv, depth] = await analysed(quiet, '1');
  const q = abAt(quiet, depth);
  assert.equal(q.mate, 0);
  const ahead = q.score >= 0 ? 'Black' : 'White'; // Black moves in this MFN
  assert.equal(ev, q.score === 0 ? '0.00: even' : `+${(Math.abs(q.score) / 100).toFixed(2)} for ${ahead}`);
  assert.equal(detail, `(ab, depth ${depth}, ${q.nodes.toLocaleString('en')} nodes)`);
  assert.equal(pv.split(' ')[0], q.move);
  assert.ok(depth >= 2, `the analysis deepened to ${depth} only`);
  // The bar from Black's view (the person, at the bottom; Black moves here).
  const bar = q.score >= 0 ? `+${(q.score / 100).toFixed(2)}` : `-${(-q.score / 100).toFixed(2)}`;
  assert.equal(await page.$eval('#evalbar', (e) => e.dataset.eval), bar);
  assert.ok(await ink('#evalbar-fill') < 200 && await ink('#evalbar') > 600,
    'Black at the bottom: its share dark, White\'s light');
  assert.equal(await page.$eval('#arrows', (e) => e.dataset.move), q.move);
  // MultiPV: the next two lines listed under the best as lines 2 and 3, each
  // its own first move, in the order of their scores, as Node's bot finds them.
  const others = await page.$$eval('#multipv li', (els) => els.map((e) => e.textContent));
  assert.equal(others.length, 2, `two more lines: ${others}`);
  assert.match(await text('#analysis'), /Line 1 \(best, the arrow\):/);
  assert.deepEqual(others.map((t) => t.split(': ')[0]), ['Line 2', 'Line 3']);
  assert.deepEqual(await page.$$eval('#multipv .pv', (els) => els.map((e) => e.textContent.split(' ')[0])),
    q.others.map((o) => o[0]));
  assert.equal(new Set([q.move, ...q.others.map((o) => o[0])]).size, 3, 'three distinct first moves');
  assert.ok(q.score >= q.others[0][1] && q.others[0][1] >= q.others[1][1], 'ordered by score');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('analysis');
  await shootSizes('analysis');
  await page.click('#analysis-on');
  assert.equal(await page.$eval('#analysis', (e) => e.hidden), true, 'off hides it');
  assert.equal(await page.$eval('#arrows', (e) => e.childElementCount), 0, 'and the arrow');
});

await step('phone-sized screen: the board fits the width', async () => {
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
  const box = await (await page.$('#board')).boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `board ${box.width}px wide`);
  await shoot('phone', { fullPage: false });
});

await step('no error on the page or its console', async () => {
  assert.deepEqual(errors, []);
});

await browser.close();
server.close();
rmSync(tmp, { recursive: true, force: true });
console.log(failures ? `# ${failures} failed` : `# all passed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
