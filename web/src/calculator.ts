/**
 * The calculator: a tile palette (with red fives and melds) and the
 * situation as controls. Every change is written into the editor's hand
 * line, and the line is read back into the controls when the cursor moves
 * or the line is edited by hand: the editor's text is the one truth.
 */

import {
  addTile,
  type CalcState,
  emptyState,
  removeClosed,
  removeIndicator,
  removeMeld,
  type Riichi,
  SPECIALS,
  type Special,
  setWin,
  sortTiles,
  type Target,
  type Wind,
} from './handline';
import type { Strings } from './i18n';
import { tileElement } from './tiles';

export interface CalculatorHooks {
  /** The state changed by a control: write its line. */
  onChange(state: CalcState): void;
  /** The rule words changed. */
  onRules(words: string): void;
}

const WINDS: Wind[] = ['e', 's', 'w', 'n'];
const PALETTE: string[][] = [
  ['1m', '2m', '3m', '4m', '5m', '0m', '6m', '7m', '8m', '9m'],
  ['1p', '2p', '3p', '4p', '5p', '0p', '6p', '7p', '8p', '9p'],
  ['1s', '2s', '3s', '4s', '5s', '0s', '6s', '7s', '8s', '9s'],
  ['1z', '2z', '3z', '4z', '5z', '6z', '7z'],
];

/** The rule switches shown, each with its `rules:` word when on. */
export const SWITCHES: { word: string; off: string; label: string }[] = [
  { word: 'kiriage', off: 'kiriage=off', label: 'kiriage' },
  { word: 'open-tanyao', off: 'open-tanyao=off', label: 'open-tanyao (kuitan)' },
  { word: 'red-fives', off: 'red-fives=off', label: 'red-fives (aka)' },
  { word: 'double-yakuman', off: 'double-yakuman=off', label: 'double-yakuman' },
  { word: 'yakuman-stacking', off: 'yakuman-stacking=off', label: 'yakuman-stacking' },
  { word: 'nagashi', off: 'nagashi=off', label: 'nagashi' },
];

/** The preset's value of each switch (tenhou / mahjong-soul). */
const PRESET_SWITCHES: Record<string, Record<string, boolean>> = {
  tenhou: { kiriage: false, 'open-tanyao': true, 'red-fives': true, 'double-yakuman': false, 'yakuman-stacking': true, nagashi: true },
  'mahjong-soul': { kiriage: false, 'open-tanyao': true, 'red-fives': true, 'double-yakuman': true, 'yakuman-stacking': true, nagashi: true },
};

/** Rule words from a preset and switches: only switches the preset lacks. */
export function ruleWords(preset: string, switches: Record<string, boolean>): string {
  const base = PRESET_SWITCHES[preset] ?? PRESET_SWITCHES.tenhou;
  const words = [preset];
  for (const s of SWITCHES) {
    if (switches[s.word] !== undefined && switches[s.word] !== base[s.word]) words.push(switches[s.word] ? s.word : s.off);
  }
  return words.join(' ');
}

