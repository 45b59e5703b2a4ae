/**
 * The editor: CodeMirror 6 with tenpai's document answers — highlighting
 * from semantic tokens, live diagnostics with quick fixes, hovers, inlay
 * hints, completion and the formatter — computed in the page by
 * tenpai-wasm on every change. An edit re-analyses only the lines it
 * touched (the document layer caches lines), and the editor keeps the hints
 * it drew, mapped through the edit, asking again only for those of the
 * lines the edit touched or whose analysis changed; the highlighting of
 * the lines on screen is asked for again whole.
 */

import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { linter, lintKeymap } from '@codemirror/lint';
import { EditorState, type Extension, StateEffect, StateField, type Transaction } from '@codemirror/state';
import {
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
  refreshSpan,
  replaceHints,
  tokenDecorations,
} from './adapter';
import { renderMarkdown } from './markdown';
import type { Change, Completion, DocDiagnostic, EditAnswer, Hint, HoverAnswer, LineSpan, Token, Update } from './types';
import type { Playground } from './wasm';

/** What the editor knows of its text after the last analysis. */
export interface Analysis {
  diagnostics: DocDiagnostic[];
  /** The hand lines. */
  lines: LineSpan[];
  hints: DecorationSet;
  /** Milliseconds the last analysis took (wasm and adapter). */
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

export interface EditorHooks {
  /** After every analysis, with its time. */
  onAnalysis(analysis: Analysis): void;
  /** After the highlighting of the lines on screen, with its time. */
  onHighlight(millis: number): void;
  /** When the cursor's line or its text changes. */
  onCursorLine(line: CursorLine): void;
}

/** The whole document analysed, with all its hints. */
function analyze(playground: Playground, text: string): Analysis {
  const start = performance.now();
  const update = JSON.parse(playground.update(text)) as Update;
  const hints = hintDecorations(update.hints, text.length);
  return {
    diagnostics: update.diagnostics,
    lines: update.lines,
    hints,
    millis: performance.now() - start,
  };
}

/**
 * The document after an edit: the hints drawn before, mapped through it,
 * with those of the lines it touched or whose analysis changed asked for
 * again.
 */
function analyzeEdit(playground: Playground, before: Analysis, tr: Transaction): Analysis {
  const start = performance.now();
  const doc = tr.state.doc;
  const edit = JSON.parse(playground.edit(doc.toString())) as EditAnswer;
  const refreshed = refreshSpan(tr.changes, doc, edit.changed);
  let hints = before.hints.map(tr.changes);
  if (refreshed) {
    const fresh = JSON.parse(playground.hints(refreshed.from, refreshed.to)) as Hint[];
    hints = replaceHints(hints, refreshed, fresh, doc.length);
  }
  return {
    diagnostics: edit.diagnostics,
    lines: edit.lines,
    hints,
    millis: performance.now() - start,
  };
}

/**
 * The hand line under the cursor (in Markdown, the fence line, inline code
 * span or `^^…^^` the cursor is in), or else the cursor's text line.
 */
export function cursorLine(state: EditorState, analysis: Analysis): CursorLine {
  const head = state.selection.main.head;
  const site = analysis.lines.find((l) => l.from <= head && head <= l.to);
  if (site) return { from: site.from, to: site.to, text: state.sliceDoc(site.from, site.to), analysed: true };
  const line = state.doc.lineAt(head);
  return { from: line.from, to: line.to, text: line.text, analysed: false };
}

export function tenpaiExtensions(playground: Playground, hooks: EditorHooks): Extension {
  const analysisField = StateField.define<Analysis>({
    create(state) {
      const analysis = analyze(playground, state.doc.toString());
      hooks.onAnalysis(analysis);
      return analysis;
    },
    update(value, tr) {
      const again = tr.effects.some((e) => e.is(reanalyze));
      if (!tr.docChanged && !again) return value;
      // Other rules or another kind of document: everything is drawn again.
      const analysis = again ? analyze(playground, tr.state.doc.toString()) : analyzeEdit(playground, value, tr);
      hooks.onAnalysis(analysis);
      return analysis;
    },
    provide: (field) => EditorView.decorations.from(field, (a) => a.hints),
  });

  // Highlighting: the semantic tokens of the lines on screen, asked for
  // after each analysis and each scroll.
  const highlight = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;

      constructor(view: EditorView) {
        this.decorations = this.tokens(view);
      }

      update(u: ViewUpdate) {
        const analysis = u.state.field(analysisField);
        // Drawn again whole: marks mapped through an edit made the
        // browser's typing land elsewhere in the line now and then.
        if (u.startState.field(analysisField) === analysis && !u.viewportChanged) return;
        this.decorations = this.tokens(u.view);
      }

      tokens(view: EditorView): DecorationSet {
        // The session holds the text of the field's last analysis.
        view.state.field(analysisField);
        const start = performance.now();
        const { from, to } = view.viewport;
        const tokens = JSON.parse(playground.tokens(from, to)) as Token[];
        const decorations = tokenDecorations(tokens, view.state.doc.length);
        hooks.onHighlight(performance.now() - start);
        return decorations;
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );

  const lint = linter(
    (view) => lintDiagnostics(view.state.field(analysisField).diagnostics, view.state.doc.length),
    { delay: 0, needsRefresh: (u) => u.transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze))) },
  );

  const hover = hoverTooltip((view, pos) => {
    // The wasm session holds the text of the last analysis: the view's.
    view.state.field(analysisField);
    const answer = JSON.parse(playground.hover(pos)) as HoverAnswer | null;
    if (!answer) return null;
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
        const items = JSON.parse(playground.completion(context.pos)) as Completion[];
        const result = completionResult(items, context.state.doc.length);
        if (!result) return null;
        // Only after a word started, or when asked for.
        if (!context.explicit && result.from === context.pos && !context.matchBefore(/[=\w]$/)) return null;
        return result;
      },
    ],
  });

  const cursorWatch = EditorView.updateListener.of((u) => {
    if (u.docChanged || u.selectionSet || u.transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze)))) {
      hooks.onCursorLine(cursorLine(u.state, u.state.field(analysisField)));
    }
  });

  return [
    analysisField,
    highlight,
    lint,
    hover,
    completion,
    cursorWatch,
    keymap.of([
      { key: 'Shift-Alt-f', run: (view) => formatDocument(view, playground) },
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

export function createEditor(parent: HTMLElement, text: string, playground: Playground, hooks: EditorHooks): EditorView {
  return new EditorView({
    parent,
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
        tenpaiExtensions(playground, hooks),
        EditorView.contentAttributes.of({ 'aria-label': 'tenpai document', spellcheck: 'false' }),
      ],
    }),
  });
}
