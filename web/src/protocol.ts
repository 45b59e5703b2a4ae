/**
 * What the page and the engine's worker (`engine.worker.ts`) say to each
 * other, and the span arithmetic both sides do. Pure: no DOM, no
 * CodeMirror, so the worker's bundle stays small and the functions are
 * unit-tested without a browser.
 *
 * Every request names the document version it is asked for (the editor
 * counts its changes); the worker handles requests in the order they were
 * posted, so an answer is of the text the page had when it asked, and the
 * page drops an answer whose version is no longer the editor's.
 */

import type { Action, Change, Completion, DocDiagnostic, Hint, HoverAnswer, LineReport, Token, YakuName } from './types';

/** A range of the document (UTF-16 offsets, as CodeMirror counts), both ends included. */
export interface Span {
  from: number;
  to: number;
}

/** The names of packed tokens' type indices and modifier bits. */
export interface TokenLegend {
  types: string[];
  modifiers: string[];
}

/** The document kind: a `.mj` file or a Markdown article. */
export type DocKindName = 'mj' | 'markdown';

/** The line under the cursor (a hand line or not), for the calculator. */
export interface CursorLine {
  from: number;
  to: number;
  text: string;
  /** Whether tenpai reads it as a hand line. */
  analysed: boolean;
}

/** The requests the page posts, each with its own id. */
export type Request =
  | {
      kind: 'start';
      /**
       * Whether `boot.js` started this worker, and so hands it the
       * module it compiled (a `Boot` message).
       */
      booted: boolean;
      /** Where to fetch the wasm otherwise (an absolute URL). */
      url: string;
      docKind: DocKindName;
      rules: string;
    }
  | { kind: 'setRules'; words: string }
  | { kind: 'setKind'; docKind: DocKindName }
  | AnalyseRequest
  | SyncRequest
  | { kind: 'tokens'; version: number; span: Span }
  | { kind: 'panel'; version: number; head: number }
  | { kind: 'hover'; at: number }
  | { kind: 'completion'; at: number }
  | { kind: 'format' }
  | { kind: 'fixAll' }
  | { kind: 'handSvg'; at: number; theme: 'light' | 'dark' | 'auto' };

/** A replacement of `from..to` of the old text by `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/**
 * An analysis: of the whole text (`whole`), or after an edit, of the
 * lines of `span` (the lines edited since the page's last request) and of
 * those whose analysis the edit changed (a `rules:` line changes every
 * line after it). The new text comes whole (`text`) or as the changes to
 * the last one posted (`changes`, in order, with the new `length` to check
 * them by); neither when the text did not change (a span asked for
 * again). Tokens come for the part of those lines the editor highlights
 * (`covered`: the lines it has drawn).
 */
export interface AnalyseRequest {
  kind: 'analyse';
  version: number;
  text: string | null;
  changes: TextChange[] | null;
  length: number;
  whole: boolean;
  span: Span | null;
  covered: Span | null;
}

/**
 * A change the page's own engine answered (a keystroke, `local.ts`): the
 * worker takes it (the text whole or as changes, as in an analysis) and
 * analyses it for the requests that follow (hovers, the panels), and
 * answers nothing to draw.
 */
export interface SyncRequest {
  kind: 'sync';
  version: number;
  text: string | null;
  changes: TextChange[] | null;
  length: number;
}

/**
 * `text` with `changes` (in order, not overlapping, positions of `text`)
 * made; null when they do not fit it or the result is not `length` long
 * (the two sides out of step).
 */
export function applyChanges(text: string, changes: TextChange[], length: number): string | null {
  const pieces: string[] = [];
  let at = 0;
  for (const change of changes) {
    if (change.from < at || change.to < change.from || change.to > text.length) return null;
    pieces.push(text.slice(at, change.from), change.insert);
    at = change.to;
  }
  pieces.push(text.slice(at));
  const result = pieces.join('');
  return result.length === length ? result : null;
}

/** Tokens of whole lines. */
export interface TokenSpan {
  span: Span;
  tokens: Token[];
}

