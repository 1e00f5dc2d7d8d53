import { describe, expect, it } from 'vitest';
import {
  createManuscript,
  roundedWordCount,
  runningHeaderPrefix,
  wordCountLine,
} from '../../../../lambdas/domain/export/manuscript';
import { renderManuscript } from '../../../../lambdas/domain/export/render-manuscript';
import { chapterBlocks } from '../../../../lambdas/domain/export/paragraph-runs';
import { BOLD, paragraph, sampleManuscript, text } from './manuscript-fixture';

describe('manuscript', () => {
  it('counts words from the text with the editor’s rule, mentions included', () => {
    const manuscript = createManuscript({
      storyId: 's',
      title: 'T',
      authorName: 'A',
      authorContact: 'a@example.com',
      chapters: [
        { title: 'One', paragraphs: [paragraph([text("\tDon't stop—"), text('well-known', BOLD)])] },
        {
          title: 'Two',
          paragraphs: [paragraph([{ type: 'association', associationId: 'x', text: 'Marrow Hill' }])],
        },
      ],
    });

    expect(manuscript.wordCount).toBe(5);
  });

  it.each([
    [42, 42],
    [149, 100],
    [1486, 1500],
    [17_249, 17_200],
    [17_760, 18_000],
    [81_499, 81_000],
    [150_600, 151_000],
  ])('rounds %i words to %i as SMF does', (count, rounded) => {
    expect(roundedWordCount(count)).toBe(rounded);
  });

  it('states the count as a title page does', () => {
    expect(wordCountLine(81_499)).toBe('about 81,000 words');
    expect(wordCountLine(1)).toBe('1 word');
  });

  it('heads pages with the surname and the title in capitals', () => {
    expect(runningHeaderPrefix({ authorName: 'Ada  Quill ', title: 'The Lantern Road' })).toBe(
      'Quill / THE LANTERN ROAD / ',
    );
  });

  it('reads a paragraph of only a scene-break mark as a scene break and drops a chapter’s blank ends', () => {
    const blocks = chapterBlocks([
      paragraph([]),
      paragraph([text('\t')]),
      paragraph([text('Once.')]),
      paragraph([text(' * * * ')]),
      paragraph([text('***')]),
      paragraph([text('Twice.')]),
      paragraph([]),
    ]);

    expect(blocks.map((block) => block.kind)).toEqual(['text', 'scene-break', 'scene-break', 'text']);
  });

  it.each([
    ['pdf', 'application/pdf'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['epub', 'application/epub+zip'],
  ] as const)('renders %s through the one entry', async (type, contentType) => {
    const rendered = await renderManuscript(sampleManuscript(), type, 'manuscript');

    expect(rendered.extension).toBe(type);
    expect(rendered.contentType).toBe(contentType);
    expect(rendered.body.byteLength).toBeGreaterThan(1000);
  });
});
