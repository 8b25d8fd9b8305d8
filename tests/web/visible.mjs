// SPDX-License-Identifier: MIT
// What a person sees of the web board, measured in headless Chromium: is an
// element inside the viewport with the page unscrolled, and is the mark
// count digit of each occupied square on screen (pixels) and clear of the
// piece's disc (geometry)?  Used by board.test.mjs.
import assert from 'node:assert/strict';

/** Asserts every element matching sel lies wholly inside the viewport, the
 * page not scrolled (what a person sees first). */
export async function assertInViewport(page, sel, what) {
  const r = await page.$$eval(sel, (els) => ({
    scrollY: window.scrollY, w: window.innerWidth, h: window.innerHeight,
    boxes: els.filter((e) => e.offsetParent !== null).map((e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
    }),
  }));
  assert.equal(r.scrollY, 0, `${what}: the page is scrolled`);
  assert.ok(r.boxes.length > 0, `${what}: ${sel} not shown`);
  for (const b of r.boxes)
    assert.ok(b.left >= 0 && b.top >= 0 && b.right <= r.w && b.bottom <= r.h,
      `${what}: ${sel} at ${JSON.stringify(b)} outside the ${r.w}x${r.h} viewport`);
}

/** The occupied squares: their name, the digit's box, the disc's circle
 * (viewport pixels). */
function occupiedSquares(page) {
  return page.$$eval('.sq', (l) => l.filter((b) => b.querySelector('.piece')).map((b) => {
    const t = b.querySelector('.count');
    const d = b.querySelector('.piece .disc').getBoundingClientRect();
    const c = t && t.getBoundingClientRect();
    return {
      square: b.dataset.square, digit: t ? t.textContent : null, label: b.getAttribute('aria-label'),
      box: c && { x: c.left, y: c.top, w: c.width, h: c.height },
      disc: { cx: d.left + d.width / 2, cy: d.top + d.height / 2, r: d.width / 2 },
    };
  }));
}

/** Decodes PNG screenshots in the page (its canvas), then returns what
 * fn(images, ...args) returns there (fn is sent as source: no closure);
 * images are ImageData. */
export function inPage(page, pngs, fn, ...args) {
  return page.evaluate(async (b64s, src, args) => {
    const images = [];
    for (const b of b64s) {
      const img = new Image();
      img.src = `data:image/png;base64,${b}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      images.push(ctx.getImageData(0, 0, img.width, img.height));
    }
    return (0, eval)(`(${src})`)(images, ...args); // eslint-disable-line no-eval
  }, pngs.map((p) => Buffer.from(p).toString('base64')), fn.toString(), args);
}

/** How many pixels of each box differ between two PNG screenshots of the
 * same size. */
function changedPixels(page, withPng, withoutPng, boxes) {
  return inPage(page, [withPng, withoutPng], ([a, b], boxes) => boxes.map(({ x, y, w, h }) => {
    let n = 0;
    for (let j = Math.floor(y); j < Math.ceil(y + h); j++)
      for (let i = Math.floor(x); i < Math.ceil(x + w); i++) {
        const k = 4 * (j * a.width + i);
        if (Math.abs(a.data[k] - b.data[k]) + Math.abs(a.data[k + 1] - b.data[k + 1]) +
            Math.abs(a.data[k + 2] - b.data[k + 2]) > 60) n++;
      }
    return n;
  }), boxes);
}

/**
 * Asserts that on the screen as it is now every occupied square shows its
 * mark count: a digit equal to the count in the square's label, inside the
 * viewport, its box clear of the disc (no point of it within the disc's
 * radius), and on screen: at least 8 pixels of its box change when the
 * digits are hidden (a digit covered by the piece would change none).
 * png: a screenshot of the viewport taken now.  Returns the squares checked.
 */
export async function assertDigitsVisible(page, png, what) {
  const squares = await occupiedSquares(page);
  assert.ok(squares.length > 0, `${what}: no piece on the board`);
  for (const s of squares) {
    const marks = /(\d) marks?/.exec(s.label);
    assert.ok(marks && s.digit === marks[1], `${what}: ${s.square} shows '${s.digit}', its label says ${s.label}`);
    const { x, y, w, h } = s.box;
    const nx = Math.max(x, Math.min(s.disc.cx, x + w)), ny = Math.max(y, Math.min(s.disc.cy, y + h));
    assert.ok(Math.hypot(nx - s.disc.cx, ny - s.disc.cy) > s.disc.r,
      `${what}: ${s.square}'s digit ${JSON.stringify(s.box)} overlaps the disc ${JSON.stringify(s.disc)}`);
  }
  await page.addStyleTag({ content: '.count { visibility: hidden; } /* hidden-digits */' });
  const without = await page.screenshot();
  await page.evaluate(() => [...document.querySelectorAll('style')]
    .filter((e) => e.textContent.includes('hidden-digits')).forEach((e) => e.remove()));
  const vp = page.viewport();
  for (const s of squares)
    assert.ok(s.box.x >= 0 && s.box.y >= 0 && s.box.x + s.box.w <= vp.width && s.box.y + s.box.h <= vp.height,
      `${what}: ${s.square}'s digit is off the screen`);
  const changed = await changedPixels(page, png, without, squares.map((s) => s.box));
  squares.forEach((s, i) => assert.ok(changed[i] >= 8,
    `${what}: ${s.square}'s digit ${s.digit} changes ${changed[i]} pixels: hidden under its piece?`));
  return squares.map((s) => s.square);
}
