import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  itemResponseBytes,
  readContentPage,
  responseBytes,
  toItem,
} from '../../../lambdas/domain/blocks/content-pages';
import { createInMemoryRepositories } from '../../helpers/in-memory-repositories';

const CHAPTER = 'chapter-1';

/** A chapter whose order holds `ordered`; `orphans` are stored blocks the order misses. */
function chapterWith(ordered: string[], orphans: string[] = []) {
  const repositories = createInMemoryRepositories();
  const blocks = new Map(
    [...ordered, ...orphans].map((keyId) => [
      keyId,
      { key_id: keyId, chunk: `{"text":"${keyId}"}`, revision: 1 },
    ]),
  );
  repositories.state.blocks.set(CHAPTER, blocks);
  repositories.state.blockOrders.set(CHAPTER, { key_ids: ordered, version: 1 });
  return repositories;
}

const keyIdsOf = (page: { items: { key_id: { Value: string } }[] }) =>
  page.items.map((item) => item.key_id.Value);

describe('content pages, on in-memory repositories', () => {
  it('answers the whole chapter in one page when it fits, without next', async () => {
    const repositories = chapterWith(['b', 'a', 'c']);

    const page = await readContentPage(repositories, CHAPTER, 0, 1_000_000, true);

    expect(keyIdsOf(page)).toEqual(['b', 'a', 'c']);
    expect(page.items.map((item) => item.place.Value)).toEqual(['0', '1', '2']);
    expect(page.next).toBeUndefined();
  });

  it('stops before the item that would pass the budget and names it as next', async () => {
    const repositories = chapterWith(['a', 'b', 'c', 'd']);
    const itemBytes = responseBytes({
      key_id: { Value: 'a' },
      chunk: { Value: '{"text":"a"}' },
      place: { Value: '0' },
      revision: 1,
    });

    const first = await readContentPage(repositories, CHAPTER, 0, itemBytes * 2 + 1, true);
    const second = await readContentPage(repositories, CHAPTER, first.next!, itemBytes * 2 + 1, true);

    expect(keyIdsOf(first)).toEqual(['a', 'b']);
    expect(first.next).toBe(2);
    expect(keyIdsOf(second)).toEqual(['c', 'd']);
    expect(second.items.map((item) => item.place.Value)).toEqual(['2', '3']);
    expect(second.next).toBeUndefined();
  });

  it('holds a page to its paragraphs at most, naming where the rest starts', async () => {
    const repositories = chapterWith(['a', 'b', 'c', 'd', 'e']);

    const opening = await readContentPage(repositories, CHAPTER, 0, 1_000_000, true, undefined, 2);
    const rest = await readContentPage(repositories, CHAPTER, opening.next!, 1_000_000, true);

    expect(keyIdsOf(opening)).toEqual(['a', 'b']);
    expect(opening.next).toBe(2);
    expect(keyIdsOf(rest)).toEqual(['c', 'd', 'e']);
    expect(rest.next).toBeUndefined();
  });

  it('answers a chapter shorter than the limit whole, the blocks the order misses included', async () => {
    const repositories = chapterWith(['b', 'a'], ['z']);

    const page = await readContentPage(repositories, CHAPTER, 0, 1_000_000, true, undefined, 50);

    expect(keyIdsOf(page)).toEqual(['b', 'a', 'z']);
    expect(page.next).toBeUndefined();
  });

  it('holds one paragraph even past the budget when it must, and none when it need not', async () => {
    const repositories = chapterWith(['a', 'b']);

    const must = await readContentPage(repositories, CHAPTER, 0, 1, true);
    const need = await readContentPage(repositories, CHAPTER, 0, 1, false);

    expect(keyIdsOf(must)).toEqual(['a']);
    expect(must.next).toBe(1);
    expect(keyIdsOf(need)).toEqual([]);
    expect(need.next).toBe(0);
  });

  it('lists blocks the order misses after the ordered ones, so no stored paragraph is hidden', async () => {
    const repositories = chapterWith(['b', 'a'], ['z', 'y']);

    const page = await readContentPage(repositories, CHAPTER, 0, 1_000_000, true);

    expect(keyIdsOf(page)).toEqual(['b', 'a', 'y', 'z']);
  });

  it('counts a paragraph as Lambda does without writing it as JSON twice, whatever its characters', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({
        unit: fc.constantFrom('"', '\\', '\n', '\u0001', '\u007f', '\u2028', '\ud800', '\udc00'),
        maxLength: 50,
      }),
    );
    fc.assert(
      fc.property(
        text,
        text,
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 1_000_000 }),
        (keyId, chunk, place, revision) => {
          const block = { key_id: keyId, chunk, revision };
          expect(itemResponseBytes(block, place)).toBe(responseBytes(toItem(block, place)));
        },
      ),
      { seed: 172026, numRuns: 500 },
    );
  });

  it('reads the blocks of a page after the first by key, placing blocks the order misses after it', async () => {
    const repositories = chapterWith(['b', 'a', 'c'], ['z']);

    const page = await readContentPage(repositories, CHAPTER, 1, 1_000_000, true);

    expect(keyIdsOf(page)).toEqual(['a', 'c', 'z']);
    expect(page.items.map((item) => item.place.Value)).toEqual(['1', '2', '3']);
  });
});
