// The extension's life cycle against stand-ins for VS Code and for
// vscode-languageclient's LanguageClient (neither loads outside VS Code).
// The stand-in keeps the library's rules (9.0.1, lib/common/client.js):
// start() rejects when the server cannot be spawned and leaves the client
// "startFailed"; stop() throws unless the client is running.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const os = require("node:os");
const esbuild = require("esbuild");

function load(modules) {
  const file = path.join(__dirname, "..", "src", "extension.ts");
  const out = esbuild.buildSync({
    entryPoints: [file],
    bundle: true,
    format: "cjs",
    platform: "node",
    external: ["vscode", "vscode-languageclient/node"],
    write: false,
  });
  const module = { exports: {} };
  const req = (name) => {
    if (name.startsWith("node:")) {
      return require(name);
    }
    if (!(name in modules)) {
      throw new Error(`unexpected require(${name})`);
    }
    return modules[name];
  };
  new Function("require", "module", "exports", out.outputFiles[0].text)(req, module, module.exports);
  return module.exports;
}

// A scratch directory with executable stand-ins for the binaries the
// extension may choose: the bundled one only when `bundle` says so.
function scratch(bundle) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenpai-ext-"));
  const ext = path.join(dir, "extension");
  fs.mkdirSync(path.join(ext, "server"), { recursive: true });
  const exe = (file) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // `review LOG --player P` prints a stand-in review; anything else exits.
    fs.writeFileSync(file, '#!/bin/sh\nif [ "$1" = review ]; then echo "# review of $2 for $4"; fi\n');
    fs.chmodSync(file, 0o755);
    return file;
  };
  const bundled = path.join(ext, "server", "tenpai");
  if (bundle === "bundled") exe(bundled);
  return { dir, ext, bundled, installed: exe(path.join(dir, "bin", "tenpai")) };
}

function harness({ bundle = "none", path: setting = "/nowhere/tenpai", rules = { rules: "tenhou", config: null } } = {}) {
  const files = scratch(bundle);
  const settings = { path: setting };
  const clients = [];
  const errors = [];
  const infos = [];
  const commands = new Map();
  const listeners = [];
  const editorListeners = [];
  const shown = [];
  const status = { text: "", tooltip: "", visible: false };
  const editor = { document: { languageId: "mj", uri: { toString: () => "file:///work/review.mj" } } };
  const window = { activeTextEditor: editor };
  // What the review command's dialogs answer, and the documents it opens.
  const review = { picked: undefined, player: undefined, opened: [] };

  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      this.command = serverOptions.command;
      this.outputChannel = clientOptions.outputChannel;
      this.state = "initial";
      this.requests = [];
      clients.push(this);
    }
    async start() {
      this.state = "starting";
      // As spawn(): the file must exist and be executable.
      try {
        fs.accessSync(this.command, fs.constants.X_OK);
      } catch {
        this.state = "startFailed";
        throw new Error(`Launching server using command ${this.command} failed. Error: spawn ${this.command} ENOENT`);
      }
      this.state = "running";
      this.initializeResult = { serverInfo: { name: "tenpai", version: "0.1.0" } };
    }
    isRunning() {
      return this.state === "running";
    }
    async stop() {
      if (this.state !== "running") {
        throw new Error(`Client is not running and can't be stopped. It's current state is: ${this.state}`);
      }
      this.state = "stopped";
    }
    async sendRequest(method, params) {
      this.requests.push({ method, params });
      if (method === "tenpai/documentRules") return rules;
      throw new Error(`unexpected request ${method}`);
    }
    async sendNotification() {}
  }

  const vscode = {
    StatusBarAlignment: { Left: 1, Right: 2 },
    workspace: {
      getConfiguration: (section) => ({
        get: (key) => (section === "tenpai" ? settings[key] : key === "tenpai" ? { ...settings } : undefined),
      }),
      onDidChangeConfiguration: (fn) => {
        listeners.push(fn);
        return { dispose() {} };
      },
      onDidSaveTextDocument: () => ({ dispose() {} }),
      openTextDocument: async (options) => ({ ...options }),
    },
    window: {
      showOpenDialog: async () => review.picked,
      showInputBox: async () => review.player,
      showTextDocument: async (document) => {
        review.opened.push(document);
      },
      get activeTextEditor() {
        return window.activeTextEditor;
      },
      showErrorMessage: async (message) => {
        errors.push(message);
      },
      showInformationMessage: async (message) => {
        infos.push(message);
      },
      createOutputChannel: (name) => ({
        name,
        lines: [],
        appendLine(line) {
          this.lines.push(line);
        },
        show() {
          shown.push(name);
        },
        dispose() {},
      }),
      createStatusBarItem: () => ({
        set text(t) {
          status.text = t;
        },
        set tooltip(t) {
          status.tooltip = t;
        },
        show() {
          status.visible = true;
        },
        hide() {
          status.visible = false;
        },
        dispose() {},
      }),
      onDidChangeActiveTextEditor: (fn) => {
        editorListeners.push(fn);
        return { dispose() {} };
      },
    },
    commands: {
      registerCommand: (name, fn) => {
        commands.set(name, fn);
        return { dispose() {} };
      },
      executeCommand: (name, ...args) => commands.get(name)(...args),
    },
  };
  const languageclient = {
    LanguageClient,
    TransportKind: { stdio: 0 },
    DidChangeConfigurationNotification: { type: "workspace/didChangeConfiguration" },
  };
  const ext = load({ vscode, "vscode-languageclient/node": languageclient });
  const changePath = async (value) => {
    settings.path = value;
    const event = { affectsConfiguration: (s) => s === "tenpai" || s === "tenpai.path" };
    for (const fn of listeners) {
      await fn(event);
    }
  };
  const switchTo = async (languageId) => {
    window.activeTextEditor = languageId ? { document: { languageId, uri: editor.document.uri } } : undefined;
    for (const fn of editorListeners) {
      await fn(window.activeTextEditor);
    }
    // refreshRules() runs detached: let it finish.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const context = { subscriptions: [], extensionPath: files.ext };
  return { ext, clients, errors, infos, commands, changePath, switchTo, status, shown, files, context, review };
}

