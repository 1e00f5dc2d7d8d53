import { describe, expect, it } from 'vitest';
import { dialogueSpans, withinSpans } from '../../shared/dialogue';

const quoted = (text: string) => dialogueSpans(text).map(([start, end]) => text.slice(start, end));

describe('dialogueSpans', () => {
  it('finds speech between curly, straight, guillemet and low-high quotation marks', () => {
    expect(quoted('“I will go,” said Boromir. "Wait," said Frodo.')).toEqual(['“I will go,”', '"Wait,"']);
    expect(quoted('«Allons» dit-il, „Komm“ sagte sie.')).toEqual(['«Allons»', '„Komm“']);
  });

  it('opens a single quote only at the start of a word, so an apostrophe is never speech', () => {
    expect(quoted('Frodo’s pack, ‘Go on,’ said Sam, at eight o’clock.')).toEqual(['‘Go on,’']);
  });

  it('runs an unclosed quotation to the paragraph’s end, as a speech going on into the next one', () => {
    expect(quoted('He said, “Boromir fell at Amon Hen')).toEqual(['“Boromir fell at Amon Hen']);
  });

  it('tells whether a range is inside a span', () => {
    const spans = dialogueSpans('“Boromir,” said Aragorn.');
    expect(withinSpans(spans, 1, 8)).toBe(true);
    expect(withinSpans(spans, 16, 23)).toBe(false);
  });
});