/** The preset and switches of rule words (the inverse of [`ruleWords`]). */
export function parseRuleWords(words: string): { preset: string; switches: Record<string, boolean> } {
  const list = words.split(/[\s,]+/).filter((w) => w.length > 0);
  const preset = list.find((w) => w in PRESET_SWITCHES) ?? 'tenhou';
  const switches = { ...PRESET_SWITCHES[preset] };
  for (const word of list) {
    const [key, value] = word.split('=');
    if (key in switches) switches[key] = value === undefined || value === 'on';
  }
  return { preset, switches };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Calculator {
  private state: CalcState = emptyState();
  private target: Target = 'hand';
  private rules = 'tenhou';
  private t: Strings;

  constructor(
    private readonly root: HTMLElement,
    strings: Strings,
    private readonly hooks: CalculatorHooks,
  ) {
    this.t = strings;
    this.render();
  }

  get current(): CalcState {
    return this.state;
  }

  /** Shows a state read from the editor (no write back). */
  show(state: CalcState): void {
    this.state = state;
    this.render();
  }

  setStrings(strings: Strings): void {
    this.t = strings;
    this.render();
  }

  setRules(words: string): void {
    if (words === this.rules) return;
    this.rules = words;
    this.render();
  }

  private change(state: CalcState | null): void {
    if (!state) {
      this.root.querySelector('.tp-palette')?.classList.add('tp-refused');
      setTimeout(() => this.root.querySelector('.tp-palette')?.classList.remove('tp-refused'), 250);
      return;
    }
    this.state = state;
    this.render();
    this.hooks.onChange(state);
  }

  private render(): void {
    const t = this.t;
    const s = this.state;
    // The rules stay open while the user works with them.
    const rulesOpen = this.root.querySelector<HTMLDetailsElement>('details.tp-rules')?.open ?? false;
    this.root.replaceChildren();

    // The hand: closed tiles (click to remove, double-click: winning tile),
    // melds (click to remove), indicators.
    const hand = el('div', 'tp-hand');
    hand.setAttribute('aria-label', t.hand);
    const sorted = sortTiles(s.closed);
    if (sorted.length === 0 && s.melds.length === 0) hand.append(el('span', 'tp-muted', t.handEmpty));
    sorted.forEach((code, index) => {
      const tile = tileElement(code, 'button');
      if (s.win === code && sorted.lastIndexOf(code) === index) tile.classList.add('tp-win');
      tile.addEventListener('click', () => this.change(removeClosed(s, index)));
      tile.addEventListener('contextmenu', (event) => {
        event.preventDefault();
        this.change(setWin(s, code));
      });
      hand.append(tile);
    });
    s.melds.forEach((meld, index) => {
      const group = el('button', `tp-meld tp-meld-${meld.kind}`);
      group.title = meld.kind;
      for (const code of meld.tiles) group.append(tileElement(code));
      group.addEventListener('click', () => this.change(removeMeld(s, index)));
      hand.append(group);
    });
    this.root.append(hand);

    // Where a clicked tile goes.
    const targets: [Target, string][] = [
      ['hand', t.targetHand],
      ['chi', t.targetChi],
      ['pon', t.targetPon],
      ['kan', t.targetKan],
      ['ankan', t.targetAnkan],
      ['dora', t.targetDora],
      ['ura', t.targetUra],
    ];
    const targetBar = el('div', 'tp-segmented tp-targets');
    targetBar.setAttribute('role', 'radiogroup');
    targetBar.setAttribute('aria-label', t.addTo);
    for (const [target, label] of targets) {
      const button = el('button', target === this.target ? 'tp-on' : '', label);
      button.dataset.target = target;
      button.setAttribute('role', 'radio');
      button.setAttribute('aria-checked', String(target === this.target));
      button.addEventListener('click', () => {
        this.target = target;
        this.render();
      });
      targetBar.append(button);
    }
    const clear = el('button', 'tp-clear', t.clear);
    clear.addEventListener('click', () => this.change({ ...emptyState(), extra: s.extra }));
    targetBar.append(clear);
    this.root.append(targetBar);

    const palette = el('div', 'tp-palette');
    palette.setAttribute('aria-label', t.palette);
    for (const row of PALETTE) {
      const line = el('div', 'tp-palette-row');
      for (const code of row) {
        const tile = tileElement(code, 'button');
        tile.addEventListener('click', () => this.change(addTile(this.state, code, this.target)));
        line.append(tile);
      }
      palette.append(line);
    }
    this.root.append(palette);

    // The situation.
    const form = el('div', 'tp-controls');
    const field = (label: string, control: HTMLElement) => {
      const wrap = el('label', 'tp-field');
      wrap.append(el('span', undefined, label), control);
      form.append(wrap);
    };
    const select = <T extends string>(name: string, values: T[], labels: (v: T) => string, value: T, set: (v: T) => CalcState) => {
      const control = el('select');
      control.name = name;
      for (const v of values) {
        const option = el('option', undefined, labels(v));
        option.value = v;
        option.selected = v === value;
        control.append(option);
      }
      control.addEventListener('change', () => this.change(set(control.value as T)));
      return control;
    };
    field(t.seat, select('seat', WINDS, (w) => t.winds[w], s.seat, (seat) => ({ ...s, seat })));
    field(t.round, select('round', WINDS, (w) => t.winds[w], s.round, (round) => ({ ...s, round })));
    field(
      t.win,
      select('win', ['ron', 'tsumo'], (v) => (v === 'ron' ? t.ron : t.tsumo), s.tsumo ? 'tsumo' : 'ron', (v) => ({ ...s, tsumo: v === 'tsumo' })),
    );
    field(
      t.riichi,
      select<Riichi>(
        'riichi',
        ['none', 'riichi', 'double'],
        (v) => ({ none: t.riichiNone, riichi: t.riichiOn, double: t.riichiDouble })[v],
        s.riichi,
        (riichi) => ({ ...s, riichi, ippatsu: riichi === 'none' ? false : s.ippatsu }),
      ),
    );
    const ippatsu = el('input');
    ippatsu.type = 'checkbox';
    ippatsu.name = 'ippatsu';
    ippatsu.checked = s.ippatsu;
    ippatsu.disabled = s.riichi === 'none';
    ippatsu.addEventListener('change', () => this.change({ ...s, ippatsu: ippatsu.checked }));
    field(t.ippatsu, ippatsu);
    field(t.special, select<Special>('special', SPECIALS, (v) => t.specials[v], s.special, (special) => ({ ...s, special })));
    const number = (name: string, value: number, set: (n: number) => CalcState) => {
      const input = el('input');
      input.type = 'number';
      input.name = name;
      input.min = '0';
      input.max = '999';
      input.value = String(value);
      input.addEventListener('change', () => {
        const n = Math.max(0, Math.min(999, Math.floor(Number(input.value) || 0)));
        this.change(set(n));
      });
      return input;
    };
    field(t.honba, number('honba', s.honba, (honba) => ({ ...s, honba })));
    field(t.sticks, number('sticks', s.sticks, (sticks) => ({ ...s, sticks })));
    this.root.append(form);

    const indicators = el('div', 'tp-indicators');
    for (const [key, label] of [
      ['dora', t.dora],
      ['ura', t.ura],
    ] as const) {
      const row = el('div', 'tp-indicator-row');
      row.append(el('span', 'tp-label', label));
      s[key].forEach((code, index) => {
        const tile = tileElement(code, 'button');
        tile.addEventListener('click', () => this.change(removeIndicator(s, key, index)));
        row.append(tile);
      });
      if (s[key].length === 0) row.append(el('span', 'tp-muted', '—'));
      indicators.append(row);
    }
    this.root.append(indicators);

    // The rules: a preset and switches.
    const { preset, switches } = parseRuleWords(this.rules);
    const rules = el('details', 'tp-rules');
    rules.open = rulesOpen;
    rules.append(el('summary', undefined, `${t.rules}: ${this.rules}`));
    const presetSelect = el('select');
    presetSelect.name = 'preset';
    for (const p of ['tenhou', 'mahjong-soul']) {
      const option = el('option', undefined, p);
      option.value = p;
      option.selected = p === preset;
      presetSelect.append(option);
    }
    presetSelect.addEventListener('change', () => this.hooks.onRules(ruleWords(presetSelect.value, PRESET_SWITCHES[presetSelect.value])));
    const presetField = el('label', 'tp-field');
    presetField.append(el('span', undefined, t.rules), presetSelect);
    rules.append(presetField);
    for (const sw of SWITCHES) {
      const box = el('input');
      box.type = 'checkbox';
      box.name = sw.word;
      box.checked = switches[sw.word];
      box.addEventListener('change', () => this.hooks.onRules(ruleWords(preset, { ...switches, [sw.word]: box.checked })));
      const wrap = el('label', 'tp-switch');
      wrap.append(box, document.createTextNode(' ' + sw.label));
      rules.append(wrap);
    }
    this.root.append(rules);
  }
}
