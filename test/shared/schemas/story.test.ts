import { describe, expect, it } from 'vitest';
import {
  CreateStoryFormSchema,
  StoryDescriptionSchema,
  StoryTitleSchema,
  UpdateStoryDetailsFormSchema,
} from '../../../shared/schemas/story';
import { INVALID_TITLE_MESSAGE } from '../../../shared/validation';

const messagesFor = (title: string) =>
  StoryTitleSchema.safeParse(title).error?.issues.map((issue) => issue.message);

describe('story title rules (spec §5)', () => {
  it("quotes the spec's 'Invalid Title' message exactly", () => {
    expect(INVALID_TITLE_MESSAGE).toBe(
      'A story title must be less than 256 characters and may only contain letters, numbers, spaces, and the following characters: + - = . _ : / @ , \' "',
    );
  });

  it("requires a title: empty or blank answers 'Story title is required'", () => {
    expect(messagesFor('')).toEqual(['Story title is required']);
    expect(messagesFor('   \t ')).toEqual(['Story title is required']);
  });

  it('trims the title', () => {
    expect(StoryTitleSchema.parse('  The Long Night  ')).toBe('The Long Night');
  });

  it('accepts 256 characters and refuses 257, counting after trimming', () => {
    expect(StoryTitleSchema.safeParse('a'.repeat(256)).success).toBe(true);
    expect(StoryTitleSchema.safeParse(`  ${'a'.repeat(256)}  `).success).toBe(true);
    expect(messagesFor('a'.repeat(257))).toEqual([INVALID_TITLE_MESSAGE]);
  });

  it('counts characters as people do, so 256 accented letters written with combining marks still fit', () => {
    expect(StoryTitleSchema.safeParse('é'.repeat(256)).success).toBe(true);
    expect(StoryTitleSchema.safeParse('\u{1D400}'.repeat(256)).success).toBe(true);
    expect(StoryTitleSchema.safeParse('\u{1D400}'.repeat(257)).success).toBe(false);
  });

  it("refuses a title starting with 'aws:' in any letter case, and allows it later in the title", () => {
    expect(messagesFor('aws:Story')).toEqual([INVALID_TITLE_MESSAGE]);
    expect(messagesFor('AWS:Story')).toEqual([INVALID_TITLE_MESSAGE]);
    expect(messagesFor('  aws:Story')).toEqual([INVALID_TITLE_MESSAGE]);
    expect(StoryTitleSchema.safeParse('Notes on aws: a story').success).toBe(true);
  });

  it('allows letters, digits, spaces and + - = . _ : / @ , \' " only', () => {
    expect(StoryTitleSchema.safeParse(`Tale 2: a+b=c - the_end. /@, 'quoted' "twice"`).success).toBe(true);
    for (const character of ['!', '?', '#', '&', '(', ';', '*', '<', '\n', '😀']) {
      expect(messagesFor(`Ti${character}tle`), character).toEqual([INVALID_TITLE_MESSAGE]);
    }
  });

  it('allows letters and digits of any script', () => {
    expect(StoryTitleSchema.safeParse('Война и мир').success).toBe(true);
    expect(StoryTitleSchema.safeParse('百年孤独 ١٩٦٧').success).toBe(true);
    expect(StoryTitleSchema.safeParse("L'Étranger").success).toBe(true);
  });
});

describe('story description rule (spec §5)', () => {
  it("requires a description after trimming: 'A brief description is required'", () => {
    expect(StoryDescriptionSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      'A brief description is required',
    );
    expect(StoryDescriptionSchema.parse('  A tale.  ')).toBe('A tale.');
  });
});

describe('story forms', () => {
  it('reads the series place from text', () => {
    expect(
      CreateStoryFormSchema.parse({
        title: 'Dune',
        description: 'Spice.',
        series_id: 's1',
        series_place: '2',
      }),
    ).toEqual({ title: 'Dune', description: 'Spice.', series_id: 's1', series_place: 2 });
  });

  it("ignores the series place of a form naming no series, as the old product's form sends 0", () => {
    expect(
      CreateStoryFormSchema.parse({
        title: 'Dune',
        description: 'Spice.',
        series_id: '',
        series_title: '',
        series_place: '0',
      }),
    ).toEqual({ title: 'Dune', description: 'Spice.', series_id: '', series_title: '' });
  });

  it('refuses a series place in a series that is not a whole number of at least 1', () => {
    const refused = CreateStoryFormSchema.safeParse({
      title: 'A',
      description: 'B',
      series_title: 'Saga',
      series_place: '0',
    });
    expect(refused.error?.issues[0]?.message).toBe('A place must be a whole number of at least 1.');
    expect(
      UpdateStoryDetailsFormSchema.safeParse({
        title: 'A',
        description: 'B',
        series_name: 'Saga',
        series_place: 0,
      }).success,
    ).toBe(false);
    expect(
      CreateStoryFormSchema.safeParse({ title: 'A', description: 'B', series_place: 'two' }).success,
    ).toBe(false);
  });

  it("accepts the edit form's series_name", () => {
    expect(
      UpdateStoryDetailsFormSchema.parse({ title: 'A', description: 'B', series_name: ' Saga ' }).series_name,
    ).toBe('Saga');
  });
});
