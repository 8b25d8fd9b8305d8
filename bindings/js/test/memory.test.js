// SPDX-License-Identifier: MIT
// 100,000 games created and dropped: the WebAssembly heap stays bounded,
// whether the games are freed explicitly or left to the garbage collector
// (FinalizationRegistry).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { mana } from './helpers.js';

// The collector runs when JavaScript's own heap fills, which these small
// wrapper objects hardly do; the test asks for it after each batch.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const START = 'rrdrrr/6/6/6/6/RRRDRR b - 0';

/** Creates n games that play a few moves (so each owns a history), freeing
 * them or not; returns after the event loop has turned. */
async function churn(n, free) {
  for (let i = 0; i < n; i++) {
    const g = new mana.Game({ position: START });
    g.play(g.legalMoves()[i % 16]);
    const c = g.clone();
    if (free) { g.free(); c.free(); }
  }
  gc();
  await tick(); // finalizers run after the collection, on a later turn
  await tick();
}

test('100,000 games freed explicitly leave the heap as it was', async () => {
  await churn(1000, true);
  const before = mana.heapBytes();
  for (let k = 0; k < 50; k++) await churn(1000, true);
  assert.equal(mana.heapBytes(), before);
});

test('100,000 games dropped without free() are reclaimed by the collector', async () => {
  const before = mana.heapBytes();
  for (let k = 0; k < 50; k++) await churn(1000, false);
  // Each dropped game and its clone hold a C game and its history: 100,000
  // of them leaked would need far more than 16 MiB of heap.
  const grown = mana.heapBytes() - before;
  assert.ok(grown <= 16 << 20, `heap grew by ${grown} bytes`);
  assert.ok(mana.liveObjects() < 100000, `${mana.liveObjects()} C objects still alive`);
});
