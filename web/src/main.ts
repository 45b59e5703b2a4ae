/**
 * The playground page: the editor, the calculator and the results, bound
 * together through the editor's text; sharing through the URL fragment;
 * language and theme switches; the service worker that keeps it working
 * offline.
 */

import type { EditorView } from '@codemirror/view';
import { Calculator } from './calculator';
import {
  type Analysis,
  attachEngine,
  createEditor,
  type CursorLine,
  type EngineSlot,
  fixAll,
  formatDocument,
  type LineChange,
  reanalyze,
} from './editor';
import { emptyState, readState, writeLine, type CalcState } from './handline';
import { type Lang, preferredLang, STRINGS, type Strings } from './i18n';
import { renderResults } from './results';
import { decodeFragment, encodeFragment, type Shared } from './share';
import { installSprite } from './tiles';
import type { Action, LineReport } from './types';
import { loadEngine, Playground } from './wasm';
import './style.css';

const SAMPLE = `# A tenpai document: one hand per line. Hover a hand for its value.
rules: tenhou
234m567p22s345678s riichi tsumo dora=1s => haneman 6000 all
123m456p789s1122z2z seat=s => 1300
23m456p789s11222z riichi # waiting: which tiles win?
13m456p789s11222z4p riichi # 14 tiles: what to discard?
`;

/** Measurements the browser test reads. */
interface Metrics {
  /** ms from navigation start to this script running. */
  scriptStart: number;
  /** ms from navigation start to the wasm module compiled and ready. */
  engineReady: number | null;
  /** ms from navigation start to the editor made (before the engine is ready: its text not analysed yet). */
  editorReady: number | null;
  /** ms from navigation start to the first results on screen. */
  firstAnalysis: number | null;
  /** ms of each analysis after an edit (wasm and adapter). */
  updates: number[];
  /** ms of each highlighting of lines. */
  highlights: number[];
  /** ms of each drawing of the side panels (results, actions, calculator). */
  panels: number[];
  /**
   * ms of the page's work for each key pressed: the engine's answer
   * (analysis, hints, diagnostics) and every update of the editor from
   * that key on (highlighting, DOM, listeners), until the next key.
   */
  keystrokes: number[];
}

