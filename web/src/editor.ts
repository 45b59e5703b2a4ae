/**
 * The editor: CodeMirror 6 with tenpai's document answers — highlighting
 * from semantic tokens, live diagnostics with quick fixes, hovers, inlay
 * hints, completion and the formatter — computed by tenpai-wasm in the
 * engine's worker (`engine.worker.ts`) on every change, and applied here.
 *
 * A keystroke is answered in the editor's update of the keystroke itself:
 * the page's own instance of the engine (`local.ts`) analyses the edited
 * lines, and the typed character, its diagnostics, hints and highlighting
 * are drawn together (`answerOnPage`). The change is posted to the
 * worker, which keeps the document too (for hovers, the panels and what
 * follows). An edit that could take the engine long (`locality.ts`: a
 * paste, a `rules:` line, a long document) goes to the worker instead,
 * and its answer is drawn in a second update when it comes: the editor's
 * thread never waits for a long analysis. Each change makes a new
 * document version (`documentVersion`); the text is posted to the worker
 * with it, and an answer of an older version than the editor's is dropped
 * (the lines it would have redrawn are asked for again, mapped through the
 * changes since). The drawn hints, diagnostics and highlighting are moved
 * through each edit meanwhile, so nothing jumps while the answer is on its
 * way. After an edit the worker answered, the page's engine catches up
 * with the text when the page is idle.
 *
 * A keystroke costs the lines it touched, not the document: the engine
 * re-analyses only those lines (the document layer caches lines) and says
 * where the analysis changed (a `rules:` line changes every line after
 * it); only those lines' answers cross back. Highlighting is asked for only
 * for the lines on screen.
 */

