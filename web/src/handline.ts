/**
 * The calculator's hand: tiles, melds and the situation as controls hold
 * them, written as a hand line (docs/notation.md) and read back from
 * tenpai's analysis of a line. Pure functions, unit-tested.
 */

import type { HandView, SituationView } from './types';

export type Wind = 'e' | 's' | 'w' | 'n';
export type MeldKind = 'chi' | 'pon' | 'kan' | 'ankan';
export type Riichi = 'none' | 'riichi' | 'double';
/** The one-of-a-kind wins a line may state (at most one at a time here). */
export type Special =
  | 'none'
  | 'haitei'
  | 'houtei'
  | 'rinshan'
  | 'chankan'
  | 'tenhou'
  | 'chiihou'
  | 'renhou';
export const SPECIALS: Special[] = [
  'none',
  'haitei',
  'houtei',
  'rinshan',
  'chankan',
  'tenhou',
  'chiihou',
  'renhou',
];

export interface Meld {
  kind: MeldKind;
  /** Tile codes (`5m`, a red five `0m`). */
  tiles: string[];
}

export interface CalcState {
  /** Closed tiles as codes, the winning tile included. */
  closed: string[];
  /** The winning tile (one of `closed`) of a complete hand. */
  win: string | null;
  melds: Meld[];
  tsumo: boolean;
  riichi: Riichi;
  ippatsu: boolean;
  special: Special;
  seat: Wind;
  round: Wind;
  dora: string[];
  ura: string[];
  honba: number;
  sticks: number;
  /** What the calculator does not edit, kept as written: other options
   * (`visible=`, `discard=`), the claim and the comment. */
  extra: string;
}

export function emptyState(): CalcState {
  return {
    closed: [],
    win: null,
    melds: [],
    tsumo: false,
    riichi: 'none',
    ippatsu: false,
    special: 'none',
    seat: 'e',
    round: 'e',
    dora: [],
    ura: [],
    honba: 0,
    sticks: 0,
    extra: '',
  };
}

const SUITS = ['m', 'p', 's', 'z'];

/** The tile a code stands for, a red five being a five. */
export function plain(code: string): string {
  return code[0] === '0' ? '5' + code[1] : code;
}

export function isRed(code: string): boolean {
  return code[0] === '0';
}

/** Sort key: by suit, then number, a red five just before the fives. */
function sortKey(code: string): number {
  const suit = SUITS.indexOf(code[1]);
  const number = code[0] === '0' ? 4.5 : Number(code[0]);
  return suit * 10 + number;
}

export function sortTiles(tiles: string[]): string[] {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}

/** `['1m','2m','3p']` → `12m3p`, in the order given. */
export function compact(tiles: string[]): string {
  let out = '';
  for (let i = 0; i < tiles.length; i++) {
    out += tiles[i][0];
    if (i + 1 === tiles.length || tiles[i + 1][1] !== tiles[i][1]) out += tiles[i][1];
  }
  return out;
}

/** How many copies of a tile (red or not) the hand holds. */
export function copies(state: CalcState, code: string): number {
  const tile = plain(code);
  const all = [...state.closed, ...state.melds.flatMap((m) => m.tiles)];
  return all.filter((t) => plain(t) === tile).length;
}

/** The tile count that decides the hand's state, a kan counting as three. */
export function size(state: CalcState): number {
  return state.closed.length + 3 * state.melds.length;
}

function meldText(meld: Meld): string {
  const body = compact(sortTiles(meld.tiles));
  return meld.kind === 'ankan' ? `[${body}]` : `(${body})`;
}

/** The hand line of a state, in the formatter's order of options. */
export function writeLine(state: CalcState): string {
  const closed = sortTiles(state.closed);
  const words: string[] = [];
  if (closed.length > 0) words.push(compact(closed));
  for (const meld of state.melds) words.push(meldText(meld));
  const options: string[] = [];
  // The last closed tile written is the winning tile unless `win=` says.
  if (state.win && closed.length > 0 && closed[closed.length - 1] !== state.win) {
    options.push(`win=${state.win}`);
  }
  if (state.tsumo) options.push('tsumo');
  if (state.riichi === 'riichi') options.push('riichi');
  if (state.riichi === 'double') options.push('double-riichi');
  if (state.ippatsu) options.push('ippatsu');
  if (state.special !== 'none') options.push(state.special);
  if (state.seat !== 'e') options.push(`seat=${state.seat}`);
  if (state.round !== 'e') options.push(`round=${state.round}`);
  if (state.dora.length > 0) options.push(`dora=${compact(state.dora)}`);
  if (state.ura.length > 0) options.push(`ura=${compact(state.ura)}`);
  if (state.honba > 0) options.push(`honba=${state.honba}`);
  if (state.sticks > 0) options.push(`sticks=${state.sticks}`);
  return [...words, ...options, state.extra].filter((w) => w.length > 0).join(' ');
}

/** Option words the calculator has no control for: kept as written. */
const KEPT_OPTIONS = ['visible=', 'river=', 'discard=', 'nagashi'];

