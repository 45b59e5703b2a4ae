/**
 * The engine's thread: tenpai-wasm (built into `web/pkg` by `npm run
 * wasm`) in a Web Worker, holding the open document. The page posts its
 * text on every change. For the first analysis and the edits that could
 * take the engine long it asks for what to draw, and the analysis runs
 * here, so the editor's thread only applies the answers and stays
 * responsive while the engine works; a keystroke the page's own engine
 * answered (`local.ts`) is only taken (`sync`), so that hovers, the panels
 * and the next analyses are of the editor's text.
 *
 * Requests are handled one at a time in the order they were posted
 * (`protocol.ts`): the document here is always the text of the page's
 * last posted change, so an answer is of the version it names. The JSON
 * the wasm answers in is parsed here, and the packed tokens unpacked, off
 * the editor's thread.
 */

import init, { analyzeLine, Playground, tileSprite, tokenLegend, version, yakuNames } from '../pkg/tenpai_wasm.js';
import { analyseText, tokensOf } from './analysis';
import {
  type AnalyseAnswer,
  applyChanges,
  type AnalyseRequest,
  type Answers,
  type Boot,
  type CursorLine,
  type Envelope,
  type PanelAnswer,
  type Reply,
  type Request,
  type SyncRequest,
  type TokenLegend,
  wholeLines,
} from './protocol';
import type { Action, Change, Completion, HoverAnswer, LineReport, LineSpan, YakuName } from './types';

/** The worker's side of `postMessage` (the page's lib types `self` as a window). */
interface WorkerScope {
  postMessage(message: Reply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Envelope | Boot>) => void): void;
}
const scope = self as unknown as WorkerScope;

/** Now, in ms since 1970 (as `StartAnswer.times` counts). */
const epoch = () => performance.timeOrigin + performance.now();
const scriptRan = epoch();

interface Open {
  playground: Playground;
  legend: TokenLegend;
  /** The base rules as words, for lines that are not hand lines. */
  rules: string;
}

let open: Open | null = null;

function opened(): Open {
  if (!open) throw new Error('the engine is not started');
  return open;
}

/** The text the engine holds: the last posted. */
let text = '';

/** The engine's text with a request's changes made (or its whole text taken). */
function takeText(request: AnalyseRequest | SyncRequest): void {
  if (request.text !== null) text = request.text;
  else if (request.changes !== null) {
    const changed = applyChanges(text, request.changes, request.length);
    // The page asks for the whole text again.
    if (changed === null) throw new Error('the engine\'s text is out of step with the editor\'s');
    text = changed;
  }
}

function analyse(request: AnalyseRequest): AnalyseAnswer {
  const state = opened();
  const start = performance.now();
  takeText(request);
  const edited = request.text !== null || request.changes !== null;
  const answer = analyseText(
    state.playground,
    state.legend,
    text,
    request.version,
    request.whole ? { kind: 'whole' } : { kind: 'lines', edited: edited ? 'edited' : 'unchanged', span: request.span },
    request.covered,
  );
  return { ...answer, millis: performance.now() - start };
}

/**
 * A change the page answered itself (`local.ts`): taken and analysed, so
 * that hovers, the panels and the next analyses are of the editor's text;
 * nothing to draw crosses back.
 */
function sync(request: SyncRequest): Answers['sync'] {
  const start = performance.now();
  takeText(request);
  opened().playground.edit(text);
  return { version: request.version, millis: performance.now() - start };
}

/** What the side panels show for the line at `head`. */
function panel(version: number, head: number): PanelAnswer {
  const state = opened();
  const { playground } = state;
  const site = JSON.parse(playground.lineAt(head)) as LineSpan | null;
  let line: CursorLine;
  if (site) line = { from: site.from, to: site.to, text: text.slice(site.from, site.to), analysed: true };
  else {
    const whole = wholeLines(text, { from: head, to: head });
    line = { ...whole, text: text.slice(whole.from, whole.to), analysed: false };
  }
  // The line under the rules in force there (a `rules:` line above it
  // counts); a line tenpai does not read as a hand, under the base rules.
  let report: LineReport | null = null;
  if (line.text.trim() !== '') {
    report = line.analysed
      ? (JSON.parse(playground.report(line.from)) as LineReport | null)
      : (JSON.parse(analyzeLine(line.text, state.rules)) as LineReport);
  }
  const picture = line.analysed && report?.hand ? (playground.handPicture(line.from) ?? null) : null;
  const actions = line.analysed ? (JSON.parse(playground.actions(line.from, line.to)) as Action[]) : [];
  return { version, head, line, report, picture, actions };
}

async function handle(request: Request): Promise<Answers[keyof Answers]> {
  switch (request.kind) {
    case 'start': {
      const requested = epoch();
      // The module boot.js compiled and handed over (instantiated as it
      // came), or else the wasm fetched and compiled here.
      const module = request.booted ? await booted : null;
      await (instantiating ?? init({ module_or_path: module ?? request.url }));
      const instantiated = epoch();
      const playground = new Playground(request.docKind);
      let rules = request.rules;
      const rulesProblem = playground.setRules(rules);
      if (rulesProblem !== '') {
        rules = 'tenhou';
        playground.setRules(rules);
      }
      const legend = JSON.parse(tokenLegend()) as TokenLegend;
      open = { playground, legend, rules };
      const faces = JSON.parse(tileSprite()) as { sprite: string; css: string };
      return {
        legend,
        sprite: faces.sprite,
        css: faces.css,
        yakuNames: JSON.parse(yakuNames()) as YakuName[],
        version: version(),
        rulesProblem,
        times: { script: scriptRan, request: requested, instantiated },
      } satisfies Answers['start'];
    }
    case 'setRules': {
      const state = opened();
      const problem = state.playground.setRules(request.words);
      if (problem === '') state.rules = request.words;
      return problem;
    }
    case 'setKind':
      opened().playground.setKind(request.docKind);
      return null;
    case 'analyse':
      return analyse(request);
    case 'sync':
      return sync(request);
    case 'tokens': {
      const start = performance.now();
      const state = opened();
      const tokens = tokensOf(state.playground, state.legend, text, request.span);
      return { version: request.version, ...tokens, millis: performance.now() - start } satisfies Answers['tokens'];
    }
    case 'panel':
      return panel(request.version, request.head);
    case 'hover':
      return JSON.parse(opened().playground.hover(request.at)) as HoverAnswer | null;
    case 'completion':
      return JSON.parse(opened().playground.completion(request.at)) as Completion[];
    case 'format':
      return JSON.parse(opened().playground.format()) as Change[];
    case 'fixAll':
      return opened().playground.fixAll() ?? null;
    case 'handSvg':
      return opened().playground.handSvg(request.at, request.theme) ?? null;
  }
}

// The module boot.js hands over: instantiated the moment it comes, while
// the page's script may still be loading (`start` waits for it).
let handOver: (module: WebAssembly.Module | null) => void = () => undefined;
const booted = new Promise<WebAssembly.Module | null>((done) => (handOver = done));
let instantiating: Promise<unknown> | null = null;

// One request at a time, in the order posted (`start` is asynchronous:
// what comes after it waits for the module).
let queue: Promise<void> = Promise.resolve();
scope.addEventListener('message', (event) => {
  if ('boot' in event.data) {
    const module = event.data.boot;
    if (module) instantiating = init({ module_or_path: module });
    handOver(module);
    return;
  }
  const { id, request } = event.data;
  queue = queue.then(async () => {
    try {
      scope.postMessage({ id, value: await handle(request) });
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