/** The engine's answer to an analysis. */
export interface AnalyseAnswer {
  version: number;
  /** What to draw again: `all`, the whole lines of a span, or nothing. */
  redrawn: Span | 'all' | null;
  /** The hints of `redrawn`. */
  hints: Hint[];
  /** The diagnostics of `redrawn`. */
  diagnostics: DocDiagnostic[];
  /** The tokens of the lines of `redrawn` the editor highlights. */
  tokens: TokenSpan | null;
  /** Milliseconds the engine took (wasm, JSON, tokens). */
  millis: number;
}

/** The worker's answer to a `sync`: the version it took, and its time. */
export interface SyncAnswer {
  version: number;
  millis: number;
}

export interface TokensAnswer extends TokenSpan {
  version: number;
  millis: number;
}

/** What the side panels show for the cursor's line. */
export interface PanelAnswer {
  version: number;
  head: number;
  line: CursorLine;
  report: LineReport | null;
  /** The hand drawn for the page (an `<svg>` on the sprite), if any. */
  picture: string | null;
  actions: Action[];
}

export interface StartAnswer {
  legend: TokenLegend;
  sprite: string;
  css: string;
  yakuNames: YakuName[];
  version: string;
  /** What was wrong with the rules asked for ("" when taken). */
  rulesProblem: string;
  /**
   * When the worker's script ran, the request came and the module was
   * instantiated, in ms since 1970 (the worker's clock starts elsewhere
   * than the page's): for the figures of a load.
   */
  times: { script: number; request: number; instantiated: number };
}

/** The answer of each request kind. */
export interface Answers {
  start: StartAnswer;
  setRules: string;
  setKind: null;
  analyse: AnalyseAnswer;
  sync: SyncAnswer;
  tokens: TokensAnswer;
  panel: PanelAnswer;
  hover: HoverAnswer | null;
  completion: Completion[];
  format: Change[];
  fixAll: string | null;
  handSvg: string | null;
}

/**
 * What `public/boot.js` posts to the worker it started: the module it
 * compiled, or null (the worker fetches and compiles the wasm itself).
 */
export interface Boot {
  boot: WebAssembly.Module | null;
}

/** A request on its way: its id and body. */
export interface Envelope {
  id: number;
  request: Request;
}

/** An answer on its way back: the request's id and its value or error. */
export type Reply = { id: number; value: unknown } | { id: number; error: string };

/** The whole text lines of `text` that `span` meets. */
export function wholeLines(text: string, span: Span): Span {
  const from = Math.max(0, Math.min(span.from, text.length));
  const to = Math.max(from, Math.min(span.to, text.length));
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const newline = text.indexOf('\n', to);
  return { from: from === 0 ? 0 : start, to: newline === -1 ? text.length : newline };
}

/** The smallest span holding both (either may be missing). */
export function unionSpan(a: Span | null, b: Span | null): Span | null {
  if (!a) return b;
  if (!b) return a;
  return { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) };
}

/** Where two spans meet; null if they miss. */
export function overlapSpan(a: Span, b: Span): Span | null {
  const from = Math.max(a.from, b.from);
  const to = Math.min(a.to, b.to);
  return from > to ? null : { from, to };
}

/**
 * Packed semantic tokens (`from, to, type, modifiers`, four numbers a
 * token, as `Playground.tokensPacked` sends them) as tokens, keeping those
 * that start in `from..to` (a range of whole lines; the engine sends the
 * whole lines meeting a range), touching ones of the same class joined.
 */
export function unpackTokens(packed: ArrayLike<number>, legend: TokenLegend, from: number, to: number): Token[] {
  const tokens: (Token & { typeIndex: number; bits: number })[] = [];
  for (let i = 0; i + 3 < packed.length; i += 4) {
    const start = packed[i];
    if (start < from || start >= to) continue;
    const bits = packed[i + 3];
    // A tile is a token (`123m` is four): one touching the last of the
    // same class extends it, so that a run of tiles is one element on the
    // page, not one per character.
    const last = tokens[tokens.length - 1];
    if (last && last.to === start && packed[i + 2] === last.typeIndex && bits === last.bits) {
      last.to = packed[i + 1];
      continue;
    }
    tokens.push({
      from: start,
      to: packed[i + 1],
      type: legend.types[packed[i + 2]] ?? 'comment',
      modifiers: legend.modifiers.filter((_, bit) => (bits & (1 << bit)) !== 0),
      typeIndex: packed[i + 2],
      bits,
    });
  }
  return tokens.map(({ from, to, type, modifiers }) => ({ from, to, type, modifiers }));
}
