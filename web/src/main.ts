/**
 * The playground page: the editor, the calculator and the results, bound
 * together through the editor's text; sharing through the URL fragment;
 * language and theme switches; the service worker that keeps it working
 * offline.
 */

import type { EditorView } from '@codemirror/view';
import type { Transaction } from '@codemirror/state';
import { Calculator } from './calculator';
import {
  attachEngine,
  attachLocalEngine,
  type AnsweredBy,
  createEditor,
  documentVersion,
  drawnAnswers,
  type EngineSlot,
  fixAll,
  formatDocument,
  type LineChange,
  reanalyze,
} from './editor';
import { emptyState, readState, writeLine, type CalcState } from './handline';
import { type Lang, preferredLang, STRINGS, type Strings } from './i18n';
import type { CursorLine, DocKindName, PanelAnswer } from './protocol';
import { renderResults } from './results';
import { decodeFragment, encodeFragment, type Shared } from './share';
import { installSprite } from './tiles';
import type { Action, LineReport } from './types';
import { Engine, loadLocalEngine } from './wasm';
import './style.css';

const SAMPLE = `# A tenpai document: one hand per line. Hover a hand for its value.
rules: tenhou
234m567p22s345678s riichi tsumo dora=1s => haneman 6000 all
123m456p789s1122z2z seat=s => 1300
23m456p789s11222z riichi # waiting: which tiles win?
13m456p789s11222z4p riichi # 14 tiles: what to discard?
`;

/** One key pressed in the editor, timed. */
interface KeyTiming {
  /** When the key's event happened (ms from navigation start). */
  at: number;
  /** The document version its change made (null until it made one). */
  version: number | null;
  /** When the diagnostics of that version (or a later one) were drawn in the editor. */
  shown: number | null;
  /** ms of the editor's updates from this key to the next (the page's work on the main thread). */
  work: number;
}

/** Measurements the browser test reads. */
interface Metrics {
  /** ms from navigation start to this script running. */
  scriptStart: number;
  /** ms from navigation start to the engine's answer that it started (module instantiated in the worker). */
  engineReady: number | null;
  /** ms from navigation start to the worker's script running, its start request coming, its module instantiated. */
  worker: { script: number; request: number; instantiated: number } | null;
  /** ms from navigation start to the editor made (before the engine is ready: its text not analysed yet). */
  editorReady: number | null;
  /** ms from navigation start to the first results on screen. */
  firstAnalysis: number | null;
  /** ms the engine took for each analysis applied (the worker's or the page's). */
  updates: number[];
  /** Which engine answered each of them. */
  answeredBy: AnsweredBy[];
  /** ms the worker took for each highlighting applied. */
  highlights: number[];
  /** ms of each drawing of the side panels (results, actions, calculator). */
  panels: number[];
  /** Each key pressed. */
  keys: KeyTiming[];
  /** Answers dropped because the text had changed since they were asked for. */
  dropped: number;
}

declare global {
  interface Window {
    tenpai?: {
      view: EditorView;
      metrics: Metrics;
      engine: Engine;
      /** Resolves once every key pressed that changed the text has its diagnostics drawn. */
      keysShown(): Promise<void>;
      /** Resolves once every answer asked for of the engine is in. */
      idle(): Promise<void>;
      /** What the editor draws of the answers (`drawnAnswers`). */
      drawn(): ReturnType<typeof drawnAnswers>;
      /** Asks for an analysis of the whole text. */
      reanalyze(): void;
    };
  }
}

const scriptStart = performance.now();
// Marks for a trace of the load (the browser test's).
performance.mark('tenpai-script-start');

function $(selector: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`the page lacks ${selector}`);
  return found;
}

/** `promise`, or a failure naming `what` after 10 s (the browser test waits on these). */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: number | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = window.setTimeout(() => fail(new Error(`${what}: not within 10 s`)), 10000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The measurements kept: the last few hundred of each (a long session
 * must not grow them, nor make the keys' bookkeeping slower).
 */
const KEPT = 500;

function keep<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > KEPT) list.splice(0, list.length - KEPT);
}

function storedLang(): Lang {
  const stored = localStorage.getItem('tenpai.lang');
  return stored === 'en' || stored === 'ja' ? stored : preferredLang(navigator.languages);
}

