// The settings the extension hands the server: what crates/tenpai-lsp/src/settings.rs
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

// The extension's settings mirror the server's: every rule switch and
// preset of crates/tenpai-core/src/rules.rs, and nothing it would not know.
test("rule settings are the server's switches and presets", () => {
  const fs = require("node:fs");
  const rules = fs.readFileSync(path.join(__dirname, "..", "..", "..", "crates", "tenpai-core", "src", "rules.rs"), "utf8");
  const list = (name) => {
    const m = rules.match(new RegExp(`pub const ${name}: &\\[&str\\] = &\\[([^\\]]*)\\]`));
    assert.ok(m, `${name} not found in rules.rs`);
    return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]).sort();
  };
  const props = require("../package.json").contributes.configuration.properties;
  const switches = Object.keys(props)
    .filter((k) => k.startsWith("tenpai.rules.") && k !== "tenpai.rules.preset")
    .map((k) => k.slice("tenpai.rules.".length))
    .sort();
  assert.deepEqual(switches, list("SWITCHES"));
  assert.deepEqual([...props["tenpai.rules.preset"].enum].sort(), list("PRESETS"));
});

test("inlay hint kinds are the server's", () => {
  const fs = require("node:fs");
  const src = fs.readFileSync(path.join(__dirname, "..", "..", "..", "crates", "tenpai-lsp", "src", "settings.rs"), "utf8");
  const kinds = [...src.matchAll(/"(\w+)" => &mut hints\.\w+/g)].map((m) => m[1]).sort();
  assert.ok(kinds.length >= 3, "inlay hint kinds not found in settings.rs");
  const props = require("../package.json").contributes.configuration.properties;
  const ours = Object.keys(props)
    .filter((k) => k.startsWith("tenpai.inlayHints."))
    .map((k) => k.slice("tenpai.inlayHints.".length))
    .sort();
  assert.deepEqual(ours, kinds);
});

test("every server setting has a VS Code setting", () => {
  const fs = require("node:fs");
  const src = fs.readFileSync(path.join(__dirname, "..", "..", "..", "crates", "tenpai-lsp", "src", "settings.rs"), "utf8");
  const start = src.indexOf("for (key, v) in obj");
  // To the end of `from_json`, the method holding the loop (indented 4).
  const body = src.slice(start, src.indexOf("\n    }\n", start));
  const keys = [...body.matchAll(/^\s*"(\w+)" => /gm)].map((m) => m[1]);
  assert.ok(keys.includes("rules") && keys.includes("glyphs"), `server keys not found: ${keys}`);
  const props = Object.keys(require("../package.json").contributes.configuration.properties);
  for (const key of keys) {
    // `hover.glyphs` is the server's other spelling of `glyphs`.
    if (key === "hover") continue;
    assert.ok(
      props.some((p) => p === `tenpai.${key}` || p.startsWith(`tenpai.${key}.`)),
      `no VS Code setting for the server's "${key}"`,
    );
  }
});
