// What the server reads from the `tenpai` section (crates/tenpai-lsp/src/settings.rs),
// made from VS Code's settings: client-only keys (`path`, `trace`) are left
// out, and unset rule switches too, so the preset's value stands.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const CLIENT_ONLY = new Set(["path", "trace"]);

export function serverSettings(section: { [key: string]: Json } | null | undefined): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (!section || typeof section !== "object") {
    return out;
  }
  for (const [key, value] of Object.entries(section)) {
    if (CLIENT_ONLY.has(key) || value === null || value === undefined) {
      continue;
    }
    if (key === "rules" && typeof value === "object" && !Array.isArray(value)) {
      const rules: { [key: string]: Json } = {};
      for (const [k, v] of Object.entries(value)) {
        if (v !== null && v !== undefined) {
          rules[k] = v;
        }
      }
      out.rules = rules;
    } else {
      out[key] = value;
    }
  }
  return out;
}
