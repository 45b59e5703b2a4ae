/**
 * The page's own engine: a second instance of tenpai-wasm, on the
 * editor's thread, that answers a keystroke inside the editor's update of
 * the keystroke itself (`editor.ts`, `locality.ts` says which edits), so
 * that the typed character and its diagnostics, hints and highlighting
 * are drawn together, without a round trip to the engine's worker and a
 * second update. The worker still holds the document (it answers the
 * first analysis, long edits, hovers and the panels) and is told each
 * change the page answered.
 *
 * Loaded after the first analysis is on screen (this module and the glue
 * come in their own chunk), from the module `boot.js` compiled for the
 * worker: the same compiled code, instantiated once more.
 */

import init, { Playground, tokenLegend } from '../pkg/tenpai_wasm.js';
import { analyseText } from './analysis';
import type { AnalyseAnswer, DocKindName, Span, TokenLegend } from './protocol';

export class LocalEngine {
  /**
   * The document version whose text this engine analysed last; null
   * before any, and after the rules or the document's kind changed.
   */
  version: number | null = null;

  private constructor(
    private readonly playground: Playground,
    private readonly legend: TokenLegend,
  ) {}

  /** Instantiates `module` (or fetches and compiles the wasm at `url`) on this thread. */
  static async load(module: WebAssembly.Module | null, url: string, docKind: DocKindName): Promise<LocalEngine> {
    await init({ module_or_path: module ?? url });
    return new LocalEngine(new Playground(docKind), JSON.parse(tokenLegend()) as TokenLegend);
  }

  setKind(docKind: DocKindName): void {
    this.playground.setKind(docKind);
    this.version = null;
  }

  /** The base rules as words; what is wrong with them ("" when taken). */
  setRules(words: string): string {
    const problem = this.playground.setRules(words);
    if (problem === '') this.version = null;
    return problem;
  }

  /**
   * A second engine on this one's instance of the module (the same
   * compiled code), with a document of its own: the typing warm-up's
   * (`editor.ts`). `dispose` frees its document.
   */
  sibling(docKind: DocKindName): LocalEngine {
    return new LocalEngine(new Playground(docKind), this.legend);
  }

  /** Frees the engine's document (the engine is not used after). */
  dispose(): void {
    this.playground.free();
  }

  /** Analyses the whole of `text`, the editor's text at `version`: what to draw everywhere. */
  whole(text: string, version: number, covered: Span | null): AnalyseAnswer {
    const answer = analyseText(this.playground, this.legend, text, version, { kind: 'whole' }, covered);
    this.version = version;
    return answer;
  }

  /** Analyses `text`, the editor's text at `version` (nothing to draw: the worker's answer drew it). */
  take(text: string, version: number): void {
    this.playground.edit(text);
    this.version = version;
  }

  /**
   * Analyses `text`, the editor's text at `version` after an edit of the
   * lines of `span`: what to draw of those lines and of those whose
   * analysis the edit changed, with the tokens of the part the editor
   * highlights (`covered`).
   */
  answer(text: string, version: number, span: Span, covered: Span | null): AnalyseAnswer {
    const answer = analyseText(this.playground, this.legend, text, version, { kind: 'lines', edited: 'edited', span }, covered);
    this.version = version;
    return answer;
  }
}