import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, deleteCharBackward, history, historyKeymap } from '@codemirror/commands';
import { type Diagnostic as CmDiagnostic, forEachDiagnostic, linter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { Annotation, ChangeSet, EditorState, type Extension, StateEffect, StateField, type Transaction } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  hoverTooltip,
  keymap,
  lineNumbers,
  runScopeHandlers,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import {
  completionResult,
  formatChanges,
  hintDecorations,
  type HintWidget,
  lintDiagnostics,
  mergeDiagnostics,
  replaceHints,
  replaceTokens,
  tokenClasses,
} from './adapter';
import type { LocalEngine } from './local';
import { LOCAL_DOCUMENT_CHARS, localEditSpan } from './locality';
import {
  type AnalyseAnswer,
  type AnalyseRequest,
  type Span,
  type SyncAnswer,
  type SyncRequest,
  type TextChange,
  type TokenSpan,
  unionSpan,
} from './protocol';
import type { Engine } from './wasm';

/** Asks for a new analysis of the whole text (the rules or the kind changed). */
export const reanalyze = StateEffect.define<null>();

/**
 * The document's version: one more at each change of the text and each
 * reanalysis. Requests to the engine carry it, and answers of another
 * version than the editor's are dropped.
 */
export const documentVersion = StateField.define<number>({
  create: () => 0,
  update(version, tr) {
    return tr.docChanged || tr.effects.some((e) => e.is(reanalyze)) ? version + 1 : version;
  },
});

/**
 * Why the cursor's line may have changed: `typing` (keys typed or deleted
 * in the editor), or `other` (a click, a move, a change made by the page,
 * a reanalysis).
 */
export type LineChange = 'typing' | 'other';

/** Which engine answered an analysis: the page's own (`local.ts`) or the worker. */
export type AnsweredBy = 'page' | 'worker';

export interface EditorHooks {
  /** After every analysis applied, with the engine's time (ms). */
  onAnalysis(millis: number, by: AnsweredBy): void;
  /** After each highlighting of lines applied, with the worker's time. */
  onHighlight(millis: number): void;
  /** After the answer of `version` is drawn in the editor. */
  onShown(version: number): void;
  /** When an answer of an older version than the editor's is dropped. */
  onDropped(): void;
  /** When the cursor may be on another line or its text changed. */
  onCursorMoved(cause: LineChange): void;
  /** When every answer asked for is in (nothing left to draw). */
  onIdle(): void;
}

/** The engine, once started, and the page's hooks: what the editor's extensions ask. */
export interface EngineSlot {
  engine: Engine | null;
  hooks: EditorHooks | null;
  /** The page's own engine, once loaded (after the first analysis). */
  local: LocalEngine | null;
  /**
   * Whether the page's engine is still loading, or warming up typing
   * (`warmUpTyping`): the editor is not idle until it is in and warm.
   */
  localLoading: boolean;
  /** Whether every answer asked for is in (and the page's engine holds the text). */
  idle: boolean;
}

/** An analysis that is the editor's version: applied in one transaction. */
const engineAnswer = StateEffect.define<AnalyseAnswer>();
/** Highlighting of lines scrolled into view, of the editor's version. */
const tokensAnswer = StateEffect.define<TokenSpan>();
/** The page's engine attached (or found unable to load). */
const localAttached = StateEffect.define<null>();
/** On the update that drew the page engine's answer to an edit: the version answered. */
const answeredOnPage = Annotation.define<number>();

/** A span moved through changes (neither end takes text inserted at it). */
function mapSpan(span: Span, changes: ChangeSet): Span {
  const from = changes.mapPos(span.from, 1);
  return { from, to: Math.max(from, changes.mapPos(span.to, -1)) };
}

/** A span widened to whole lines of `state`'s document. */
function wholeLinesOf(state: EditorState, span: Span): Span {
  const length = state.doc.length;
  return { from: state.doc.lineAt(Math.min(span.from, length)).from, to: state.doc.lineAt(Math.min(span.to, length)).to };
}

/** The highlighting: token marks, and the whole lines they were drawn for. */
interface Highlight {
  marks: DecorationSet;
  covered: Span | null;
}

function withTokens(value: Highlight, answer: TokenSpan, length: number): Highlight {
  const { covered } = value;
  const { span, tokens } = answer;
  if (!covered || span.to < covered.from || span.from > covered.to) {
    // Nothing drawn, or far away: the lines of the answer alone.
    return { marks: replaceTokens(Decoration.none, span, tokens, length), covered: span };
  }
  return { marks: replaceTokens(value.marks, span, tokens, length), covered: unionSpan(covered, span) };
}

const highlightField = StateField.define<Highlight>({
  create: () => ({ marks: Decoration.none, covered: null }),
  update(value, tr) {
    let next = value;
    if (tr.docChanged) {
      const covered = next.covered && wholeLinesOf(tr.state, { from: tr.changes.mapPos(next.covered.from, -1), to: tr.changes.mapPos(next.covered.to, 1) });
      next = { marks: next.marks.map(tr.changes), covered };
    }
    const length = tr.state.doc.length;
    for (const effect of tr.effects) {
      if (effect.is(engineAnswer)) {
        if (effect.value.redrawn === 'all') next = { marks: Decoration.none, covered: null };
        if (effect.value.tokens) next = withTokens(next, effect.value.tokens, length);
      } else if (effect.is(tokensAnswer)) {
        next = withTokens(next, effect.value, length);
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field, (h) => h.marks),
});

/**
 * The inlay hints drawn: moved through each edit, those of the lines an
 * answer redrew replaced.
 */
const hintField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(hints, tr) {
    let next = tr.docChanged ? hints.map(tr.changes) : hints;
    const length = tr.state.doc.length;
    for (const effect of tr.effects) {
      if (!effect.is(engineAnswer)) continue;
      const answer = effect.value;
      if (answer.redrawn === 'all') next = hintDecorations(answer.hints, length);
      else if (answer.redrawn) next = replaceHints(next, answer.redrawn, answer.hints, length);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * Whether the hints and highlighting of an answer's lines are those drawn
 * (moved through the edit) already.
 */
function drawnAlready(state: EditorState, answer: AnalyseAnswer): boolean {
  const redrawn = answer.redrawn;
  if (redrawn === 'all') return false;
  if (!redrawn) return true;
  const length = state.doc.length;
  const drawnHints: string[] = [];
  state.field(hintField).between(redrawn.from, redrawn.to, (from, _to, value) => {
    const widget = value.spec.widget as HintWidget;
    drawnHints.push(`${from} ${widget.kind} ${widget.label}`);
  });
  const hints = answer.hints
    .filter((hint) => hint.at >= redrawn.from && hint.at <= redrawn.to)
    .map((hint) => `${Math.min(hint.at, length)} ${hint.kind} ${hint.label}`);
  if (hints.join('\n') !== drawnHints.join('\n')) return false;
  if (!answer.tokens) return true;
  const { span, tokens } = answer.tokens;
  const drawnTokens: string[] = [];
  state.field(highlightField).marks.between(span.from, span.to, (from, to, value) => {
    if (from >= span.from && from < span.to) drawnTokens.push(`${from}-${to} ${String(value.spec.class)}`);
  });
  const fresh = tokens.filter((token) => token.to > token.from).map((token) => `${token.from}-${Math.min(token.to, length)} ${tokenClasses(token)}`);
  return fresh.join('\n') === drawnTokens.join('\n');
}

/** The lint state's effects for an answer: null when its lines' diagnostics are the same. */
function lintEffects(state: EditorState, answer: AnalyseAnswer): StateEffect<unknown>[] {
  const length = state.doc.length;
  const fresh = lintDiagnostics(answer.diagnostics, length);
  let next: CmDiagnostic[] | null = null;
  if (answer.redrawn === 'all') next = fresh;
  else if (answer.redrawn) {
    const kept: { diagnostic: CmDiagnostic; from: number; to: number }[] = [];
    // The lint state moved its diagnostics through the edits already.
    forEachDiagnostic(state, (diagnostic, from, to) => kept.push({ diagnostic, from, to }));
    next = mergeDiagnostics(kept, answer.redrawn, fresh);
  }
  return next ? asEffects(setDiagnostics(state, next).effects) : [];
}

/** An edit answered by the page's engine: the update that draws it, and the answer. */
interface PageAnswer {
  transaction: Transaction;
  answer: AnalyseAnswer;
}

/**
 * The page's engine's answer to the edit `transactions` make, as one more
 * transaction to apply in the same update (the typed character and its
 * answer drawn together); null when the worker answers it: no page
 * engine, one behind the editor's text, or an edit `localEditSpan` sends
 * to the worker.
 */
function answerOnPage(slot: EngineSlot, transactions: readonly Transaction[]): PageAnswer | null {
  const local = slot.local;
  const first = transactions[0];
  if (!local || !first || local.version === null) return null;
  const start = first.startState;
  if (local.version !== start.field(documentVersion)) return null;
  if (!transactions.some((tr) => tr.docChanged)) return null;
  if (transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze)))) return null;
  const end = transactions[transactions.length - 1].state;
  const changes = transactions.reduce((all, tr) => all.compose(tr.changes), ChangeSet.empty(start.doc.length));
  const span = localEditSpan(start.doc, end.doc, changes);
  if (!span) return null;
  const version = end.field(documentVersion);
  let answer: AnalyseAnswer;
  try {
    answer = local.answer(end.doc.toString(), version, span, end.field(highlightField).covered);
  } catch (error) {
    // The page's engine failed (it is left as it is, unused): the worker
    // answers this edit and every one after.
    console.error(error);
    slot.local = null;
    return null;
  }
  const lint = lintEffects(end, answer);
  // Nothing more to draw when the marks moved through the edit are right.
  const effects = lint.length > 0 || !drawnAlready(end, answer) ? [engineAnswer.of(answer), ...lint] : [];
  return { transaction: end.update({ effects, annotations: answeredOnPage.of(version) }), answer };
}

/**
 * A space typed at the cursor, answered by the page's engine and thrown
 * away (not dispatched; the caller gives the engine the editor's text
 * back): the first real keystroke would otherwise be the first to run
 * this code, the engine's answer and the editor's state update for an
 * answer on this thread, a few milliseconds slower than the next ones.
 */
function rehearseKeystroke(slot: EngineSlot, state: EditorState): void {
  const tr = state.update({ changes: { from: state.selection.main.head, insert: ' ' }, userEvent: 'input.type' });
  const onPage = answerOnPage(slot, [tr]);
  // The new state, as the editor's update would make it.
  void onPage?.transaction.state;
}

/**
 * tenpai's answers in the editor. Made with the editor, before the engine
 * is started (the setup of the extensions is done while the module
 * compiles): until `attachEngine` fills the slot, they draw nothing.
 */
function tenpaiExtensions(slot: EngineSlot): Extension {
  // The editor's side of the worker: posts each change's text, applies the
  // answers of the editor's version and asks again for the lines of those
  // it dropped, and asks for the highlighting of lines scrolled into view.
  // Once the worker's answers are in, it brings the page's engine up to
  // the editor's text.
  const engineSync = ViewPlugin.fromClass(
    class {
      /** Lines changed (in the editor's document) and not yet asked for. */
      unsent: Span | null = null;
      /** Versions of the analyses asked for and not answered yet. */
      readonly outstanding = new Set<number>();
      /** Those of them of the whole text. */
      readonly outstandingWhole = new Set<number>();
      /** The changes since the oldest analysis outstanding, by the version each made. */
      changes: { version: number; changes: ChangeSet }[] = [];
      /** A highlighting asked for and not answered yet. */
      tokensPending = false;
      /** Whether the page's engine is to take the editor's text when the page is idle. */
      catchUpScheduled = false;

      constructor(readonly view: EditorView) {}

      update(u: ViewUpdate) {
        if (!slot.engine) return;
        const version = u.state.field(documentVersion);
        if (u.transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze)))) {
          this.unsent = null;
          this.changes = [];
          this.analyseWhole(version);
        } else if (u.docChanged) {
          if (this.outstanding.size > 0) this.changes.push({ version, changes: u.changes });
          // Drawn in this update already, by the page's engine.
          const answered = u.transactions.some((tr) => tr.annotation(answeredOnPage) === version);
          let unsent = this.unsent && mapSpan(this.unsent, u.changes);
          if (!answered) {
            u.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
              unsent = unionSpan(unsent, { from: fromB, to: toB });
            });
          }
          this.unsent = unsent;
          // The changes, not the text: the worker holds the last text.
          const changes: TextChange[] = [];
          u.changes.iterChanges((from, to, _fromB, _toB, inserted) => changes.push({ from, to, insert: inserted.toString() }));
          if (answered) this.sync({ kind: 'sync', version, text: null, changes, length: u.state.doc.length });
          else {
            this.analyse({
              kind: 'analyse',
              version,
              text: null,
              changes,
              length: u.state.doc.length,
              whole: false,
              span: unsent,
              covered: u.state.field(highlightField).covered,
            });
          }
        } else if (u.viewportChanged) {
          this.highlightViewport();
        }
        if (u.transactions.some((tr) => tr.effects.some((e) => e.is(localAttached)))) this.checkIdle();
      }

      /** Asks for an analysis of the whole text, posted whole. */
      analyseWhole(version: number) {
        const doc = this.view.state.doc;
        this.unsent = null;
        this.changes = [];
        const text = doc.toString();
        this.analyse({ kind: 'analyse', version, text, changes: null, length: text.length, whole: true, span: null, covered: this.view.viewport });
      }

      analyse(request: AnalyseRequest) {
        const engine = slot.engine;
        if (!engine) return;
        this.unsent = null;
        this.outstanding.add(request.version);
        if (request.whole) this.outstandingWhole.add(request.version);
        slot.idle = false;
        engine.ask<'analyse'>(request).then(
          (answer) => this.receive(answer),
          (error: unknown) => {
            this.outstanding.delete(request.version);
            this.outstandingWhole.delete(request.version);
            console.error(error);
            // The worker's text may be out of step: it is given the whole
            // text again (once: a failure of that is not retried).
            if (!request.whole) this.view.dispatch({ effects: reanalyze.of(null) });
            this.checkIdle();
          },
        );
      }

      /** Tells the worker a change the page's engine answered. */
      sync(request: SyncRequest) {
        const engine = slot.engine;
        if (!engine) return;
        this.outstanding.add(request.version);
        slot.idle = false;
        engine.askAfterFrame<'sync'>(request).then(
          (answer) => this.synced(answer),
          (error: unknown) => {
            this.outstanding.delete(request.version);
            console.error(error);
            // The worker's text may be out of step: it is given the whole text again.
            this.view.dispatch({ effects: reanalyze.of(null) });
            this.checkIdle();
          },
        );
      }

      synced(answer: SyncAnswer) {
        this.outstanding.delete(answer.version);
        this.settle();
      }

      receive(answer: AnalyseAnswer) {
        const view = this.view;
        this.outstanding.delete(answer.version);
        this.outstandingWhole.delete(answer.version);
        if (answer.version === view.state.field(documentVersion)) {
          const lint = lintEffects(view.state, answer);
          // An answer that draws what is drawn already (the marks moved
          // through the edit are right) costs no update of the editor.
          if (answer.redrawn === 'all' || lint.length > 0 || !drawnAlready(view.state, answer)) {
            view.dispatch({ effects: [engineAnswer.of(answer), ...lint] });
          }
          slot.hooks?.onAnalysis(answer.millis, 'worker');
          if (answer.tokens) slot.hooks?.onHighlight(answer.millis);
          slot.hooks?.onShown(answer.version);
        } else {
          // Of an older text: dropped. Its lines (and those whose analysis
          // it changed) are asked for again, where they are now.
          slot.hooks?.onDropped();
          // (An analysis of the whole text asked for since draws them all.)
          const wholeSince = [...this.outstandingWhole].some((version) => version > answer.version);
          const redrawn = wholeSince ? null : answer.redrawn;
          if (redrawn === 'all') this.unsent = { from: 0, to: view.state.doc.length };
          else if (redrawn) {
            let span = redrawn;
            for (const step of this.changes) if (step.version > answer.version) span = mapSpan(span, step.changes);
            this.unsent = unionSpan(this.unsent, span);
          }
        }
        this.settle();
      }

      /** After an answer: the lines still to ask for asked for once every answer is in, else the highlighting. */
      settle() {
        const view = this.view;
        const oldest = Math.min(...this.outstanding);
        this.changes = this.changes.filter((step) => step.version > oldest);
        if (this.outstanding.size === 0) {
          if (this.unsent) {
            const state = view.state;
            this.analyse({
              kind: 'analyse',
              version: state.field(documentVersion),
              text: null,
              changes: null,
              length: state.doc.length,
              whole: false,
              span: this.unsent,
              covered: state.field(highlightField).covered,
            });
          } else this.highlightViewport();
        }
        this.checkIdle();
      }

      /**
       * Says when every answer asked for is in and the page's engine holds
       * the editor's text; brings it up to the text once the worker's
       * answers are in.
       */
      checkIdle() {
        const answered = this.outstanding.size === 0 && this.unsent === null && !this.tokensPending;
        const localBehind = this.localBehind();
        if (answered && localBehind) this.scheduleCatchUp();
        const idle = answered && !localBehind && !slot.localLoading;
        if (idle && !slot.idle) {
          slot.idle = true;
          slot.hooks?.onIdle();
        } else if (!idle) slot.idle = false;
      }

      /** Whether the page's engine is to take the editor's text (it does not hold a long document). */
      localBehind(): boolean {
        const local = slot.local;
        const state = this.view.state;
        return local !== null && state.doc.length <= LOCAL_DOCUMENT_CHARS && local.version !== state.field(documentVersion);
      }

      /**
       * The page's engine takes the editor's text when the page is idle
       * (after a paste, a change of the rules: every line new to it is
       * analysed, a moment's work not to put on a keystroke).
       */
      scheduleCatchUp() {
        if (this.catchUpScheduled) return;
        this.catchUpScheduled = true;
        const catchUp = () => {
          this.catchUpScheduled = false;
          const local = slot.local;
          if (local && this.localBehind()) {
            const state = this.view.state;
            try {
              const text = state.doc.toString();
              local.take(text, state.field(documentVersion));
              rehearseKeystroke(slot, state);
              local.take(text, state.field(documentVersion));
              if (!typingWarmedUp) {
                // Not idle until warmed up (`warmUpTyping`).
                slot.localLoading = true;
                warmUpTyping(local, this.view)
                  .catch((error: unknown) => console.error(error))
                  .finally(() => {
                    slot.localLoading = false;
                    this.checkIdle();
                  });
              }
            } catch (error) {
              // Left unused: the worker answers every edit.
              console.error(error);
              slot.local = null;
            }
          }
          this.checkIdle();
        };
        // (Safari has no requestIdleCallback.)
        if (typeof requestIdleCallback === 'function') requestIdleCallback(catchUp, { timeout: 250 });
        else setTimeout(catchUp, 50);
      }

      /** Asks for the highlighting of the lines on screen not drawn yet (one side at a time). */
      highlightViewport() {
        const engine = slot.engine;
        if (!engine || this.tokensPending || this.outstanding.size > 0) return;
        const view = this.view;
        const viewport = view.viewport;
        const { covered } = view.state.field(highlightField);
        let span: Span;
        if (!covered || viewport.to < covered.from || viewport.from > covered.to) span = viewport;
        else if (viewport.from < covered.from) span = { from: viewport.from, to: covered.from };
        else if (viewport.to > covered.to) span = { from: covered.to, to: viewport.to };
        else return;
        const version = view.state.field(documentVersion);
        this.tokensPending = true;
        slot.idle = false;
        engine.ask<'tokens'>({ kind: 'tokens', version, span }).then(
          (answer) => {
            this.tokensPending = false;
            if (answer.version === view.state.field(documentVersion)) {
              view.dispatch({ effects: tokensAnswer.of(answer) });
              slot.hooks?.onHighlight(answer.millis);
            }
            this.highlightViewport();
            this.checkIdle();
          },
          (error: unknown) => {
            this.tokensPending = false;
            this.checkIdle();
            console.error(error);
          },
        );
      }
    },
  );

  const cursorWatch = EditorView.updateListener.of((u) => {
    const hooks = slot.hooks;
    if (!hooks) return;
    const again = u.transactions.some((tr) => tr.effects.some((e) => e.is(reanalyze)));
    if (u.docChanged || u.selectionSet || again) {
      const typing = u.transactions.some((tr) => tr.isUserEvent('input.type') || tr.isUserEvent('delete'));
      hooks.onCursorMoved(typing ? 'typing' : 'other');
    }
  });

  const hover = hoverTooltip(async (view, pos) => {
    const engine = slot.engine;
    if (!engine) return null;
    const version = view.state.field(documentVersion);
    const answer = await engine.ask<'hover'>({ kind: 'hover', at: pos });
    // Of a text the editor no longer holds: none.
    if (!answer || view.state.field(documentVersion) !== version) return null;
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
      async (context) => {
        const engine = slot.engine;
        if (!engine) return null;
        // Only after a word started, or when asked for.
        const word = context.explicit || context.matchBefore(/[=\w]$/) !== null;
        const items = await engine.ask<'completion'>({ kind: 'completion', at: context.pos });
        if (context.aborted) return null;
        const result = completionResult(items, context.state.doc.length);
        if (!result) return null;
        if (!word && result.from === context.pos) return null;
        return result;
      },
    ],
  });

  return [
    documentVersion,
    hintField,
    highlightField,
    engineSync,
    cursorWatch,
    // The lint state, its marks and tooltips; diagnostics come with the
    // engine's answers (`engineSync` above), not from a lint source.
    linter(null),
    hover,
    completion,
    keymap.of([
      {
        key: 'Shift-Alt-f',
        run: (view) => {
          if (!slot.engine) return false;
          void formatDocument(view, slot.engine);
          return true;
        },
      },
      ...completionKeymap,
      ...lintKeymap,
    ]),
  ];
}