/** The claim, comment and uncontrolled options of a line. */
export function extraOf(line: string): string {
  const hash = line.indexOf('#');
  const comment = hash >= 0 ? line.slice(hash).trim() : '';
  const body = hash >= 0 ? line.slice(0, hash) : line;
  const arrow = body.indexOf('=>');
  const claim = arrow >= 0 ? body.slice(arrow).trim() : '';
  const head = arrow >= 0 ? body.slice(0, arrow) : body;
  const kept = head
    .split(/\s+/)
    .filter((word) => KEPT_OPTIONS.some((k) => word === k || (k.endsWith('=') && word.startsWith(k))));
  return [...kept, claim, comment].filter((w) => w.length > 0).join(' ');
}

function wind(letter: string): Wind {
  return letter === 's' || letter === 'w' || letter === 'n' ? letter : 'e';
}

/** A state from tenpai's reading of a line (its hand and situation). */
export function readState(hand: HandView, situation: SituationView, line: string): CalcState {
  const closed = [...hand.closed];
  let win = hand.win;
  // The analysis names the winning tile without its colour.
  if (win && !closed.includes(win)) {
    const red = closed.find((t) => plain(t) === win);
    win = red ?? null;
  }
  const special =
    SPECIALS.find(
      (s) =>
        s !== 'none' &&
        ((s === 'haitei' && situation.last_tile && situation.tsumo) ||
          (s === 'houtei' && situation.last_tile && !situation.tsumo) ||
          (s !== 'haitei' && s !== 'houtei' && situation[s])),
    ) ?? 'none';
  return {
    closed,
    win,
    melds: hand.melds.map((m) => ({ kind: m.kind, tiles: [...m.tiles] })),
    tsumo: situation.tsumo,
    riichi: situation.riichi,
    ippatsu: situation.ippatsu,
    special,
    seat: wind(situation.seat),
    round: wind(situation.round),
    dora: [...situation.dora],
    ura: [...situation.ura],
    honba: situation.honba,
    sticks: situation.sticks,
    extra: extraOf(line),
  };
}

/** Where a clicked palette tile goes. */
export type Target = 'hand' | MeldKind | 'dora' | 'ura';

function next(code: string, step: number): string | null {
  const number = Number(plain(code)[0]) + step;
  return code[1] !== 'z' && number <= 9 ? `${number}${code[1]}` : null;
}

/** The tiles of a meld started by a clicked tile (null: no such meld). */
export function meldTiles(kind: MeldKind, code: string): string[] | null {
  if (kind === 'chi') {
    const second = next(code, 1);
    const third = next(code, 2);
    return second && third ? [code, second, third] : null;
  }
  const count = kind === 'pon' ? 3 : 4;
  // A red five stands for one of the copies; the others are plain.
  return Array.from({ length: count }, (_, i) => (i === 0 ? code : plain(code)));
}

const MAX_INDICATORS = 5;

/**
 * Adds a clicked tile to `target`; returns the new state, or null when the
 * tile cannot go there (a fifth copy, a second red five, a full hand).
 */
export function addTile(state: CalcState, code: string, target: Target): CalcState | null {
  if (target === 'dora' || target === 'ura') {
    const list = state[target];
    if (list.length >= MAX_INDICATORS) return null;
    return { ...state, [target]: [...list, code] };
  }
  const tiles = target === 'hand' ? [code] : meldTiles(target, code);
  if (!tiles) return null;
  const all = [...state.closed, ...state.melds.flatMap((m) => m.tiles), ...tiles];
  for (const tile of tiles) {
    if (all.filter((t) => plain(t) === plain(tile)).length > 4) return null;
  }
  if (all.filter((t) => t === '0' + code[1]).length > 1) return null;
  if (target === 'hand') {
    if (size(state) >= 14) return null;
    const closed = [...state.closed, code];
    const complete = closed.length + 3 * state.melds.length === 14;
    return { ...state, closed, win: complete ? code : null };
  }
  if (size(state) + 3 > 14) return null;
  const melds = [...state.melds, { kind: target, tiles }];
  const complete = state.closed.length + 3 * melds.length === 14;
  return { ...state, melds, win: complete ? state.win : null };
}

/** Removes the closed tile at `index` (of the sorted tiles). */
export function removeClosed(state: CalcState, index: number): CalcState {
  const sorted = sortTiles(state.closed);
  sorted.splice(index, 1);
  return { ...state, closed: sorted, win: null };
}

export function removeMeld(state: CalcState, index: number): CalcState {
  const melds = state.melds.filter((_, i) => i !== index);
  return { ...state, melds, win: null };
}

export function removeIndicator(state: CalcState, target: 'dora' | 'ura', index: number): CalcState {
  return { ...state, [target]: state[target].filter((_, i) => i !== index) };
}

/** Makes a closed tile the winning tile (of a complete hand). */
export function setWin(state: CalcState, code: string): CalcState {
  return state.closed.includes(code) && size(state) === 14 ? { ...state, win: code } : state;
}
