// SPDX-License-Identifier: MIT
// web/bot-worker.js run in node with a stand-in for the worker's `self`:
// its replies to moves, its errors as messages (never an exception out of
// onmessage), and the number of bots it keeps bounded however many
// different limits the page asks for (each ab bot holds a 16 MiB table).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mana } from './helpers.js';

const replies = [];
globalThis.self = { postMessage: (m) => replies.push(m) };
await import('../../../web/bot-worker.js');

test('the web worker answers, reports errors as messages and keeps few bots', async () => {
  const g = new mana.Game({ position: '2r2r/1d2r1/4r1/r3R1/R1RR2/R4D w 3 2' });
  const record = g.writeRecord();
  const legal = g.legalMoves().map((m) => g.format(m));
  const live = mana.liveObjects();
  for (let depth = 1; depth <= 12; depth++) {
    replies.length = 0;
    await self.onmessage({ data: { id: depth, record, kind: 'ab', limits: { depth: 1 + (depth % 2), nodes: 100 + depth } } });
    assert.equal(replies.length, 1);
    assert.equal(replies[0].id, depth);
    assert.ok(legal.includes(replies[0].move), `move ${replies[0].move} is legal`);
    assert.ok(mana.liveObjects() - live <= 4, `at most 4 bots kept, not ${mana.liveObjects() - live}`);
  }
  replies.length = 0;
  await self.onmessage({ data: { id: 99, record: 'not a record', kind: 'ab', limits: {} } });
  assert.equal(replies.length, 1);
  assert.equal(replies[0].id, 99);
  assert.match(replies[0].error, /./);
  replies.length = 0;
  await self.onmessage({ data: { id: 100, record, kind: 'no such bot', limits: {} } });
  assert.match(replies[0].error, /unknown bot kind/);
  g.free();
});
