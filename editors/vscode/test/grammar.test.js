// TextMate grammar tests: the scopes of telling tokens, then snapshots of
// whole files (test/snapshots; `npm run snapshot:update` rewrites them, and
// a missing snapshot fails).

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { tokenize, render, scopeAt } = require("./tokenize");

async function scopes(text) {
  return tokenize("source.mj", text);
}

test("tiles take their suit's scope, red fives their own", async () => {
  const l = await scopes("234m 406p 789s 11z");
  assert.equal(scopeAt(l, 0, 0), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 0, 3), "constant.numeric.suit.man.mj");
  assert.equal(scopeAt(l, 0, 5), "entity.name.function.tile.pin.mj");
  assert.equal(scopeAt(l, 0, 6), "constant.character.red-five.mj");
  assert.equal(scopeAt(l, 0, 10), "string.unquoted.tile.sou.mj");
  assert.equal(scopeAt(l, 0, 15), "constant.language.tile.honor.mj");
});

test("letter honors are tiles; a word with another letter is an option", async () => {
  const l = await scopes("789see rrr wwh riichi tsumo");
  assert.equal(scopeAt(l, 0, 3), "string.unquoted.suit.sou.mj");
  assert.equal(scopeAt(l, 0, 4), "constant.language.tile.honor.mj");
  assert.equal(scopeAt(l, 0, 7), "constant.language.tile.honor.mj");
  assert.equal(scopeAt(l, 0, 12), "constant.language.tile.honor.mj");
  assert.equal(scopeAt(l, 0, 15), "keyword.other.option.mj");
  assert.equal(scopeAt(l, 0, 22), "keyword.other.option.mj");
});

test("options with values, claims, comments", async () => {
  const l = await scopes("11z dora=1m honba=2 => 3 han 30 fu # note");
  assert.equal(scopeAt(l, 0, 4), "variable.parameter.option.mj");
  assert.equal(scopeAt(l, 0, 8), "keyword.operator.assignment.mj");
  assert.equal(scopeAt(l, 0, 9), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 0, 18), "constant.numeric.count.mj");
  assert.equal(scopeAt(l, 0, 20), "keyword.operator.claim.mj");
  assert.equal(scopeAt(l, 0, 23), "constant.numeric.claim.mj");
  assert.equal(scopeAt(l, 0, 25), "keyword.other.claim.mj");
  assert.equal(scopeAt(l, 0, 37), "comment.line.number-sign.mj");
});

test("a claim glued to an option is still a claim", async () => {
  const l = await scopes("11z dora=1m=>7700\n11z riichi=>Mangan kazoe_yakuman");
  assert.equal(scopeAt(l, 0, 9), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 0, 11), "keyword.operator.claim.mj");
  assert.equal(scopeAt(l, 0, 13), "constant.numeric.claim.mj");
  assert.equal(scopeAt(l, 1, 4), "keyword.other.option.mj");
  assert.equal(scopeAt(l, 1, 10), "keyword.operator.claim.mj");
  // Claim words are case-insensitive and may use _.
  assert.equal(scopeAt(l, 1, 12), "keyword.other.claim.mj");
  assert.equal(scopeAt(l, 1, 24), "keyword.other.claim.mj");
});

test("a value ends at a Unicode space, not at a byte order mark", async () => {
  // The server reads `1m\uFEFFtsumo` as dora's value (and reports the
  // U+FEFF): a byte order mark inside a line is no space.
  const l = await scopes("11z dora=1m\uFEFFtsumo dora=2m\u3000riichi");
  assert.notEqual(scopeAt(l, 0, 12), "keyword.other.option.mj");
  assert.equal(scopeAt(l, 0, 26), "keyword.other.option.mj");
});

test("glyphs are tiles by suit", async () => {
  // Columns are UTF-16 units: each glyph is two.
  const l = await scopes("🀇🀙🀐🀄");
  assert.equal(scopeAt(l, 0, 0), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 0, 2), "entity.name.function.tile.pin.mj");
  assert.equal(scopeAt(l, 0, 4), "string.unquoted.tile.sou.mj");
  assert.equal(scopeAt(l, 0, 6), "constant.language.tile.honor.mj");
});

