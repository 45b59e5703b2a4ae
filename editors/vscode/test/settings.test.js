// The settings the extension hands the server: what server/src/lsp/settings.rs
// reads, without client-only keys or unset switches.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const Module = require("node:module");
const esbuild = require("esbuild");

function load() {
  const file = path.join(__dirname, "..", "src", "settings.ts");
  const out = esbuild.buildSync({ entryPoints: [file], bundle: true, format: "cjs", platform: "node", write: false });
  const m = new Module(file);
  m._compile(out.outputFiles[0].text, file);
  return m.exports;
}

const { serverSettings } = load();

test("client-only keys and unset switches are left out", () => {
  const got = serverSettings({
    path: "/usr/local/bin/tenpai",
    trace: { server: "off" },
    rules: { preset: "mahjong-soul", kiriage: null, "open-tanyao": false, honba: 300 },
    glyphs: false,
    inlayHints: { value: true, state: false, discard: true },
  });
  assert.deepEqual(got, {
    rules: { preset: "mahjong-soul", "open-tanyao": false, honba: 300 },
    glyphs: false,
    inlayHints: { value: true, state: false, discard: true },
  });
});

test("no section gives no settings", () => {
  assert.deepEqual(serverSettings(undefined), {});
  assert.deepEqual(serverSettings(null), {});
});
