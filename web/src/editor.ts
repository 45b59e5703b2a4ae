/**
 * The editor: CodeMirror 6 with tenpai's document answers — highlighting
 * from semantic tokens, live diagnostics with quick fixes, hovers, inlay
 * hints, completion and the formatter — computed in the page by
 * tenpai-wasm on every change.
 *
 * A keystroke costs the lines it touched, not the document: the engine
 * re-analyses only those lines (the document layer caches lines) and says
 * where the analysis changed; the editor keeps the hints, diagnostics and
 * highlighting it drew, moved through the edit, and asks again only for
 * those of the lines the edit touched or whose analysis changed (a
 * `rules:` line changes every line after it). Highlighting is asked for
 * only for the lines on screen, and semantic tokens cross the wasm
 * boundary as numbers, not JSON.
 */

import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { type Diagnostic as CmDiagnostic, forEachDiagnostic, linter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Extension, StateEffect, StateField, type Transaction } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  hoverTooltip,
  keymap,
  lineNumbers,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import {
  completionResult,
  formatChanges,
  hintDecorations,
  lintDiagnostics,
  mergeDiagnostics,
  refreshSpan,
  replaceHints,
  replaceTokens,
  type Span,
  type TokenLegend,
  unpackTokens,
} from './adapter';
import type { Change, Completion, DocDiagnostic, EditAnswer, Hint, HoverAnswer, LineSpan, Update } from './types';
import { type Playground, tokenLegend } from './wasm';

/** What the editor knows of its text after the last analysis. */
export interface Analysis {
  /**
   * What this analysis drew again: `all` (the whole document: the first
   * analysis, other rules or another kind of document), the whole text
   * lines of an edit (`Span`), or nothing (`null`).
   */
  redrawn: Span | 'all' | null;
  hints: DecorationSet;
  /** Milliseconds the analysis took (wasm and adapter). */
  millis: number;
}

/** Asks for a new analysis without an edit (the rules changed). */
export const reanalyze = StateEffect.define<null>();

/** The line under the cursor (a hand line or not), for the calculator. */
export interface CursorLine {
  from: number;
  to: number;
  text: string;
  /** Whether tenpai reads it as a hand line. */
  analysed: boolean;
}

/**
 * Why the cursor's line changed: `typing` (keys typed or deleted in the
 * editor), or `other` (a click, a move, a change made by the page).
 */
export type LineChange = 'typing' | 'other';

export interface EditorHooks {
  /** After every analysis, with its time. */
  onAnalysis(analysis: Analysis): void;
  /** After each highlighting of lines, with its time. */
  onHighlight(millis: number): void;
  /**
   * After the engine answered a transaction, with the time: asked when
   * the transaction is made, before the view's update.
   */
  onEngine(millis: number): void;
  /** When the cursor's line or its text changes. */
  onCursorLine(line: CursorLine, cause: LineChange): void;
}

/**
 * What the engine answered for one transaction (an edit, or other rules):
 * what to draw again, its hints, and its time.
 */
interface EngineAnswer {
  redrawn: Span | 'all' | null;
  /** The hints of `redrawn`. */
  hints: Hint[];
  millis: number;
}

const engineAnswer = StateEffect.define<EngineAnswer>();

/** The whole document analysed: its hints and diagnostics. */
function analyzeAll(playground: Playground, text: string): { answer: EngineAnswer; diagnostics: DocDiagnostic[] } {
  const start = performance.now();
  const update = JSON.parse(playground.update(text)) as Update;
  return { answer: { redrawn: 'all', hints: update.hints, millis: performance.now() - start }, diagnostics: update.diagnostics };
}

/**
 * An edit analysed: where the engine says the analysis changed, with the
 * whole text lines the edit touched, and the hints and diagnostics of
 * those lines alone.
 */
