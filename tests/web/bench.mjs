// SPDX-License-Identifier: MIT
// The WebAssembly benchmark (make bench-web): perft and random playouts
// natively, in Node and in headless Chromium, in one run, as ratios to
// native; then how fast the web board answers a click while a bot thinks.
// Prints a Markdown section for BENCHMARKS.md.  Never a test: it judges
// nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve } from './server.mjs';
import { perftWork, playoutWork } from './bench-work.mjs';
import { init } from '../../bindings/js/index.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(resolve(process.env.WEB_TOOLS || 'build/web/tools'), 'x.js'));
const puppeteer = require('puppeteer-core');
const native = process.env.BENCH_NATIVE || join(repo, 'build', 'web', 'bench_native');
const wasmBench = process.env.BENCH_WASM || join(repo, 'build', 'web', 'bench_native.mjs');
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

const mfns = readFileSync(join(repo, 'tests', 'data', 'perft.txt'), 'utf8').split('\n')
  .filter((l) => /^[1-6rdRD/]+ [bw] /.test(l)).map((l) => l.split(';')[0].trim());
const DEPTH = 4, REPS = Number(process.env.BENCH_PERFT_REPS || 100);
const GAMES = Number(process.env.BENCH_GAMES || 20000), SEED = 7;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rate = (r) => r.units / r.seconds;

const benchArgs = (kind) => (kind === 'perft' ? ['perft', DEPTH, REPS, ...mfns] : ['playouts', GAMES, SEED]).map(String);
const parse = (line) => { const [units, seconds] = line.trim().split(' ').map(Number); return { units, seconds }; };
const nativeRun = (kind) => parse(execFileSync(native, benchArgs(kind), { encoding: 'utf8' }));

// Every rate is work over CPU time, so that waiting for a CPU on a shared
// machine does not count: the process's CPU time natively, process.cpuUsage
// in Node, and the renderer main thread's ThreadTime (Chrome DevTools
// Protocol, Performance.getMetrics) in Chromium.
function nodeCpu(fn) {
  const c0 = process.cpuUsage();
  const r = fn();
  const c = process.cpuUsage(c0);
  return { units: r.units, seconds: (c.user + c.system) / 1e6 };
}

// bench_native.c in WebAssembly: its main() run by callMain, output caught.
async function wasmMain(create) {
  const out = [];
  const M = await create({ print: (s) => out.push(s), printErr: (s) => out.push(s) });
  return (args) => { out.length = 0; M.callMain(args); return parse(out.join('\n')); };
}
const nodeMain = await wasmMain((await import(wasmBench)).default);

const mana = await init();
const server = await serve(repo);
const tmp = mkdtempSync(join(tmpdir(), 'mana-bench-'));
const browser = await launch(puppeteer, join(tmp, 'profile'));
const page = await browser.newPage();
const cdp = await page.createCDPSession();
await cdp.send('Performance.enable');
const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics
  .find((m) => m.name === 'ThreadTime').value;
async function chromiumCpu(fn) {
  const t0 = await threadTime();
  const r = await fn();
  return { units: r.units, seconds: (await threadTime()) - t0 };
}
await page.goto(`${server.url}/tests/web/bench.html`);
await page.waitForSelector('body[data-ready="true"]');
await page.evaluate(async (url) => {
  const out = [];
  const M = await (await import(url)).default({ print: (s) => out.push(s) });
  window.cMain = (args) => {
    out.length = 0;
    M.callMain(args);
    const [units, seconds] = out.join('').trim().split(' ').map(Number);
    return { units, seconds };
  };
}, `${server.url}/${wasmBench.slice(repo.length + 1)}`);

