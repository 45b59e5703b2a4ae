// The adapter: document answers (as tenpai-wasm sends them) → CodeMirror.
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  actionChanges,
  clampRange,
  completionResult,
  hintDecorations,
  HintWidget,
  lintDiagnostics,
  mergeDiagnostics,
  replaceHints,
  replaceTokens,
  tokenClasses,
  tokenDecorations,
  unpackTokens,
} from '../src/adapter';
import { applyChanges, overlapSpan, unionSpan, wholeLines } from '../src/protocol';
import type { Completion, DocDiagnostic, Hint, Token } from '../src/types';

function ranges(set: ReturnType<typeof tokenDecorations>): { from: number; to: number; value: unknown }[] {
  const out: { from: number; to: number; value: unknown }[] = [];
  set.between(0, 1e9, (from, to, value) => {
    out.push({ from, to, value });
  });
  return out;
}

describe('lintDiagnostics', () => {
  const diagnostic: DocDiagnostic = {
    from: 20,
    to: 23,
    severity: 'error',
    code: 'missing-suit',
    message: 'digits without a suit',
    related: [{ from: 0, to: 3, message: 'the other copies' }],
    fixes: [{ title: 'Write 123m', change: { from: 20, to: 23, insert: '123m' }, safe: false }],
  };

  it('keeps severity, places and the code, and names related places', () => {
    const [d] = lintDiagnostics([diagnostic], 100);
    expect(d.from).toBe(20);
    expect(d.to).toBe(23);
    expect(d.severity).toBe('error');
    expect(d.source).toBe('tenpai missing-suit');
    expect(d.message).toBe('digits without a suit (the other copies)');
  });

  it('clamps a range past the end of a shorter document', () => {
    const [d] = lintDiagnostics([diagnostic], 21);
    expect([d.from, d.to]).toEqual([20, 21]);
  });

  it('turns each fix into an action that applies its edit', () => {
    const [d] = lintDiagnostics([diagnostic], 100);
    expect(d.actions?.map((a) => a.name)).toEqual(['Write 123m']);
    let state = EditorState.create({ doc: 'x'.repeat(20) + '123 456p' });
    const view = {
      get state() {
        return state;
      },
      dispatch(spec: Parameters<EditorState['update']>[0]) {
        state = state.update(spec).state;
      },
    };
    // The action only needs dispatch and the state, as a view has them.
    d.actions?.[0].apply(view as never, d.from, d.to);
    expect(state.doc.toString()).toBe('x'.repeat(20) + '123m 456p');
  });

  it('applies a fix where its diagnostic moved to', () => {
    const [d] = lintDiagnostics([diagnostic], 100);
    // Two lines typed above: the diagnostic is 3 characters further on.
    let state = EditorState.create({ doc: 'ab\n' + 'x'.repeat(20) + '123 456p' });
    const view = {
      get state() {
        return state;
      },
      dispatch(spec: Parameters<EditorState['update']>[0]) {
        state = state.update(spec).state;
      },
    };
    d.actions?.[0].apply(view as never, d.from + 3, d.to + 3);
    expect(state.doc.toString()).toBe('ab\n' + 'x'.repeat(20) + '123m 456p');
  });
});

describe('diagnostics after an edit', () => {
  const make = (from: number, message: string): DocDiagnostic => ({
    from,
    to: from + 3,
    severity: 'error',
    code: 'missing-suit',
    message,
    related: [],
    fixes: [],
  });
  // Kept by the lint state: one before the span, one in it, one after it
  // (already moved by the edit).
  const kept = lintDiagnostics([make(2, 'above'), make(12, 'typed'), make(31, 'below')], 100).map((diagnostic) => ({
    diagnostic,
    from: diagnostic.from,
    to: diagnostic.to,
  }));
  const span = { from: 10, to: 20 };

  it('are left alone when the span shows the same', () => {
    expect(mergeDiagnostics(kept, span, lintDiagnostics([make(12, 'typed')], 100))).toBeNull();
  });

  it('replace those of the span, keeping the others where they are now', () => {
    const merged = mergeDiagnostics(kept, span, lintDiagnostics([make(14, 'typed again'), make(40, 'outside')], 100));
    expect(merged?.map((d) => [d.from, d.message])).toEqual([
      [2, 'above'],
      [14, 'typed again'],
      [31, 'below'],
    ]);
  });

  it('go when the span has none', () => {
    expect(mergeDiagnostics(kept, span, [])?.map((d) => d.message)).toEqual(['above', 'below']);
  });
});

