// Which binary the extension runs (src/server.ts) and what the status bar
// says about it, against a stand-in file system.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const Module = require("node:module");
const esbuild = require("esbuild");

function load() {
  const file = path.join(__dirname, "..", "src", "server.ts");
  const out = esbuild.buildSync({ entryPoints: [file], bundle: true, format: "cjs", platform: "node", write: false });
  const m = new Module(file);
  m._compile(out.outputFiles[0].text, file);
  return m.exports;
}

const { chooseServer, findOnPath, statusView, bundledPath } = load();

function host(executables, env = { PATH: "/usr/local/bin:/usr/bin", HOME: "/home/me" }, platform = "linux") {
  return { platform, env, isExecutable: (file) => executables.includes(file) };
}

const EXT = "/ext/tenpai-0.1.0";

test("the bundled binary runs when tenpai.path is not set", () => {
  const h = host([`${EXT}/server/tenpai`, "/usr/bin/tenpai"]);
  assert.deepEqual(chooseServer(undefined, EXT, h), { command: `${EXT}/server/tenpai`, source: "bundled" });
  assert.deepEqual(chooseServer("", EXT, h), { command: `${EXT}/server/tenpai`, source: "bundled" });
  assert.deepEqual(chooseServer("  ", EXT, h), { command: `${EXT}/server/tenpai`, source: "bundled" });
});

test("tenpai.path, when set, wins over the bundled binary", () => {
  const h = host([`${EXT}/server/tenpai`, "/opt/dev/tenpai", "/usr/bin/tenpai"]);
  assert.deepEqual(chooseServer("/opt/dev/tenpai", EXT, h), { command: "/opt/dev/tenpai", source: "setting" });
  // A bare name is looked up on PATH, so the status bar can show where it is.
  assert.deepEqual(chooseServer("tenpai", EXT, h), { command: "/usr/bin/tenpai", source: "setting" });
  // `~` is the home directory.
  const home = host(["/home/me/.cargo/bin/tenpai"]);
  assert.deepEqual(chooseServer("~/.cargo/bin/tenpai", EXT, home), {
    command: "/home/me/.cargo/bin/tenpai",
    source: "setting",
  });
});

test("a tenpai.path that does not exist is an error, not a silent fallback", () => {
  const h = host([`${EXT}/server/tenpai`]);
  const got = chooseServer("/nowhere/tenpai", EXT, h);
  assert.match(got.error, /"tenpai\.path" is "\/nowhere\/tenpai", which is not an executable file/);
  assert.match(chooseServer("tenpai-dev", EXT, h).error, /"tenpai-dev", which is not on PATH/);
});

test("without a bundled binary, tenpai on PATH runs", () => {
  const h = host(["/usr/bin/tenpai", "/usr/local/bin/other"]);
  assert.deepEqual(chooseServer(undefined, EXT, h), { command: "/usr/bin/tenpai", source: "path" });
  // The first directory of PATH that has it.
  const both = host(["/usr/bin/tenpai", "/usr/local/bin/tenpai"]);
  assert.equal(chooseServer(undefined, EXT, both).command, "/usr/local/bin/tenpai");
});

test("no binary anywhere says what to install", () => {
  const got = chooseServer(undefined, EXT, host([]));
  assert.match(got.error, /bundles no tenpai binary and there is none on PATH/);
  assert.match(got.error, /\.vsix for your platform/);
  assert.match(chooseServer(undefined, EXT, host([], {})).error, /none on PATH/);
});

test("Windows: tenpai.exe, Path and PATHEXT", () => {
  const ext = "C:\\ext";
  const bundled = bundledPath(ext, "win32");
  assert.equal(bundled, "C:\\ext\\server\\tenpai.exe");
  const h = host([bundled, "C:\\tools\\tenpai.exe"], { Path: "C:\\Windows;C:\\tools", PATHEXT: ".COM;.EXE" }, "win32");
  assert.deepEqual(chooseServer(undefined, ext, h), { command: bundled, source: "bundled" });
  const noBundle = host(["C:\\tools\\tenpai.exe"], { Path: "C:\\Windows;C:\\tools", PATHEXT: ".COM;.EXE" }, "win32");
  assert.deepEqual(chooseServer(undefined, ext, noBundle), { command: "C:\\tools\\tenpai.exe", source: "path" });
  assert.equal(findOnPath("tenpai.exe", noBundle), "C:\\tools\\tenpai.exe");
});

test("the status bar names the binary's source, its version and the document's rules", () => {
  const bundled = { command: `${EXT}/server/tenpai`, source: "bundled" };
  const running = statusView({ state: "running", choice: bundled, version: "0.1.0", rules: { rules: "tenhou" } });
  assert.equal(running.text, "tenpai 0.1.0 (bundled) · tenhou");
  assert.match(running.tooltip, /Running \/ext\/tenpai-0\.1\.0\/server\/tenpai lsp \(tenpai 0\.1\.0\)/);
  assert.match(running.tooltip, /Rules of this document: tenhou \(from the tenpai\.rules settings\)/);

  const project = statusView({
    state: "running",
    choice: { command: "/usr/bin/tenpai", source: "path" },
    version: "0.1.0",
    rules: { rules: "mahjong-soul kiriage", config: "/work/articles/tenpai.toml" },
  });
  assert.equal(project.text, "tenpai 0.1.0 (PATH) · mahjong-soul kiriage");
  assert.match(project.tooltip, /mahjong-soul kiriage \(from \/work\/articles\/tenpai\.toml\)/);

  const setting = statusView({ state: "running", choice: { command: "/opt/dev/tenpai", source: "setting" } });
  assert.equal(setting.text, "tenpai (tenpai.path)");

  assert.equal(statusView({ state: "starting", choice: bundled }).text, "$(sync~spin) tenpai");
  const failed = statusView({ state: "failed", reason: "no binary" });
  assert.equal(failed.text, "$(error) tenpai");
  assert.match(failed.tooltip, /not running: no binary/);
});
