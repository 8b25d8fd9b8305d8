// SPDX-License-Identifier: MIT
/**
 * libmana for JavaScript and TypeScript: the rules engine of Claude Leroy's
 * board game Mana, compiled to WebAssembly.  The same library, concepts and
 * names as the C API (include/mana.h, man 7 libmana, the section-3 pages such
 * as mana_play(3)) and the Python package.
 *
 * ```js
 * import { init } from 'libmana';
 * const { Game, Bot } = await init();
 * const g = new Game();                 // jactalea, at the orientation choice
 * g.setupRandom(1);                     // or play the setup move by move
 * const ab = new Bot('ab', { depth: 4 });
 * while (!g.isOver) g.play(ab.choose(g));
 * console.log(g.result, g.position);
 * g.free(); ab.free();                  // or leave them to the collector
 * ```
 *
 * Conventions
 * - Squares are integers 0..35, a1 = 0, b1 = 1, ..., f1 = 5, a2 = 6, ...,
 *   f6 = 35 (sq = 6 * (rank - 1) + file); methods taking a square also take
 *   its name "a1".."f6".  docs/rules.md "Board and coordinates".
 * - A move is the library's `mana_move`: an unsigned 32-bit integer (see
 *   {@link Move}); its text ("b2-c4", "b2xc4", "D@c6", "R@c3", "O2",
 *   "pass") comes from {@link Game.format} and {@link Game.parse}.
 * - A failing call throws {@link ManaError} and leaves the game exactly as
 *   it was.  Wrong JavaScript types throw TypeError; square indices or
 *   names out of range throw RangeError.
 * - Memory: each Game and Bot owns C memory inside the WebAssembly module.
 *   Call `free()` when done; objects dropped without it are released by a
 *   FinalizationRegistry when the garbage collector reclaims them (at some
 *   later time, so call free() in loops that create many games).
 * - Threads: one module instance is single-threaded; a Web Worker that
 *   imports the package gets its own instance (the web board runs its bots
 *   that way).  Objects cannot cross between instances; pass MFN text or
 *   records.
 */

/** The library's error codes (MANA_E* of mana.h), pinned values: the
 * loaded module's `Errors` ({@link Mana}), read from the library's list
 * (mana_error_name); test/vocabulary.test.js checks these types against
 * include/mana.h. */
declare const Errors: Readonly<{
  OK: 0; EINVAL: -1; EILLEGAL: -2; EPARSE: -3; EOVER: -4;
  ENOHISTORY: -5; ENOMEM: -6; ESPACE: -7; ESTATE: -8;
}>;

/**
 * A libmana call failed.  The game is unchanged.
 * - `code`: the negative MANA_E* value (compare with {@link Errors}).
 * - `name`: "ManaError", as every Error subclass names itself (so
 *   `String(e)` and stack traces read "ManaError: play 'b2-b3': ...").
 * - `codeName`: the library's name of the code, e.g. "MANA_EILLEGAL"
 *   (mana_error_name).
 * - `detail`: why this call failed, in the rules' words, e.g. "a piece on a6
 *   moves exactly 2 steps; a1 is not 2 steps away by any path".
 * - `call`: the operation that failed, in the words Python uses, e.g.
 *   "play 'b2-b3'", "perft to depth 70", "choose a move".
 * - `message`: "call: mana_strerror(code) (detail)".
 */
export declare class ManaError extends Error {
  readonly code: number;
  readonly name: 'ManaError';
  readonly codeName: string;
  readonly detail: string;
  readonly call: string;
}

/** Game status (mana_status): SETUP while orientation and placements remain. */
export declare const Status: Readonly<{ SETUP: 0; PLAYING: 1; WHITE_WON: 2; BLACK_WON: 3; DRAWN: 4 }>;
/** Colours (MANA_WHITE, MANA_BLACK).  Black moves first. */
export declare const Color: Readonly<{ WHITE: 0; BLACK: 1 }>;
/** Move kinds (enum mana_move_kind). */
export declare const MoveKind: Readonly<{ STEP: 1; DROP_DAMYO: 2; DROP_RONIN: 3; ORIENT: 4; PASS: 5 }>;
/**
 * The bits of Game.binding (mana.h's MANA_BINDING_*; docs/rules.md "The Mana").
 */
