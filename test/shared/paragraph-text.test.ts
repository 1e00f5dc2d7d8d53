import { describe, expect, it } from 'vitest';
import { compileAssociationMatcher } from '../../shared/association-matcher';
import {
  highlightedMentions,
  paragraphText,
  parseParagraphChunk,
  snippetAround,
  spansCovering,
} from '../../shared/paragraph-text';
import { association, BOLD, ITALIC, linebreak, mention, paragraph, run, tab } from '../helpers/paragraphs';

describe('paragraphText', () => {
  it('joins the text of runs, tabs, line breaks and mentions as the editor shows them', () => {
    const stored = paragraph(tab(), run('Then '), mention('frodo', 'Frodo', BOLD), linebreak(), run('left.'));

    const { text, spans } = paragraphText(stored);

    expect(text).toBe('\tThen Frodo\nleft.');
    expect(spans.map(({ childIndex, start, end }) => [childIndex, start, end])).toEqual([
      [0, 0, 1],
      [1, 1, 6],
      [2, 6, 11],
      [3, 11, 12],
      [4, 12, 17],
    ]);
  });

  it('reads the text of a node type added later, and nothing from one without text', () => {
    const stored = paragraph(run('a'), { type: 'emoji', text: '🙂' }, { type: 'image' }, run('b'));

    expect(paragraphText(stored).text).toBe('a🙂b');
  });
});

describe('spansCovering', () => {
  it('answers the spans holding part of a range, skipping empty ones', () => {
    const { spans } = paragraphText(paragraph(run('ab'), run(''), run('cd'), run('ef')));

    expect(spansCovering(spans, 1, 3).map((span) => span.childIndex)).toEqual([0, 2]);
    expect(spansCovering(spans, 2, 4).map((span) => span.childIndex)).toEqual([2]);
    expect(spansCovering(spans, 4, 4)).toEqual([]);
  });
});

describe('highlightedMentions', () => {
  const matcher = compileAssociationMatcher([association('frodo', 'Frodo')]);
  const mentionsIn = (stored: ReturnType<typeof paragraph>) => {
    const { text, spans } = paragraphText(stored);
    return highlightedMentions(spans, matcher.findMentions(text)).map((found) => found.matchedText);
  };

  it('keeps a mention split across runs of the same format, as the editor wraps it', () => {
    expect(mentionsIn(paragraph(run('Fro', ITALIC), run('do', ITALIC), run(' ran')))).toEqual(['Frodo']);
  });

  it('drops a mention written in two formats, which the editor leaves unhighlighted', () => {
    expect(mentionsIn(paragraph(run('Fro', BOLD), run('do ran')))).toEqual([]);
  });

  it('keeps a mention already stored as a mention node', () => {
    expect(mentionsIn(paragraph(run('Then '), mention('frodo', 'Frodo')))).toEqual(['Frodo']);
  });
});

describe('parseParagraphChunk', () => {
  it('parses a stored chunk and refuses what is not a paragraph', () => {
    const stored = paragraph(run('Hello'));

    expect(parseParagraphChunk(JSON.stringify(stored))).toEqual(stored);
    expect(parseParagraphChunk('{"type":"heading"}')).toBeUndefined();
    expect(parseParagraphChunk('not json')).toBeUndefined();
  });
});

describe('snippetAround', () => {
  const sentence = (index: number) => `Sentence number ${index} goes on for a while.`;
  const long = Array.from({ length: 12 }, (_unused, index) => sentence(index)).join(' ');

  it('gives the whole text when it is short', () => {
    expect(snippetAround('Frodo\tleft\nthe Shire.', 0, 5)).toBe('Frodo left the Shire.');
  });

  it('centres about 120 characters on the match, cut at spaces with ellipses', () => {
    const start = long.indexOf('number 6');

    const snippet = snippetAround(long, start, start + 'number 6'.length);

    expect(snippet).toContain('number 6');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(snippet.length).toBeGreaterThan(100);
    const body = snippet.slice(1, -1);
    expect(long).toContain(body);
    expect(long[long.indexOf(body) - 1]).toBe(' ');
    expect(long[long.indexOf(body) + body.length]).toBe(' ');
  });

  it('slides the window to keep its width at the start and at the end of the text', () => {
    const atStart = snippetAround(long, 0, 8);
    const atEnd = snippetAround(long, long.length - 6, long.length);

    expect(atStart.startsWith('Sentence number 0')).toBe(true);
    expect(atStart.length).toBeGreaterThan(100);
    expect(atEnd.endsWith('for a while.')).toBe(true);
    expect(atEnd.length).toBeGreaterThan(100);
  });
});
