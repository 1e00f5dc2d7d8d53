import { describe, expect, it } from 'vitest';
import type { Chapter } from '../../../shared/schemas/chapter';
import { getFullStory } from '../../../web/src/api/stories';
import { fetchChapterBlocks } from '../../../web/src/editor/chapter-content';
import { jsonResponse, stubFetch } from '../helpers/fetch-stub';
import { buildChapter, buildStory, storedParagraph } from '../features/workspace/workspace-server';

/** The server answers large chapters and stories in pages (`next`); the client reads every page. */
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

  it('puts a full story back together: a chapter continued on the next page gets its paragraphs appended', async () => {
    const first: Chapter = buildChapter('c1', 1);
    const second: Chapter = buildChapter('c2', 2);
    const story = buildStory([first, second]);
    stubFetch((url) => {
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      if (cursor === null) {
        return jsonResponse({
          ...story,
          chapters_with_contents: [{ chapter: first, blocks: { items: [item('a', 0)] } }],
          next: '0:1',
        });
      }
      return jsonResponse({
        ...story,
        chapters_with_contents: [
          { chapter: first, blocks: { items: [item('b', 1)] } },
          { chapter: second, blocks: { items: [item('c', 0)] } },
        ],
      });
    });

    const full = await getFullStory('s1');

    expect(
      full.chapters_with_contents.map((entry) => [
        entry.chapter.id,
        entry.blocks.items.map((block) => block.key_id.Value),
      ]),
    ).toEqual([
      ['c1', ['a', 'b']],
      ['c2', ['c']],
    ]);
    expect(full).not.toHaveProperty('next');
  });
});
