import type { Series, SeriesVolume } from '../../../shared/schemas/series';
import type { Story } from '../../../shared/schemas/story';
import { buildUser } from '../helpers/render-app';
import { emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

const CREATED_AT = 1_735_689_600;
const UPDATED_AT = '2025-01-01T00:00:00.000Z';

export function buildStory(overrides: Partial<Story> & Pick<Story, 'story_id' | 'title'>): Story {
  return {
    description: `The summary of ${overrides.title}.`,
    image_url: '',
    created_at: CREATED_AT,
    updated_at: UPDATED_AT,
    chapters: [],
    word_count: 0,
    last_edited_at: UPDATED_AT,
    ...overrides,
  };
}

/** A series whose volumes take their places from their order in `titles`, unless a place is given. */
export function buildSeries(
  overrides: Partial<Omit<Series, 'stories'>> & Pick<Series, 'series_id' | 'series_title'>,
  volumes: { story_id: string; title: string; place?: number; image_url?: string }[] = [],
): Series {
  return {
    series_description: `About ${overrides.series_title}.`,
    image_url: '',
    created_at: CREATED_AT,
    updated_at: UPDATED_AT,
    ...overrides,
    stories: volumes.map((volume, index): SeriesVolume => ({
      ...buildStory({ story_id: volume.story_id, title: volume.title, image_url: volume.image_url ?? '' }),
      series_id: overrides.series_id,
      series_title: overrides.series_title,
      series_place: volume.place ?? index + 1,
      place: volume.place ?? index + 1,
    })),
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: BodyInit | null | undefined;
}

type Answer = Response | (() => Response);

/**
 * A signed-in author's server: answers the user lookup and the `answers` keyed 'METHOD /path'; anything
 * else is a 404. Every request is recorded, in order.
 */
export function stubServer(answers: Record<string, Answer>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body });
    if (url === '/api/user') return jsonResponse(buildUser());
    const answer = answers[`${method} ${url}`];
    if (answer === undefined) return jsonResponse({ error: 'not_found', message: 'Not found.' }, 404);
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return { requests, fetchMock };
}

/** The multipart fields of a recorded request, files by name. */
export function formFields(request: RecordedRequest | undefined): Record<string, string> {
  if (!(request?.body instanceof FormData)) throw new Error('The request had no multipart body.');
  const fields: Record<string, string> = {};
  request.body.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  });
  return fields;
}

export { emptyResponse, jsonResponse };