async function main(): Promise<void> {
  // The worker starts loading at once; the module compiles meanwhile.
  const engine = new Engine();
  const metrics: Metrics = {
    scriptStart,
    engineReady: null,
    worker: null,
    editorReady: null,
    firstAnalysis: null,
    updates: [],
    answeredBy: [],
    highlights: [],
    panels: [],
    keys: [],
    dropped: 0,
  };
  window.addEventListener(
    'keydown',
    (event) => {
      // The user's keys (not the typing warm-up's, editor.ts).
      if (!event.isTrusted) return;
      const now = performance.now();
      // The event's own time (when the browser made it), unless it is not
      // one of this page's clock.
      const at = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
      keep(metrics.keys, { at, version: null, shown: null, work: 0 });
    },
    { capture: true },
  );
  const keyWaiters: (() => void)[] = [];
  const checkKeys = () => {
    // (A key that changed no text, such as an arrow, has nothing to show.)
    if (keyWaiters.length === 0 || metrics.keys.some((key) => key.version !== null && key.shown === null)) return;
    for (const done of keyWaiters.splice(0)) done();
  };
  const keysShown = () =>
    within(
      new Promise<void>((done) => {
        keyWaiters.push(done);
        checkKeys();
      }),
      'the keys\' diagnostics drawn',
    );
  const status = $('#status');
  const flash = (text: string) => {
    status.textContent = text;
    setTimeout(() => (status.textContent = ''), 1500);
  };
  // What goes wrong after the start (a failed request to the engine) is
  // said in the status line and the console; the page goes on.
  const reportError = (error: unknown) => {
    console.error(error);
    flash(error instanceof Error ? error.message : String(error));
  };
  let lang: Lang = storedLang();
  let t: Strings = STRINGS[lang];
  const shared: Shared = (await decodeFragment(location.hash)) ?? { doc: SAMPLE, kind: 'mj', rules: 'tenhou' };
  const engineStarted = engine.start(shared.kind, shared.rules);
  const onDispatch = (millis: number, transactions: readonly Transaction[], view: EditorView) => {
    const key = metrics.keys[metrics.keys.length - 1];
    if (!key) return;
    key.work += millis;
    const typed = transactions.some((tr) => tr.docChanged && (tr.isUserEvent('input') || tr.isUserEvent('delete')));
    if (typed && key.version === null) key.version = view.state.field(documentVersion);
  };
  // (The page's engine loads after the first analysis: until it is in,
  // the editor is not idle.)
  const slot: EngineSlot = { engine: null, hooks: null, local: null, localLoading: true, idle: false };
  const idleWaiters: (() => void)[] = [];
  // The editor is made while the module compiles (off the main thread).
  const view: EditorView = createEditor($('#editor'), shared.doc, { onDispatch }, slot);
  metrics.editorReady = performance.now();
  // The first analysis and the first hand line's panels are asked for at
  // once: the worker answers them right after it started, without waiting
  // for this thread in between.
  attachEngine(view, slot, engine);
  // Start on the first hand line, so the results show at once.
  const lines = view.state.doc;
  for (let n = 1; n <= lines.lines; n++) {
    const line = lines.line(n);
    const text = line.text.trim();
    if (text && !text.startsWith('#') && !text.startsWith('rules:')) {
      view.dispatch({ selection: { anchor: line.to } });
      break;
    }
  }
  const firstPanel = engine.ask<'panel'>({ kind: 'panel', version: view.state.field(documentVersion), head: view.state.selection.main.head });
  const started = await engineStarted;
  metrics.engineReady = performance.now();
  const pageTime = (epoch: number) => epoch - performance.timeOrigin;
  metrics.worker = {
    script: pageTime(started.times.script),
    request: pageTime(started.times.request),
    instantiated: pageTime(started.times.instantiated),
  };
  installSprite(started.sprite, started.css);
  let rules = started.rulesProblem === '' ? shared.rules : 'tenhou';
  let kindName: DocKindName = shared.kind;
  const yakuNames = new Map(started.yakuNames.map((y) => [y.id, y]));

  const results = $('#results');
  const actionsRoot = $('#actions');
  /** What the side panels show: the cursor's line as the engine read it. */
  let cursor: CursorLine = { from: 0, to: 0, text: '', analysed: false };
  let report: LineReport | null = null;
  let picture: string | null = null;
  /** The panels' answer last drawn, of the version and cursor it names. */
  let panel: PanelAnswer | null = null;

  const editorAt = () => ({ version: view.state.field(documentVersion), head: view.state.selection.main.head });
  const isCurrent = (answer: PanelAnswer | null) => {
    const now = editorAt();
    return answer !== null && answer.version === now.version && answer.head === now.head;
  };

  const showReport = () => {
    renderResults(results, report, lang, t, picture ?? undefined);
    // Yaku names in the page's language even where the engine gave one.
    for (const row of results.querySelectorAll<HTMLTableRowElement>('tr[data-yaku]')) {
      const names = yakuNames.get(row.dataset.yaku ?? '');
      const cell = row.cells[0];
      if (names && cell) cell.textContent = lang === 'ja' ? names.ja : names.en;
    }
    if (metrics.firstAnalysis === null) {
      metrics.firstAnalysis = performance.now();
      performance.mark('tenpai-first-analysis');
    }
  };

  const showActions = (actions: Action[], version: number) => {
    actionsRoot.replaceChildren();
    for (const action of actions) {
      const button = document.createElement('button');
      button.className = `tp-action tp-action-${action.kind}`;
      button.textContent = action.title;
      button.addEventListener('click', () => {
        // The edits are of the text they were offered for (the buttons
        // are drawn again a moment after the text changes).
        if (view.state.field(documentVersion) !== version) return;
        view.dispatch({ changes: action.changes.map((c) => ({ from: c.from, to: c.to, insert: c.insert })), userEvent: 'input.fix' });
        view.focus();
      });
      actionsRoot.append(button);
    }
  };

  // The line the calculator wrote last: while the cursor's line is that
  // line, the calculator's own state stands (a partial hand reads back as
  // less than what was clicked, such as the winning tile).
  let written: string | null = null;
  /** Writes the calculator's state into the editor, at the cursor's line (the panels' answer is current). */
  const writeCalculator = (state: CalcState) => {
    const line = writeLine(state);
    const current = view.state.doc.lineAt(view.state.selection.main.head);
    // The cursor's hand (a whole line, or an inline hand in Markdown)
    // or a blank line becomes the hand; from anywhere else a new line is
    // written after the cursor's.
    // (A comment or `rules:` line of a .mj file is read, but holds no hand.)
    const onHand = cursor.analysed && (report?.hand != null || cursor.text === written);
    written = line;
    if (onHand && cursor.text === view.state.sliceDoc(cursor.from, cursor.to)) {
      view.dispatch({ changes: { from: cursor.from, to: cursor.to, insert: line }, selection: { anchor: cursor.from + line.length }, userEvent: 'input.calculator' });
    } else if (current.text.trim() === '') {
      view.dispatch({ changes: { from: current.from, to: current.to, insert: line }, selection: { anchor: current.from + line.length }, userEvent: 'input.calculator' });
    } else {
      const insert = '\n' + line;
      view.dispatch({ changes: { from: current.to, insert }, selection: { anchor: current.to + insert.length }, userEvent: 'input.calculator' });
    }
  };
  /** The calculator's changes, in order, each once the panels' answer is current. */
  let calculatorQueue: Promise<void> = Promise.resolve();
  let calculatorQueued = 0;
  const calculator = new Calculator($('#calculator'), t, {
    onChange(state: CalcState) {
      // The user's change stands over the line's state still to be shown.
      calculatorDue = false;
      if (calculatorQueued === 0 && isCurrent(panel)) {
        writeCalculator(state);
        return;
      }
      calculatorQueued++;
      calculatorQueue = calculatorQueue
        .then(async () => {
          await currentPanels();
          calculatorDue = false;
          writeCalculator(state);
        })
        .catch(reportError)
        .finally(() => calculatorQueued--);
    },
    onRules(words: string) {
      // Taken at once (the calculator's controls write valid words; the
      // engine says otherwise, and the old ones come back): the engine
      // reads the new rules before the analysis asked for after them.
      const before = rules;
      rules = words;
      calculator.setRules(words);
      slot.local?.setRules(words);
      engine.ask<'setRules'>({ kind: 'setRules', words }).then((problem) => {
        if (problem === '' || rules !== words) return;
        rules = before;
        calculator.setRules(before);
        flash(problem);
      }, reportError);
      view.dispatch({ effects: reanalyze.of(null) });
      scheduleShare();
    },
  });
  calculator.setRules(rules);

  // The side panels (results, actions, calculator) follow the cursor's
  // line, as the engine reads it (asked for in one request). While the
  // user types they are drawn once typing pauses, so that a keystroke pays
  // for the editor alone; after a click, a move of the cursor or a change
  // made with the calculator, at the next frame.
  // (The calculator's state is the line's from the moment it is drawn: a
  // click on it within the pause would act on the state before the typing.)
  // Due from the start: the first drawing shows the line the cursor starts
  // on (the move there was made before the editor's hooks were attached,
  // so no cursor move says so).
  let calculatorDue = true;
  let panelTimer: number | undefined;
  let panelFrame: number | undefined;
  /** Asks for the cursor line's panels and draws them; false when the editor moved on meanwhile. */
  const drawPanels = async (asked?: Promise<PanelAnswer>): Promise<boolean> => {
    clearTimeout(panelTimer);
    if (panelFrame !== undefined) cancelAnimationFrame(panelFrame);
    panelTimer = panelFrame = undefined;
    const { version, head } = editorAt();
    const answer = await (asked ?? engine.ask<'panel'>({ kind: 'panel', version, head }));
    // Of a text or a cursor the editor has left: the change that left it
    // asked for the panels again.
    if (!isCurrent(answer)) return false;
    const start = performance.now();
    panel = answer;
    cursor = answer.line;
    report = answer.report;
    picture = answer.picture;
    // The results first: what the line is worth is what the user waits for.
    showReport();
    if (calculatorDue) {
      calculatorDue = false;
      if (cursor.text !== written) {
        written = null;
        const state =
          report && report.hand && report.situation && cursor.analysed
            ? readState(report.hand, report.situation, cursor.text)
            : emptyState();
        // Drawn again only when it shows something else (a click on it
        // must not meet a control being replaced under the pointer).
        if (JSON.stringify(state) !== JSON.stringify(calculator.current)) calculator.show(state);
      }
    }
    showActions(answer.actions, answer.version);
    keep(metrics.panels, performance.now() - start);
    return true;
  };
  /** The panels drawn for the editor's text and cursor as they are now. */
  const currentPanels = async () => {
    // Each try is overtaken only by a change made meanwhile.
    for (let tries = 0; tries < 10 && !isCurrent(panel); tries++) await drawPanels();
  };
  const PAUSE_MS = 120;

  const onCursorMoved = (cause: LineChange) => {
    calculatorDue = true;
    clearTimeout(panelTimer);
    if (cause === 'typing') {
      if (panelFrame !== undefined) cancelAnimationFrame(panelFrame);
      panelFrame = undefined;
      panelTimer = window.setTimeout(() => void drawPanels().catch(reportError), PAUSE_MS);
    } else if (panelFrame === undefined) {
      panelFrame = requestAnimationFrame(() => void drawPanels().catch(reportError));
    }
  };

  let shareTimer: number | undefined;
  const scheduleShare = () => {
    clearTimeout(shareTimer);
    shareTimer = window.setTimeout(async () => {
      const fragment = await encodeFragment({ doc: view.state.doc.toString(), kind: kindName, rules });
      history.replaceState(null, '', '#' + fragment);
    }, 250);
  };

  let analyses = 0;
  slot.hooks = {
    onAnalysis(millis: number, by: AnsweredBy) {
      keep(metrics.updates, millis);
      keep(metrics.answeredBy, by);
      // Not the first analysis: the page opened is not an edit to share.
      if (analyses++ > 0) scheduleShare();
    },
    onHighlight(millis: number) {
      keep(metrics.highlights, millis);
    },
    onShown(version: number) {
      const now = performance.now();
      // The keys not shown yet are the last ones.
      for (let index = metrics.keys.length - 1; index >= 0; index--) {
        const key = metrics.keys[index];
        if (key.shown !== null) break;
        if (key.version !== null && key.version <= version) key.shown = now;
      }
      checkKeys();
    },
    onDropped() {
      metrics.dropped++;
    },
    onCursorMoved,
    onIdle() {
      for (const done of idleWaiters.splice(0)) done();
    },
  };
  window.tenpai = {
    view,
    metrics,
    engine,
    keysShown,
    idle: () => within(new Promise<void>((done) => (slot.idle ? done() : idleWaiters.push(done))), 'the engine\'s answers in'),
    drawn: () => drawnAnswers(view),
    reanalyze: () => view.dispatch({ effects: reanalyze.of(null) }),
  };

  // The first results at once (those asked for with the start), not at
  // the next frame.
  await drawPanels(firstPanel);
  await currentPanels();

  // The page's own engine, which answers keystrokes in the editor's
  // update, once the first results are on screen. Without it (it failed
  // to load), the worker answers every edit.
  loadLocalEngine(kindName).then(
    (local) => {
      // The rules and kind as they are now (they may have changed while it loaded).
      local.setKind(kindName);
      local.setRules(rules);
      attachLocalEngine(view, slot, local);
    },
    (error: unknown) => {
      console.error(error);
      attachLocalEngine(view, slot, null);
    },
  );

  const kind = $('#kind') as HTMLSelectElement;
  kind.value = shared.kind;
  kind.addEventListener('change', () => {
    kindName = kind.value === 'markdown' ? 'markdown' : 'mj';
    // Read by the engine before the analysis asked for after it.
    engine.ask<'setKind'>({ kind: 'setKind', docKind: kindName }).catch(reportError);
    slot.local?.setKind(kindName);
    view.dispatch({ effects: reanalyze.of(null) });
  });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      flash(t.copied);
    } catch {
      flash(text.length > 80 ? text.slice(0, 80) + '…' : text);
    }
    document.body.dataset.copied = text;
  };
  $('#format').addEventListener('click', () => {
    formatDocument(view, engine).catch(reportError);
    view.focus();
  });
  $('#fix-all').addEventListener('click', () => {
    fixAll(view, engine).catch(reportError);
    view.focus();
  });
  $('#share').addEventListener('click', async () => {
    const fragment = await encodeFragment({ doc: view.state.doc.toString(), kind: kindName, rules });
    history.replaceState(null, '', '#' + fragment);
    await copy(location.href);
  });
  $('#copy-line').addEventListener('click', async () => {
    await currentPanels();
    await copy(cursor.text);
  });
  $('#copy-svg').addEventListener('click', async () => {
    await currentPanels();
    const svg = cursor.analysed ? await engine.ask<'handSvg'>({ kind: 'handSvg', at: cursor.from, theme: 'auto' }) : null;
    if (svg) await copy(svg);
    else flash(t.noHand);
  });

  const applyStrings = () => {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
      const key = node.dataset.i18n as keyof Strings;
      const value = t[key];
      if (typeof value === 'string') node.textContent = value;
    }
    calculator.setStrings(t);
    showReport();
  };
  $('#lang').addEventListener('click', () => {
    lang = lang === 'en' ? 'ja' : 'en';
    t = STRINGS[lang];
    localStorage.setItem('tenpai.lang', lang);
    applyStrings();
  });
  applyStrings();

  const themes = ['auto', 'light', 'dark'];
  const theme = $('#theme');
  const setTheme = (name: string) => {
    document.documentElement.dataset.theme = name;
    theme.textContent = { auto: '◐', light: '☀', dark: '☾' }[name] ?? '◐';
    localStorage.setItem('tenpai.theme', name);
  };
  setTheme(localStorage.getItem('tenpai.theme') ?? 'auto');
  theme.addEventListener('click', () => {
    const current = document.documentElement.dataset.theme ?? 'auto';
    setTheme(themes[(themes.indexOf(current) + 1) % themes.length]);
  });

  $('#version').textContent = `tenpai ${started.version}`;
  document.body.dataset.ready = 'true';

  // Offline after the first load: the worker caches the page's own files.
  if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  document.body.dataset.ready = 'error';
  const box = document.querySelector('#results');
  if (box) box.textContent = `The playground could not start: ${message}`;
});