export declare const Binding: Readonly<{
  /** A piece on a square with `mana` marks can step: one of them must move. */
  BOUND: 1;
  /** None of them can: the exception, whose moves STEPS and REENTRY give (alone: blocked). */
  EXCEPTION: 2;
  /** Under the exception: some piece can step (any piece may move). */
  STEPS: 4;
  /** Under the exception: a Ronin can re-enter. */
  REENTRY: 8;
}>;
/** Why a game ended (enum mana_end_reason; mana_end_reason). */
export declare const EndReason: Readonly<{
  /** Not finished (setup or play). */
  NONE: 0;
  /** The loser's Damyo was captured (or is missing from a set position). */
  DAMYO_CAPTURED: 1;
  /** The side to move had no legal move under blocked = draw (drawn) or loss (lost). */
  BLOCKED: 2;
  /** The repetition option drew it. */
  REPETITION: 3;
  /** The ply-limit option drew it. */
  PLY_LIMIT: 4;
  /** Two passes in a row (blocked = pass). */
  PASSES: 5;
}>;

/** Rule presets (enum mana_preset): the 2005 and 2020 editions. */
export declare const Rules: Readonly<{ JACTALEA: 0; COSMOLUDO: 1 }>;

/**
 * The mana_move bit layout: bits 0-5 from square (steps), bits 6-11 to square
 * (steps and drops) or orientation 0..3, bits 12-14 kind.  A step names only
 * its start and end squares; a drop is a setup placement during setup and a
 * re-entry from the reserve in play.  `NONE` (0) is never legal.
 */
export declare const Move: Readonly<{
  make(kind: number, from: number, to: number): number;
  kind(move: number): number;
  from(move: number): number;
  to(move: number): number;
  NONE: 0;
}>;

/** "a1".."f6" for a square index 0..35 (a1 = 0, f6 = 35), as the library
 * names it (mana_square_name); RangeError otherwise.  Needs the module
 * loaded: an Error before init() has resolved. */
export declare function squareName(sq: number): string;
/** The index 0..35 of "a1".."f6" (mana_square_parse; an index 0..35 is
 * returned as is); RangeError otherwise.  Needs the module loaded: an Error
 * before init() has resolved. */
export declare function square(sq: number | string): number;

/** A square as an index 0..35 or a name "a1".."f6". */
export type Square = number | string;

/**
 * Rule options (docs/rules.md "Rule options"), by name.  Values may be given as
 * the words of the record format ("draw", "on", "chosen", "400") or as
 * numbers and booleans; they are read back as shown here.
 */
export interface Options {
  /** "chosen" (Black chooses, jactalea) or a fixed orientation 0..3 (cosmoludo: 3). */
  orientation?: 'chosen' | 0 | 1 | 2 | 3;
  /** Setup on the home two ranks (jactalea) or the back rank (cosmoludo). */
  setupArea?: 'two-ranks' | 'back-rank';
  /** The Damyo must be placed on a square with 2 marks (cosmoludo: on). */
  damyoOnDouble?: boolean | 'on' | 'off';
  /** Re-entry on any empty square, or only on squares of the Mana's mark count. */
  reentry?: 'any' | 'mana-mark';
  /** Re-entry also allowed when the bound pieces are only blocked (default on). */
  reentryWhenBlocked?: boolean | 'on' | 'off';
  /** What a player with no legal move does: pass (default), or the game is a draw or a loss. */
  blocked?: 'pass' | 'draw' | 'loss';
  /** Draw at the Nth repetition of a position: 0 (off) or 2..1000000. */
  repetition?: number;
  /** Draw after N plies of play: 0 (off) or 1..1000000000. */
  plyLimit?: number;
}

