// The Markdown preview's plugin (src/preview.ts): a document rendered
// through markdown-it, as VS Code's preview renders it, with the real
// tenpai binary (target/debug/tenpai, or $TENPAI_BIN) drawing the hands.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");
const esbuild = require("esbuild");
const MarkdownIt = require("markdown-it");

function load() {
  const file = path.join(__dirname, "..", "src", "preview.ts");
  const out = esbuild.buildSync({ entryPoints: [file], bundle: true, format: "cjs", platform: "node", write: false });
  const m = new Module(file);
  m._compile(out.outputFiles[0].text, file);
  return m.exports;
}

const { drawHands, tenpaiRunner } = load();

const binary = process.env.TENPAI_BIN || path.join(__dirname, "..", "..", "..", "target", "debug", "tenpai");

const ARTICLE = [
  "# Pushing with value",
  "",
  "A plain riichi, `234m567p22s345678s riichi tsumo`, in prose.",
  "",
  "```mj",
  "123m456p789s11222z riichi dora=1z",
  "```",
  "",
  "Ordinary code stays code: `let x = 1;`.",
  "",
].join("\n");

test("the preview draws the hands of a document, with their value", () => {
  assert.ok(fs.existsSync(binary), `${binary} is missing: build it with cargo build -p tenpai`);
  const md = drawHands(new MarkdownIt({ html: true }), tenpaiRunner(() => binary));
  const html = md.render(ARTICLE);
  assert.equal((html.match(/<figure class="mj-hand"/g) || []).length, 1, html);
  assert.equal((html.match(/<span class="mj-hand"/g) || []).length, 1);
  assert.match(html, /data-tiles="123m456p789s11222z"/);
  assert.match(html, /<figcaption>[^<]*han[^<]*<\/figcaption>/);
  assert.match(html, /<symbol id="mj-1z"/);
  assert.match(html, /<code>let x = 1;<\/code>/);
  assert.match(html, /<h1>Pushing with value<\/h1>/);
  assert.doesNotMatch(html, /language-mj/);
});

test("without a binary that runs, the preview is markdown-it's own", () => {
  const plain = new MarkdownIt({ html: true }).render(ARTICLE);
  const missing = drawHands(new MarkdownIt({ html: true }), tenpaiRunner(() => "/nonexistent/tenpai"));
  assert.equal(missing.render(ARTICLE), plain);
  const none = drawHands(new MarkdownIt({ html: true }), tenpaiRunner(() => undefined));
  assert.equal(none.render(ARTICLE), plain);
});
