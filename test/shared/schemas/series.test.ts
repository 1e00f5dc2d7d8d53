import { describe, expect, it } from 'vitest';
import {
  SeriesDescriptionSchema,
  SeriesTitleSchema,
  UpdateSeriesFormSchema,
} from '../../../shared/schemas/series';

describe('series edit rules (spec §5)', () => {
  it("refuses a blank title with 'Title cannot be blank'", () => {
    expect(SeriesTitleSchema.safeParse(' ').error?.issues[0]?.message).toBe('Title cannot be blank');
  });

  it("refuses a blank description with 'Description cannot be blank'", () => {
    expect(SeriesDescriptionSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Description cannot be blank',
    );
  });

  it('reads the stories field as a JSON list of story ids with places', () => {
    const form = UpdateSeriesFormSchema.parse({
      series_title: 'Saga',
      series_description: 'Long.',
      stories: JSON.stringify([{ story_id: 'a', place: '2', title: 'kept as sent' }]),
    });

    expect(form.stories).toEqual([{ story_id: 'a', place: 2, title: 'kept as sent' }]);
  });

  it('refuses more than 50 stories in a series', () => {
    const stories = Array.from({ length: 51 }, (_, index) => ({ story_id: `s${index}`, place: index + 1 }));

    const result = UpdateSeriesFormSchema.safeParse({
      series_title: 'Saga',
      series_description: 'Long.',
      stories: JSON.stringify(stories),
    });

    expect(result.error?.issues[0]?.message).toBe('A series can hold at most 50 stories.');
  });
});
