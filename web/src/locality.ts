/**
 * Which edits the page's own engine answers (`local.ts`), inside the
 * editor's update of the edit itself, and which go to the engine's worker.
 *
 * A keystroke's analysis is a millisecond or two of the page's engine: the
 * document layer takes over every line the edit did not touch from its
 * last analysis. Answered in the same update as the typed character, its
 * diagnostics are on screen in the frame that shows the character. What
 * could take long goes to the worker, which keeps the page responsive
 * whatever the engine does: a long edit (a paste, a fix of the whole
 * document), an edit spread over many lines, a document too long to copy
 * into the engine at every key, and an edit of a line whose text can
 * change how other lines are read (a `rules:` line re-prices every hand
 * after it; a Markdown fence or an ignore comment moves the hand lines
 * after it). The answer is right
 * either way (the engine says which lines its analysis changed); this
 * only bounds the work done on the page's thread.
 */

import type { ChangeSet, Text } from '@codemirror/state';
import type { Span } from './protocol';

/** Most characters removed and inserted by an edit answered on the page. */
export const LOCAL_EDIT_CHARS = 256;

/**
 * Most lines from the first place an edit touched to the last (edits at
 * both ends of the document, as the formatter's, are answered for every
 * line between).
 */
export const LOCAL_EDIT_LINES = 32;

/**
 * Longest document (UTF-16 code units) the page's engine holds: at each
 * keystroke it takes the whole text (copied into the wasm, its line starts
 * found again), a few milliseconds a megabyte.
 */
export const LOCAL_DOCUMENT_CHARS = 256 * 1024;

/**
 * Text of a line that can change the analysis of other lines: the rules
 * of the lines after it, a Markdown fence, front matter or block opened or
 * closed, an ignore mark (`<!-- tenpai-ignore -->`, `# tenpai: ignore`).
 */
const REACHES_OTHER_LINES = /rules:|`{3}|~{3}|<!--|-->|tenpai|^\s*(---|\+\+\+)/;

/** Whether a line of `doc` from the one holding `from` to the one holding `to` reaches other lines. */
function touchesFarReachingLine(doc: Text, from: number, to: number): boolean {
  const last = doc.lineAt(to).number;
  for (let number = doc.lineAt(from).number; number <= last; number++) {
    if (REACHES_OTHER_LINES.test(doc.line(number).text)) return true;
  }
  return false;
}

/**
 * Where `changes` (from `before` to `after`) touched `after`, if the edit
 * is one the page's engine answers; null if it goes to the worker.
 */
export function localEditSpan(before: Text, after: Text, changes: ChangeSet): Span | null {
  if (changes.empty || after.length > LOCAL_DOCUMENT_CHARS) return null;
  const edits: { fromA: number; toA: number; fromB: number; toB: number; inserted: number }[] = [];
  changes.iterChanges((fromA, toA, fromB, toB, inserted) => edits.push({ fromA, toA, fromB, toB, inserted: inserted.length }));
  let size = 0;
  let span: Span | null = null;
  for (const { fromA, toA, fromB, toB, inserted } of edits) {
    size += toA - fromA + inserted;
    if (size > LOCAL_EDIT_CHARS) return null;
    if (touchesFarReachingLine(before, fromA, toA) || touchesFarReachingLine(after, fromB, toB)) return null;
    span = span ? { from: Math.min(span.from, fromB), to: Math.max(span.to, toB) } : { from: fromB, to: toB };
  }
  if (span && after.lineAt(span.to).number - after.lineAt(span.from).number >= LOCAL_EDIT_LINES) return null;
  return span;
}
