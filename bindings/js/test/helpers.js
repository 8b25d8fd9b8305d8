// SPDX-License-Identifier: MIT
// Shared by the tests: the loaded module and the paths of the test data.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../index.js';

export const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..', '..', '..');
export const mana = await init();

/** The project's perft reference file, tests/data/perft.txt. */
export function perftFile() {
  return readFileSync(join(repo, 'tests', 'data', 'perft.txt'), 'utf8');
}

/** Parses perft.txt: [{section, mfn, depths: [[d, leaves], ...]}]. */
export function perftCases() {
  const cases = [];
  let section = '';
  for (const line of perftFile().split('\n')) {
    const s = line.trim();
    if (!s || s.startsWith('#')) continue;
    const sec = /^\[(.*)\]$/.exec(s);
    if (sec) { section = sec[1]; continue; }
    const [mfn, ...fields] = s.split(';').map((f) => f.trim());
    const depths = fields.map((f) => {
      const m = /^D(\d+) (\d+)$/.exec(f);
      if (!m) throw new Error(`perft.txt: bad field '${f}'`);
      return [Number(m[1]), Number(m[2])];
    });
    cases.push({ section, mfn, depths });
  }
  return cases;
}

/** The native helper that plays the reference random games. */
export const nativeGames = process.env.MANA_NATIVE_GAMES || join(repo, 'build', 'web', 'native_games');

/** Runs fn(game) and frees the game afterwards. */
export function withGame(options, fn) {
  const g = new mana.Game(options);
  try { return fn(g); } finally { g.free(); }
}