describe('semantic tokens', () => {
  const tokens: Token[] = [
    { from: 0, to: 3, type: 'manTile', modifiers: [] },
    { from: 3, to: 4, type: 'pinTile', modifiers: ['red'] },
    { from: 5, to: 5, type: 'property', modifiers: [] },
    { from: 6, to: 12, type: 'comment', modifiers: [] },
  ];

  it('name classes after the legend and the modifiers', () => {
    expect(tokenClasses(tokens[1])).toBe('tp-pinTile tp-mod-red');
  });

  it('become marks, empty ones left out and ends clamped', () => {
    const marks = ranges(tokenDecorations(tokens, 10));
    expect(marks.map((m) => [m.from, m.to])).toEqual([
      [0, 3],
      [3, 4],
      [6, 10],
    ]);
  });

  const legend = { types: ['manTile', 'pinTile', 'property'], modifiers: ['red', 'called'] };

  it('come packed as numbers, with the legend naming types and modifier bits', () => {
    const packed = new Uint32Array([0, 3, 0, 0, 3, 4, 1, 1, 10, 16, 2, 2, 20, 23, 1, 3]);
    expect(unpackTokens(packed, legend, 0, 20)).toEqual([
      { from: 0, to: 3, type: 'manTile', modifiers: [] },
      { from: 3, to: 4, type: 'pinTile', modifiers: ['red'] },
      { from: 10, to: 16, type: 'property', modifiers: ['called'] },
    ]);
    // Only those starting in the range asked for.
    expect(unpackTokens(packed, legend, 3, 10).map((t) => t.from)).toEqual([3]);
  });

  it('join touching tokens of one class: a run of tiles is one mark', () => {
    // `123m0p`: four man tokens, then a red five and its suffix.
    const packed = new Uint32Array([0, 1, 0, 0, 1, 2, 0, 0, 2, 3, 0, 0, 3, 4, 0, 0, 4, 5, 1, 1, 5, 6, 1, 0, 7, 8, 1, 0]);
    expect(unpackTokens(packed, legend, 0, 10).map((t) => [t.from, t.to, t.type, t.modifiers.join()])).toEqual([
      [0, 4, 'manTile', ''],
      [4, 5, 'pinTile', 'red'],
      [5, 6, 'pinTile', ''],
      // Not touching: a mark of its own.
      [7, 8, 'pinTile', ''],
    ]);
  });

  it('of a span replace those drawn there, the others kept', () => {
    const before = tokenDecorations(tokens, 20);
    const after = replaceTokens(before, { from: 3, to: 5 }, [{ from: 3, to: 5, type: 'souTile', modifiers: [] }], 20);
    expect(ranges(after).map((m) => [m.from, m.to, (m.value as { spec: { class: string } }).spec.class])).toEqual([
      [0, 3, 'tp-manTile'],
      [3, 5, 'tp-souTile'],
      [6, 12, 'tp-comment'],
    ]);
  });
});

describe('inlay hints', () => {
  it('become widgets at their offsets, in order', () => {
    const hints: Hint[] = [
      { at: 30, label: '⇒ 1 han 40 fu · 1300', kind: 'value' },
      { at: 12, label: 'tenpai · 14m (8)', kind: 'state' },
    ];
    const widgets = ranges(hintDecorations(hints, 100));
    expect(widgets.map((w) => w.from)).toEqual([12, 30]);
    const spec = (widgets[1].value as { spec: { widget: HintWidget } }).spec;
    expect(spec.widget.label).toBe('⇒ 1 han 40 fu · 1300');
    expect(spec.widget.eq(new HintWidget('⇒ 1 han 40 fu · 1300', 'value'))).toBe(true);
    expect(spec.widget.eq(new HintWidget('⇒ 1 han 40 fu · 1300', 'state'))).toBe(false);
  });
});

