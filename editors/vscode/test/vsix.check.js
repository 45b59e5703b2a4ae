// The packaged platform .vsix, as a new user gets it: unpacked, it holds the
// extension and an executable `tenpai` of the extension's version, which
// answers a hover over stdio with nothing else on PATH.
//
//   npm run package && npm run test:vsix          # the newest tenpai-*.vsix
//   VSIX=tenpai-linux-x64.vsix npm run test:vsix

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const yauzl = require("yauzl");
const rpc = require("vscode-jsonrpc/node");

const here = path.join(__dirname, "..");

function findVsix() {
  if (process.env.VSIX) {
    return path.resolve(here, process.env.VSIX);
  }
  const found = fs
    .readdirSync(here)
    .filter((f) => /^tenpai-.*\.vsix$/.test(f))
    .map((f) => path.join(here, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  assert.ok(found.length > 0, "no tenpai-*.vsix: run `npm run package` first");
  return found[0];
}

/** Unpacks every entry, keeping the Unix mode the zip records. */
function unpack(vsix, dir) {
  return new Promise((resolve, reject) => {
    const modes = new Map();
    yauzl.open(vsix, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on("error", reject);
      zip.on("end", () => resolve(modes));
      zip.on("entry", (entry) => {
        const out = path.join(dir, entry.fileName);
        if (entry.fileName.endsWith("/")) {
          zip.readEntry();
          return;
        }
        fs.mkdirSync(path.dirname(out), { recursive: true });
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const mode = (entry.externalFileAttributes >>> 16) & 0o777;
          modes.set(entry.fileName, mode);
          stream.pipe(fs.createWriteStream(out, { mode: mode || 0o644 })).on("close", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

const vsix = findVsix();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenpai-vsix-"));
let modes;
const exe = process.platform === "win32" ? "tenpai.exe" : "tenpai";
const binary = path.join(dir, "extension", "server", exe);

test.before(async () => {
  modes = await unpack(vsix, dir);
});
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the .vsix holds the extension, its grammars and one server binary", () => {
  const names = [...modes.keys()];
  for (const needed of [
    "extension/package.json",
    "extension/dist/extension.js",
    "extension/syntaxes/mj.tmLanguage.json",
    "extension/readme.md",
    "extension/changelog.md",
    "extension/images/icon.png",
    `extension/server/${exe}`,
  ]) {
    assert.ok(names.includes(needed), `${needed} is not in ${path.basename(vsix)}`);
  }
  assert.deepEqual(
    names.filter((n) => n.startsWith("extension/server/")),
    [`extension/server/${exe}`],
  );
  // No sources, tests or modules: the bundle is all the extension needs.
  assert.deepEqual(
    names.filter((n) => /^extension\/(src|test|node_modules|scripts)\//.test(n)),
    [],
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "extension", "package.json"), "utf8"));
  assert.equal(manifest.icon, "images/icon.png");
});

test("the bundled binary is executable and is the extension's version", () => {
  if (process.platform !== "win32") {
    assert.equal(modes.get(`extension/server/${exe}`) & 0o111, 0o111, "server/tenpai lost its execute bits");
  }
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "extension", "package.json"), "utf8"));
  assert.equal(version, `tenpai ${manifest.version}`);
});

test("the bundled server answers a hover with nothing else on PATH", async () => {
  const child = spawn(binary, ["lsp"], { env: { PATH: "" }, stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  connection.onRequest(() => null);
  connection.listen();
  try {
    const init = await connection.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} });
    assert.ok(init.capabilities.hoverProvider, "no hover provider");
    await connection.sendNotification("initialized", {});
    const uri = "file:///tmp/review.mj";
    await connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "mj", version: 1, text: "234m 567p 22s 345678s riichi tsumo dora=1s\n" },
    });
    const hover = await connection.sendRequest("textDocument/hover", {
      textDocument: { uri },
      position: { line: 0, character: 23 },
    });
    const text = typeof hover.contents === "string" ? hover.contents : hover.contents.value;
    assert.match(text, /han/);
    assert.match(text, /fu/);
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
  } finally {
    connection.dispose();
    child.kill();
  }
});
