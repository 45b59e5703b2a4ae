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
import type { Action, Change, Completion, DocDiagnostic, Hint, Token } from './types';

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
        apply(view, _from, _to) {
          view.dispatch({
            changes: changeSpec(fix.change, view.state.doc.length),
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

/** Semantic tokens as marks (in order, empty ones left out). */
export function tokenDecorations(tokens: Token[], length: number): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const token of tokens) {
    const [from, to] = clampRange(token.from, token.to, length);
    if (to > from) ranges.push(mark(tokenClasses(token)).range(from, to));
  }
  return Decoration.set(ranges, true);
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

/** Inlay hints as widgets after the text they follow. */
export function hintDecorations(hints: Hint[], length: number): DecorationSet {
  const ranges = hints.map((hint) => {
    const at = clampRange(hint.at, hint.at, length)[0];
    return Decoration.widget({ widget: new HintWidget(hint.label, hint.kind), side: 1 }).range(at);
  });
  return Decoration.set(ranges, true);
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