function analyzeEdit(playground: Playground, tr: Transaction): { answer: EngineAnswer; diagnostics: DocDiagnostic[] } {
  const start = performance.now();
  const doc = tr.newDoc;
  const edit = JSON.parse(playground.edit(doc.toString())) as EditAnswer;
  const redrawn = refreshSpan(tr.changes, doc, edit.changed);
  let hints: Hint[] = [];
  let diagnostics: DocDiagnostic[] = [];
  if (redrawn) {
    hints = JSON.parse(playground.hints(redrawn.from, redrawn.to)) as Hint[];
    diagnostics = JSON.parse(playground.diagnostics(redrawn.from, redrawn.to)) as DocDiagnostic[];
  }
  return { answer: { redrawn, hints, millis: performance.now() - start }, diagnostics };
}

/**
 * The hand line under the cursor (in Markdown, the fence line, inline code
 * span or `^^…^^` the cursor is in), or else the cursor's text line. The
 * engine holds the text of the editor's last analysis.
 */
export function cursorLine(state: EditorState, playground: Playground): CursorLine {
  const head = state.selection.main.head;
  const site = JSON.parse(playground.lineAt(head)) as LineSpan | null;
  if (site) return { from: site.from, to: site.to, text: state.sliceDoc(site.from, site.to), analysed: true };
  const line = state.doc.lineAt(head);
  return { from: line.from, to: line.to, text: line.text, analysed: false };
}

/** The intersection of two spans, widened to whole lines; null if they miss. */
function overlap(state: EditorState, a: Span, b: Span): Span | null {
  const from = Math.max(a.from, b.from);
  const to = Math.min(a.to, b.to);
  if (from > to) return null;
  return { from: state.doc.lineAt(from).from, to: state.doc.lineAt(to).to };
}

/**
 * tenpai's answers in the editor. Made with the editor, before the engine
 * is loaded (the setup of the extensions is done while the module
 * compiles, and loading the engine needs no reconfiguration): until
 * `attachEngine` fills the slot, they draw nothing.
 */
