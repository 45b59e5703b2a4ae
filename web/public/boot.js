// Starts compiling tenpai's wasm as soon as the page's head is read, before
// the page's own script has loaded: vite.config.ts puts this script after
// the wasm's preload link, and src/wasm.ts takes the compiled module (or,
// without it, fetches and compiles the wasm itself).
{
  const link = document.querySelector('link[rel="preload"][type="application/wasm"]');
  if (link && typeof WebAssembly.compileStreaming === 'function') {
    const compiled = WebAssembly.compileStreaming(fetch(link.href));
    // A failure here is the page's fallback, not an error to report.
    compiled.catch(() => undefined);
    self.tenpaiWasmModule = compiled;
  }
}
