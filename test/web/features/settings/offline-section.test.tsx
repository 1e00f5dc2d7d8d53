import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recallChapter } from '../../../../web/src/lib/offline/kept-reads';
import { jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { buildUser, renderApp } from '../../helpers/render-app';
import { buildChapter, buildStory } from '../workspace/workspace-server';

const story = buildStory([buildChapter('c1', 1), buildChapter('c2', 2)], { title: 'The Long Road' });

/** A server with one story of two chapters; the requests for chapter content are counted. */
function server() {
  const contentReads: string[] = [];
  stubFetch((url) => {
    if (url === '/api/user') return jsonResponse(buildUser({ email: 'ada@example.com' }));
    if (url === '/api/stories') return jsonResponse([story]);
    if (url === '/api/stories/s1') return jsonResponse(story);
    if (url === '/api/stories/s1/associations/thumbs') return jsonResponse([]);
    if (url.startsWith('/api/stories/s1/content?')) {
      const chapterId = new URL(url, 'http://localhost').searchParams.get('chapter')!;
      contentReads.push(chapterId);
      return jsonResponse({
        items: [
          {
            key_id: { Value: `${chapterId}-a` },
            chunk: { Value: `{"text":"${chapterId}"}` },
            place: { Value: '0' },
          },
        ],
        stamp: `stamp-${chapterId}`,
      });
    }
    return jsonResponse({ error: 'not_found', message: 'Not here.' }, 404);
  });
  return contentReads;
}

describe('Settings: Offline', () => {
  it("keeps a story offline: every chapter downloaded, the device's usage shown", async () => {
    const contentReads = server();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Offline' });
    expect(
      await within(section).findByText(/Kept on this device: 0\.0 MB of 50\.0 MB \(0 chapters\)/),
    ).toBeTruthy();

    fireEvent.click(await within(section).findByRole('switch', { name: 'The Long Road' }));

    expect(await within(section).findByText(/\(2 chapters\)/)).toBeTruthy();
    expect(contentReads).toEqual(['c1', 'c2']);
    expect(await recallChapter('s1', 'c2')).toMatchObject({ stamp: 'stamp-c2' });
    expect(within(section).getByRole('switch', { name: 'The Long Road' })).toHaveProperty('checked', true);
  });
});
