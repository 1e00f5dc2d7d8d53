import { createManuscript, type Manuscript } from '../../../../lambdas/domain/export/manuscript';
import type { InlineNode, Paragraph } from '../../../../shared/schemas/paragraph';

/** Lexical's format bits. */
export const BOLD = 1;
export const ITALIC = 2;
export const STRIKETHROUGH = 4;
export const UNDERLINE = 8;

export function text(value: string, format = 0): InlineNode {
  return { type: 'text', version: 1, text: value, format, style: '', detail: 0, mode: 'normal' };
}

export function paragraph(children: InlineNode[], alignment: Paragraph['format'] = ''): Paragraph {
  return { type: 'custom-paragraph', version: 1, format: alignment, indent: 0, direction: 'ltr', children };
}

/**
 * A two-chapter story with every formatting bit, each alignment, a tab-indented paragraph, an association
 * mention, a line break and a scene break: small enough to read back whole.
 */
export function sampleManuscript(): Manuscript {
  return createManuscript({
    storyId: 'story-1',
    title: 'The Lantern Road',
    authorName: 'Ada Quill',
    authorContact: 'ada@example.com',
    chapters: [
      {
        title: 'Chapter One',
        paragraphs: [
          paragraph([]),
          paragraph([text('\tThe night was cold and '), text('very', BOLD), text(' still.')]),
          paragraph([
            text('\tShe whispered '),
            text('softly', ITALIC),
            text(' to '),
            {
              type: 'association',
              associationId: 'assoc-1',
              text: 'Marrow',
              format: UNDERLINE,
            },
            text(' and '),
            text('crossed', STRIKETHROUGH),
            text(' the bridge.'),
          ]),
          paragraph([text('#')]),
          paragraph([text('A centred line of verse')], 'center'),
          paragraph([text('Right-hand signature')], 'right'),
        ],
      },
      {
        title: 'Chapter Two',
        paragraphs: [
          paragraph([
            text('\tMorning came early'),
            { type: 'linebreak', version: 1 },
            text('over the hills.'),
          ]),
          paragraph([text('Everything was justified at last.')], 'justify'),
        ],
      },
    ],
  });
}

/** The sample's words in reading order, as a reader of any of the three files must find them. */
export const SAMPLE_WORDS = [
  'Chapter One The night was cold and very still.',
  'She whispered softly to Marrow and crossed the bridge.',
  'A centred line of verse Right-hand signature',
  'Chapter Two Morning came early over the hills.',
  'Everything was justified at last.',
]
  .join(' ')
  .split(' ');