/** Arguments of `new Game()`. */
export interface GameInit extends Options {
  /** "jactalea" (default, the 2005 edition) or "cosmoludo" (2020), or 0 / 1. */
  rules?: 'jactalea' | 'cosmoludo' | 0 | 1;
  /** Start from this MFN instead of the setup (as setPosition). */
  position?: string;
}

/** One game: position, options, setup progress and history (a mana_game). */
export declare class Game {
  /**
   * A new game at the start of setup (mana_new) with the options given
   * (mana_set_option), optionally at a position (mana_set_position).
   * Throws ManaError EINVAL for unknown rules, option names or values,
   * EPARSE for a bad position, ENOMEM when the module is out of memory.
   */
  constructor(init?: GameInit);
  /** Releases the C game now (idempotent).  Using the game afterwards throws Error. */
  free(): void;
  /** True once free() was called. */
  readonly freed: boolean;
  /** An independent deep copy, history and options included (mana_clone). */
  clone(): Game;
  /** "jactalea" or "cosmoludo": the preset the game was created with. */
  readonly rules: 'jactalea' | 'cosmoludo';
  /** Sets one option (mana_set_option); only while the history is empty, else ManaError ESTATE. */
  setOption(name: keyof Options, value: string | number | boolean): void;
  /** Reads one option (mana_get_option). */
  getOption(name: keyof Options): string | number | boolean;
  /** Every option, read back (a new object each time). */
  readonly options: Required<Options>;
  /**
   * Replaces the position by an MFN (docs/rules.md "MFN") and clears the history
   * (mana_set_position).  The game is then in play (or finished).  Options
   * are kept.  ManaError EPARSE (the detail names the field) leaves the
   * game unchanged.
   */
  setPosition(mfn: string): void;
  /** The MFN of the current position (mana_get_position); ManaError ESTATE during setup. */
  getPosition(): string;
  /** The MFN of the current position, or null during setup; assigning calls setPosition. */
  position: string | null;
  /** Same as {@link position} (read-only). */
  readonly mfn: string | null;
  /**
   * The legal moves of the side to move, in the library's deterministic
   * order (mana_legal_moves): orientation and placements in setup; in play
   * the steps of the pieces the Mana binds, else every other piece's steps
   * and the re-entries; "pass" when nothing else is legal.  At most 128;
   * empty once the game is over.  docs/rules.md "Setup", "Moving", "The Mana".
   */
  legalMoves(): number[];
  /** True if the move (integer or text) is legal now. */
  isLegal(move: number | string): boolean;
  /**
   * Plays a move given as a mana_move integer or as text (mana_play,
   * mana_move_parse) and returns its integer.  ManaError EILLEGAL (the
   * detail says why, e.g. "the Mana binds you to a piece on a square with 2
   * marks; b2 has 3"), EPARSE (not notation), EOVER (game finished).
   */
  play(move: number | string): number;
  /** Takes back the last move, setup moves included (mana_undo).  ManaError ENOHISTORY. */
  undo(): void;
  /** The moves played since the start or the last setPosition, oldest first (mana_history). */
  historyValues(): number[];
  /** The same moves as notation, setup included (mana_history_format). */
  history(): string[];
  /** The history as one line of notation, moves separated by single spaces (mana_history_format). */
  historyText(): string;
  /** The canonical text of a move legal now (mana_move_format); ManaError EILLEGAL otherwise. */
  format(move: number): string;
  /** Same as {@link format}. */
  moveToString(move: number): string;
  /** The mana_move integer of the legal move the text names (mana_move_parse). */
  parse(text: string): number;
  /**
   * Completes the setup with uniformly chosen legal moves from a 64-bit
   * seed (mana_setup_random), an integer or BigInt 0..2^64-1 (TypeError
   * for another type, RangeError outside, as Python's OverflowError): the
   * same seed gives the same setup.  ManaError ESTATE outside the setup.
   */
  setupRandom(seed?: number | bigint): void;
  /**
   * Counts the leaves of the legal-move tree depth plies deep (mana_perft,
   * docs/rules.md "Perft"); depth 0..64 (else ManaError EINVAL).  Exact up to
   * 2^53.  The game is restored before it returns.
   */
  perft(depth: number): number;
  /** Status.SETUP .. Status.DRAWN (mana_status). */
  readonly status: number;
  /** True once the game is won or drawn. */
  readonly isOver: boolean;
  /** The record's result text: "1-0" (White won), "0-1", "1/2-1/2" or "*". */
  readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** Why the game ended: EndReason.NONE while it goes on (mana_end_reason); status says who won. */
  readonly endReason: number;
  /**
   * Why the game ended, in the library's words (mana_end_text), as mana-cli
   * and Python say it: "White won, Black's Damyo captured", "Black won,
   * White to move and blocked", "drawn by repetition", "drawn at the ply
   * limit", "drawn, two passes in a row"; "setup" or "playing" while the
   * game goes on.  Throws ManaError (MANA_EINVAL) on a closed game.
   */
  readonly endText: string;
  /** Color.WHITE or Color.BLACK: the side to move, or choosing/placing in setup. */
  readonly sideToMove: number;
  /**
   * The Mana: the mark count 1..3 that binds the side to move, or 0 when
   * there is none (setup, first move of play).  docs/rules.md "The Mana".
   */
  readonly mana: number;
  /**
   * What the Mana lets the side to move do, from its legal moves
   * (mana_binding): Binding.BOUND, or Binding.EXCEPTION with Binding.STEPS
   * and/or Binding.REENTRY (EXCEPTION alone: blocked, a pass or no move);
   * 0 when no Mana binds (setup, before the first move of play, game over).
   */
  readonly binding: number;
  /** The square the Mana came from (where the last moved or re-entered piece landed), or null. */
  readonly manaSquare: number | null;
  /** The orientation 0..3, or -1 while Black has not chosen it. */
  readonly orientation: number;
  /** The 64-bit Zobrist hash of the position (mana_hash): equal positions hash equal. */
  readonly hash: bigint;
  /** "D", "R" (White), "d", "r" (Black) or null for an empty square. */
  pieceAt(sq: Square): 'D' | 'R' | 'd' | 'r' | null;
  /** The square's mark count 1..3 under the orientation (0 while not chosen). */
  marksAt(sq: Square): number;
  /** How many captured Ronins the colour may re-enter (0..5). */
  reserve(color: number): number;
  /**
   * The game's record (mana_record_write, docs/record-format.md): Rules, the
   * options that differ from the preset, the tags given, Result, MFN when
   * the game started from a position, then every move, setup included.
   * Tags are keys [A-Za-z][A-Za-z0-9_]* (first letter written in capitals:
   * `{ white: 'Ann' }` gives "White: Ann"), values up to 127 bytes of UTF-8
   * without control characters; empty values are left out.  ManaError
   * EINVAL for a bad tag or one the library owns (Rules, Result, MFN, an
   * option name), ESPACE for more than 16 tags.
   *
   * `options.result` ("1-0", "0-1", "1/2-1/2" or "*"): the Result of a game
   * that ended off the board, which the moves leave unfinished (a time
   * forfeit, a resignation); the library writes it only with a
   * `Termination` tag saying why (e.g. `{ termination: 'time forfeit' }`),
   * and refuses with ManaError EINVAL a result without one or one that
   * contradicts a finished game.  Absent or null: the game's own result.
   */
  writeRecord(tags?: Record<string, string | number>, options?: { result?: '1-0' | '0-1' | '1/2-1/2' | '*' | null }): string;
  /**
   * The position as a standalone SVG picture (mana_svg): marks as strokes,
   * pieces, the last move and the Mana tinted, the Mana bird, coordinates
   * and a caption.  `width` in pixels: 0 (default, 440) or 64..8192, else
   * ManaError EINVAL.  The other options (default true, flipped false)
   * leave out what they name.
   */
  svg(options?: { width?: number; flipped?: boolean; coordinates?: boolean; lastMove?: boolean;
    mana?: boolean; caption?: boolean }): string;
}

