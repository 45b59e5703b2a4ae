/**
 * The results panel: what one hand line is worth (yaku with han, fu with
 * reasons, payments) or how far it is from winning (shanten, waits with
 * tiles left and their values, the discard table of a 14-tile hand), from
 * tenpai's analysis of the line.
 */

import type { Strings } from './i18n';
import { tileElement, tileRow } from './tiles';
import type { LineReport, Points, UkeireJson, WaitJson, WinValueJson, YakuHan } from './types';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const LIMIT_NAMES: Record<string, string> = {
  mangan: 'Mangan',
  haneman: 'Haneman',
  baiman: 'Baiman',
  sanbaiman: 'Sanbaiman',
  yakuman: 'Yakuman',
  'kazoe-yakuman': 'Kazoe yakuman',
  'double-yakuman': 'Double yakuman',
  'triple-yakuman': 'Triple yakuman',
};

const LIMIT_NAMES_JA: Record<string, string> = {
  mangan: '満貫',
  haneman: '跳満',
  baiman: '倍満',
  sanbaiman: '三倍満',
  yakuman: '役満',
  'kazoe-yakuman': '数え役満',
  'double-yakuman': 'ダブル役満',
  'triple-yakuman': 'トリプル役満',
};

export function limitName(limit: string, lang: 'en' | 'ja'): string {
  return (lang === 'ja' ? LIMIT_NAMES_JA : LIMIT_NAMES)[limit] ?? limit;
}

export function yakuName(yaku: YakuHan, lang: 'en' | 'ja'): string {
  return lang === 'ja' && yaku.name_ja ? yaku.name_ja : yaku.name;
}

/** `8000`, `2000/3900`, `3900 all`: how the win is paid. */
export function paymentText(points: Points, t: Strings): string {
  if (points.ron !== undefined) return `${t.ronPays} ${points.ron}`;
  if (points.dealer !== undefined && points.non_dealer !== undefined) {
    return `${points.non_dealer}/${points.dealer}`;
  }
  if (points.non_dealer !== undefined) return `${points.non_dealer} ${t.allPay}`;
  return String(points.total);
}

function valueText(value: WinValueJson | null, lang: 'en' | 'ja', t: Strings): string {
  if (!value) return '';
  if (value.error) return value.error === 'no-yaku' ? (lang === 'ja' ? '役なし' : 'no yaku') : value.error;
  const limit = value.limit ? `${limitName(value.limit, lang)} · ` : '';
  return `${limit}${value.han} ${t.han} ${value.fu} ${t.fu} · ${value.total}`;
}

function waitsTable(waits: WaitJson[], lang: 'en' | 'ja', t: Strings): HTMLElement {
  const table = el('table', 'tp-table tp-waits');
  const head = table.createTHead().insertRow();
  for (const h of [t.waits, t.tilesLeft, t.ron, t.tsumo]) head.append(el('th', undefined, h));
  const body = table.createTBody();
  for (const wait of waits) {
    const row = body.insertRow();
    row.insertCell().append(tileElement(wait.tile));
    row.insertCell().textContent = String(wait.left);
    row.insertCell().textContent = valueText(wait.ron, lang, t);
    row.insertCell().textContent = valueText(wait.tsumo, lang, t);
  }
  return table;
}

function ukeireBlock(ukeire: UkeireJson, t: Strings): HTMLElement {
  const block = el('div', 'tp-ukeire');
  block.append(el('h4', undefined, `${t.ukeire}: ${ukeire.total} ${t.left}`));
  const row = el('div', 'tp-tiles');
  for (const tile of ukeire.tiles) {
    const cell = el('span', 'tp-count');
    cell.append(tileElement(tile.tile), el('small', undefined, `×${tile.left}`));
    row.append(cell);
  }
  block.append(row);
  return block;
}

