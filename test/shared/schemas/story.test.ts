import { describe, expect, it } from 'vitest';
import {
  CreateStoryFormSchema,
  StoryDescriptionSchema,
  UpdateStoryDetailsFormSchema,
} from '../../../shared/schemas/story';

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
