/**
 * The adapter: tenpai's document answers (the language server's, computed
 * in the page by tenpai-wasm) turned into what CodeMirror draws — lint
 * diagnostics with their quick fixes, semantic-token marks, inlay-hint
 * widgets, completion results and plain edits. Pure functions of the
 * answers and the document length, so they are unit-tested without a
 * browser.
 */

import type { Completion as CmCompletion, CompletionResult } from '@codemirror/autocomplete';
import type { Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { ChangeSpec, Range } from '@codemirror/state';
import { Decoration, type DecorationSet, WidgetType } from '@codemirror/view';
import type { Span } from './protocol';
import type { Action, Change, Completion, DocDiagnostic, Hint, Token } from './types';

// The span arithmetic and the tokens' unpacking are shared with the
// engine's worker, which must not load CodeMirror.
export { type Span, type TokenLegend, unpackTokens } from './protocol';

/** Clamps a range to a document of `length` characters. */
export function clampRange(from: number, to: number, length: number): [number, number] {
  const start = Math.max(0, Math.min(from, length));
  const end = Math.max(start, Math.min(to, length));
  return [start, end];
}

/** A change as CodeMirror takes it, clamped to the document. */
export function changeSpec(change: Change, length: number): ChangeSpec {
  const [from, to] = clampRange(change.from, change.to, length);
  return { from, to, insert: change.insert };
}

/**
 * The document's diagnostics for @codemirror/lint: severity and message,
 * the code as the source, each fix as an action that applies its edit.
 * The editor keeps a diagnostic, moved, through edits of other lines: its
 * fix is applied moved by as much (CodeMirror hands the action the
 * diagnostic's place now), since the fix lies on the same, unchanged line.
 */
export function lintDiagnostics(diagnostics: DocDiagnostic[], length: number): CmDiagnostic[] {
  return diagnostics.map((d) => {
    const [from, to] = clampRange(d.from, d.to, length);
    const related = d.related.map((r) => r.message).filter((m) => m.length > 0);
    return {
      from,
      to,
      severity: d.severity,
      source: `tenpai ${d.code}`,
      message: related.length > 0 ? `${d.message} (${related.join('; ')})` : d.message,
      actions: d.fixes.map((fix) => ({
        name: fix.title,
        apply(view, now, _to) {
          const moved = now - from;
          const change = { ...fix.change, from: fix.change.from + moved, to: fix.change.to + moved };
          view.dispatch({
            changes: changeSpec(change, view.state.doc.length),
            userEvent: 'input.fix',
          });
        },
      })),
    };
  });
}

/** The CSS classes of a semantic token: its type, then each modifier. */
export function tokenClasses(token: Token): string {
  return ['tp-' + token.type, ...token.modifiers.map((m) => 'tp-mod-' + m)].join(' ');
}

const markCache = new Map<string, Decoration>();

function mark(classes: string): Decoration {
  let decoration = markCache.get(classes);
  if (!decoration) {
    decoration = Decoration.mark({ class: classes });
    markCache.set(classes, decoration);
  }
  return decoration;
}

function tokenRanges(tokens: Token[], length: number): Range<Decoration>[] {
  const ranges: Range<Decoration>[] = [];
  for (const token of tokens) {
    const [from, to] = clampRange(token.from, token.to, length);
    if (to > from) ranges.push(mark(tokenClasses(token)).range(from, to));
  }
  return ranges;
}

/** Semantic tokens as marks (in order, empty ones left out). */
export function tokenDecorations(tokens: Token[], length: number): DecorationSet {
  return Decoration.set(tokenRanges(tokens, length), true);
}

/**
 * Token marks with those starting in `span` replaced by `tokens` (the
 * tokens of the span's lines, asked for again).
 */
export function replaceTokens(set: DecorationSet, span: Span, tokens: Token[], length: number): DecorationSet {
  return set.update({
    filterFrom: span.from,
    filterTo: span.to,
    filter: (from) => from < span.from || from >= span.to,
    add: tokenRanges(tokens, length),
    sort: true,
  });
}

/** What two lint diagnostics show, for telling a change apart. */
function shown(d: CmDiagnostic): string {
  return `${d.from}:${d.to}:${d.severity}:${d.source}:${d.message}:${d.actions?.map((a) => a.name).join('|')}`;
}

/**
 * The diagnostics after an edit: those kept (moved through the edit by
 * the lint state, with their places now) outside `span`, and `fresh`
 * (those of the span's lines, asked for again) inside it; `null` when the
 * span's diagnostics are the same as before, so nothing needs redrawing.
 */
export function mergeDiagnostics(
  kept: { diagnostic: CmDiagnostic; from: number; to: number }[],
  span: Span,
  fresh: CmDiagnostic[],
): CmDiagnostic[] | null {
  const inside = (from: number) => from >= span.from && from <= span.to;
  const before = kept
    .filter((k) => inside(k.from))
    .map((k) => shown({ ...k.diagnostic, from: k.from, to: k.to }))
    .sort();
  const after = fresh.filter((d) => inside(d.from));
  const afterShown = after.map(shown).sort();
  if (before.length === afterShown.length && afterShown.every((text, i) => text === before[i])) return null;
  const outside = kept.filter((k) => !inside(k.from)).map((k) => ({ ...k.diagnostic, from: k.from, to: k.to }));
  return [...outside, ...after].sort((a, b) => a.from - b.from || a.to - b.to);
}

/** An inlay hint: a label after the hand, styled by its kind. */
export class HintWidget extends WidgetType {
  constructor(
    readonly label: string,
    readonly kind: Hint['kind'],
  ) {
    super();
  }

  eq(other: HintWidget): boolean {
    return other.label === this.label && other.kind === this.kind;
  }

  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = `tp-hint tp-hint-${this.kind}`;
    span.textContent = this.label;
    return span;
  }

  ignoreEvent(): boolean {
    return true;
  }
}