/** What {@link readRecord} returns. */
export interface RecordRead {
  /** The game with every move of the record played; owned by the caller. */
  game: Game;
  /** Every tag of the record (White, Black, Date, Event, ...), keys as written. */
  tags: Record<string, string>;
  /** The White, Black and Date tags ("" when absent). */
  white: string;
  black: string;
  date: string;
  /**
   * The record's Result header ("1-0", "0-1", "1/2-1/2" or "*"), null when it
   * has none.  For a game that ended off the board (resignation, time loss;
   * a Termination tag says why) it is the declared result while
   * `game.result` is "*": the moves alone leave the game unfinished.
   */
  result: '1-0' | '0-1' | '1/2-1/2' | '*' | null;
  /** The MFN the game started from, or null when it started at the setup. */
  startMfn: string | null;
}

/** Search limits; 0 or absent means none, all absent means the bot's defaults. */
export interface BotLimits {
  /** Wall-clock budget per move, in milliseconds (ab, mcts). */
  timeMs?: number;
  /** ab: deepest iteration of iterative deepening (1..60). */
  depth?: number;
  /** ab: nodes visited; mcts: tree nodes (and at most as many playouts). */
  nodes?: number;
  /** mcts: playouts per move. */
  iterations?: number;
  /** Seed of the bot's generator (default 1), 0..2^64-1 (else RangeError; TypeError for a non-integer); with no time limit a bot is deterministic. */
  seed?: number | bigint;
  /**
   * Search threads (the Threads option), default 1.  The WebAssembly build
   * has no threads (it is built without pthreads), so in the browser and in
   * Node through this package the bots stay at 1 thread: anything above 1
   * is refused with ManaError EINVAL ("this build has no threads").
   */
  threads?: number;
  /** MiB of ab's transposition table, 1..65536 (default 16); for mcts the bound of its tree. ManaError EINVAL out of range. */
  hash?: number;
  /** ab: the number of best root moves searched each with its line, 1..16 (default 1); read them with Bot.lines. */
  multipv?: number;
}

