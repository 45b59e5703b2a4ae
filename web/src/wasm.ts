/**
 * The page's side of the engine: tenpai-wasm runs in a Web Worker
 * (`engine.worker.ts`); this starts it, hands it the module `boot.js`
 * compiled from the page's head, and turns each request into a promise of
 * its answer (`protocol.ts`).
 */

import wasmUrl from '../pkg/tenpai_wasm_bg.wasm?url';
import type { LocalEngine } from './local';
import type { Answers, DocKindName, Envelope, Reply, Request, StartAnswer } from './protocol';

declare global {
  interface Window {
    /** The engine's worker `boot.js` started from the page's head. */
    tenpaiWorker?: Worker;
    /** The module `boot.js` compiled (null if that failed), for the page's own engine. */
    tenpaiModule?: Promise<WebAssembly.Module | null>;
  }
}

/**
 * The page's own engine (`local.ts`, in a chunk of its own), on the
 * module `boot.js` compiled for the worker, or else on the wasm fetched
 * and compiled again (the development server).
 */
export async function loadLocalEngine(docKind: DocKindName): Promise<LocalEngine> {
  const [{ LocalEngine }, module] = await Promise.all([import('./local'), window.tenpaiModule ?? Promise.resolve(null)]);
  return LocalEngine.load(module, new URL(wasmUrl, location.href).href, docKind);
}

/** A request of one kind. */
type RequestOf<K extends Request['kind']> = Extract<Request, { kind: K }>;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The engine in its worker: requests answered in the order they are made. */
export class Engine {
  private readonly worker: Worker;
  /** Whether `boot.js` started the worker (and hands it the module). */
  private readonly booted: boolean;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor() {
    this.booted = window.tenpaiWorker !== undefined;
    // The worker boot.js started, or (the development server, a browser
    // that refused it there) one started here, which fetches the wasm.
    this.worker = window.tenpaiWorker ?? new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'tenpai-engine' });
    window.tenpaiWorker = this.worker;
    this.worker.addEventListener('message', (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.value);
    });
    // A worker that fails to load answers nothing: say so to every caller.
    this.worker.addEventListener('error', (event) => {
      const error = new Error(`the engine's worker failed: ${event.message || 'it could not load'}`);
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    });
  }

  /** Posts `request`; its answer comes after those of every earlier request. */
  ask<K extends Request['kind']>(request: RequestOf<K>): Promise<Answers[K]> {
    this.release();
    const id = this.nextId++;
    return new Promise<Answers[K]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const envelope: Envelope = { id, request };
      this.worker.postMessage(envelope);
    });
  }

  /** Requests held until the frame is drawn, in order. */
  private held: Envelope[] = [];

  /**
   * Posts `request` once this frame is drawn (or with the next request
   * asked, whichever comes first; the order of requests stands): for what
   * the page does not wait for, such as a change the page's engine
   * answered, whose message (and the worker waking to take it) should not
   * hold up the frame that draws the keystroke.
   */
  askAfterFrame<K extends Request['kind']>(request: RequestOf<K>): Promise<Answers[K]> {
    const id = this.nextId++;
    return new Promise<Answers[K]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.held.push({ id, request });
      if (this.held.length === 1) {
        const release = () => this.release();
        requestAnimationFrame(() => setTimeout(release, 0));
        // (No frames come while the page is hidden.)
        setTimeout(release, 100);
      }
    });
  }

  private release(): void {
    for (const envelope of this.held.splice(0)) this.worker.postMessage(envelope);
  }

  /**
   * Opens a document of `docKind` under `rules` in the worker, once the
   * module is instantiated there: the one `boot.js` compiled and handed
   * over, or else (the development server, a browser without streaming
   * compilation, a failed early fetch) fetched and compiled there. Posted
   * at once: requests made meanwhile are answered after it.
   */
  start(docKind: DocKindName, rules: string): Promise<StartAnswer> {
    const url = new URL(wasmUrl, location.href).href;
    return this.ask<'start'>({ kind: 'start', booted: this.booted, url, docKind, rules });
  }
}
