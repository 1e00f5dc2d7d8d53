import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  InsertedTextRun,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import { describe, expect, it } from 'vitest';
import { readWordComments } from '../../../../lambdas/domain/review/word-comments';
import { UnsupportedMediaTypeError } from '../../../../lambdas/errors';

const DATE = '2026-03-01T10:00:00.000Z';
const CHANGE = { author: 'Ed', date: DATE };

/** A .docx made by the `docx` package, as Word would write one: comments on ranges of the paragraphs. */
async function wordFile(
  comments: { id: number; author: string; text: string; parentId?: number }[],
  paragraphs: Paragraph[],
) {
  const document = new Document({
    comments: {
      children: comments.map(({ id, author, text, parentId }) => ({
        id,
        author,
        date: new Date(DATE),
        children: [new Paragraph(text)],
        ...(parentId === undefined ? {} : { parentId }),
      })),
    },
    sections: [{ children: paragraphs }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe('readWordComments', () => {
  it('reads each comment’s author, date, text and quoted words with their context, replies under their thread', async () => {
    const bytes = await wordFile(
      [
        { id: 0, author: 'Rita & Co', text: 'Which <ships>?' },
        { id: 1, author: 'Ada', text: 'These.', parentId: 0 },
      ],
      [
        new Paragraph({
          children: [
            new TextRun('The keeper '),
            new CommentRangeStart(0),
            new CommentRangeStart(1),
            new TextRun('counted the ships'),
            new CommentRangeEnd(0),
            new CommentRangeEnd(1),
            new TextRun({ children: [new CommentReference(0)] }),
            new TextRun({ children: [new CommentReference(1)] }),
            new TextRun(' every night.'),
          ],
        }),
      ],
    );

    const comments = await readWordComments(bytes);

    expect(comments).toEqual([
      {
        id: '0',
        author: 'Rita & Co',
        date: DATE,
        body: 'Which <ships>?',
        quote: { exact: 'counted the ships', prefix: 'The keeper ', suffix: ' every night.', start: 11 },
      },
      expect.objectContaining({ id: '1', author: 'Ada', body: 'These.', parentId: '0' }),
    ]);
  });

  it('reads the text before tracked changes, and cuts a range running into the next paragraph at its end', async () => {
    const bytes = await wordFile(
      [{ id: 0, author: 'Ed', text: 'Long.' }],
      [
        new Paragraph({
          children: [
            new DeletedTextRun({ id: 5, ...CHANGE, text: 'every night' }),
            new InsertedTextRun({ id: 6, ...CHANGE, text: 'each dusk' }),
            new TextRun(' the keeper '),
            new CommentRangeStart(0),
            new TextRun('slept'),
          ],
        }),
        new Paragraph({
          children: [
            new TextRun('on.'),
            new CommentRangeEnd(0),
            new TextRun({ children: [new CommentReference(0)] }),
          ],
        }),
      ],
    );

    const [comment] = await readWordComments(bytes);

    expect(comment!.quote).toEqual({
      exact: 'slept',
      prefix: 'every night the keeper ',
      suffix: '',
      start: 23,
    });
  });

  it('refuses a file that is not a Word document', async () => {
    await expect(readWordComments(new TextEncoder().encode('not a zip'))).rejects.toBeInstanceOf(
      UnsupportedMediaTypeError,
    );
  });
});
