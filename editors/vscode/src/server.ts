// Which `tenpai` executable the extension runs, and how the status bar
// names it. Kept free of `vscode` so that node's test runner loads it.
//
// The order: `tenpai.path` when the user set it (an explicit choice wins,
// as rust-analyzer's `server.path` does), else the binary bundled in a
// platform .vsix (server/tenpai), else `tenpai` on PATH.

import * as fs from "node:fs";
import * as path from "node:path";

export type ServerSource = "setting" | "bundled" | "path";

export interface ServerChoice {
  /** What is spawned: an absolute path, or the setting as written. */
  command: string;
  source: ServerSource;
}

export interface ChoiceError {
  /** Shown to the user: what was looked for and what to do. */
  error: string;
}

/** What the choice looks at on this machine; the tests give their own. */
export interface Host {
  platform: NodeJS.Platform;
  env: { [name: string]: string | undefined };
  isExecutable(file: string): boolean;
}

export const nodeHost: Host = {
  platform: process.platform,
  env: process.env,
  isExecutable(file: string): boolean {
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) {
        return false;
      }
      if (process.platform === "win32") {
        return true;
      }
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

export function executableName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "tenpai.exe" : "tenpai";
}

/** Where a platform .vsix keeps its binary, inside the extension. */
export function bundledPath(extensionDir: string, platform: NodeJS.Platform): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return join(extensionDir, "server", executableName(platform));
}

/** A bare command name looked up on PATH (with PATHEXT on Windows). */
export function findOnPath(name: string, host: Host): string | undefined {
  const win = host.platform === "win32";
  const pathVar = win ? (host.env.Path ?? host.env.PATH) : host.env.PATH;
  if (!pathVar) {
    return undefined;
  }
  const join = win ? path.win32.join : path.posix.join;
  const extensions = win && !/\.[^\\/]+$/.test(name)
    ? (host.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";").filter((e) => e !== "")
    : [""];
  for (const dir of pathVar.split(win ? ";" : ":")) {
    if (dir === "") {
      continue;
    }
    for (const ext of extensions) {
      const candidate = join(dir, name + ext.toLowerCase());
      if (host.isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

function isBareName(command: string): boolean {
  return !/[\\/]/.test(command);
}

function expandHome(command: string, host: Host): string {
  const home = host.env.HOME ?? host.env.USERPROFILE;
  if (home && (command === "~" || command.startsWith("~/"))) {
    return home + command.slice(1);
  }
  return command;
}

/** The executable to run, or why there is none. */
export function chooseServer(
  setting: string | undefined,
  extensionDir: string,
  host: Host,
): ServerChoice | ChoiceError {
  const wanted = setting?.trim() ?? "";
  if (wanted !== "") {
    if (isBareName(wanted)) {
      const found = findOnPath(wanted, host);
      return found
        ? { command: found, source: "setting" }
        : { error: `"tenpai.path" is "${wanted}", which is not on PATH.` };
    }
    const file = expandHome(wanted, host);
    return host.isExecutable(file)
      ? { command: file, source: "setting" }
      : { error: `"tenpai.path" is "${wanted}", which is not an executable file.` };
  }
  const bundled = bundledPath(extensionDir, host.platform);
  if (host.isExecutable(bundled)) {
    return { command: bundled, source: "bundled" };
  }
  const onPath = findOnPath("tenpai", host);
  if (onPath) {
    return { command: onPath, source: "path" };
  }
  return {
    error:
      "this build of the extension bundles no tenpai binary and there is none on PATH. " +
      'Install the .vsix for your platform, or install tenpai and set "tenpai.path".',
  };
}

const SOURCE_LABEL: { [source in ServerSource]: string } = {
  bundled: "bundled",
  setting: "tenpai.path",
  path: "PATH",
};

/** What the status bar says about the server and the document's rules. */
export type Status =
  | { state: "starting"; choice: ServerChoice }
  | { state: "running"; choice: ServerChoice; version?: string; rules?: DocumentRules }
  | { state: "failed"; reason: string };

/** The server's answer to `tenpai/documentRules`. */
export interface DocumentRules {
  /** The version of the JSON shapes of docs/json.md (1). */
  schema_version?: number;
  /** The rule set before any `rules:` line, as `rules:` words. */
  rules: string;
  /** The `tenpai.toml` it came from, or none: the editor's settings. */
  config?: string | null;
}

export interface StatusView {
  text: string;
  tooltip: string;
}

export function statusView(status: Status): StatusView {
  switch (status.state) {
    case "starting":
      return {
        text: "$(sync~spin) tenpai",
        tooltip: `Starting ${status.choice.command} lsp (${SOURCE_LABEL[status.choice.source]})`,
      };
    case "failed":
      return {
        text: "$(error) tenpai",
        tooltip: `The tenpai language server is not running: ${status.reason}\nClick to show its log.`,
      };
    case "running": {
      const source = SOURCE_LABEL[status.choice.source];
      const version = status.version ? ` ${status.version}` : "";
      const rules = status.rules ? ` · ${status.rules.rules}` : "";
      const from = status.rules
        ? status.rules.config
          ? `\nRules of this document: ${status.rules.rules} (from ${status.rules.config})`
          : `\nRules of this document: ${status.rules.rules} (from the tenpai.rules settings)`
        : "";
      return {
        text: `tenpai${version} (${source})${rules}`,
        tooltip: `Running ${status.choice.command} lsp${version ? ` (tenpai${version})` : ""}${from}\nClick to show the server's log.`,
      };
    }
  }
}
