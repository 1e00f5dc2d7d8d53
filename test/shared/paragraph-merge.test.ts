import { describe, expect, it } from 'vitest';
import { mergeParagraph } from '../../shared/paragraph-merge';
import type { InlineNode } from '../../shared/schemas/paragraph';
import { mention as mentionNode, paragraph, run } from '../helpers/paragraphs';

interface Child {
  type: string;
  text: string;
  format?: number;
  associationId?: string;
}

const text = run;
const mention = (value: string) => mentionNode('assoc-1', value);

function chunk(children: InlineNode[], fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...paragraph(...children), key_id: 'k1', textFormat: 0, ...fields });
}

function mergedChildren(base: string, mine: string, theirs: string) {
  const result = mergeParagraph(base, mine, theirs);
  if (result.kind !== 'merged') throw new Error('expected a merge');
  return JSON.parse(result.chunk) as { format: string; children: Child[] };
}

const BASE = chunk([text('She lit the lamp. The river ran high.')]);

describe('mergeParagraph', () => {
  it('merges a change of one sentence with a change of the other', () => {
    const mine = chunk([text('She lit the old lamp. The river ran high.')]);
    const theirs = chunk([text('She lit the lamp. The river ran higher.')]);

    const merged = mergedChildren(BASE, mine, theirs);

    expect(merged.children.map((child) => child.text).join('')).toBe(
      'She lit the old lamp. The river ran higher.',
    );
  });

  it('keeps one side’s bold and the other side’s typing', () => {
    const mine = chunk([text('She lit '), text('the lamp', 1), text('. The river ran high.')]);
    const theirs = chunk([text('She lit the lamp. The river ran high and fast.')]);

    const merged = mergedChildren(BASE, mine, theirs);

    expect(merged.children).toEqual([
      expect.objectContaining({ text: 'She lit ', format: 0 }),
      expect.objectContaining({ text: 'the lamp', format: 1 }),
      expect.objectContaining({ text: '. The river ran high and fast.', format: 0 }),
    ]);
  });

  it('keeps a mention whole beside the other side’s edit', () => {
    const base = chunk([text('Then '), mention('Mara'), text(' left.')]);
    const mine = chunk([text('Then '), mention('Mara'), text(' left at dawn.')]);
    const theirs = chunk([text('And then '), mention('Mara'), text(' left.')]);

    expect(mergedChildren(base, mine, theirs).children).toEqual([
      expect.objectContaining({ type: 'text', text: 'And then ' }),
      expect.objectContaining({ type: 'association', text: 'Mara', associationId: 'assoc-1' }),
      expect.objectContaining({ type: 'text', text: ' left at dawn.' }),
    ]);
  });

  it('moves a deletion in repeated words to where it meets nothing the other side changed', () => {
    // "by by": which of the two this side deleted is a diff's guess; the other side's edit of the second one
    // still merges, as it would had the guess been the first.
    const base = chunk([text('for by by. word out')]);
    const mine = chunk([text('for by. word out')]);
    const theirs = chunk([text('for by b wod out')]);

    expect(
      mergedChildren(base, mine, theirs)
        .children.map((child) => child.text)
        .join(''),
    ).toBe('for b wod out');
  });

  it('is a conflict when both change the same words, or type different words at one place', () => {
    const mine = chunk([text('She lit the candle. The river ran high.')]);
    const theirs = chunk([text('She lit the torch. The river ran high.')]);
    expect(mergeParagraph(BASE, mine, theirs).kind).toBe('conflict');

    const lamp = chunk([text('The lamp.')]);
    expect(mergeParagraph(lamp, chunk([text('The new lamp.')]), chunk([text('The old lamp.')])).kind).toBe(
      'conflict',
    );
    const empty = chunk([]);
    expect(mergeParagraph(empty, chunk([text('Mine.')]), chunk([text('Theirs.')])).kind).toBe('conflict');
  });

  it('takes the same change made on both sides once', () => {
    const both = chunk([text('She lit the lamp. The river ran high!')]);
    const mine = chunk([text('She lit the lamp. The river ran high!')], { textFormat: 1 });

    expect(
      mergedChildren(BASE, mine, both)
        .children.map((child) => child.text)
        .join(''),
    ).toBe('She lit the lamp. The river ran high!');
  });

  it('takes an alignment changed on one side, and calls two different alignments a conflict', () => {
    const centred = chunk([text('She lit the lamp. The river ran high.')], { format: 'center' });
    const typed = chunk([text('She lit the lamp. The river ran high. ')]);
    expect(mergedChildren(BASE, typed, centred).format).toBe('center');

    const right = chunk([text('She lit the lamp. The river ran high. ')], { format: 'right' });
    expect(mergeParagraph(BASE, right, centred).kind).toBe('conflict');
  });

  it('never splits a character outside the basic plane between two edits', () => {
    const base = chunk([text('A 🌊 B')]);
    const mine = chunk([text('A 🌊🌊 B')]);
    const theirs = chunk([text('A 🌊 B C')]);

    expect(
      mergedChildren(base, mine, theirs)
        .children.map((child) => child.text)
        .join(''),
    ).toBe('A 🌊🌊 B C');
  });

  it('is a conflict when a version is not a readable paragraph', () => {
    expect(mergeParagraph(BASE, 'not json', chunk([text('x')])).kind).toBe('conflict');
  });
});
