import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { FREE_ASSOCIATION_LIMIT_MESSAGE } from '../../shared/validation';
import {
  AssociationListSchema,
  AssociationSchema,
  type Association,
} from '../../shared/schemas/associations';
import type { Story } from '../../shared/schemas/story';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';

describe('associations shared by a series, on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'tolkien@example.com', 'Tolkien');
    otherAuthor = await signIn(runtime, 'lewis@example.com', 'Lewis');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const createStory = async (fields: Record<string, string>) => {
    const response = await author.fetch('/api/stories', { method: 'POST', body: multipartForm(fields) });
    expect(response.status).toBe(201);
    return (await response.json()) as Story;
  };

  /** Two volumes of a new series, each without associations. */
  const seriesOfTwo = async (title: string) => {
    const first = await createStory({ title: `${title} I`, description: 'One.', series_title: title });
    const second = await createStory({
      title: `${title} II`,
      description: 'Two.',
      series_id: first.series_id!,
    });
    return { seriesId: first.series_id!, first: first.story_id, second: second.story_id };
  };

  const createAssociations = async (storyId: string, names: string[]) => {
    const response = await author.sendJson(
      'POST',
      `/api/stories/${storyId}/associations`,
      names.map((association_name) => ({ association_name, association_type: 'character' })),
    );
    expect(response.status).toBe(201);
    return (await response.json()) as Association[];
  };

  const thumbs = async (storyId: string) =>
    AssociationListSchema.parse(
      await (await author.fetch(`/api/stories/${storyId}/associations/thumbs`)).json(),
    ).map(({ association_name, scope }) => [association_name, scope]);

  const changeSharing = (
    browser: TestBrowser,
    verb: 'share' | 'unshare',
    storyId: string,
    associationId: string,
  ) => browser.sendJson('POST', `/api/stories/${storyId}/associations/${associationId}/${verb}`);

  it('shares an association with every volume as one record, and unshares it back to its story', async () => {
    const { first, second } = await seriesOfTwo('The Lord of the Rings');
    const [frodo] = await createAssociations(first, ['Frodo']);
    await createAssociations(second, ['Faramir']);

    const shared = await changeSharing(author, 'share', first, frodo!.association_id);

    expect(shared.status).toBe(200);
    expect(AssociationSchema.parse(await shared.json())).toMatchObject({
      association_name: 'Frodo',
      scope: 'series',
    });
    expect(await thumbs(first)).toEqual([['Frodo', 'series']]);
    expect(await thumbs(second)).toEqual([
      ['Frodo', 'series'],
      ['Faramir', 'story'],
    ]);

    // Edited from the other volume: one record, so both see the change.
    const edited = await author.sendJson('PUT', `/api/stories/${second}/associations`, [
      { association_id: frodo!.association_id, short_description: 'The Ring-bearer.' },
    ]);
    expect(edited.status).toBe(200);
    const fromFirst = AssociationSchema.parse(
      await (await author.fetch(`/api/stories/${first}/associations/${frodo!.association_id}`)).json(),
    );
    expect(fromFirst).toMatchObject({ short_description: 'The Ring-bearer.', scope: 'series' });

    const unshared = await changeSharing(author, 'unshare', second, frodo!.association_id);

    expect(unshared.status).toBe(200);
    expect(AssociationSchema.parse(await unshared.json()).scope).toBe('story');
    expect(await thumbs(second)).toEqual([
      ['Frodo', 'story'],
      ['Faramir', 'story'],
    ]);
    expect(await thumbs(first)).toEqual([]);
  });

  it('highlights a shared association in every volume: its appearances count there too', async () => {
    const { first, second } = await seriesOfTwo('The Silmarillion');
    const [feanor] = await createAssociations(first, ['Fëanor']);
    const saved = await author.sendJson('PUT', `/api/stories/${second}`, {
      story_id: second,
      chapter_id: ((await (await author.fetch(`/api/stories/${second}`)).json()) as Story).chapters![0]!.id,
      blocks: [
        {
          key_id: 'p1',
          place: '0',
          chunk: JSON.stringify({
            type: 'custom-paragraph',
            version: 1,
            direction: null,
            format: '',
            indent: 0,
            textFormat: 0,
            textStyle: '',
            children: [
              {
                type: 'text',
                version: 1,
                text: 'Fëanor forged them.',
                format: 0,
                style: '',
                mode: 'normal',
                detail: 0,
              },
            ],
          }),
        },
      ],
    });
    expect(saved.status).toBe(204);
    await changeSharing(author, 'share', first, feanor!.association_id);

    const appearances = await author.fetch(
      `/api/stories/${second}/associations/${feanor!.association_id}/appearances`,
    );

    expect(appearances.status).toBe(200);
    expect(((await appearances.json()) as { total: number }).total).toBe(1);
  });

  it('counts shared associations toward each volume’s free limit of 5', async () => {
    const { first, second } = await seriesOfTwo('Earthsea');
    const [ged, ...rest] = await createAssociations(first, ['Ged', 'Tenar', 'Ogion']);
    await createAssociations(second, ['Arren', 'Tehanu', 'Alder', 'Irian']);

    // The second volume holds 4 of its own: one shared association makes 5, a second would make 6.
    expect((await changeSharing(author, 'share', first, ged!.association_id)).status).toBe(200);
    const refused = await changeSharing(author, 'share', first, rest[0]!.association_id);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(FREE_ASSOCIATION_LIMIT_MESSAGE);
    expect(await thumbs(second)).toHaveLength(5);

    // Full with the shared one, the second volume creates no more.
    const sixth = await author.sendJson('POST', `/api/stories/${second}/associations`, [
      { association_name: 'Kalessin', association_type: 'character' },
    ]);
    expect(sixth.status).toBe(401);
  });

  it('gives a volume removed from its series its own copies of what the series shared', async () => {
    const { seriesId, first, second } = await seriesOfTwo('Narnia');
    const [aslan] = await createAssociations(first, ['Aslan']);
    await changeSharing(author, 'share', first, aslan!.association_id);

    const removed = await author.fetch(`/api/series/${seriesId}/story/${second}`, { method: 'PUT' });

    expect(removed.status).toBe(200);
    expect(await thumbs(second)).toEqual([['Aslan', 'story']]);
    expect(await thumbs(first)).toEqual([['Aslan', 'series']]);
    // The copy is the story's own now: deleting it leaves the series' record alone.
    await author.sendJson('DELETE', `/api/stories/${second}/associations`, [
      { association_id: aslan!.association_id },
    ]);
    expect(await thumbs(second)).toEqual([]);
    expect(await thumbs(first)).toEqual([['Aslan', 'series']]);
  });

  it('gives a volume moved to another series in the series editor its own copies', async () => {
    const { first, second } = await seriesOfTwo('Dune');
    const [paul] = await createAssociations(first, ['Paul']);
    await changeSharing(author, 'share', first, paul!.association_id);
    const other = await createStory({ title: 'Foundation', description: 'F.', series_title: 'Foundation' });

    const moved = await author.fetch(`/api/series/${other.series_id}`, {
      method: 'PUT',
      body: multipartForm({
        series_title: 'Foundation',
        stories: JSON.stringify([
          { story_id: other.story_id, place: 1 },
          { story_id: second, place: 2 },
        ]),
      }),
    });

    expect(moved.status).toBe(200);
    expect(await thumbs(second)).toEqual([['Paul', 'story']]);
    expect(await thumbs(first)).toEqual([['Paul', 'series']]);
  });

  it('gives every volume its own copies when the series is deleted', async () => {
    const { seriesId, first, second } = await seriesOfTwo('Discworld');
    const [rincewind] = await createAssociations(first, ['Rincewind']);
    await changeSharing(author, 'share', first, rincewind!.association_id);

    const deleted = await author.fetch(`/api/series/${seriesId}`, { method: 'DELETE' });

    expect(deleted.status).toBeLessThan(300);
    expect(await thumbs(first)).toEqual([['Rincewind', 'story']]);
    expect(await thumbs(second)).toEqual([['Rincewind', 'story']]);
  });

  it('answers 400 for sharing from a story that is in no series', async () => {
    const standalone = await createStory({ title: 'Standalone', description: 'Alone.' });
    const [hermit] = await createAssociations(standalone.story_id, ['Hermit']);

    const response = await changeSharing(author, 'share', standalone.story_id, hermit!.association_id);

    expect(response.status).toBe(400);
  });

  it("answers 404 to another author's share and unshare, and changes nothing", async () => {
    const { first, second } = await seriesOfTwo('Gormenghast');
    const [titus, steerpike] = await createAssociations(first, ['Titus', 'Steerpike']);
    await changeSharing(author, 'share', first, steerpike!.association_id);

    const share = await changeSharing(otherAuthor, 'share', first, titus!.association_id);
    const unshare = await changeSharing(otherAuthor, 'unshare', second, steerpike!.association_id);

    expect(share.status).toBe(404);
    expect(unshare.status).toBe(404);
    expect(await thumbs(first)).toEqual([
      ['Titus', 'story'],
      ['Steerpike', 'series'],
    ]);
  });
});
