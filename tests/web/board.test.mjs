// SPDX-License-Identifier: MIT
// The web board in headless Chromium (puppeteer-core): a whole game against
// a bot played by clicks and a drag, illegal tries refused with the
// library's reason, undo, keyboard, a record loaded, a position pasted, the
// game-over banner, the review of a finished game, the analysis, the page
// opened from file://, and screenshots at 1366x657, 1280x720 and 390x844,
// mid-game and at game over, in which every occupied square's mark digit is
// checked to be on screen (saved to SHOT_DIR for a person to look at).
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
    return /your turn|your choice|wins|Drawn/.test(s);
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
    if (/wins|Drawn/.test(s)) break;
    if (n === 1) { await shootSizes('mid'); midShots = true; } // random play can end soon
    const before = await movesCount();
    await humanMove();
    await page.waitForFunction((k) => document.querySelectorAll('#moves li').length > k, { timeout: 5000 }, before);
  }
  assert.match(await text('#status'), /(wins \((1-0|0-1)\): (White|Black)'s Damyo was captured|Drawn \(1\/2-1\/2\): the ply limit was reached)/);
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
  const status = await text('#status'); // "Black wins (0-1): White's Damyo was captured."
  const [, result, reason] = /^(.*?): (.*?)(?: — well played!|\.)$/.exec(status);
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
  assert.match(await text('#status'), /wins|Drawn/);
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
  // The same board after Black's Ronins left it: White to move has six
  // pieces, but Black re-enters five Ronins (reserve 5) and wins; ab says
  // mate in 6 plies against the mover (-6), which is Black winning.
  [ev, , pv] = await analysed('2d3/6/6/6/6/RRRDRR w 1 0', '0');
  const lost = abAt('2d3/6/6/6/6/RRRDRR w 1 0', 4);
  assert.equal(lost.mate, -6);
  assert.equal(ev, 'Black wins in 6 plies');
  assert.equal(pv.split(' ')[0], lost.move);
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
  // MultiPV: the next two lines listed under the best, each its own first
  // move, in the order of their scores, as Node's bot finds them.
  const others = await page.$$eval('#multipv li', (els) => els.map((e) => e.textContent));
  assert.equal(others.length, 2, `two more lines: ${others}`);
  assert.deepEqual(others.map((t) => t.split(': ')[1].split(' ')[0]), q.others.map((o) => o[0]));
  assert.equal(new Set([q.move, ...q.others.map((o) => o[0])]).size, 3, 'three distinct first moves');
  assert.ok(q.score >= q.others[0][1] && q.others[0][1] >= q.others[1][1], 'ordered by score');
  await page.click('#analysis-on');
  assert.equal(await page.$eval('#analysis', (e) => e.hidden), true, 'off hides it');
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
