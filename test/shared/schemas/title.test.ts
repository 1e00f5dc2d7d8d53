import { describe, expect, it } from 'vitest';
import { SeriesTitleSchema } from '../../../shared/schemas/series';
import { CreateStoryFormSchema, StoryTitleSchema } from '../../../shared/schemas/story';
import { INVALID_TITLE_MESSAGE } from '../../../shared/validation';

const titleSchemas = [
  ['a story title', StoryTitleSchema, 'Story title is required'],
  ['a series title', SeriesTitleSchema, 'Title cannot be blank'],
] as const;

describe.each(titleSchemas)('%s', (_kind, schema, blankMessage) => {
  const messagesFor = (title: string) => schema.safeParse(title).error?.issues.map((issue) => issue.message);

  it.each([
    'Love & War',
    'What Remains?',
    'Café Noir — Part One',
    'Chapter #1 (draft); *maybe* <final>!',
    'Война и мир',
    '百年孤独 ١٩٦٧',
    'Notes on aws: a story',
    'Stars ✨ 😀',
  ])('accepts %s as written', (title) => {
    expect(schema.parse(title)).toBe(title);
  });

  it('straightens curly quotes', () => {
    expect(schema.parse('Don’t Look Back')).toBe("Don't Look Back");
    expect(schema.parse('“Quoted” ‘twice’')).toBe(`"Quoted" 'twice'`);
  });

  it('trims, and removes the invisible characters an author could not find to take out', () => {
    expect(schema.parse('  The Long Night  ')).toBe('The Long Night');
    expect(schema.parse('Du\u0000ne\u202E\u001B')).toBe('Dune');
    expect(schema.parse('Two\nLines')).toBe('Two Lines');
  });

  it('refuses a blank title with its own message', () => {
    expect(messagesFor('')).toEqual([blankMessage]);
    expect(messagesFor(' \t\u0000 ')).toEqual([blankMessage]);
  });

  it('accepts 256 characters and refuses 257, counted as people count them after trimming', () => {
    expect(schema.safeParse(`  ${'a'.repeat(256)}  `).success).toBe(true);
    expect(schema.safeParse('\u{1D400}'.repeat(256)).success).toBe(true);
    expect(messagesFor('a'.repeat(257))).toEqual([INVALID_TITLE_MESSAGE]);
  });

  it("refuses a title starting with 'aws:' in any letter case", () => {
    expect(messagesFor('aws:Story')).toEqual([INVALID_TITLE_MESSAGE]);
    expect(messagesFor('  AWS:Story')).toEqual([INVALID_TITLE_MESSAGE]);
  });
});

describe("the story form's series name", () => {
  const form = { title: 'Dawn', description: 'It begins.' };

  it('follows the series title rule, and blank names no series', () => {
    expect(CreateStoryFormSchema.parse({ ...form, series_title: ' Love & War ’s ' }).series_title).toBe(
      "Love & War 's",
    );
    expect(CreateStoryFormSchema.parse({ ...form, series_title: '  ' }).series_title).toBe('');
    expect(
      CreateStoryFormSchema.safeParse({ ...form, series_title: 'aws:Saga' }).error?.issues[0]?.message,
    ).toBe(INVALID_TITLE_MESSAGE);
  });
});