declare global {
  interface Window {
    tenpai?: { view: EditorView; metrics: Metrics; playground: Playground };
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

function storedLang(): Lang {
  const stored = localStorage.getItem('tenpai.lang');
  return stored === 'en' || stored === 'ja' ? stored : preferredLang(navigator.languages);
}

async function main(): Promise<void> {
  const metrics: Metrics = { scriptStart, engineReady: null, editorReady: null, firstAnalysis: null, updates: [], highlights: [], panels: [], keystrokes: [] };
  window.addEventListener('keydown', () => metrics.keystrokes.push(0), { capture: true });
  let lang: Lang = storedLang();
  let t: Strings = STRINGS[lang];
  // The module compiles while the fragment is read.
  const engine_ = loadEngine();
  const shared: Shared = (await decodeFragment(location.hash)) ?? { doc: SAMPLE, kind: 'mj', rules: 'tenhou' };
  // The editor is made while the module compiles (off the main thread).
  const keystrokeWork = (millis: number) => {
    const last = metrics.keystrokes.length - 1;
    if (last >= 0) metrics.keystrokes[last] += millis;
  };
  const slot: EngineSlot = { playground: null, legend: null, hooks: null };
  const view: EditorView = createEditor($('#editor'), shared.doc, { onDispatch: keystrokeWork }, slot);
  metrics.editorReady = performance.now();
  const engine = await engine_;
  metrics.engineReady = performance.now();
  const faces = JSON.parse(engine.tileSprite()) as { sprite: string; css: string };
  installSprite(faces.sprite, faces.css);
  const playground = new Playground(shared.kind);
  let rules = shared.rules;
  if (playground.setRules(rules) !== '') {
    rules = 'tenhou';
    playground.setRules(rules);
  }
  const yakuNames = new Map(
    (JSON.parse(engine.yakuNames()) as { id: string; en: string; ja: string }[]).map((y) => [y.id, y]),
  );

  const docKind = (): Shared['kind'] => (playground.kind() === 'markdown' ? 'markdown' : 'mj');
  const results = $('#results');
  const actionsRoot = $('#actions');
  let cursor: CursorLine = { from: 0, to: 0, text: '', analysed: false };
  let report: LineReport | null = null;
  /** The cursor line `report` is of. */
  let reportOf: CursorLine | null = null;

  /** The report of the cursor's line, asked for once per line and text. */
  const cursorReport = (): LineReport | null => {
    if (reportOf !== cursor) {
      reportOf = cursor;
      // The line under the rules in force there (a `rules:` line above it
      // counts); a line tenpai does not read as a hand, under the base rules.
      report =
        cursor.text.trim() === ''
          ? null
          : cursor.analysed
            ? (JSON.parse(playground.report(cursor.from)) as LineReport | null)
            : (JSON.parse(engine.analyzeLine(cursor.text, rules)) as LineReport);
    }
    return report;
  };

  const showReport = () => {
    const report = cursorReport();
    const picture = cursor.analysed && report?.hand ? playground.handPicture(cursor.from) : undefined;
    renderResults(results, report, lang, t, picture);
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

  const showActions = () => {
    actionsRoot.replaceChildren();
    if (!cursor.analysed) return;
    const actions = JSON.parse(playground.actions(cursor.from, cursor.to)) as Action[];
    for (const action of actions) {
      const button = document.createElement('button');
      button.className = `tp-action tp-action-${action.kind}`;
      button.textContent = action.title;
      button.addEventListener('click', () => {
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
  const calculator = new Calculator($('#calculator'), t, {
    onChange(state: CalcState) {
      const line = writeLine(state);
      const doc = view.state.doc;
      const current = doc.lineAt(view.state.selection.main.head);
      // The cursor's hand (a whole line, or an inline hand in Markdown)
      // or a blank line becomes the hand; from anywhere else a new line is
      // written after the cursor's.
      // (A comment or `rules:` line of a .mj file is read, but holds no hand.)
      // The user's change stands over the line's state still to be shown.
      calculatorDue = false;
      const onHand = cursor.analysed && (cursorReport()?.hand != null || cursor.text === written);
      if (onHand && cursor.text === view.state.sliceDoc(cursor.from, cursor.to)) {
        written = line;
        view.dispatch({ changes: { from: cursor.from, to: cursor.to, insert: line }, selection: { anchor: cursor.from + line.length }, userEvent: 'input.calculator' });
      } else if (current.text.trim() === '') {
        written = line;
        view.dispatch({ changes: { from: current.from, to: current.to, insert: line }, selection: { anchor: current.from + line.length }, userEvent: 'input.calculator' });
      } else {
        const insert = '\n' + line;
        written = line;
        view.dispatch({ changes: { from: current.to, insert }, selection: { anchor: current.to + insert.length }, userEvent: 'input.calculator' });
      }
    },
    onRules(words: string) {
      const problem = playground.setRules(words);
      if (problem !== '') return;
      rules = words;
      calculator.setRules(words);
      view.dispatch({ effects: reanalyze.of(null) });
      scheduleShare();
    },
  });
  calculator.setRules(rules);

  // The side panels (results, actions, calculator) follow the cursor's
  // line. While the user types they are drawn once typing pauses, so that
  // a keystroke pays for the editor alone; after a click, a move of the
  // cursor or a change made with the calculator, at the next frame.
  // (The calculator's state is the line's from the moment it is drawn: a
  // click on it within the pause would act on the state before the typing.)
  let calculatorDue = false;
  let panelTimer: number | undefined;
  let panelFrame: number | undefined;
  const drawPanels = () => {
    clearTimeout(panelTimer);
    if (panelFrame !== undefined) cancelAnimationFrame(panelFrame);
    panelTimer = panelFrame = undefined;
    const start = performance.now();
    // The results first: what the line is worth is what the user waits for.
    showReport();
    if (calculatorDue) {
      calculatorDue = false;
      const line = cursor;
      const report = cursorReport();
      if (line.text !== written) {
        written = null;
        const state =
          report && report.hand && report.situation && line.analysed
            ? readState(report.hand, report.situation, line.text)
            : emptyState();
        // Drawn again only when it shows something else (a click on it
        // must not meet a control being replaced under the pointer).
        if (JSON.stringify(state) !== JSON.stringify(calculator.current)) calculator.show(state);
      }
    }
    showActions();
    metrics.panels.push(performance.now() - start);
  };
  const PAUSE_MS = 120;

  const onCursorLine = (line: CursorLine, cause: LineChange) => {
    cursor = line;
    calculatorDue = true;
    clearTimeout(panelTimer);
    if (cause === 'typing') {
      if (panelFrame !== undefined) cancelAnimationFrame(panelFrame);
      panelFrame = undefined;
      panelTimer = window.setTimeout(drawPanels, PAUSE_MS);
    } else if (panelFrame === undefined) {
      panelFrame = requestAnimationFrame(drawPanels);
    }
  };

  let shareTimer: number | undefined;
  const scheduleShare = () => {
    clearTimeout(shareTimer);
    shareTimer = window.setTimeout(async () => {
      const fragment = await encodeFragment({ doc: view.state.doc.toString(), kind: docKind(), rules });
      history.replaceState(null, '', '#' + fragment);
    }, 250);
  };

  let attached = false;
  attachEngine(view, slot, playground, {
    onAnalysis(analysis: Analysis) {
      metrics.updates.push(analysis.millis);
      // Not the first analysis: the page opened is not an edit to share.
      if (attached) scheduleShare();
    },
    onHighlight(millis: number) {
      metrics.highlights.push(millis);
    },
    onEngine: keystrokeWork,
    onCursorLine,
  });
  attached = true;
  window.tenpai = { view, metrics, playground };

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
  if (cursor.text === '') onCursorLine({ from: 0, to: 0, text: '', analysed: false }, 'other');
  // The first results at once, not at the next frame.
  drawPanels();

  const kind = $('#kind') as HTMLSelectElement;
  kind.value = shared.kind;
  kind.addEventListener('change', () => {
    playground.setKind(kind.value);
    view.dispatch({ effects: reanalyze.of(null) });
  });

  const status = $('#status');
  const flash = (text: string) => {
    status.textContent = text;
    setTimeout(() => (status.textContent = ''), 1500);
  };
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
    formatDocument(view, playground);
    view.focus();
  });
  $('#fix-all').addEventListener('click', () => {
    fixAll(view, playground);
    view.focus();
  });
  $('#share').addEventListener('click', async () => {
    const fragment = await encodeFragment({ doc: view.state.doc.toString(), kind: docKind(), rules });
    history.replaceState(null, '', '#' + fragment);
    await copy(location.href);
  });
  $('#copy-line').addEventListener('click', () => copy(cursor.text));
  $('#copy-svg').addEventListener('click', () => {
    const svg = cursor.analysed ? playground.handSvg(cursor.from, 'auto') : undefined;
    if (svg) void copy(svg);
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

  $('#version').textContent = `tenpai ${engine.version()}`;
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
