// SPDX-License-Identifier: MIT
// Compiled (never run) by make check-web with tsc --strict against
// bindings/js/index.d.ts: the documented API type-checks as people use it,
// and misuse is refused (the @ts-expect-error lines must be errors).
import { init, Move, MoveKind, Status, ManaError, squareName, type Mana, type Options } from '../../bindings/js/index.js';

async function main(): Promise<void> {
  const mana: Mana = await init();
  const { Game, Bot, Color } = mana;
  const g = new Game({ rules: 'cosmoludo', blocked: 'draw', plyLimit: 200, position: undefined });
  g.setupRandom(7n);
  const moves: number[] = g.legalMoves();
  const text: string = g.format(moves[0]);
  g.play(text);
  g.play(moves[1] ?? Move.NONE);
  g.undo();
  const mfn: string | null = g.position;
  const leaves: number = g.perft(2);
  const hash: bigint = g.hash;
  const status: number = g.status;
  if (status === Status.PLAYING && g.sideToMove === Color.WHITE) g.reserve(Color.WHITE);
  const o: Required<Options> = g.options;
  const blocked: string | number | boolean = g.getOption('blocked');
  const kind = Move.kind(moves[0]) === MoveKind.STEP ? squareName(Move.from(moves[0])) : 'drop';
  const ab = new Bot('ab', { timeMs: 100, seed: 3n });
  const m: number = ab.choose(g);
  const depth: number = ab.stats.depth;
  const record: string = g.writeRecord({ white: 'ab', black: 'me', round: 3 });
  const onClock: number = ab.choose(g, { wtime: 60000, btime: 59000, winc: 2000, binc: 2000, movestogo: 0 });
  const lost: string = g.writeRecord({ termination: 'time forfeit' }, { result: '0-1' });
  const why: number = g.endReason === mana.EndReason.NONE ? 0 : g.endReason;
  const pic: string = g.svg({ width: 200, flipped: true });
  const many = mana.readRecords(record + record);
  const tags: Record<string, string> = many[0].tags;
  const back = mana.readRecord(record);
  const start: string | null = back.startMfn;
  back.game.free();
  try {
    g.play('zz');
  } catch (e) {
    if (e instanceof ManaError) { const n: 'ManaError' = e.name; console.log(e.code, n, e.codeName, e.detail, e.call); }
  }
  // @ts-expect-error: unknown rules
  new Game({ rules: 'chess' });
  // @ts-expect-error: unknown option
  new Game({ colour: 'red' });
  // @ts-expect-error: a move is a number or its text
  g.play({ from: 'a1' });
  // @ts-expect-error: a result is a record's result token
  g.writeRecord({}, { result: 'White' });
  // @ts-expect-error: clocks are numbers of milliseconds
  ab.choose(g, { wtime: '1:00' });
  // @ts-expect-error: hash is a bigint
  const h: number = g.hash;
  console.log(mfn, leaves, hash, o, blocked, kind, m, depth, start, h, why, pic, tags, onClock, lost);
  g.free();
  ab.free();
}
void main();
