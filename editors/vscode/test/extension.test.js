// The extension's life cycle against stand-ins for VS Code and for
// vscode-languageclient's LanguageClient (neither loads outside VS Code).
// The stand-in keeps the library's rules (9.0.1, lib/common/client.js):
// start() rejects when the server cannot be spawned and leaves the client
// "startFailed"; stop() throws unless the client is running.

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
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
    if (!(name in modules)) {
      throw new Error(`unexpected require(${name})`);
    }
    return modules[name];
  };
  new Function("require", "module", "exports", out.outputFiles[0].text)(req, module, module.exports);
  return module.exports;
}

function harness() {
  const settings = { path: "/nowhere/tenpai" };
  const clients = [];
  const errors = [];
  const commands = new Map();
  const listeners = [];
  const executables = new Set(["/usr/local/bin/tenpai"]);

  class LanguageClient {
    constructor(id, name, serverOptions) {
      this.command = serverOptions.command;
      this.state = "initial";
      clients.push(this);
    }
    async start() {
      this.state = "starting";
      if (!executables.has(this.command)) {
        this.state = "startFailed";
        throw new Error(`Launching server using command ${this.command} failed. Error: spawn ${this.command} ENOENT`);
      }
      this.state = "running";
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
    async sendNotification() {}
  }

  const vscode = {
    workspace: {
      getConfiguration: (section) => ({
        get: (key) => (section === "tenpai" ? settings[key] : key === "tenpai" ? { ...settings } : undefined),
      }),
      onDidChangeConfiguration: (fn) => {
        listeners.push(fn);
        return { dispose() {} };
      },
    },
    window: {
      showErrorMessage: async (message) => {
        errors.push(message);
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
  return { ext, clients, errors, commands, changePath, context: { subscriptions: [] } };
}

test("setting tenpai.path after a failed start starts the server", async () => {
  const h = harness();
  await h.ext.activate(h.context);
  assert.equal(h.clients.length, 1);
  assert.equal(h.clients[0].state, "startFailed");
  assert.equal(h.errors.length, 1);
  assert.match(h.errors[0], /could not start `\/nowhere\/tenpai lsp`.*Set "tenpai\.path"/);

  // What the error message tells the user to do.
  await h.changePath("/usr/local/bin/tenpai");
  assert.equal(h.clients.length, 2, "no new client for the new path");
  assert.equal(h.clients[1].command, "/usr/local/bin/tenpai");
  assert.equal(h.clients[1].state, "running");
  assert.equal(h.errors.length, 1);

  // A running server is stopped before the next one starts.
  await h.commands.get("tenpai.restartServer")();
  assert.equal(h.clients[1].state, "stopped");
  assert.equal(h.clients[2].state, "running");
  await h.ext.deactivate();
  assert.equal(h.clients[2].state, "stopped");
});

test("restart and deactivate after a failed start do not throw", async () => {
  const h = harness();
  await h.ext.activate(h.context);
  await h.commands.get("tenpai.restartServer")();
  assert.equal(h.clients.length, 2);
  assert.equal(h.errors.length, 2);
  await h.ext.deactivate();
  for (const d of h.context.subscriptions) {
    d.dispose();
  }
});