function tenpaiExtensions(slot: EngineSlot): Extension {

  // The engine is asked when a transaction is made, so that the edit's
  // diagnostics come in the same transaction as the edit: drawn in the
  // update that draws the typed character (a second update redrawing the
  // line typed into, after the browser's input, made the next key land
  // elsewhere in the line). The lint state keeps the diagnostics drawn,
  // moved through each edit; those of the lines redrawn are replaced, and
  // only when they differ (a redraw of the marks costs all of them).
  const engine = EditorState.transactionExtender.of((tr) => {
    const { playground, hooks } = slot;
    if (!playground || !hooks) return null;
    const again = tr.effects.some((e) => e.is(reanalyze));
    if (!tr.docChanged && !again) return null;
    const start = performance.now();
    const { answer, diagnostics } = again ? analyzeAll(playground, tr.newDoc.toString()) : analyzeEdit(playground, tr);
    const effects: StateEffect<unknown>[] = [engineAnswer.of(answer)];
    const length = tr.newDoc.length;
    const fresh = lintDiagnostics(diagnostics, length);
    let next: CmDiagnostic[] | null = null;
    if (answer.redrawn === 'all') next = fresh;
    else if (answer.redrawn) {
      const kept: { diagnostic: CmDiagnostic; from: number; to: number }[] = [];
      forEachDiagnostic(tr.startState, (diagnostic, from, to) => {
        // As the lint state's marks move: neither end takes text typed at it.
        const start = tr.changes.mapPos(from, 1);
        const end = Math.max(start, tr.changes.mapPos(to, -1));
        kept.push({ diagnostic, from: start, to: end });
      });
      next = mergeDiagnostics(kept, answer.redrawn, fresh);
    }
    if (next) effects.push(...asEffects(setDiagnostics(tr.startState, next).effects));
    hooks.onEngine(performance.now() - start);
    return { effects };
  });

  const analysisField = StateField.define<Analysis>({
    create() {
      // Nothing yet: the engine's first answer comes with `attachEngine`.
      return { redrawn: null, hints: Decoration.none, millis: 0 };
    },
    update(value, tr) {
      const answer = tr.effects.find((e) => e.is(engineAnswer))?.value as EngineAnswer | undefined;
      if (!answer) return tr.docChanged ? { ...value, redrawn: null, hints: value.hints.map(tr.changes) } : value;
      const start = performance.now();
      const length = tr.state.doc.length;
      let hints: DecorationSet;
      if (answer.redrawn === 'all') hints = hintDecorations(answer.hints, length);
      else if (answer.redrawn) hints = replaceHints(value.hints.map(tr.changes), answer.redrawn, answer.hints, length);
      else hints = value.hints.map(tr.changes);
      const analysis = { redrawn: answer.redrawn, hints, millis: answer.millis + performance.now() - start };
      slot.hooks?.onAnalysis(analysis);
      return analysis;
    },
    provide: (field) => EditorView.decorations.from(field, (a) => a.hints),
  });

  // Highlighting: the semantic tokens of the lines on screen. The marks
  // drawn are kept, moved through each edit; those of the lines an
  // analysis redrew are asked for again, and those of lines scrolled
  // into view for the first time.
  const highlight = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = Decoration.none;
      /** The whole lines whose marks are drawn (one span). */
      covered: Span | null = null;

      constructor(view: EditorView) {
        this.cover(view.state, view.viewport);
      }

      update(u: ViewUpdate) {
        const analysis = u.state.field(analysisField);
        if (u.docChanged) {
          this.decorations = this.decorations.map(u.changes);
          if (this.covered) {
            const from = u.changes.mapPos(this.covered.from, -1);
            const to = u.changes.mapPos(this.covered.to, 1);
            this.covered = { from: u.state.doc.lineAt(from).from, to: u.state.doc.lineAt(to).to };
          }
        }
        if (u.startState.field(analysisField) !== analysis) {
          if (analysis.redrawn === 'all') {
            this.decorations = Decoration.none;
            this.covered = null;
          } else if (analysis.redrawn && this.covered) {
            const span = overlap(u.state, analysis.redrawn, this.covered);
            if (span) this.decorations = replaceTokens(this.decorations, span, this.fetch(span), u.state.doc.length);
          }
        }
        this.cover(u.state, u.view.viewport);
      }

      /** The tokens of the whole lines of `span` (a highlighting, timed). */
      fetch(span: Span) {
        const { playground, legend, hooks } = slot;
        if (!playground || !legend) return [];
        const start = performance.now();
        const tokens = unpackTokens(playground.tokensPacked(span.from, span.to), legend, span.from, span.to);
        hooks?.onHighlight(performance.now() - start);
        return tokens;
      }

      /** Draws the lines of the viewport not drawn yet. */
      cover(state: EditorState, viewport: Span) {
        if (!slot.playground) return;
        const length = state.doc.length;
        const covered = this.covered;
        if (covered && viewport.from >= covered.from && viewport.to <= covered.to) return;
        if (!covered || viewport.to < covered.from || viewport.from > covered.to) {
          // Nothing drawn, or far away: draw the screen afresh.
          this.decorations = replaceTokens(Decoration.none, viewport, this.fetch(viewport), length);
          this.covered = { ...viewport };
          return;
        }
        if (viewport.from < covered.from) {
          const above = { from: viewport.from, to: covered.from };
          this.decorations = replaceTokens(this.decorations, above, this.fetch(above), length);
        }
        if (viewport.to > covered.to) {
          const below = { from: covered.to, to: viewport.to };
          this.decorations = replaceTokens(this.decorations, below, this.fetch(below), length);
        }
        this.covered = { from: Math.min(viewport.from, covered.from), to: Math.max(viewport.to, covered.to) };
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );

  const cursorWatch = EditorView.updateListener.of((u) => {
    const { playground, hooks } = slot;
    if (!playground || !hooks) return;
    if (u.docChanged || u.selectionSet || u.transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze)))) {
      // The session holds the text of the field's last analysis.
      u.state.field(analysisField);
      const typing = u.transactions.some((tr) => tr.isUserEvent('input.type') || tr.isUserEvent('delete'));
      hooks.onCursorLine(cursorLine(u.state, playground), typing ? 'typing' : 'other');
    }
  });

  const hover = hoverTooltip(async (_view, pos) => {
    const playground = slot.playground;
    if (!playground) return null;
    // The engine holds the text of the view's last analysis.
    const answer = JSON.parse(playground.hover(pos)) as HoverAnswer | null;
    if (!answer) return null;
    // The Markdown renderer is loaded with the first hover, not the page.
    const { renderMarkdown } = await import('./markdown');
    return {
      pos: answer.from,
      end: answer.to,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'tp-hover';
        dom.innerHTML = renderMarkdown(answer.markdown);
        return { dom };
      },
    };
  });

  const completion = autocompletion({
    override: [
      (context) => {
        const playground = slot.playground;
        if (!playground) return null;
        const items = JSON.parse(playground.completion(context.pos)) as Completion[];
        const result = completionResult(items, context.state.doc.length);
        if (!result) return null;
        // Only after a word started, or when asked for.
        if (!context.explicit && result.from === context.pos && !context.matchBefore(/[=\w]$/)) return null;
        return result;
      },
    ],
  });

  return [
    engine,
    analysisField,
    highlight,
    cursorWatch,
    // The lint state, its marks and tooltips; diagnostics come with the
    // engine's answers (`engine` above), not from a lint source.
    linter(null),
    hover,
    completion,
    keymap.of([
      { key: 'Shift-Alt-f', run: (view) => (slot.playground ? formatDocument(view, slot.playground) : false) },
      ...completionKeymap,
      ...lintKeymap,
    ]),
  ];
}