/**
 * Applies the formatter's edits; false when nothing changes (or the text
 * changed while the engine formatted it: the edits are of the old text).
 */
export async function formatDocument(view: EditorView, engine: Engine): Promise<boolean> {
  const version = view.state.field(documentVersion);
  const edits = await engine.ask<'format'>({ kind: 'format' });
  if (edits.length === 0 || view.state.field(documentVersion) !== version) return false;
  view.dispatch({ changes: formatChanges(edits, view.state.doc.length), userEvent: 'input.format' });
  return true;
}

/** Applies every safe fix; false when nothing changes (or the text changed meanwhile). */
export async function fixAll(view: EditorView, engine: Engine): Promise<boolean> {
  const version = view.state.field(documentVersion);
  const fixed = await engine.ask<'fixAll'>({ kind: 'fixAll' });
  if (fixed === null || view.state.field(documentVersion) !== version) return false;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: fixed }, userEvent: 'input.fix' });
  return true;
}

/**
 * What the editor draws of tenpai's answers, as text: the hints and the
 * diagnostics of the whole document, and the highlighting of the lines on
 * screen (the browser test compares them after edits with those of an
 * analysis of the whole text).
 */
export function drawnAnswers(view: EditorView): { hints: string[]; diagnostics: string[]; tokens: string[] } {
  const state = view.state;
  const hints: string[] = [];
  state.field(hintField).between(0, state.doc.length, (from, _to, value) => {
    const widget = value.spec.widget as { label?: string } | undefined;
    hints.push(`${from} ${widget?.label ?? ''}`);
  });
  const diagnostics: string[] = [];
  forEachDiagnostic(state, (d, from, to) => diagnostics.push(`${from}-${to} ${d.source}: ${d.message}`));
  const tokens: string[] = [];
  const { from, to } = view.viewport;
  state.field(highlightField).marks.between(from, to, (start, end, value) => {
    if (start >= from && start < to) tokens.push(`${start}-${end} ${String(value.spec.class)}`);
  });
  return { hints, diagnostics, tokens };
}

