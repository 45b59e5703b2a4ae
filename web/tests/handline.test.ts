// The calculator's hand ↔ the hand line.
import { describe, expect, it } from 'vitest';
import { addTile, compact, emptyState, extraOf, readState, removeClosed, sortTiles, writeLine } from '../src/handline';

function build(codes: string[]) {
  let state = emptyState();
  for (const code of codes) {
    const next = addTile(state, code, 'hand');
    if (!next) throw new Error(`refused ${code}`);
    state = next;
  }
  return state;
}

describe('writing a line', () => {
  it('sorts by suit, a red five before the fives, and groups suits', () => {
    expect(sortTiles(['5m', '0m', '4m', '1z', '9p'])).toEqual(['4m', '0m', '5m', '9p', '1z']);
    expect(compact(['1m', '2m', '3p', '4s'])).toBe('12m3p4s');
  });

  it('writes the winning tile last, or with win= when sorting moves it', () => {
    const last = build(['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z', '2z']);
    expect(writeLine(last)).toBe('123m456p789s11222z');
    const inside = build(['2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z', '2z', '1m']);
    expect(inside.win).toBe('1m');
    expect(writeLine(inside)).toBe('123m456p789s11222z win=1m');
  });

  it('writes melds, the situation and kept words in the formatter order', () => {
    let state = build(['2m', '3m', '4m', '0p', '6p', '7p', '1z', '1z']);
    state = addTile(state, '7z', 'pon') ?? state;
    state = addTile(state, '3s', 'chi') ?? state;
    state = {
      ...state,
      tsumo: true,
      seat: 's',
      round: 'e',
      dora: ['1m', '3p'],
      honba: 1,
      extra: '=> 1000/2000 # mine',
    };
    expect(state.win).toBeNull();
    expect(writeLine(state)).toBe('234m067p11z (777z) (345s) tsumo seat=s dora=1m3p honba=1 => 1000/2000 # mine');
  });

  it('refuses a fifth copy, a second red five and a fifteenth tile', () => {
    const four = build(['1m', '1m', '1m', '1m']);
    expect(addTile(four, '1m', 'hand')).toBeNull();
    const red = build(['0m']);
    expect(addTile(red, '0m', 'hand')).toBeNull();
    expect(addTile(red, '5m', 'hand')).not.toBeNull();
    const full = build(['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z', '2z']);
    expect(addTile(full, '3z', 'hand')).toBeNull();
    expect(addTile(emptyState(), '8m', 'chi')).toBeNull();
    expect(addTile(emptyState(), '1z', 'chi')).toBeNull();
  });

  it('removes a clicked tile and forgets the winning tile', () => {
    const full = build(['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '2z', '2z', '2z']);
    const less = removeClosed(full, 0);
    expect(less.closed).toHaveLength(13);
    expect(less.win).toBeNull();
    expect(writeLine(less)).toBe('23m456p789s11222z');
  });
});

describe('reading a line back', () => {
  it('keeps the claim, the comment and options without a control', () => {
    expect(extraOf('123m456p789s11222z riichi visible=1m2m discard=3p => 2000 # note')).toBe(
      'visible=1m2m discard=3p => 2000 # note',
    );
    expect(extraOf('123m # a => b')).toBe('# a => b');
    // A review's river (the player's own discards, for furiten) stays.
    expect(extraOf('123m456p789s11222z river=4m9p discard=3p')).toBe('river=4m9p discard=3p');
  });

  it('takes the analysis and writes the same line again', () => {
    const line = '234m067p11z (777z) (345s) tsumo seat=s dora=1m3p honba=1 => 1000/2000';
    const state = readState(
      { closed: ['2m', '3m', '4m', '0p', '6p', '7p', '1z', '1z'], melds: [{ kind: 'pon', tiles: ['7z', '7z', '7z'] }, { kind: 'chi', tiles: ['3s', '4s', '5s'] }], win: '1z' },
      {
        tsumo: true,
        riichi: 'none',
        ippatsu: false,
        last_tile: false,
        rinshan: false,
        chankan: false,
        tenhou: false,
        chiihou: false,
        renhou: false,
        seat: 's',
        round: 'e',
        dora: ['1m', '3p'],
        ura: [],
        honba: 1,
        sticks: 0,
      },
      line,
    );
    expect(writeLine(state)).toBe(line);
  });

  it('finds a red winning tile and the special win', () => {
    const state = readState(
      { closed: ['0m'], melds: [], win: '5m' },
      {
        tsumo: true,
        riichi: 'riichi',
        ippatsu: true,
        last_tile: true,
        rinshan: false,
        chankan: false,
        tenhou: false,
        chiihou: false,
        renhou: false,
        seat: 'e',
        round: 'e',
        dora: [],
        ura: [],
        honba: 0,
        sticks: 0,
      },
      '0m',
    );
    expect(state.win).toBe('0m');
    expect(state.special).toBe('haitei');
  });
});
