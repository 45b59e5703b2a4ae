// Starts tenpai's engine as soon as the page's head is read, before the
// page's own script has loaded: vite.config.ts puts this script after the
// wasm's preload link, with the engine worker's address. The worker starts
// loading at once, and the wasm is compiled here as it streams in and
// handed to the worker the moment it is compiled, so the worker
// instantiates it while the page's script is still loading. src/wasm.ts
// takes the worker (or, without this script, makes its own, which fetches
// and compiles the wasm itself).
{
  const link = document.querySelector('link[rel="preload"][type="application/wasm"]');
  const address = document.currentScript && document.currentScript.dataset.worker;
  let worker;
  try {
    // (Not when the page's script ran first and started its own.)
    if (address && typeof Worker === 'function' && !self.tenpaiWorker) worker = new Worker(address, { type: 'module', name: 'tenpai-engine' });
  } catch {
    // A failure here is the page's fallback, not an error to report.
    worker = undefined;
  }
  if (worker) {
    self.tenpaiWorker = worker;
    performance.mark('tenpai-worker-started');
    // `null`: the worker fetches and compiles it itself. The page keeps
    // the module too (`tenpaiModule`), for its own instance of the engine.
    if (link && typeof WebAssembly.compileStreaming === 'function') {
      self.tenpaiModule = WebAssembly.compileStreaming(fetch(link.href)).then(
        (module) => {
          worker.postMessage({ boot: module });
          return module;
        },
        () => {
          worker.postMessage({ boot: null });
          return null;
        },
      );
    } else {
      worker.postMessage({ boot: null });
    }
  }
}