/** A transaction spec's effects as a list. */
function asEffects(effects: StateEffect<unknown> | readonly StateEffect<unknown>[] | undefined): StateEffect<unknown>[] {
  if (!effects) return [];
  return Array.isArray(effects) ? [...effects] : [effects as StateEffect<unknown>];
}

/** Times each update of a view. */
export interface DispatchTimer {
  onDispatch(millis: number, transactions: readonly Transaction[], view: EditorView): void;
}

/**
 * The editor with its text and no tenpai yet: made while the engine
 * compiles (off the main thread), so that the page does not wait for
 * both one after the other.
 */
export function createEditor(parent: HTMLElement, text: string, timer: DispatchTimer, slot: EngineSlot): EditorView {
  return new EditorView({
    parent,
    dispatchTransactions: answeringDispatch(slot, timer),
    state: EditorState.create({ doc: text, extensions: editorExtensions(slot) }),
  });
}

/**
 * An editor's dispatch with the page's engine (`slot.local`): the edit
 * and its answer in one update (`answerOnPage`), the update timed whole
 * (the page engine's answer, the state, the DOM and the listeners) for
 * `timer`, if any.
 */
function answeringDispatch(slot: EngineSlot, timer: DispatchTimer | null) {
  return (transactions: readonly Transaction[], view: EditorView) => {
    const start = performance.now();
    const onPage = answerOnPage(slot, transactions);
    view.update(onPage ? [...transactions, onPage.transaction] : transactions);
    timer?.onDispatch(performance.now() - start, transactions, view);
    if (onPage) {
      // Drawn: the answer is in the editor's DOM.
      const { answer } = onPage;
      slot.hooks?.onAnalysis(answer.millis, 'page');
      if (answer.tokens) slot.hooks?.onHighlight(answer.millis);
      slot.hooks?.onShown(answer.version);
    }
  };
}

