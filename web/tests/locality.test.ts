// Which edits the page's own engine answers, and which go to the worker.
import { ChangeSet, EditorState, type ChangeSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { LOCAL_DOCUMENT_CHARS, LOCAL_EDIT_CHARS, LOCAL_EDIT_LINES, localEditSpan } from '../src/locality';

const DOC = ['rules: tenhou', '234m567p22s345678s riichi tsumo dora=1s', '23m456p789s11222z # waiting', '123m456p789s1122z2z seat=s'].join('\n');

/** The span `localEditSpan` gives for `spec` made to `text`. */
function spanOf(text: string, spec: ChangeSpec): ReturnType<typeof localEditSpan> {
  const before = EditorState.create({ doc: text });
  const tr = before.update({ changes: spec });
  return localEditSpan(before.doc, tr.state.doc, tr.changes);
}

describe('localEditSpan', () => {
  it('answers a character typed into a hand line, where it went', () => {
    const at = DOC.indexOf(' # waiting');
    expect(spanOf(DOC, { from: at, insert: 'r' })).toEqual({ from: at, to: at + 1 });
  });

  it('answers a deletion, and a change of several places, by the span they cover', () => {
    const second = DOC.indexOf('234m');
    const fourth = DOC.indexOf('seat=s');
    expect(spanOf(DOC, { from: second, to: second + 4 })).toEqual({ from: second, to: second });
    expect(
      spanOf(DOC, [
        { from: second, insert: '5' },
        { from: fourth, to: fourth + 4, insert: 'seat=w' },
      ]),
    ).toEqual({ from: second, to: fourth + 1 + 6 });
  });

  it('sends an edit of a rules line to the worker, before or after the edit', () => {
    expect(spanOf(DOC, { from: DOC.indexOf('tenhou'), insert: 'kiriage ' })).toBeNull();
    // A line that becomes a rules line, and one that stops being one.
    const third = DOC.indexOf('23m456p789s11222z');
    expect(spanOf(DOC, { from: third, insert: 'rules: kiriage\n' })).toBeNull();
    expect(spanOf(DOC, { from: 0, to: 1 })).toBeNull();
  });

  it('sends fences, ignore marks and front matter to the worker', () => {
    const end = DOC.length;
    for (const insert of ['\n```mj', '\n~~~', '\n<!-- tenpai-ignore -->', '\n---']) {
      expect(spanOf(DOC, { from: end, insert })).toBeNull();
    }
    // A fence's mark typed one character at a time: the third backtick.
    expect(spanOf(DOC + '\n``', { from: end + 3, insert: '`' })).toBeNull();
  });

  it('sends an edit spread over many lines to the worker', () => {
    const lines = Array.from({ length: LOCAL_EDIT_LINES + 2 }, (_, i) => `123m456p789s1122z2z # ${i}`).join('\n');
    const last = lines.lastIndexOf('#');
    expect(spanOf(lines, [{ from: 0, insert: ' ' }, { from: last, insert: ' ' }])).toBeNull();
    const near = lines.indexOf('# 3');
    expect(spanOf(lines, [{ from: 0, insert: ' ' }, { from: near, insert: ' ' }])).toEqual({ from: 0, to: near + 2 });
  });

  it('sends a long edit, a long document and no change to the worker', () => {
    expect(spanOf(DOC, { from: DOC.length, insert: '\n' + '1'.repeat(LOCAL_EDIT_CHARS) })).toBeNull();
    const long = '123m456p789s1122z2z\n'.repeat(Math.ceil(LOCAL_DOCUMENT_CHARS / 20) + 1);
    expect(spanOf(long, { from: 5, insert: '1' })).toBeNull();
    const state = EditorState.create({ doc: DOC });
    expect(localEditSpan(state.doc, state.doc, ChangeSet.empty(DOC.length))).toBeNull();
  });
});
