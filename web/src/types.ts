/**
 * The shapes of the JSON answers of tenpai-wasm (crates/tenpai-wasm):
 * positions are UTF-16 offsets into the whole text, as CodeMirror counts.
 */

export type Severity = 'error' | 'warning' | 'info';

export interface Change {
  from: number;
  to: number;
  insert: string;
}

export interface Fix {
  title: string;
  change: Change;
  safe: boolean;
}

export interface Related {
  from: number;
  to: number;
  message: string;
}

export interface DocDiagnostic {
  from: number;
  to: number;
  severity: Severity;
  code: string;
  message: string;
  related: Related[];
  fixes: Fix[];
}

export interface Hint {
  at: number;
  label: string;
  kind: 'value' | 'state' | 'discard';
}

export interface Token {
  from: number;
  to: number;
  type: string;
  modifiers: string[];
}

export interface LineSpan {
  from: number;
  to: number;
}

/** What an edit brings; semantic tokens are asked for by range. */
export interface Update {
  diagnostics: DocDiagnostic[];
  hints: Hint[];
  lines: LineSpan[];
}

/**
 * What an edit brings to an editor that keeps its hints and tokens and
 * maps them through the edit: `changed` is where the hand lines' analyses
 * changed (`null`: nowhere), to ask hints and tokens for again.
 */
export interface EditAnswer {
  diagnostics: DocDiagnostic[];
  lines: LineSpan[];
  changed: LineSpan | null;
}

export interface HoverAnswer {
  from: number;
  to: number;
  markdown: string;
}

export interface Action {
  title: string;
  kind: 'quickfix' | 'rewrite';
  changes: Change[];
  preferred: boolean;
}

export interface Completion {
  label: string;
  detail: string;
  change: Change;
  also: Change | null;
  sort: string;
  kind: 'option' | 'tile' | 'value';
}

export interface MeldView {
  kind: 'chi' | 'pon' | 'kan' | 'ankan';
  tiles: string[];
}

export interface HandView {
  closed: string[];
  melds: MeldView[];
  win: string | null;
}

export interface SituationView {
  tsumo: boolean;
  riichi: 'none' | 'riichi' | 'double';
  ippatsu: boolean;
  last_tile: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
  renhou: boolean;
  seat: string;
  round: string;
  dora: string[];
  ura: string[];
  honba: number;
  sticks: number;
}

export interface YakuHan {
  id: string;
  name: string;
  name_ja?: string;
  han: number;
}

export interface Points {
  total: number;
  ron?: number;
  dealer?: number;
  non_dealer?: number;
}

export interface ScoreJson {
  han: number | null;
  fu: number | null;
  limit: string | null;
  yaku: YakuHan[] | null;
  fu_details: { fu: number; reason: string }[] | null;
  points: Points | null;
  error: { code: string; message: string } | null;
}

export interface WinValueJson {
  han?: number;
  fu?: number;
  limit?: string | null;
  total?: number;
  error?: string;
}

export interface WaitJson {
  tile: string;
  left: number;
  ron: WinValueJson | null;
  tsumo: WinValueJson | null;
}

export interface UkeireJson {
  tiles: { tile: string; left: number; practical: number }[];
  total: number;
  practical_total: number;
}

export interface DiscardJson {
  tile: string;
  shanten: number;
  ukeire: UkeireJson;
  waits: WaitJson[] | null;
}

export interface ShantenJson {
  shanten: number;
  name: string;
  waits: WaitJson[] | null;
  ukeire: UkeireJson | null;
  discards: DiscardJson[] | null;
}

export interface LineReport {
  outcome: 'score' | 'unscored' | 'shanten' | 'none';
  hand: HandView | null;
  situation: SituationView | null;
  diagnostics: { from: number; to: number; severity: Severity; code: string; message: string }[];
  score: ScoreJson | null;
  shanten: ShantenJson | null;
  formatted: string | null;
}

export interface YakuName {
  id: string;
  en: string;
  ja: string;
}
