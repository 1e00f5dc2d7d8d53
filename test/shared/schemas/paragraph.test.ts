import { IS_BOLD, IS_ITALIC, IS_STRIKETHROUGH, IS_UNDERLINE } from 'lexical';
import { describe, expect, it } from 'vitest';
import { SaveBlocksRequestSchema } from '../../../shared/schemas/block';
import { emptyParagraph, ParagraphChunkSchema, TEXT_FORMAT_BITS } from '../../../shared/schemas/paragraph';

const paragraph = (overrides: Record<string, unknown> = {}) => ({
  type: 'custom-paragraph',
  version: 1,
  format: 'justify',
  indent: 2,
  direction: 'ltr',
  children: [
    {
      type: 'text',
      version: 1,
      text: 'Bold and italic',
      format: 3,
      style: 'font-size: 15px',
      detail: 0,
      mode: 'normal',
    },
    { type: 'tab', text: '\t', format: 0, style: '', detail: 2 },
    { type: 'linebreak', version: 1 },
    {
      type: 'association',
      associationId: 'assoc-1',
      text: 'Victor',
      format: 8,
      shortDescription: 'A scientist.',
      associationType: 'character',
      portrait: '/images/stories/s/portrait.png',
    },
  ],
  ...overrides,
});

const issuesOf = (value: unknown) =>
  ParagraphChunkSchema.safeParse(typeof value === 'string' ? value : JSON.stringify(value)).error?.issues.map(
    (issue) => issue.message,
  );

describe('text format bits', () => {
  it("are Lexical's, which the editor writes into every stored run", () => {
    expect(TEXT_FORMAT_BITS).toEqual({
      bold: IS_BOLD,
      italic: IS_ITALIC,
      strikethrough: IS_STRIKETHROUGH,
      underline: IS_UNDERLINE,
    });
  });
});

describe('paragraph chunks', () => {
  it('accepts a formatted paragraph with text, tab, line break and association children', () => {
    expect(issuesOf(paragraph())).toBeUndefined();
  });

  it('keeps the chunk exactly as sent, unknown fields and inline nodes included', () => {
    const chunk = JSON.stringify(
      paragraph({
        textFormat: 1,
        children: [
          { type: 'text', text: 'x', format: 0, style: '', detail: 0, highlightColour: 'gold' },
          { type: 'footnote-marker', note: 'Added by a later editor' },
        ],
      }),
    );

    expect(ParagraphChunkSchema.parse(chunk)).toBe(chunk);
  });

  it('accepts the empty paragraph a new chapter starts with', () => {
    expect(issuesOf(emptyParagraph('key-1'))).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"type":'],
    ['another node type', paragraph({ type: 'paragraph' })],
    ['a list instead of an object', [paragraph()]],
    ['a text run without text', paragraph({ children: [{ type: 'text', format: 0, style: '', detail: 0 }] })],
    [
      'a negative format',
      paragraph({ children: [{ type: 'text', text: 'x', format: -1, style: '', detail: 0 }] }),
    ],
    ['an association without its id', paragraph({ children: [{ type: 'association', text: 'Victor' }] })],
    ['an unknown alignment', paragraph({ format: 'diagonal' })],
    ['a fractional indent', paragraph({ indent: 1.5 })],
    ['a missing children list', paragraph({ children: undefined })],
  ])('refuses %s', (_case, value) => {
    expect(issuesOf(value)).toEqual(['A paragraph must be a custom-paragraph JSON object.']);
  });

  it('accepts 64 KB and refuses one byte more, counted in UTF-8', () => {
    const base = JSON.stringify(
      paragraph({ children: [{ type: 'text', text: '', format: 0, style: '', detail: 0 }] }),
    );
    const fill = 64 * 1024 - Buffer.byteLength(base);
    const atLimit = base.replace(
      '"text":""',
      `"text":"${'é'.repeat(Math.floor(fill / 2))}${'a'.repeat(fill % 2)}"`,
    );

    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    expect(issuesOf(atLimit)).toBeUndefined();
    expect(issuesOf(atLimit.replace('"text":"', '"text":"a'))).toEqual(['A paragraph may be at most 64 KB.']);
  });
});

describe('block save requests', () => {
  it('reads places sent as text', () => {
    const request = SaveBlocksRequestSchema.parse({
      chapter_id: 'c1',
      blocks: [{ key_id: 'k1', chunk: JSON.stringify(paragraph()), place: '7' }],
    });

    expect(request.blocks[0]!.place).toBe(7);
  });

  it('refuses more than 500 blocks in one request', () => {
    const blocks = Array.from({ length: 501 }, (_, index) => ({
      key_id: `k${index}`,
      chunk: JSON.stringify(paragraph()),
    }));

    expect(SaveBlocksRequestSchema.safeParse({ chapter_id: 'c1', blocks }).error?.issues[0]?.message).toBe(
      'At most 500 blocks can be sent in one request.',
    );
  });

  it("refuses a key_id that could break the table's keys", () => {
    expect(
      SaveBlocksRequestSchema.safeParse({
        chapter_id: 'c1',
        blocks: [{ key_id: 'a#b', chunk: JSON.stringify(paragraph()) }],
      }).success,
    ).toBe(false);
  });
});