/** One line of a MultiPV search (Bot.lines). */
export interface BotLine {
  /** 1-based rank: 1 is the best (the move chosen). */
  multipv: number;
  depth: number;
  seldepth: number;
  /** Centi-Ronin from the mover's view. */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), else 0. */
  mate: number;
  /** The line's moves, legal in turn from the position searched; pv[0] differs from every other line's. */
  pv: number[];
}

/** What the last choose() found (libmana-bots' mana_bot_result, man 3 mana_bot_choose). */
export interface BotStats {
  /** ab: deepest completed iteration; mcts and setup searches: as seldepth. */
  depth: number;
  /** The deepest ply reached (ab: at least depth). */
  seldepth: number;
  /** Centi-Ronin from the mover's view (mcts: 400·log10(p/(1−p)) of its win rate p, within ±2000); a mate: ±(30000 − |mate|). */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), else 0 (mcts: a win its mate searches proved; one its tree proved alone is 0, score 2000). */
  mate: number;
  /** mcts: the chosen move's win rate in its playouts, 0..1 (1 or 0 once proven); null for ab and random. */
  winRate: number | null;
  /** ab: nodes visited; mcts: tree nodes. */
  nodes: number;
  /** mcts: playouts run. */
  iterations: number;
  /** Wall-clock time used, in milliseconds. */
  timeMs: number;
  /** The principal variation as move values, legal in turn from the position searched; pv[0] is the move chosen. */
  pv: number[];
  /** The expected reply (pv[1], legal after the move), or 0 when there is none. */
  ponder: number;
}

