/**
 * Tiles drawn in the page (palette, hand, results): a face per tile code,
 * and the hand as a standalone SVG for "copy as SVG".
 */

const HONOR_FACES = ['', '東', '南', '西', '北', '白', '發', '中'];
const SUIT_NAMES: Record<string, string> = { m: 'man', p: 'pin', s: 'sou', z: 'honor' };

/** The face text of a tile: `5` for 5m, the kanji of an honor. */
export function face(code: string): string {
  if (code[1] === 'z') return HONOR_FACES[Number(code[0])] ?? '?';
  return code[0] === '0' ? '5' : code[0];
}

/** A tile element; `title` is its code, for tests and tooltips. */
export function tileElement(code: string, tag: 'span' | 'button' = 'span'): HTMLElement {
  const el = document.createElement(tag);
  el.className = `tp-tile tp-suit-${SUIT_NAMES[code[1]] ?? 'honor'}`;
  if (code[0] === '0') el.classList.add('tp-red');
  if (code === '7z') el.classList.add('tp-chun');
  if (code === '6z') el.classList.add('tp-hatsu');
  el.dataset.tile = code;
  el.title = code;
  const number = document.createElement('span');
  number.className = 'tp-face';
  number.textContent = face(code);
  el.append(number);
  if (code[1] !== 'z') {
    const suit = document.createElement('span');
    suit.className = 'tp-suit';
    suit.textContent = { m: '萬', p: '筒', s: '索' }[code[1]] ?? '';
    el.append(suit);
  }
  return el;
}

/** A row of tiles. */
export function tileRow(codes: string[], className = 'tp-tiles'): HTMLElement {
  const row = document.createElement('span');
  row.className = className;
  for (const code of codes) row.append(tileElement(code));
  return row;
}

const SUIT_COLOURS: Record<string, string> = { m: '#b3261e', p: '#1d4f9c', s: '#1f7a3a', z: '#222' };

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

/**
 * The hand as an SVG image: closed tiles, a gap, then each meld, as the
 * page draws them. Self-contained (no fonts beyond the reader's, no links).
 */
export function handSvg(closed: string[], melds: string[][]): string {
  const width = 30;
  const height = 40;
  const gap = 10;
  let x = 0;
  const parts: string[] = [];
  const draw = (code: string) => {
    const colour = code[0] === '0' || code === '7z' ? '#d0021b' : code === '6z' ? '#1f7a3a' : SUIT_COLOURS[code[1]];
    const suit = { m: '萬', p: '筒', s: '索' }[code[1]] ?? '';
    parts.push(
      `<g transform="translate(${x} 0)"><rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="4" fill="#fffdf6" stroke="#8a8270"/>` +
        `<text x="${width / 2}" y="${suit ? 21 : 27}" font-size="${suit ? 17 : 19}" text-anchor="middle" fill="${colour}" font-family="sans-serif">${escapeXml(face(code))}</text>` +
        (suit ? `<text x="${width / 2}" y="34" font-size="10" text-anchor="middle" fill="${colour}" font-family="sans-serif">${suit}</text>` : '') +
        `</g>`,
    );
    x += width;
  };
  closed.forEach(draw);
  for (const meld of melds) {
    x += gap;
    meld.forEach(draw);
  }
  const label = escapeXml([closed.join(' '), ...melds.map((m) => `(${m.join(' ')})`)].join(' '));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.max(x, 1)}" height="${height}" viewBox="0 0 ${Math.max(x, 1)} ${height}" role="img" aria-label="${label}">` +
    parts.join('') +
    `</svg>`
  );
}
