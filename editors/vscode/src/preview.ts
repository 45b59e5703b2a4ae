// The Markdown preview shows hands drawn as tiles, with their value, as
// `tenpai render` draws them in a published page: a markdown-it plugin
// (contributed through `markdown.markdownItPlugins`) hands the document to
// `tenpai render - --markdown`, which replaces each hand tenpai reads by
// its HTML and leaves every other byte alone, and markdown-it renders the
// result. markdown-it renders synchronously, hence a synchronous run; a
// binary that cannot run leaves the preview as it was.

import { spawnSync } from "node:child_process";

/** The document with its hands drawn, or `undefined` to leave it as is. */
export type Runner = (source: string) => string | undefined;

/** Runs `command render - --markdown` on the source, if there is a command. */
export function tenpaiRunner(command: () => string | undefined): Runner {
  return (source) => {
    const binary = command();
    if (binary === undefined) {
      return undefined;
    }
    const run = spawnSync(binary, ["render", "-", "--markdown"], {
      input: source,
      encoding: "utf8",
      timeout: 5000,
      maxBuffer: 64 * 1024 * 1024,
    });
    // 1: some hand has errors; it is drawn all the same, framed.
    if (run.error !== undefined || (run.status !== 0 && run.status !== 1)) {
      return undefined;
    }
    return run.stdout;
  };
}

/** A markdown-it instance, as far as the plugin touches it. */
export interface MarkdownIt {
  parse(source: string, env: unknown): unknown;
}

/** Makes `md` draw the hands of what it parses (its `html` option on). */
export function drawHands<M extends MarkdownIt>(md: M, run: Runner): M {
  const parse = md.parse.bind(md);
  md.parse = (source: string, env: unknown) => parse(run(source) ?? source, env);
  return md;
}
