// The tenpai extension: runs `tenpai lsp` for `.mj` files and Markdown,
// says in the status bar which binary runs and under which rules, and
// offers restart, log, fix-all, format and review-a-game-log commands.

import { execFile } from "node:child_process";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { MarkdownIt, drawHands, tenpaiRunner } from "./preview";
import { ChoiceError, DocumentRules, ServerChoice, Status, chooseServer, nodeHost, statusView } from "./server";
import { Json, serverSettings } from "./settings";

/** The languages the server reads, and the status bar shows for. */
const LANGUAGES = ["mj", "markdown"];

let client: LanguageClient | undefined;
// The start under way: a restart waits for it, since a client can be
// stopped only once it runs.
let starting: Promise<void> | undefined;
let extensionDir = "";
let output: vscode.OutputChannel | undefined;
let statusItem: vscode.StatusBarItem | undefined;
let status: Status = { state: "failed", reason: "not started yet" };

function settingsObject(): { [key: string]: Json } {
  const config = vscode.workspace.getConfiguration();
  return serverSettings(config.get<{ [key: string]: Json }>("tenpai"));
}

function log(line: string): void {
  output?.appendLine(`[extension] ${line}`);
}

function showStatus(): void {
  if (!statusItem) {
    return;
  }
  const view = statusView(status);
  statusItem.text = view.text;
  statusItem.tooltip = view.tooltip;
  const language = vscode.window.activeTextEditor?.document.languageId;
  if (language !== undefined && LANGUAGES.includes(language)) {
    statusItem.show();
  } else {
    statusItem.hide();
  }
}

function setStatus(next: Status): void {
  status = next;
  showStatus();
}

/** Asks the server for the rules of the active document, for the status bar. */
async function refreshRules(): Promise<void> {
  const running = client;
  const document = vscode.window.activeTextEditor?.document;
  if (status.state !== "running" || !running?.isRunning() || !document || !LANGUAGES.includes(document.languageId)) {
    showStatus();
    return;
  }
  const choice = status.choice;
  const version = status.version;
  let rules: DocumentRules | undefined;
  try {
    rules =
      (await running.sendRequest<DocumentRules | null>("tenpai/documentRules", {
        uri: document.uri.toString(),
      })) ?? undefined;
  } catch (err) {
    log(`tenpai/documentRules: ${err instanceof Error ? err.message : String(err)}`);
  }
  // The server may have been restarted meanwhile.
  if (client === running && status.state === "running") {
    setStatus({ state: "running", choice, version, rules });
  }
}