// perft: mana_perft called through the package; playouts-c: the C loop of
// bench_native.c; playouts-js: the same games driven from JavaScript.
const KINDS = ['perft', 'playouts-c', 'playouts-js'];
const runs = Object.fromEntries(KINDS.map((k) => [k, { native: [], node: [], chromium: [] }]));
const units = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    const base = kind === 'perft' ? 'perft' : 'playouts';
    const n = nativeRun(base);
    let j, c;
    if (kind === 'playouts-c') {
      j = nodeCpu(() => nodeMain(benchArgs(base)));
      c = await chromiumCpu(() => page.evaluate((a) => window.cMain(a), benchArgs(base)));
    } else {
      j = nodeCpu(() => (kind === 'perft' ? perftWork(mana, DEPTH, REPS, mfns) : playoutWork(mana, GAMES, SEED)));
      c = await chromiumCpu(() => page.evaluate((k, a, b, m) => window.runBench(k, a, b, m), base,
        kind === 'perft' ? DEPTH : GAMES, kind === 'perft' ? REPS : SEED, mfns));
    }
    if (n.units !== j.units || n.units !== c.units)
      throw new Error(`${kind}: different work: native ${n.units}, node ${j.units}, chromium ${c.units}`);
    units[kind] = n.units;
    runs[kind].native.push(rate(n));
    runs[kind].node.push(rate(j));
    runs[kind].chromium.push(rate(c));
  }
}

// The page answering clicks while the strongest ab level thinks (2 s a
// move, in the worker): the time from each click's input event to the
// next frame after its handler ran.
async function clickLatency() {
  const p = await browser.newPage();
  await p.goto(`${server.url}/web/`);
  await p.waitForSelector('body[data-ready="true"]');
  await p.select('#level', 'ab-strong');
  await p.$eval('#mfn-input', (e) => { e.value = 'rrdrrr/6/6/6/6/RRRDRR b - 0'; });
  await p.click('#set-mfn');
  await p.evaluate(() => {
    window.lat = [];
    document.getElementById('board').addEventListener('click', (e) => {
      const t = e.timeStamp;
      const busy = document.body.classList.contains('thinking');
      requestAnimationFrame(() => setTimeout(() => { if (busy) window.lat.push(performance.now() - t); }, 0));
    });
  });
  await p.click('[data-square="a6"]');
  await p.click('[data-square="a4"]'); // the person moves; the bot thinks
  await p.waitForFunction(() => /thinking/.test(document.getElementById('status').textContent));
  await p.evaluate(() => { window.lat = []; });
  // Clicks on Black's pieces, each answered "Wait for the bot to move";
  // only those made while the bot was thinking count.
  for (let i = 0; i < 20; i++) {
    await p.click(`[data-square="${'bcdef'[i % 5]}6"]`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const thinking = await p.evaluate(() => /thinking/.test(document.getElementById('status').textContent));
  const lat = await p.evaluate(() => window.lat);
  await p.close();
  return { lat, thinking };
}
const click = await clickLatency();

await browser.close();
server.close();
rmSync(tmp, { recursive: true, force: true });

const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(1)} k`);
const chrome = execFileSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
const lines = [];
lines.push(`## WebAssembly (libmana in Node and Chromium), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, '');
lines.push(`Machine: ${cpus()[0].model}, ${cpus().length} CPUs (shared); Node ${process.version}; ${chrome}; emscripten build of \`make wasm\` (-O3).`);
lines.push(`Rates are work per CPU second (not wall time); medians of ${ROUNDS} rounds; each round runs native, Node and Chromium back to back on the same work.`, '');
lines.push('| work | native | Node (wasm) | Chromium (wasm) | Node / native | Chromium / native |', '|---|---|---|---|---|---|');
for (const [kind, label] of [
  ['perft', `perft ${DEPTH} of the ${mfns.length} positions of tests/data/perft.txt x${REPS}, \`game.perft\` (${units.perft} leaves), leaves/s`],
  ['playouts-c', `${GAMES} random games (setup included), the C loop of tests/web/bench_native.c compiled to wasm (${units['playouts-c']} plies), plies/s`],
  ['playouts-js', `the same games driven from JavaScript, \`legalMoves()\` + \`play()\` per ply (${units['playouts-js']} plies), plies/s`]]) {
  const m = Object.fromEntries(Object.entries(runs[kind]).map(([k, v]) => [k, median(v)]));
  lines.push(`| ${label} | ${fmt(m.native)} | ${fmt(m.node)} | ${fmt(m.chromium)} | ${(m.node / m.native).toFixed(2)}x | ${(m.chromium / m.native).toFixed(2)}x |`);
}
lines.push('', `Web board, clicks while \`ab\` (2 s a move) thinks in the worker: ${click.lat.length} clicks made while it thought, ` +
  `input event to the next frame: median ${median(click.lat).toFixed(1)} ms, max ${Math.max(...click.lat).toFixed(1)} ms` +
  `${click.thinking ? '; the bot was still thinking after the last click' : ''}.`);
console.log(lines.join('\n'));