/** The editor's extensions, tenpai's answers through `slot`. */
function editorExtensions(slot: EngineSlot): Extension {
  return [
    lineNumbers(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    closeBrackets(),
    EditorView.lineWrapping,
    keymap.of([...defaultKeymap, ...historyKeymap]),
    tenpaiExtensions(slot),
    EditorView.contentAttributes.of({ 'aria-label': 'tenpai document', spellcheck: 'false' }),
  ];
}

/** Whether this page warmed up typing (`warmUpTyping`): once a page. */
let typingWarmedUp = false;

/**
 * The document typing is warmed up in: hand lines of each kind, with
 * comments, enough of them that CodeMirror holds the text as a tree of
 * lines and the highlighting in several chunks of marks, as it holds a
 * real document's; few enough that making the editor is a short task.
 */
const WARM_UP_DOCUMENT = Array.from({ length: 72 }, (_, index) =>
  [
    '234m567p22s345678s riichi tsumo dora=1s',
    '123m456p789s1122z2z seat=s # a comment',
    '23m456p789s11222z',
    '13m456p789s11222z4p riichi',
    '11m234p567s (789m) (rrr) ron',
    '# a comment line',
  ][index % 6],
).join('\n');

/**
 * What is typed into it, into the comment-less waiting hand on line 9 (an
 * option word half typed is an error, then a known option, then taken back
 * with Backspace), and how many times.
 */
const WARM_UP_LINE = 9;
const WARM_UP_KEYS = [...' riichi', ...Array<string>(7).fill('Backspace')];
const WARM_UP_ROUNDS = 3;

/** The next moment the page is idle (each warm-up key is a task of its own: the page stays responsive). */
function nextIdle(): Promise<void> {
  return new Promise((done) => {
    // (Safari has no requestIdleCallback.)
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => done(), { timeout: 20 });
    else setTimeout(done, 0);
  });
}

