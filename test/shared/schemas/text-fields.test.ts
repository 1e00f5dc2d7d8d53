import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AssociationChangesSchema, NewAssociationSchema } from '../../../shared/schemas/associations';
import { ChapterTitleSchema, CreateChapterRequestSchema } from '../../../shared/schemas/chapter';
import { cleanText } from '../../../shared/schemas/common';
import { SeriesDescriptionSchema, SeriesTitleSchema } from '../../../shared/schemas/series';
import {
  CreateStoryFormSchema,
  StoryDescriptionSchema,
  StoryTitleSchema,
} from '../../../shared/schemas/story';

const LONE_HIGH_SURROGATE = '\uD800';
const LONE_LOW_SURROGATE = '\uDC00';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
const NUL = '\u0000';
const ESCAPE = '\u001B';
const NEXT_LINE = '\u0085';

/** Every character an author cannot see and the page must not keep, around ordinary words. */
const polluted = (words: string) =>
  `${NUL}${words.slice(0, 2)}${RIGHT_TO_LEFT_OVERRIDE}${LONE_HIGH_SURROGATE}${words.slice(2)}${ESCAPE}` +
  `${FIRST_STRONG_ISOLATE}${LONE_LOW_SURROGATE}${POP_DIRECTIONAL_ISOLATE}${NEXT_LINE}`;

describe('cleanText', () => {
  it('removes lone surrogates, control characters and bidi controls, keeping whole characters', () => {
    expect(cleanText(`${polluted('Mary Shelley')} 😀`, 'multi-line')).toBe('Mary Shelley 😀');
  });

  it('keeps tabs and line breaks in multi-line text and makes them one space in single-line text', () => {
    expect(cleanText('One\r\n\tTwo', 'multi-line')).toBe('One\r\n\tTwo');
    expect(cleanText('One\r\n\tTwo', 'single-line')).toBe('One Two');
  });

  it('keeps the marks right-to-left writing needs', () => {
    const hebrew = 'שלום\u200F world\u200E';

    expect(cleanText(hebrew, 'single-line')).toBe(hebrew);
  });
});

describe('text fields of requests', () => {
  const singleLine: [string, z.ZodType][] = [
    ['a story title', StoryTitleSchema],
    ['a series title', SeriesTitleSchema],
    ['a chapter title', ChapterTitleSchema],
  ];
  const multiLine: [string, z.ZodType][] = [
    ['a story description', StoryDescriptionSchema],
    ['a series description', SeriesDescriptionSchema],
  ];

  it.each(singleLine)('%s keeps none of them', (_, schema) => {
    expect(schema.parse(polluted('Frankenstein'))).toBe('Frankenstein');
  });

  it.each(multiLine)('%s keeps none of them but keeps its lines', (_, schema) => {
    expect(schema.parse(`${polluted('Part one')}\nPart two`)).toBe('Part one\nPart two');
  });

  it('cleans the fields of the story form, a new chapter and an association', () => {
    expect(
      CreateStoryFormSchema.parse({
        title: 'Dune',
        description: polluted('Spice'),
        series_title: polluted('Saga'),
      }),
    ).toMatchObject({ title: 'Dune', description: 'Spice', series_title: 'Saga' });
    expect(CreateChapterRequestSchema.parse({ title: polluted('Chapter One') })).toEqual({
      title: 'Chapter One',
    });
    const association = {
      association_name: polluted('Ada'),
      association_type: 'character',
      aliases: polluted('Countess, Lovelace'),
      short_description: polluted('Mathematician'),
      details: { extended_description: `${polluted('Wrote')}\nthe first program` },
    };
    const cleaned = {
      association_name: 'Ada',
      aliases: 'Countess, Lovelace',
      short_description: 'Mathematician',
      details: { extended_description: 'Wrote\nthe first program' },
    };
    expect(NewAssociationSchema.parse(association)).toMatchObject(cleaned);
    expect(AssociationChangesSchema.parse({ association_id: 'a1', ...association })).toMatchObject(cleaned);
  });

  it('still refuses a title that is blank once cleaned', () => {
    expect(ChapterTitleSchema.safeParse(`${NUL}${RIGHT_TO_LEFT_OVERRIDE} `).success).toBe(false);
  });
});
