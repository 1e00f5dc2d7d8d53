import { describe, expect, it } from 'vitest';
import { fetchChapterBlocks } from '../../../web/src/api/chapter-content';
import { jsonResponse, stubFetch } from '../helpers/fetch-stub';
import { storedParagraph } from '../features/workspace/workspace-server';

/** The server answers large chapters in pages (`next`); the client reads every page. */
describe('paged content reads', () => {
  const item = (keyId: string, place: number) => ({
    ...storedParagraph(keyId, keyId),
    place: { Value: String(place) },
  });

  it('reads every page of a chapter, in order, following next', async () => {
    const fetchMock = stubFetch((url) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      if (cursor === null) return jsonResponse({ items: [item('a', 0), item('b', 1)], next: '2' });
      if (cursor === '2') return jsonResponse({ items: [item('c', 2)], next: '3' });
      return jsonResponse({ items: [item('d', 3)] });
    });

    const blocks = await fetchChapterBlocks('s1', 'c1', { background: true });

    expect(blocks.map((block) => block.keyId)).toEqual(['a', 'b', 'c', 'd']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
