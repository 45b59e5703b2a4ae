/**
 * One analysis of the open document, as both engines answer it: the
 * engine's worker (`engine.worker.ts`) and the page's own instance
 * (`local.ts`, which answers a keystroke inside the editor's update).
 * The same function on both sides, so that an answer drawn is the same
 * whichever thread computed it.
 */

import {
  type AnalyseAnswer,
  overlapSpan,
  type Span,
  type TokenLegend,
  type TokenSpan,
  unionSpan,
  unpackTokens,
  wholeLines,
} from './protocol';
import type { DocDiagnostic, EditAnswer, Hint, Update } from './types';

/** What an analysis asks of a tenpai-wasm `Playground` (either thread's). */
export interface AnalysingPlayground {
  update(text: string): string;
  edit(text: string): string;
  hints(from: number, to: number): string;
  diagnostics(from: number, to: number): string;
  tokensPacked(from: number, to: number): Uint32Array;
}

/** The tokens of the whole lines of `span`. */
export function tokensOf(playground: AnalysingPlayground, legend: TokenLegend, text: string, span: Span): TokenSpan {
  const lines = wholeLines(text, span);
  const packed = playground.tokensPacked(lines.from, lines.to);
  return { span: lines, tokens: unpackTokens(packed, legend, lines.from, lines.to) };
}

/** How much of the document an analysis is of. */
export type AnalysisScope =
  /** The whole text, drawn again everywhere. */
  | { kind: 'whole' }
  /**
   * After an edit (`edited`: the engine's text changed since its last
   * analysis, or not when lines are asked for again), the lines of `span`
   * and those whose analysis the edit changed.
   */
  | { kind: 'lines'; edited: 'edited' | 'unchanged'; span: Span | null };

/**
 * Analyses `text` (the engine's text, after the request's changes) and
 * answers what the editor draws again: hints, diagnostics and the tokens
 * of the part of those lines it highlights (`covered`).
 */
export function analyseText(
  playground: AnalysingPlayground,
  legend: TokenLegend,
  text: string,
  version: number,
  scope: AnalysisScope,
  covered: Span | null,
): AnalyseAnswer {
  const start = performance.now();
  if (scope.kind === 'whole') {
    const update = JSON.parse(playground.update(text)) as Update;
    const tokens = covered ? tokensOf(playground, legend, text, covered) : null;
    return { version, redrawn: 'all', hints: update.hints, diagnostics: update.diagnostics, tokens, millis: performance.now() - start };
  }
  let changed: Span | null = null;
  if (scope.edited === 'edited') changed = (JSON.parse(playground.edit(text)) as EditAnswer).changed;
  const span = unionSpan(scope.span, changed);
  if (!span) return { version, redrawn: null, hints: [], diagnostics: [], tokens: null, millis: performance.now() - start };
  const redrawn = wholeLines(text, span);
  const hints = JSON.parse(playground.hints(redrawn.from, redrawn.to)) as Hint[];
  const diagnostics = JSON.parse(playground.diagnostics(redrawn.from, redrawn.to)) as DocDiagnostic[];
  const shown = covered ? overlapSpan(redrawn, covered) : null;
  const tokens = shown ? tokensOf(playground, legend, text, shown) : null;
  return { version, redrawn, hints, diagnostics, tokens, millis: performance.now() - start };
}
