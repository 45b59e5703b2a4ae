// The tenpai extension: runs `tenpai lsp` for `.mj` files and Markdown.

import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { Json, serverSettings } from "./settings";

let client: LanguageClient | undefined;
// The start under way: a restart waits for it, since a client can be
// stopped only once it runs.
let starting: Promise<void> | undefined;

function settingsObject(): { [key: string]: Json } {
  const config = vscode.workspace.getConfiguration();
  return serverSettings(config.get<{ [key: string]: Json }>("tenpai"));
}

async function start(): Promise<void> {
  const command = vscode.workspace.getConfiguration("tenpai").get<string>("path") || "tenpai";
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: "mj" },
      { language: "markdown" },
    ],
    initializationOptions: settingsObject(),
    middleware: {
      workspace: {
        // The server asks for section `tenpai`; answer with what it reads.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) {
            return result;
          }
          return result.map((value, i) =>
            params.items[i]?.section === "tenpai" ? serverSettings(value as { [key: string]: Json }) : value,
          );
        },
      },
    },
  };
  client = new LanguageClient("tenpai", "tenpai", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    void vscode.window.showErrorMessage(
      `tenpai: could not start \`${command} lsp\` (${message}). Set "tenpai.path" to the tenpai executable.`,
    );
  }
}

// Only a running client can be stopped: the stop() of one whose start
// failed (no executable at `tenpai.path`) throws, and there is no server
// to stop.
async function stop(): Promise<void> {
  await starting;
  const old = client;
  client = undefined;
  if (old?.isRunning()) {
    await old.stop();
  }
}

async function restart(): Promise<void> {
  await stop();
  starting = start();
  await starting;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("tenpai.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("tenpai.path")) {
        await vscode.commands.executeCommand("tenpai.restartServer");
      } else if (e.affectsConfiguration("tenpai") && client?.isRunning()) {
        // `null`: the server pulls the section again (through the middleware
        // above), so client-only keys never reach it.
        await client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
      }
    }),
    { dispose: () => void stop() },
  );
  await restart();
}

export async function deactivate(): Promise<void> {
  await stop();
}