test("setting tenpai.path after a failed start starts the server", async () => {
  const h = harness();
  await h.ext.activate(h.context);
  assert.equal(h.clients.length, 0, "a client for a path that is no executable");
  assert.equal(h.errors.length, 1);
  assert.match(h.errors[0], /"tenpai\.path" is "\/nowhere\/tenpai", which is not an executable file/);
  assert.equal(h.status.text, "$(error) tenpai");

  // What the error message tells the user to do.
  await h.changePath(h.files.installed);
  assert.equal(h.clients.length, 1, "no client for the new path");
  assert.equal(h.clients[0].command, h.files.installed);
  assert.equal(h.clients[0].state, "running");
  assert.equal(h.errors.length, 1);
  assert.equal(h.status.text, "tenpai 0.1.0 (tenpai.path) · tenhou");

  // A running server is stopped before the next one starts.
  await h.commands.get("tenpai.restartServer")();
  assert.equal(h.clients[0].state, "stopped");
  assert.equal(h.clients[1].state, "running");
  await h.ext.deactivate();
  assert.equal(h.clients[1].state, "stopped");
});

test("restart and deactivate after a failed start do not throw", async () => {
  const h = harness();
  await h.ext.activate(h.context);
  await h.commands.get("tenpai.restartServer")();
  assert.equal(h.clients.length, 0);
  assert.equal(h.errors.length, 2);
  await h.ext.deactivate();
  for (const d of h.context.subscriptions) {
    d.dispose();
  }
});

test("the bundled binary runs when tenpai.path is unset, and the status bar says so", async () => {
  const h = harness({ bundle: "bundled", path: "" });
  await h.ext.activate(h.context);
  assert.equal(h.clients.length, 1);
  assert.equal(h.clients[0].command, h.files.bundled);
  assert.equal(h.errors.length, 0);
  assert.equal(h.status.text, "tenpai 0.1.0 (bundled) · tenhou");
  assert.match(h.status.tooltip, /Rules of this document: tenhou \(from the tenpai\.rules settings\)/);
  assert.equal(h.status.visible, true);
  assert.deepEqual(h.clients[0].requests.at(-1), {
    method: "tenpai/documentRules",
    params: { uri: "file:///work/review.mj" },
  });

  // Shown for mj and Markdown only.
  await h.switchTo("plaintext");
  assert.equal(h.status.visible, false);
  await h.switchTo("markdown");
  assert.equal(h.status.visible, true);
  await h.ext.deactivate();
});

test("a tenpai.toml's rules and path show in the status bar", async () => {
  const h = harness({ bundle: "bundled", path: "", rules: { rules: "mahjong-soul kiriage", config: "/work/tenpai.toml" } });
  await h.ext.activate(h.context);
  assert.equal(h.status.text, "tenpai 0.1.0 (bundled) · mahjong-soul kiriage");
  assert.match(h.status.tooltip, /mahjong-soul kiriage \(from \/work\/tenpai\.toml\)/);
  await h.ext.deactivate();
});

test("without a bundled binary or setting, tenpai on PATH runs", async () => {
  const h = harness({ path: "" });
  const oldPath = process.env.PATH;
  process.env.PATH = path.dirname(h.files.installed);
  try {
    await h.ext.activate(h.context);
  } finally {
    process.env.PATH = oldPath;
  }
  assert.equal(h.clients[0].command, h.files.installed);
  assert.equal(h.status.text, "tenpai 0.1.0 (PATH) · tenhou");
  await h.ext.deactivate();
});

test("the log is one output channel, shared by restarts and opened by its command", async () => {
  const h = harness({ bundle: "bundled", path: "" });
  await h.ext.activate(h.context);
  await h.commands.get("tenpai.restartServer")();
  const channel = h.clients[0].outputChannel;
  assert.ok(channel, "the client got no output channel");
  assert.equal(h.clients[1].outputChannel, channel);
  assert.equal(channel.name, "tenpai");
  assert.ok(channel.lines.some((l) => l.includes(`starting ${h.files.bundled} lsp (bundled)`)), channel.lines.join("\n"));
  await h.commands.get("tenpai.showLog")();
  assert.deepEqual(h.shown, ["tenpai"]);
  await h.ext.deactivate();
});

test("fix all and format explain themselves where they cannot run", async () => {
  const h = harness();
  await h.ext.activate(h.context);
  await h.commands.get("tenpai.fixAll")();
  assert.match(h.errors.at(-1), /the language server is not running/);
  await h.switchTo("plaintext");
  await h.commands.get("tenpai.format")();
  assert.match(h.infos.at(-1), /Format works on \.mj and Markdown files/);
  await h.ext.deactivate();
});

test("review a game log runs tenpai review and opens the review as a new mj document", async () => {
  const h = harness({ bundle: "bundled", path: "" });
  await h.ext.activate(h.context);
  // Cancelled at the file dialog: nothing runs.
  await h.commands.get("tenpai.reviewLog")();
  assert.equal(h.review.opened.length, 0);
  h.review.picked = [{ fsPath: "/logs/game.json" }];
  h.review.player = "all";
  await h.commands.get("tenpai.reviewLog")();
  assert.equal(h.review.opened.length, 1);
  assert.equal(h.review.opened[0].language, "mj");
  assert.equal(h.review.opened[0].content, "# review of /logs/game.json for all\n");
  await h.ext.deactivate();
});
