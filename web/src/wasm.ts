/**
 * Loads tenpai-wasm (built into `web/pkg` by `npm run wasm`) and types its
 * exports.
 */

import init, { analyzeLine, Playground, tileSprite, tokenLegend, version, yakuNames } from '../pkg/tenpai_wasm.js';
import wasmUrl from '../pkg/tenpai_wasm_bg.wasm?url';

/** `tokenLegend` needs the module loaded (`loadEngine`). */
export { Playground, tokenLegend };

export interface Engine {
  analyzeLine: typeof analyzeLine;
  yakuNames: typeof yakuNames;
  tileSprite: typeof tileSprite;
  version: typeof version;
}

declare global {
  interface Window {
    /** The module `boot.js` started compiling from the page's head. */
    tenpaiWasmModule?: Promise<WebAssembly.Module>;
  }
}

/**
 * Instantiates the module (once): the one `boot.js` compiled, or else
 * (the development server, a browser without streaming compilation, a
 * failed early fetch) fetched and compiled here.
 */
export async function loadEngine(): Promise<Engine> {
  const early = await window.tenpaiWasmModule?.catch(() => undefined);
  await init({ module_or_path: early ?? wasmUrl });
  return { analyzeLine, yakuNames, tileSprite, version };
}
