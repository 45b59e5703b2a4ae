// Sharing through the URL fragment.
import { describe, expect, it } from 'vitest';
import { decodeFragment, encodeFragment } from '../src/share';
import { parseRuleWords, ruleWords } from '../src/calculator';

describe('the URL fragment', () => {
  it('round-trips a document, its kind and rules', async () => {
    const state = { doc: '# 牌\n🀇🀈🀉 => 1000\n'.repeat(50), kind: 'markdown' as const, rules: 'mahjong-soul kiriage' };
    const fragment = await encodeFragment(state);
    expect(fragment).toMatch(/^v1=[A-Za-z0-9_-]+$/);
    // Repetitive documents compress: a long document still makes a link.
    expect(fragment.length).toBeLessThan(state.doc.length / 4);
    expect(await decodeFragment('#' + fragment)).toEqual(state);
  });

  it('opens a plain hand link as a one-line document', async () => {
    expect(await decodeFragment('#hand=123m456p789s11222z%20riichi')).toEqual({
      doc: '123m456p789s11222z riichi\n',
      kind: 'mj',
      rules: 'tenhou',
    });
  });

  it('ignores a damaged or foreign fragment', async () => {
    expect(await decodeFragment('#v1=AAAA')).toBeNull();
    expect(await decodeFragment('#section-2')).toBeNull();
    expect(await decodeFragment('')).toBeNull();
  });
});

describe('rule words', () => {
  it('write only what differs from the preset, and read back', () => {
    expect(ruleWords('tenhou', { kiriage: true, 'double-yakuman': false })).toBe('tenhou kiriage');
    expect(ruleWords('mahjong-soul', { 'double-yakuman': false })).toBe('mahjong-soul double-yakuman=off');
    const parsed = parseRuleWords('mahjong-soul double-yakuman=off kiriage');
    expect(parsed.preset).toBe('mahjong-soul');
    expect(parsed.switches['double-yakuman']).toBe(false);
    expect(parsed.switches.kiriage).toBe(true);
  });
});