async function start(): Promise<void> {
  const configured = vscode.workspace.getConfiguration("tenpai").get<string>("path");
  const choice: ServerChoice | ChoiceError = chooseServer(configured, extensionDir, nodeHost);
  if ("error" in choice) {
    log(choice.error);
    setStatus({ state: "failed", reason: choice.error });
    void vscode.window.showErrorMessage(`tenpai: ${choice.error}`);
    return;
  }
  log(`starting ${choice.command} lsp (${choice.source})`);
  setStatus({ state: "starting", choice });
  const serverOptions: ServerOptions = {
    command: choice.command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.map((language) => ({ language })),
    initializationOptions: settingsObject(),
    outputChannel: output,
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
  const started = new LanguageClient("tenpai", "tenpai", serverOptions, clientOptions);
  client = started;
  try {
    await started.start();
    setStatus({ state: "running", choice, version: started.initializeResult?.serverInfo?.version });
    await refreshRules();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    setStatus({ state: "failed", reason: `\`${choice.command} lsp\` did not start (${message})` });
    void vscode.window.showErrorMessage(
      `tenpai: could not start \`${choice.command} lsp\` (${message}). Set "tenpai.path" to the tenpai executable.`,
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

/** The running client and the active tenpai document, or a message why not. */
function target(what: string): { running: LanguageClient; document: vscode.TextDocument } | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || !LANGUAGES.includes(document.languageId)) {
    void vscode.window.showInformationMessage(`tenpai: ${what} works on .mj and Markdown files.`);
    return undefined;
  }
  if (!client?.isRunning()) {
    void vscode.window.showErrorMessage(`tenpai: the language server is not running (see "tenpai: Show server log").`);
    return undefined;
  }
  return { running: client, document };
}

/** Applies every safe fix the server offers for the document (`source.fixAll`). */
async function fixAll(): Promise<void> {
  const t = target("Fix all");
  if (!t) {
    return;
  }
  const { running, document } = t;
  const end = document.lineAt(document.lineCount - 1).range.end;
  const actions = await running.sendRequest<Array<{ kind?: string; edit?: unknown }> | null>("textDocument/codeAction", {
    textDocument: { uri: document.uri.toString() },
    range: { start: { line: 0, character: 0 }, end: { line: end.line, character: end.character } },
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  let applied = 0;
  for (const action of actions ?? []) {
    if (action.edit && action.kind?.startsWith("source.fixAll")) {
      const edit = await running.protocol2CodeConverter.asWorkspaceEdit(
        action.edit as Parameters<typeof running.protocol2CodeConverter.asWorkspaceEdit>[0],
      );
      if (edit && (await vscode.workspace.applyEdit(edit))) {
        applied++;
      }
    }
  }
  if (applied === 0) {
    void vscode.window.showInformationMessage("tenpai: nothing to fix in this document.");
  }
}

/** Formats the document with tenpai whatever the default formatter is. */
async function formatDocument(): Promise<void> {
  const t = target("Format");
  if (!t) {
    return;
  }
  const { running, document } = t;
  const editorOptions = vscode.window.activeTextEditor?.options;
  const edits = await running.sendRequest<Parameters<typeof running.protocol2CodeConverter.asTextEdits>[0]>(
    "textDocument/formatting",
    {
      textDocument: { uri: document.uri.toString() },
      options: {
        tabSize: typeof editorOptions?.tabSize === "number" ? editorOptions.tabSize : 2,
        insertSpaces: editorOptions?.insertSpaces !== false,
      },
    },
  );
  const converted = await running.protocol2CodeConverter.asTextEdits(edits);
  if (converted && converted.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, converted);
    await vscode.workspace.applyEdit(edit);
  }
}

/**
 * "tenpai: Review a game log…": runs `tenpai review` on a log the user picks
 * (tenhou.net/6 JSON, mjlog, mjai) and opens the review as a new, unsaved
 * `.mj` document, where the server's hints compare each discard with the best.
 */
async function reviewLog(): Promise<void> {
  const configured = vscode.workspace.getConfiguration("tenpai").get<string>("path");
  const choice = chooseServer(configured, extensionDir, nodeHost);
  if ("error" in choice) {
    void vscode.window.showErrorMessage(`tenpai: ${choice.error}`);
    return;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: "Review",
    title: "tenpai: Review a game log",
    filters: { "Game logs": ["json", "mjlog", "xml", "gz", "mjson", "jsonl", "log"], "All files": ["*"] },
  });
  const logFile = picked?.[0];
  if (!logFile) {
    return;
  }
  const player = await vscode.window.showInputBox({
    title: "tenpai: whose decisions?",
    prompt: "A player's name, a seat 0-3, or all",
    value: "all",
  });
  if (player === undefined) {
    return;
  }
  const args = ["review", logFile.fsPath, "--player", player.trim() || "all"];
  const text = await new Promise<string | undefined>((resolve) => {
    execFile(choice.command, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        const message = (stderr || err.message).trim();
        log(`${choice.command} ${args.join(" ")}: ${message}`);
        void vscode.window.showErrorMessage(`tenpai review: ${message}`);
        resolve(undefined);
      } else {
        resolve(stdout);
      }
    });
  });
  if (text !== undefined) {
    const document = await vscode.workspace.openTextDocument({ language: "mj", content: text });
    await vscode.window.showTextDocument(document);
  }
}

/** The binary the preview runs: the one the server runs. */
function previewBinary(): string | undefined {
  const configured = vscode.workspace.getConfiguration("tenpai").get<string>("path");
  const choice = chooseServer(configured, extensionDir, nodeHost);
  return "error" in choice ? undefined : choice.command;
}

export async function activate(
  context: vscode.ExtensionContext,
): Promise<{ extendMarkdownIt<M extends MarkdownIt>(md: M): M }> {
  extensionDir = context.extensionPath;
  output = vscode.window.createOutputChannel("tenpai");
  statusItem = vscode.window.createStatusBarItem("tenpai.status", vscode.StatusBarAlignment.Right, 100);
  statusItem.name = "tenpai";
  statusItem.command = "tenpai.showLog";
  context.subscriptions.push(
    output,
    statusItem,
    vscode.commands.registerCommand("tenpai.restartServer", restart),
    vscode.commands.registerCommand("tenpai.showLog", () => output?.show(true)),
    vscode.commands.registerCommand("tenpai.fixAll", fixAll),
    vscode.commands.registerCommand("tenpai.format", formatDocument),
    vscode.commands.registerCommand("tenpai.reviewLog", reviewLog),
    vscode.window.onDidChangeActiveTextEditor(() => void refreshRules()),
    // A saved tenpai.toml changes the rules the server reads.
    vscode.workspace.onDidSaveTextDocument(() => void refreshRules()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("tenpai.path")) {
        await vscode.commands.executeCommand("tenpai.restartServer");
      } else if (e.affectsConfiguration("tenpai") && client?.isRunning()) {
        // `null`: the server pulls the section again (through the middleware
        // above), so client-only keys never reach it.
        await client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
        await refreshRules();
      }
    }),
    { dispose: () => void stop() },
  );
  await restart();
  // The Markdown preview draws hands as tiles (docs/render.md).
  return { extendMarkdownIt: (md) => drawHands(md, tenpaiRunner(previewBinary)) };
}

export async function deactivate(): Promise<void> {
  await stop();
}