/** Draws `report` into `root`, replacing what was there. */
export function renderResults(
  root: HTMLElement,
  report: LineReport | null,
  lang: 'en' | 'ja',
  t: Strings,
  /** The hand drawn by the renderer (an `<svg>` on the page's sprite). */
  picture?: string,
): void {
  root.replaceChildren();
  if (picture) {
    const hand = el('div', 'tp-picture');
    // The renderer's own markup: the line's text in it is escaped there.
    hand.innerHTML = picture;
    root.append(hand);
  }
  if (!report || !report.hand) {
    root.append(el('p', 'tp-muted', t.noHand));
    if (report && report.diagnostics.length > 0) root.append(problems(report, t));
    return;
  }
  const errors = report.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || report.outcome === 'none') {
    root.append(problems(report, t));
    return;
  }
  if (report.outcome === 'score' && report.score) {
    const score = report.score;
    const headline = el('div', 'tp-headline');
    const limit = score.limit ? `${limitName(score.limit, lang)} · ` : '';
    headline.append(
      el('span', 'tp-value', `${limit}${score.points?.total ?? ''}`),
      el('span', 'tp-hanfu', `${score.han} ${t.han} ${score.fu} ${t.fu}`),
    );
    if (score.points) headline.append(el('span', 'tp-payment', paymentText(score.points, t)));
    root.append(headline);

    const yaku = el('table', 'tp-table tp-yaku');
    yaku.createTHead().insertRow().append(el('th', undefined, t.yaku), el('th', 'tp-num', t.han));
    const yakuBody = yaku.createTBody();
    for (const y of score.yaku ?? []) {
      const row = yakuBody.insertRow();
      row.dataset.yaku = y.id;
      row.insertCell().textContent = yakuName(y, lang);
      const han = row.insertCell();
      han.className = 'tp-num';
      han.textContent = String(y.han);
    }
    root.append(yaku);

    if (score.fu_details && score.fu_details.length > 0) {
      const fu = el('table', 'tp-table tp-fu');
      fu.createTHead().insertRow().append(el('th', undefined, t.fuReasons), el('th', 'tp-num', t.fu));
      const fuBody = fu.createTBody();
      for (const item of score.fu_details) {
        const row = fuBody.insertRow();
        row.insertCell().textContent = item.reason;
        const value = row.insertCell();
        value.className = 'tp-num';
        value.textContent = String(item.fu);
      }
      root.append(fu);
    }
  } else if (report.outcome === 'unscored' && report.score?.error) {
    root.append(el('div', 'tp-headline', report.score.error.code === 'no-yaku' ? t.noYaku : report.score.error.message));
  } else if (report.outcome === 'shanten' && report.shanten) {
    const shanten = report.shanten;
    root.append(el('div', 'tp-headline', shanten.shanten === 0 ? (lang === 'ja' ? '聴牌' : 'Tenpai') : lang === 'ja' ? `${shanten.shanten}向聴` : shanten.name));
    if (shanten.waits) root.append(waitsTable(shanten.waits, lang, t));
    if (shanten.ukeire) root.append(ukeireBlock(shanten.ukeire, t));
    if (shanten.discards) {
      const table = el('table', 'tp-table tp-discards');
      const head = table.createTHead().insertRow();
      for (const h of [t.discard, t.shantenAfter, t.ukeire, t.waits]) head.append(el('th', undefined, h));
      const body = table.createTBody();
      for (const option of shanten.discards) {
        const row = body.insertRow();
        row.insertCell().append(tileElement(option.tile));
        row.insertCell().textContent = option.shanten === 0 ? (lang === 'ja' ? '聴牌' : 'tenpai') : String(option.shanten);
        row.insertCell().textContent = `${option.ukeire.total}`;
        const waits = row.insertCell();
        if (option.waits) waits.append(tileRow(option.waits.map((w) => w.tile), 'tp-tiles tp-small'));
      }
      root.append(table);
    }
  }
  const notes = report.diagnostics.filter((d) => d.severity !== 'error');
  if (notes.length > 0) root.append(problems({ ...report, diagnostics: notes }, t));
}

function problems(report: LineReport, t: Strings): HTMLElement {
  const block = el('div', 'tp-problems');
  block.append(el('h4', undefined, t.errors));
  const list = el('ul');
  for (const d of report.diagnostics) {
    const item = el('li', `tp-sev-${d.severity}`);
    item.append(el('code', undefined, d.code), document.createTextNode(` ${d.message}`));
    list.append(item);
  }
  block.append(list);
  return block;
}
