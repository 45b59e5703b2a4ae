/**
 * Tiles drawn in the page (palette, hand, results) with the renderer's
 * faces (crates/tenpai-doc/src/render, through tenpai-wasm): the page holds
 * their sprite once, and each tile is an `<svg>` pointing at its face, so
 * no font is needed to show a tile.
 */

const SVG = 'http://www.w3.org/2000/svg';

/** Puts the renderer's sprite and its style rules in the page (once). */
export function installSprite(sprite: string, css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = sprite;
  document.body.prepend(holder);
}

/** A tile element; `data-tile` and `title` are its code (`5m`, `0m`). */
export function tileElement(code: string, tag: 'span' | 'button' = 'span'): HTMLElement {
  const el = document.createElement(tag);
  el.className = 'tp-tile';
  el.dataset.tile = code;
  el.title = code;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 30 40');
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#mj-${code}`);
  svg.append(use);
  el.append(svg);
  return el;
}

/** A row of tiles. */
export function tileRow(codes: string[], className = 'tp-tiles'): HTMLElement {
  const row = document.createElement('span');
  row.className = className;
  for (const code of codes) row.append(tileElement(code));
  return row;
}