function hintRanges(hints: Hint[], length: number): Range<Decoration>[] {
  return hints.map((hint) => {
    const at = clampRange(hint.at, hint.at, length)[0];
    return Decoration.widget({ widget: new HintWidget(hint.label, hint.kind), side: 1 }).range(at);
  });
}

/** Inlay hints as widgets after the text they follow. */
export function hintDecorations(hints: Hint[], length: number): DecorationSet {
  return Decoration.set(hintRanges(hints, length), true);
}

/**
 * Inlay-hint widgets with those in `span` replaced by `hints` (the hints
 * of the lines there, asked for again; any beyond it left out).
 */
export function replaceHints(set: DecorationSet, span: Span, hints: Hint[], length: number): DecorationSet {
  const fresh = hintRanges(
    hints.filter((h) => h.at >= span.from && h.at <= span.to),
    length,
  );
  return set.update({
    filterFrom: span.from,
    filterTo: span.to,
    filter: (from) => from < span.from || from > span.to,
    add: fresh,
    sort: true,
  });
}

/** A code action's edits, for one transaction. */
export function actionChanges(action: Action, length: number): ChangeSpec[] {
  return action.changes.map((c) => changeSpec(c, length));
}

/** Formatting edits (sorted, not overlapping) for one transaction. */
export function formatChanges(changes: Change[], length: number): ChangeSpec[] {
  return changes.map((c) => changeSpec(c, length));
}

/**
 * Completion items for @codemirror/autocomplete: each replaces its own
 * range (and makes its second edit, when it has one), sorted as the
 * server sorts them.
 */
export function completionResult(items: Completion[], length: number): CompletionResult | null {
  if (items.length === 0) return null;
  const from = Math.min(...items.map((i) => clampRange(i.change.from, i.change.to, length)[0]));
  const sorted = [...items].sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
  const options: CmCompletion[] = sorted.map((item, index) => ({
    label: item.label,
    detail: item.detail,
    type: item.kind === 'option' ? 'property' : item.kind === 'tile' ? 'constant' : 'enum',
    // Keeps the server's order: CodeMirror ranks by match, then boost.
    boost: -index / sorted.length,
    apply(view) {
      const changes = [changeSpec(item.change, view.state.doc.length)];
      if (item.also) changes.push(changeSpec(item.also, view.state.doc.length));
      view.dispatch({ changes, userEvent: 'input.complete' });
    },
  }));
  return { from, options, filter: true };
}
