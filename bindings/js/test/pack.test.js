// SPDX-License-Identifier: MIT
// `npm pack` makes a tarball that installs into an empty folder, offline,
// and runs there with nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { here } from './helpers.js';

test('npm pack, install in an empty folder, run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'libmana-pack-'));
  try {
    const npm = (args, cwd) => execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund',
      '--loglevel=error', `--cache=${join(dir, 'cache')}`], { cwd, encoding: 'utf8' });
    const name = npm(['pack', '--pack-destination', dir], join(here, '..')).trim().split('\n').pop();
    const app = join(dir, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), '{"name":"app","version":"1.0.0","type":"module"}\n');
    npm(['install', join(dir, name)], app);
    assert.deepEqual(readdirSync(join(app, 'node_modules', 'libmana')).sort(),
      ['README.md', 'dist', 'index.d.ts', 'index.js', 'package.json']);
    writeFileSync(join(app, 'main.js'), `import { init } from 'libmana';
const { Game } = await init();
const g = new Game({ position: 'rrdrrr/6/6/6/6/RRRDRR b - 0' });
console.log(g.perft(3));\n`);
    assert.equal(execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' }).trim(), '421');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
