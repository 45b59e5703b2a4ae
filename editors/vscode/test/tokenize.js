// Tokenizes text with the extension's TextMate grammars, as VS Code does
// (vscode-textmate + the Oniguruma WebAssembly build).

"use strict";

const fs = require("node:fs");
const path = require("node:path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.join(__dirname, "..");

// A stand-in for VS Code's Markdown grammar: plain text, so only the
// injection (`L:text.html.markdown`) gives fences any scopes.
const markdownStub = {
  scopeName: "text.html.markdown",
  patterns: [],
};

const files = {
  "source.mj": "syntaxes/mj.tmLanguage.json",
  "markdown.mj.codeblock": "syntaxes/mj.markdown.tmLanguage.json",
};

let registryPromise;

function registry() {
  if (!registryPromise) {
    const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
    registryPromise = oniguruma.loadWASM(wasm).then(
      () =>
        new vsctm.Registry({
          onigLib: Promise.resolve({
            createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
            createOnigString: (s) => new oniguruma.OnigString(s),
          }),
          loadGrammar: async (scopeName) => {
            if (scopeName === "text.html.markdown") {
              return vsctm.parseRawGrammar(JSON.stringify(markdownStub), "markdown.json");
            }
            const file = files[scopeName];
            if (!file) {
              return null;
            }
            const full = path.join(root, file);
            return vsctm.parseRawGrammar(fs.readFileSync(full, "utf8"), full);
          },
          getInjections: (scopeName) =>
            scopeName === "text.html.markdown" ? ["markdown.mj.codeblock"] : undefined,
        }),
    );
  }
  return registryPromise;
}

/** Lines of `[text, scopes]` for each token of `text`. */
async function tokenize(scopeName, text) {
  const grammar = await (await registry()).loadGrammar(scopeName);
  if (!grammar) {
    throw new Error(`no grammar for ${scopeName}`);
  }
  let state = vsctm.INITIAL;
  const out = [];
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, state);
    const tokens = r.tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.slice(1)]);
    out.push({ line, tokens });
    state = r.ruleStack;
  }
  return out;
}

/** A readable snapshot: each line, then each token with its scopes. */
function render(lines) {
  const parts = [];
  for (const { line, tokens } of lines) {
    parts.push(`> ${line}`);
    for (const [text, scopes] of tokens) {
      if (text.trim() === "" && scopes.length === 0) {
        continue;
      }
      parts.push(`  ${JSON.stringify(text)} ${scopes.join(" ") || "-"}`);
    }
  }
  return parts.join("\n") + "\n";
}

/** The innermost scope of the token covering column `col` of line `row`. */
function scopeAt(lines, row, col) {
  let start = 0;
  for (const [text, scopes] of lines[row].tokens) {
    if (col >= start && col < start + text.length) {
      return scopes[scopes.length - 1] || "";
    }
    start += text.length;
  }
  return "";
}

module.exports = { tokenize, render, scopeAt };
