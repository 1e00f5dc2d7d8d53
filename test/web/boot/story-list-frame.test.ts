import { describe, expect, it, vi } from 'vitest';
import { startEarlyReads } from '../../../web/src/boot/start-early-reads';
import { drawStoryList } from '../../../web/src/boot/story-list-frame';
import { buildSeries, buildStory } from '../features/library-fixtures';
import { emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

function frameOnPage(): HTMLElement {
  const frame = document.createElement('div');
  document.body.replaceChildren(frame);
  return frame;
}

/** What the frame shows: its headings and, per card, its title and cover (address and loading). */
const drawn = (frame: HTMLElement) => ({
  headings: [...frame.querySelectorAll('h1, h2')].map((heading) => heading.textContent),
  cards: [...frame.querySelectorAll('article')].map((card) => {
    const cover = card.querySelector('img');
    return [
      card.querySelector('h3')?.textContent,
      cover?.getAttribute('src'),
      cover?.getAttribute('loading'),
    ];
  }),
});

describe('the story list drawn before the app (issue 26 §3)', () => {
  it('shows the series, then the standalone stories, as the page does, the first four covers loading at once', async () => {
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
    const frame = frameOnPage();

    startEarlyReads({
      address: new URL('/stories', 'http://localhost'),
      storage: localStorage,
      frame: Promise.resolve(frame),
    });

    await vi.waitFor(() => expect(frame.querySelector('article')).not.toBeNull());
    expect(drawn(frame)).toEqual({
      headings: ['Your Stories', 'Series', 'Stories'],
      cards: [
        ['The Expanse', '/images/r1.jpg', 'eager'],
        ['First', '/images/s1.jpg', 'eager'],
        ['No picture', undefined, undefined],
        ['Third', '/images/s3.jpg', 'eager'],
        ['Fifth card', '/images/s4.jpg', 'lazy'],
      ],
    });
  });

  it('draws nothing for an author with no stories, nor for answers that are not lists', () => {
    const frame = frameOnPage();

    drawStoryList(frame, [], []);
    drawStoryList(frame, undefined, [buildStory({ story_id: 's1', title: 'First' })]);
    drawStoryList(frame, [], { error: 'unauthorised' });

    expect(frame.childElementCount).toBe(0);
  });
});
