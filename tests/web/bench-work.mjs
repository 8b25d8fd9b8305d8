// SPDX-License-Identifier: MIT
// The work timed by the WebAssembly benchmark (tests/web/bench.mjs), the
// same in Node and in Chromium, and the same as tests/web/bench_native.c.
// Each function returns { units, seconds }.

/** perft(depth) of each MFN, reps times: units = leaves. */
export function perftWork(mana, depth, reps, mfns) {
  const g = new mana.Game();
  let units = 0;
  const t0 = performance.now();
  for (let r = 0; r < reps; r++)
    for (const mfn of mfns) { g.setPosition(mfn); units += g.perft(depth); }
  const seconds = (performance.now() - t0) / 1000;
  g.free();
  return { units, seconds };
}

/** next32 of bench_native.c: 32-bit arithmetic, no BigInt. */
function next32(state) {
  state.s = (state.s + 0x9E3779B9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85EBCA6B);
  z = Math.imul(z ^ (z >>> 13), 0xC2B2AE35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** count random games through the JavaScript API (legalMoves, play), the
 * games of bench_native.c playouts: units = plies of play. */
export function playoutWork(mana, count, seed) {
  let units = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const g = new mana.Game({ rules: i % 2, plyLimit: 300 });
    g.setupRandom(BigInt(seed) + BigInt(i));
    const rng = { s: (seed + i) | 0 };
    while (g.status === mana.Status.PLAYING) {
      const moves = g.legalMoves();
      g.play(moves[next32(rng) % moves.length]);
      units++;
    }
    g.free();
  }
  return { units, seconds: (performance.now() - t0) / 1000 };
}