/**
 * Typing warmed up, once the page's engine is in: in a throwaway editor
 * out of sight, with the editor's extensions and a document of its own in
 * a second engine on the page engine's module (`sibling`), keys are typed
 * as the browser types them (the key's events, the character put into
 * the editable content, read back by CodeMirror; Backspace by its key
 * binding) and each is answered by that engine in the editor's update of
 * the key, its hints, diagnostics and highlighting drawn, a few rounds of
 * the same keys. The page's first real keystroke would otherwise be the
 * first to run all that code: JavaScript compiled at its first call and
 * run unoptimised for its first calls, functions of the wasm compiled at
 * their first call, CodeMirror's key bindings gathered at an editor's
 * first key (done here for `view`, the page's editor, as well), the lint
 * marks' images made (`styleLintMarks`); together several milliseconds
 * more than a warm key. Nothing of the page's document or engine is
 * touched. One key a task, when the page is idle, after the first results
 * are on screen.
 */
async function warmUpTyping(local: LocalEngine, view: EditorView): Promise<void> {
  if (typingWarmedUp) return;
  typingWarmedUp = true;
  // A key with no binding: only gathers the bindings.
  runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'Unidentified' }), 'editor');
  const engine = local.sibling('mj');
  const parent = document.createElement('div');
  parent.className = 'tp-rehearsal';
  parent.setAttribute('aria-hidden', 'true');
  document.body.append(parent);
  const rehearsal: EngineSlot = { engine: null, hooks: null, local: engine, localLoading: false, idle: true };
  const practice = new EditorView({
    parent,
    dispatchTransactions: answeringDispatch(rehearsal, null),
    state: EditorState.create({ doc: WARM_UP_DOCUMENT, extensions: editorExtensions(rehearsal) }),
  });
  try {
    styleLintMarks(practice);
    await nextIdle();
    // Drawn whole first, as the worker's first answer draws the page's
    // editor (highlighted all through: marks in many chunks, as on a
    // screenful of a real document).
    const whole = engine.whole(WARM_UP_DOCUMENT, practice.state.field(documentVersion), { from: 0, to: WARM_UP_DOCUMENT.length });
    practice.dispatch({ effects: [engineAnswer.of(whole), ...lintEffects(practice.state, whole)] });
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      practice.dispatch({ selection: { anchor: practice.state.doc.line(WARM_UP_LINE).to } });
      for (const key of WARM_UP_KEYS) {
        await nextIdle();
        await typeKey(practice, key);
      }
    }
  } finally {
    practice.destroy();
    parent.remove();
    engine.dispose();
    performance.mark('tenpai-typing-warmed-up');
  }
}