test("```mj fences in Markdown are notation; other fences are not", async () => {
  const md = "Prose 123m.\n\n```mj\n234m 567p riichi\n```\n\n```\n234m\n```\n";
  const l = await tokenize("text.html.markdown", md);
  assert.equal(scopeAt(l, 0, 6), "", "prose is left alone");
  assert.equal(scopeAt(l, 2, 3), "fenced_code.block.language.markdown");
  assert.equal(scopeAt(l, 3, 0), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 3, 10), "keyword.other.option.mj");
  assert.ok(l[3].tokens[0][1].includes("meta.embedded.block.mj"));
  assert.equal(scopeAt(l, 7, 0), "", "a fence without mj is not notation");
});

test("a fence is mj where the server reads its info string as mj", async () => {
  // The server's is_mj_info (crates/tenpai-doc/src/document/markdown.rs) and its tests:
  // VitePress's options after the language, and Pandoc's attributes, whose
  // first class is the language.
  const mj = ["mj", "mj title", "mj{2}", "mj,ignore", "MJ {2}", "mj:line-numbers", "mj?x",
    "{.mj}", "{.MJ .numberLines}", "{ .mj }", "{#id .mj}", "{.mj title=\"East 1\"}"];
  const other = ["mjx", "mj-old", "mj.x", "xmj{2}", "{.rust .mj}", "{mj}", "{.mjx}", "{}", "{", "rust {.mj}"];
  for (const fence of ["```", "~~~"]) {
    for (const info of [...mj, ...other]) {
      const l = await tokenize("text.html.markdown", `${fence}${info}\n234m\n${fence}\nProse 123m.\n`);
      const scope = scopeAt(l, 1, 0);
      assert.equal(scope, mj.includes(info) ? "constant.numeric.tile.man.mj" : "", `${fence}${info}`);
      assert.equal(scopeAt(l, 3, 6), "", `${fence}${info}: the fence ends`);
    }
  }
});

test("^^hand^^ spans in Markdown are notation", async () => {
  const l = await tokenize("text.html.markdown", "Try ^^123m 0p^^ here, not ^^x^^.");
  assert.equal(scopeAt(l, 0, 4), "punctuation.definition.mj.markdown");
  assert.equal(scopeAt(l, 0, 6), "constant.numeric.tile.man.mj");
  assert.equal(scopeAt(l, 0, 11), "constant.character.red-five.mj");
  assert.equal(scopeAt(l, 0, 28), "", "^^x^^ is not a hand");
});

test("a ^^span^^ is notation where the server reads it as a hand", async () => {
  // The server's caret_hand (crates/tenpai-doc/src/document/inline.rs): a hand line as
  // an inline code span would be, or three or more words of letter honors.
  // pymdownx.caret writes ^^insert^^: prose stays prose.
  const hands = ["123m 0p", "234m567p22s345678s riichi", "(rrr) 123m", "[1111p] 123m", "🀇🀈🀉 22s",
    "eee sss www", "e s w n", "wh wh wh", "22sriichi"];
  const prose = ["select", "we", "sorry", "new", "eee sss", "10mb", "3px", "1234", "(a + b)", "x"];
  for (const body of [...hands, ...prose]) {
    const l = await tokenize("text.html.markdown", `Try ^^${body}^^ here.`);
    const mj = l[0].tokens.some(([, scopes]) => scopes.includes("meta.embedded.inline.mj"));
    assert.equal(mj, hands.includes(body), `^^${body}^^`);
  }
});

const fixtures = path.join(__dirname, "fixtures");
for (const name of fs.readdirSync(fixtures).sort()) {
  test(`snapshot: ${name}`, async () => {
    const scope = name.endsWith(".md") ? "text.html.markdown" : "source.mj";
    const text = fs.readFileSync(path.join(fixtures, name), "utf8");
    const got = render(await tokenize(scope, text));
    const snap = path.join(__dirname, "snapshots", `${name}.snap`);
    if (process.env.UPDATE_SNAPSHOTS) {
      fs.writeFileSync(snap, got);
      return;
    }
    assert.ok(fs.existsSync(snap), `no snapshot ${snap}: run npm run snapshot:update and review it`);
    assert.equal(got, fs.readFileSync(snap, "utf8"));
  });
}
