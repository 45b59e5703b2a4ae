#!/usr/bin/env node
// Packs a platform .vsix with the `tenpai` binary inside (server/tenpai):
//
//   npm run package                          # this machine's platform
//   npm run package -- --target linux-x64    # a VS Code target
//   npm run package -- --target darwin-arm64 --binary path/to/tenpai
//
// Without --binary (or TENPAI_BIN) it builds the binary with
// `cargo build --profile dist -p tenpai --locked` (release, stripped), for
// the target's Rust triple when that is not this machine's. Writes
// tenpai-<target>.vsix.

"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const here = path.resolve(__dirname, "..");
const repo = path.resolve(here, "..", "..");

/** VS Code's platform targets and the Rust triples their binaries are built for. */
const TRIPLES = {
  "linux-x64": "x86_64-unknown-linux-gnu",
  "linux-arm64": "aarch64-unknown-linux-gnu",
  "alpine-x64": "x86_64-unknown-linux-musl",
  "alpine-arm64": "aarch64-unknown-linux-musl",
  "darwin-x64": "x86_64-apple-darwin",
  "darwin-arm64": "aarch64-apple-darwin",
  "win32-x64": "x86_64-pc-windows-msvc",
  "win32-arm64": "aarch64-pc-windows-msvc",
};

function usage(message) {
  console.error(`package: ${message}`);
  console.error("usage: npm run package -- [--target <vscode-target>] [--binary <path to tenpai>]");
  console.error(`targets: ${Object.keys(TRIPLES).join(", ")}`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { target: undefined, binary: process.env.TENPAI_BIN || undefined };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const [name, glued] = word.startsWith("--") && word.includes("=") ? word.split(/=(.*)/s, 2) : [word, undefined];
    const value = () => {
      if (glued !== undefined) return glued;
      if (i + 1 >= argv.length) usage(`${name} needs a value`);
      return argv[++i];
    };
    if (name === "--target") args.target = value();
    else if (name === "--binary") args.binary = value();
    else usage(`unknown argument ${word}`);
  }
  return args;
}

function hostTarget() {
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  const platform = { linux: "linux", darwin: "darwin", win32: "win32" }[process.platform];
  if (!arch || !platform) usage(`no VS Code target for ${process.platform}-${process.arch}: give --target`);
  return `${platform}-${arch}`;
}

function run(command, args, options = {}) {
  console.log(`> ${command} ${args.join(" ")}`);
  return execFileSync(command, args, { stdio: "inherit", ...options });
}

function hostTriple() {
  const out = execFileSync("rustc", ["-vV"], { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.startsWith("host: "));
  return line ? line.slice("host: ".length).trim() : undefined;
}

/** Builds tenpai for the triple with cargo and returns the binary's path. */
function buildBinary(triple, windows) {
  const metadata = JSON.parse(
    execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: repo, encoding: "utf8" }),
  );
  const cross = triple !== hostTriple();
  const args = ["build", "--profile", "dist", "--locked", "-p", "tenpai", ...(cross ? ["--target", triple] : [])];
  run("cargo", args, { cwd: repo });
  const dir = path.join(metadata.target_directory, ...(cross ? [triple] : []), "dist");
  return path.join(dir, windows ? "tenpai.exe" : "tenpai");
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const target = args.target ?? hostTarget();
  const triple = TRIPLES[target];
  if (!triple) usage(`unknown target ${target}`);
  const windows = target.startsWith("win32-");

  const binary = args.binary ? path.resolve(args.binary) : buildBinary(triple, windows);
  if (!fs.existsSync(binary)) usage(`no binary at ${binary}`);

  // server/ holds only this target's binary, so no other platform's ends up inside.
  const serverDir = path.join(here, "server");
  fs.rmSync(serverDir, { recursive: true, force: true });
  fs.mkdirSync(serverDir);
  const bundled = path.join(serverDir, windows ? "tenpai.exe" : "tenpai");
  fs.copyFileSync(binary, bundled);
  fs.chmodSync(bundled, 0o755);

  const vsce = path.join(here, "node_modules", "@vscode", "vsce", "vsce");
  const out = `tenpai-${target}.vsix`;
  // vsce runs `vscode:prepublish` (the esbuild bundle) first.
  run(process.execPath, [vsce, "package", "--no-dependencies", "--target", target, "-o", out], { cwd: here });
  console.log(`wrote ${path.join(here, out)} (${target}, ${path.relative(repo, binary) || binary})`);
}

main();