/**
 * The editable text node and offset in it at `pos` of `view`, where the
 * browser puts a character typed there (the end of the text before it
 * when `pos` is between nodes, as before a hint at a line's end).
 */
function textAt(view: EditorView, pos: number): { node: Text; offset: number } | null {
  const { node, offset } = view.domAtPos(pos);
  if (node instanceof Text) return { node, offset };
  let before = offset > 0 ? node.childNodes[offset - 1] : null;
  while (before && !(before instanceof Text) && before.lastChild) before = before.lastChild;
  return before instanceof Text ? { node: before, offset: before.length } : null;
}

/**
 * `key` typed at the cursor of `view`, as the browser types it: its
 * keydown (a binding runs, as Backspace's), then for a character its
 * beforeinput and the character put into the editable content, which
 * CodeMirror reads back when its mutation observer reports it.
 */
async function typeKey(view: EditorView, key: string): Promise<void> {
  const content = view.contentDOM;
  const head = view.state.selection.main.head;
  const keydown = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  content.dispatchEvent(keydown);
  if (key.length !== 1) {
    // (A binding that did not run, in some browser: the command itself.)
    if (!keydown.defaultPrevented && key === 'Backspace') deleteCharBackward(view);
    return;
  }
  content.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: key, bubbles: true, cancelable: true }));
  const text = textAt(view, head);
  if (text) {
    text.node.insertData(text.offset, key);
    await new Promise((done) => setTimeout(done, 0));
  }
  // Not read back (not a text node there, another browser): the change itself.
  if (view.state.sliceDoc(head, head + 1) !== key) {
    view.dispatch({ changes: { from: head, insert: key }, selection: { anchor: head + 1 }, userEvent: 'input.type' });
  } else if (view.state.selection.main.head !== head + 1) {
    // (Unfocused, CodeMirror does not read the DOM's selection.)
    view.dispatch({ selection: { anchor: head + 1 } });
  }
}

