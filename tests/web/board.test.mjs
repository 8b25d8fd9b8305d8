// SPDX-License-Identifier: MIT
// The web board in headless Chromium (puppeteer-core): a whole game against
// a bot played by clicks and a drag, illegal tries refused with the
// library's reason, undo, keyboard, a record loaded, a position pasted, and
// screenshots checked not to be blank (saved to SHOT_DIR for a person to
// look at).  Run by `make check-web`:  node tests/web/board.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { launch, serve } from './server.mjs';
import { init } from '../../bindings/js/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(process.env.WEB_TOOLS ? join(resolve(process.env.WEB_TOOLS), 'x.js') : import.meta.url);
const puppeteer = require('puppeteer-core');
const shots = process.env.SHOT_DIR || join(repo, 'build', 'web', 'shots');
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
await page.setViewport({ width: 1100, height: 820 });

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
  const stats = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height).data;
    const colours = new Set();
    let dark = 0;
    for (let i = 0; i < d.length; i += 4 * 7) {
      colours.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
      if (d[i] + d[i + 1] + d[i + 2] < 150) dark++;
    }
    return { colours: colours.size, dark, w: img.width, h: img.height };
  }, Buffer.from(png).toString('base64'));
  assert.ok(stats.colours > 40, `${name}: only ${stats.colours} colours: blank?`);
  assert.ok(stats.dark > 100, `${name}: no dark pixels (no pieces, no text?)`);
  return stats;
}

await step('the page loads and draws 36 squares a1..f6', async () => {
  await page.goto(`${server.url}/web/`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const squares = await page.$$eval('.sq', (l) => l.map((b) => b.dataset.square).sort());
  assert.equal(squares.length, 36);
  assert.deepEqual(squares.slice(0, 3), ['a1', 'a2', 'a3']);
  assert.match(await text('#status'), /Black chooses the orientation: your choice/);
  assert.equal(await text('#mfn'), '');
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
  await click(t[0]);
  await myTurn();
  await page.click('#pick-ronin');
  t = await targets();
  await click(t[t.length - 1]);
  await myTurn();
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

await step('a whole game against the bot, by clicks (and a drag)', async () => {
  for (let n = 0; n < 200; n++) {
    const s = await myTurn();
    if (/wins|Drawn/.test(s)) break;
    const before = await movesCount();
    await humanMove();
    await page.waitForFunction((k) => document.querySelectorAll('#moves li').length > k, { timeout: 5000 }, before);
  }
  assert.match(await text('#status'), /(wins \((1-0|0-1)\): (White|Black)'s Damyo was captured|Drawn \(1\/2-1\/2\): the ply limit was reached)/);
  assert.ok(dragged);
  const mfn = await text('#mfn');
  const g = new mana.Game({ plyLimit: 80, position: mfn });
  assert.ok(g.isOver || g.options.plyLimit === 80, 'the final MFN reads back');
  g.free();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('game-over');
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

await step('an MFN pasted sets the position; a bad one is refused', async () => {
  const mfn = 'rrdrrr/6/6/6/6/RRRDRR b - 0';
  await page.$eval('#mfn-input', (e, v) => { e.value = v; }, mfn);
  await page.click('#set-mfn');
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
  await page.$eval('#mfn-input', (e, v) => { e.value = v; }, mfn);
  await page.click('#set-mfn');
  assert.equal(await text('#mfn'), mfn);
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
