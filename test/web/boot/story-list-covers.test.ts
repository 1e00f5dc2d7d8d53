import { describe, expect, it, vi } from 'vitest';
import { startEarlyReads } from '../../../web/src/boot/start-early-reads';
import { buildSeries, buildStory } from '../features/library-fixtures';
import { emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

describe("the story list's first covers, loaded before the app (issue 26 §3)", () => {
  it('are the pictures of the first four cards, series first, cards without one left out', async () => {
    const series = buildSeries(
      { series_id: 'r1', series_title: 'The Expanse', image_url: '/images/r1.jpg' },
      [{ story_id: 'v1', title: 'A volume', image_url: '/images/v1.jpg' }],
    );
    const stories = [
      buildStory({ story_id: 's1', title: 'First', image_url: '/images/s1.jpg' }),
      buildStory({ story_id: 's2', title: 'No picture' }),
      buildStory({ story_id: 's3', title: 'Third', image_url: '/images/s3.jpg' }),
      buildStory({ story_id: 's4', title: 'Fifth card', image_url: '/images/s4.jpg' }),
    ];
    stubFetch((url) => {
      const address = new URL(url, 'http://localhost').pathname;
      if (address === '/api/series') return jsonResponse([series]);
      if (address === '/api/stories') return jsonResponse([...series.stories, ...stories]);
      return emptyResponse(404);
    });
    const loadImage = vi.fn<(url: string) => void>();

    startEarlyReads({ address: new URL('/stories', 'http://localhost'), storage: localStorage, loadImage });

    await vi.waitFor(() => expect(loadImage).toHaveBeenCalledTimes(3));
    expect(loadImage.mock.calls.map(([url]) => url)).toEqual([
      '/images/r1.jpg',
      '/images/s1.jpg',
      '/images/s3.jpg',
    ]);
  });
});
