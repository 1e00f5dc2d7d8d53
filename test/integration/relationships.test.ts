import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { AssociationListItem } from '../../shared/schemas/associations';
import type { Chapter } from '../../shared/schemas/chapter';
import type {
  Relationship,
  RelationshipList,
  RelationshipSuggestionList,
} from '../../shared/schemas/relationships';
import type { Story } from '../../shared/schemas/story';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

/** Issue 25 §3 on DynamoDB Local through the embedded runtime: relationships that change chapter by chapter. */
describe('relationships between a story’s associations', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let storyId: string;
  let firstChapterId: string;
  let secondChapterId: string;
  let ids: Record<'ada' | 'grace' | 'tom' | 'london', string>;

  const relationships = (path = '') => `/api/stories/${storyId}/relationships${path}`;
  const read = async <T>(response: Response, status: number): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const create = (body: Record<string, unknown>) => author.sendJson('POST', relationships(), body);

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'plotter@example.com', 'Pat Plotter');
    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    const story = (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Ties', description: 'Who is whose.' }),
      })
    ).json()) as Story;
    storyId = story.story_id;
    firstChapterId = story.chapters![0]!.id;
    const second = await read<Chapter>(
      await author.sendJson('POST', `/api/stories/${storyId}/chapter`, { title: 'Two', place: 2 }),
      201,
    );
    secondChapterId = second.id;
    await runtime.queue.drain();
    await read(
      await author.sendJson('POST', `/api/stories/${storyId}/associations`, [
        { association_name: 'Ada', association_type: 'character' },
        { association_name: 'Grace', association_type: 'character' },
        { association_name: 'Tom', association_type: 'character' },
        { association_name: 'London', association_type: 'place' },
      ]),
      201,
    );
    const thumbs = await read<AssociationListItem[]>(
      await author.fetch(`/api/stories/${storyId}/associations/thumbs`),
      200,
    );
    const idOf = (name: string) => thumbs.find((thumb) => thumb.association_name === name)!.association_id;
    ids = { ada: idOf('Ada'), grace: idOf('Grace'), tom: idOf('Tom'), london: idOf('London') };
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('replays a relationship that changes and ends from later chapters, by the chapters’ places', async () => {
    const mentor = await read<Relationship>(
      await create({ from: ids.ada, to: ids.grace, label: 'mentor of', reverse_label: 'student of' }),
      201,
    );
    const rival = await read<Relationship>(
      await create({ from: ids.grace, to: ids.ada, label: 'rival of', from_chapter_id: secondChapterId }),
      201,
    );
    const asOf = async (chapterId: string) =>
      (await read<RelationshipList>(await author.fetch(relationships(`?as_of=${chapterId}`)), 200))
        .relationships;

    expect(mentor).toMatchObject({
      from: ids.ada,
      to: ids.grace,
      reverse_label: 'student of',
      from_chapter_id: null,
    });
    expect(await asOf(firstChapterId)).toEqual([mentor]);
    expect(await asOf(secondChapterId)).toEqual([rival]);

    const ended = await read<Relationship>(
      await author.sendJson('PATCH', relationships(`/${rival.relationship_id}`), { ended: true }),
      200,
    );

    expect(ended.ended).toBe(true);
    expect(await asOf(secondChapterId)).toEqual([]);
    expect((await read<RelationshipList>(await author.fetch(relationships()), 200)).relationships).toEqual([
      mentor,
      ended,
    ]);

    expect((await author.sendJson('DELETE', relationships(`/${rival.relationship_id}`))).status).toBe(204);
    expect((await author.sendJson('DELETE', relationships(`/${mentor.relationship_id}`))).status).toBe(204);
  });

  it('refuses a self-relationship, an unknown association, another story’s chapter and a twin, with a clear 4xx', async () => {
    const other = (await (
      await author.fetch('/api/stories', {
        method: 'POST',
        body: multipartForm({ title: 'Elsewhere', description: 'Another book.' }),
      })
    ).json()) as Story;
    await read(await create({ from: ids.ada, to: ids.tom, label: 'friend of' }), 201);

    const refusals = [
      await create({ from: ids.ada, to: ids.ada, label: 'herself' }),
      await create({ from: ids.ada, to: 'no-such-association', label: 'friend of' }),
      await create({
        from: ids.ada,
        to: ids.grace,
        label: 'friend of',
        from_chapter_id: other.chapters![0]!.id,
      }),
      await create({ from: ids.tom, to: ids.ada, label: 'friend of' }),
      await author.fetch(relationships(`?as_of=${other.chapters![0]!.id}`)),
    ];

    expect(
      await Promise.all(
        refusals.map(async (response) => [
          response.status,
          ((await response.json()) as { message: string }).message,
        ]),
      ),
    ).toEqual([
      [400, 'A relationship joins two different associations.'],
      [400, 'Both ends of a relationship must be associations of this story.'],
      [400, 'That chapter is not in this story.'],
      [409, 'These two already have a relationship from this chapter. Change that one instead.'],
      [400, 'That chapter is not in this story.'],
    ]);
  });

  it('suggests characters named together in five paragraphs, not places, not pairs already related', async () => {
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const texts = [
      'Ada and Grace walked to London with Tom.',
      'Grace told Ada about Tom.',
      'Ada, Grace, Ada again; Tom listened.',
      'Grace laughed at Ada and Tom.',
      'Ada bowed to Grace and Tom in London.',
      'Ada alone.',
    ];
    const saved = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: firstChapterId,
      blocks: keys.map((key, index) => ({
        key_id: key,
        chunk: JSON.stringify({ ...paragraph(run(texts[index]!)), key_id: key }),
        place: String(index),
      })),
    });
    expect(saved.status, await saved.text()).toBe(204);

    const { suggestions } = await read<RelationshipSuggestionList>(
      await author.fetch(relationships('/suggestions')),
      200,
    );

    // Ada and Tom are related by the test above; London is a place.
    expect(suggestions.map(({ from, to, count }) => [from, to, count])).toEqual([
      [ids.ada, ids.grace, 5],
      [ids.grace, ids.tom, 5],
    ]);
    expect(suggestions[0]!.sample).toEqual({
      chapter_id: firstChapterId,
      key_id: 'k1',
      text: 'Ada and Grace walked to London with Tom.',
    });
  });

  it('leaves out a relationship whose association was deleted', async () => {
    await read(await create({ from: ids.grace, to: ids.london, label: 'lives in' }), 201);

    expect(
      (
        await author.sendJson('DELETE', `/api/stories/${storyId}/associations`, [
          { association_id: ids.london },
        ])
      ).status,
    ).toBeLessThan(300);

    const { relationships: left } = await read<RelationshipList>(await author.fetch(relationships()), 200);
    expect(left.map(({ to }) => to)).toEqual([ids.tom]);
  });

  it('answers a free account the subscription_required refusal the rest of the app gives', async () => {
    const free = await signIn(runtime, 'free@example.com', 'Fran Free');

    const response = await free.fetch(relationships('/suggestions'));

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'subscription_required' });
  });
});