/** Applies the formatter's edits; false when nothing changes. */
export function formatDocument(view: EditorView, playground: Playground): boolean {
  const edits = JSON.parse(playground.format()) as Change[];
  if (edits.length === 0) return false;
  view.dispatch({ changes: formatChanges(edits, view.state.doc.length), userEvent: 'input.format' });
  return true;
}

/** Applies every safe fix; false when nothing changes. */
export function fixAll(view: EditorView, playground: Playground): boolean {
  const fixed = playground.fixAll();
  if (fixed === undefined) return false;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: fixed }, userEvent: 'input.fix' });
  return true;
}

/** A transaction spec's effects as a list. */
function asEffects(effects: StateEffect<unknown> | readonly StateEffect<unknown>[] | undefined): StateEffect<unknown>[] {
  if (!effects) return [];
  return Array.isArray(effects) ? [...effects] : [effects as StateEffect<unknown>];
}

/** Times each update of a view. */
export interface DispatchTimer {
  onDispatch(millis: number): void;
}

/** The engine, once loaded, and the page's hooks: what the editor's extensions ask. */
export interface EngineSlot {
  playground: Playground | null;
  legend: TokenLegend | null;
  hooks: EditorHooks | null;
}

/**
 * The editor with its text and no tenpai yet: made while the engine
 * compiles (off the main thread), so that the page does not wait for
 * both one after the other.
 */
export function createEditor(parent: HTMLElement, text: string, timer: DispatchTimer, slot: EngineSlot): EditorView {
  return new EditorView({
    parent,
    // Each update timed whole: the analysis, the highlighting, the DOM and
    // the listeners.
    dispatchTransactions(transactions, view) {
      const start = performance.now();
      view.update(transactions);
      timer.onDispatch(performance.now() - start);
    },
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        closeBrackets(),
        EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap]),
        tenpaiExtensions(slot),
        EditorView.contentAttributes.of({ 'aria-label': 'tenpai document', spellcheck: 'false' }),
      ],
    }),
  });
}

/**
 * tenpai's answers in the editor: the engine and the hooks put in the
 * slot, and the text analysed whole, drawn and linted.
 */
export function attachEngine(view: EditorView, slot: EngineSlot, playground: Playground, hooks: EditorHooks): void {
  slot.playground = playground;
  slot.legend = JSON.parse(tokenLegend()) as TokenLegend;
  slot.hooks = hooks;
  view.dispatch({ effects: reanalyze.of(null) });
}