/**
 * CodeMirror underlines a diagnostic with an SVG image of its severity,
 * made the first time a mark of that severity is styled (2-3 ms): made
 * on marks of every severity put in `view` (outside its content, which
 * CodeMirror alone writes) and styled at once, rather than at the
 * keystroke that makes the document's first error.
 */
function styleLintMarks(view: EditorView): void {
  for (const severity of ['error', 'warning', 'info', 'hint']) {
    const mark = document.createElement('span');
    mark.className = `cm-lintRange cm-lintRange-${severity}`;
    mark.textContent = '.';
    view.dom.append(mark);
    void getComputedStyle(mark).backgroundImage;
  }
}

/**
 * tenpai's answers in the editor: the engine put in the slot, and the
 * text posted for an analysis of the whole (asked for as soon as the
 * engine is asked to start: the worker answers it after). The answers
 * are drawn once the page's hooks are in the slot too (`slot.hooks`),
 * which must be before the engine's first answer comes.
 */
export function attachEngine(view: EditorView, slot: EngineSlot, engine: Engine): void {
  slot.engine = engine;
  slot.idle = false;
  view.dispatch({ effects: reanalyze.of(null) });
}

/**
 * The page's own engine put in the slot (null: it could not load, the
 * worker answers every edit); it takes the editor's text once the
 * worker's answers are in, and answers the edits after that.
 */
export function attachLocalEngine(view: EditorView, slot: EngineSlot, local: LocalEngine | null): void {
  slot.local = local;
  slot.localLoading = false;
  view.dispatch({ effects: localAttached.of(null) });
}