/** A computer player: "random", "ab" (alpha-beta) or "mcts" (Monte Carlo tree search). */
export declare class Bot {
  /** ManaError EINVAL for an unknown kind, a bad limit or option (threads > 1 in this build). */
  constructor(kind?: 'random' | 'ab' | 'mcts', limits?: BotLimits);
  /** The kind and its effective limits, e.g. "ab (depth 4)". */
  readonly description: string;
  /**
   * A legal move for the side to move of game, in setup too (the game is
   * only read).  Blocks until the search ends: run it in a Worker to keep a
   * page responsive.  ManaError EOVER for a finished game, its detail the
   * result ("Black won").  options.searchmoves (the protocol's `go
   * searchmoves`): the root moves it may choose among, as values or text,
   * each legal in game (ManaError EILLEGAL if not, EPARSE for bad text,
   * EINVAL for more than 128); empty or null: every move.
   *
   * Clocks (the protocol's `go wtime btime winc binc movestogo`, for this
   * call only): `wtime`/`btime` the milliseconds left on White's and
   * Black's clock (null or absent: no clock), `winc`/`binc` their
   * increments a move, `movestogo` the moves to the next time control (0:
   * none, the time manager assumes 30).  With the side to move's clock
   * the bot spends what the library's time manager gives it
   * (mana_bot_time_budget, man 3 mana_bot_choose: about a thirtieth of the
   * time left plus three quarters of the increment, never past a margin
   * kept on the clock), at most the bot's timeMs when that is set too; the
   * other side's clock is not read.  ManaError EINVAL for a value that is
   * not a whole number >= 0.
   */
  choose(game: Game, options?: { searchmoves?: ReadonlyArray<number | string> | null;
    wtime?: number | null; btime?: number | null; winc?: number; binc?: number; movestogo?: number }): number;
  /** Statistics of the last choose(). */
  readonly stats: BotStats;
  /** The last choose()'s lines, best first: MultiPV of them (fewer with fewer moves; one for mcts and random). */
  readonly lines: BotLine[];
  /** Forgets what was learnt from earlier positions (the ab hash table). */
  clear(): void;
  /** Releases the bot now (idempotent). */
  free(): void;
}

/** The loaded module: everything above bound to one WebAssembly instance. */
export interface Mana {
  Game: typeof Game;
  Bot: typeof Bot;
  ManaError: typeof ManaError;
  Status: typeof Status;
  Color: typeof Color;
  MoveKind: typeof MoveKind;
  Move: typeof Move;
  Rules: typeof Rules;
  EndReason: typeof EndReason;
  Binding: typeof Binding;
  Errors: typeof Errors;
  /** The option names, in the order of enum mana_option. */
  OPTION_NAMES: readonly (keyof Options)[];
  /** Ronins per side, on the board and in the reserve together (mana.h's MANA_RONIN_COUNT). */
  readonly RONIN_COUNT: 5;
  /** The values an option accepts, e.g. "pass|draw|loss". */
  optionValues(name: keyof Options): string;
  /**
   * Reads the first game of a record (mana_record_read: every move checked
   * by the rules) into a new game.  A byte-order mark, CRLF line ends,
   * comments and move numbers are accepted.  ManaError with the detail
   * "LINE:COLUMN: reason": EPARSE for text that is not a record, EILLEGAL
   * for a move the rules refuse, EOVER for a move after the end.
   */
  readRecord(text: string): RecordRead;
  /** Reads every game of a text holding several records one after another. */
  readRecords(text: string): RecordRead[];
  square: typeof square;
  squareName: typeof squareName;
  /** mana_strerror: the message of an error code. */
  strerror(code: number): string;
  /** The library version, e.g. "0.1.0" (the package has the same). */
  version: string;
  /** The WebAssembly heap size in bytes (it grows, never shrinks). */
  heapBytes(): number;
  /** How many Games and Bots own C memory now (not yet freed or collected). */
  liveObjects(): number;
}

/** Loads the WebAssembly module (once; later calls return the same promise). */
export declare function init(): Promise<Mana>;
export default init;
