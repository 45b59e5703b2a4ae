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

/** Compiles and instantiates the module (once). */
export async function loadEngine(): Promise<Engine> {
  await init({ module_or_path: wasmUrl });
  return { analyzeLine, yakuNames, tileSprite, version };
}