describe('after an edit', () => {
  // Three lines: 0-9 `aaaaaaaaa`, 10-19 `bbbbbbbbb`, 20-29 `ccccccccc`.
  const text = 'aaaaaaaaa\nbbbbbbbbb\nccccccccc\n';
  const state = EditorState.create({ doc: text });
  // A character typed in the middle line.
  const typed = state.update({ changes: { from: 14, insert: 'x' } });

  const newText = typed.state.doc.toString();
  // What the editor posts: the range typed, in the new text.
  const edited = { from: 14, to: 15 };

  it('draws again the whole text lines the edit touched', () => {
    expect(wholeLines(newText, edited)).toEqual({ from: 10, to: 20 });
  });

  it('and those where the engine says the analysis changed', () => {
    expect(wholeLines(newText, unionSpan(edited, { from: 9, to: 25 })!)).toEqual({ from: 0, to: 30 });
  });

  it('takes a line end as the end of its line, and a line start as its start', () => {
    expect(wholeLines(newText, { from: 20, to: 20 })).toEqual({ from: 10, to: 20 });
    expect(wholeLines(newText, { from: 21, to: 21 })).toEqual({ from: 21, to: 30 });
    expect(wholeLines(newText, { from: 10, to: 10 })).toEqual({ from: 10, to: 20 });
    expect(wholeLines(newText, { from: 31, to: 31 })).toEqual({ from: 31, to: 31 });
    expect(wholeLines('\nab', { from: 0, to: 0 })).toEqual({ from: 0, to: 0 });
    expect(wholeLines('ab', { from: 5, to: 9 })).toEqual({ from: 0, to: 2 });
  });

  it('makes the editor\'s changes to the text the engine holds', () => {
    const changes: { from: number; to: number; insert: string }[] = [];
    typed.changes.iterChanges((from, to, _fromB, _toB, inserted) => changes.push({ from, to, insert: inserted.toString() }));
    expect(applyChanges(text, changes, newText.length)).toBe(newText);
    expect(applyChanges('abcdef', [{ from: 0, to: 1, insert: 'X' }, { from: 3, to: 5, insert: '' }], 4)).toBe('Xbcf');
  });

  it('says when the changes do not fit the text', () => {
    expect(applyChanges('abc', [{ from: 2, to: 9, insert: 'x' }], 3)).toBeNull();
    expect(applyChanges('abc', [{ from: 2, to: 3, insert: 'x' }, { from: 1, to: 1, insert: 'y' }], 4)).toBeNull();
    expect(applyChanges('abc', [{ from: 0, to: 0, insert: 'x' }], 3)).toBeNull();
  });

  it('joins and meets spans', () => {
    expect(unionSpan(null, edited)).toEqual(edited);
    expect(unionSpan({ from: 3, to: 5 }, { from: 10, to: 12 })).toEqual({ from: 3, to: 12 });
    expect(overlapSpan({ from: 3, to: 10 }, { from: 8, to: 20 })).toEqual({ from: 8, to: 10 });
    expect(overlapSpan({ from: 3, to: 5 }, { from: 8, to: 20 })).toBeNull();
  });

  it('keeps the hints elsewhere, moved, and takes the new ones of the span', () => {
    const before = hintDecorations(
      [
        { at: 9, label: 'a', kind: 'value' },
        { at: 19, label: 'b', kind: 'value' },
        { at: 29, label: 'c', kind: 'state' },
      ],
      text.length,
    );
    const span = wholeLines(newText, edited);
    const fresh: Hint[] = [
      // Asked for by the span's lines; one outside it is left out.
      { at: 9, label: 'a again', kind: 'value' },
      { at: 20, label: 'b typed', kind: 'state' },
    ];
    const after = replaceHints(before.map(typed.changes), span, fresh, typed.state.doc.length);
    const labels = ranges(after).map((w) => [w.from, (w.value as { spec: { widget: HintWidget } }).spec.widget.label]);
    expect(labels).toEqual([
      [9, 'a'],
      [20, 'b typed'],
      [30, 'c'],
    ]);
  });
});

describe('edits', () => {
  it('clamp to the document', () => {
    expect(clampRange(5, 2, 10)).toEqual([5, 5]);
    expect(clampRange(-1, 50, 10)).toEqual([0, 10]);
    expect(actionChanges({ title: 't', kind: 'rewrite', preferred: false, changes: [{ from: 8, to: 99, insert: '!' }] }, 10)).toEqual([
      { from: 8, to: 10, insert: '!' },
    ]);
  });
});

describe('completion', () => {
  const item = (label: string, sort: string, from: number): Completion => ({
    label,
    detail: label + ' detail',
    change: { from, to: 24, insert: label },
    also: null,
    sort,
    kind: 'option',
  });

  it('is null without items', () => {
    expect(completionResult([], 10)).toBeNull();
  });

  it("starts at the earliest replaced offset and keeps the server's order", () => {
    const result = completionResult([item('tsumo', 'b', 21), item('riichi', 'a', 20)], 24);
    expect(result?.from).toBe(20);
    expect(result?.options.map((o) => o.label)).toEqual(['riichi', 'tsumo']);
    const boosts = result?.options.map((o) => o.boost ?? 0) ?? [];
    expect(boosts[0]).toBeGreaterThan(boosts[1]);
  });
});
