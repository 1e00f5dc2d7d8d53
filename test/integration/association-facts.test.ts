import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Association, AssociationListItem } from '../../shared/schemas/associations';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Fact } from '../../shared/schemas/facts';
import type { Story } from '../../shared/schemas/story';
import { MAX_FACTS_PER_ASSOCIATION } from '../../shared/validation';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import { grantSubscription, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { paragraph, run } from '../helpers/paragraphs';
import { createTwoVolumes } from '../helpers/story-text';
import { multipartForm } from '../helpers/images';

/**
 * Issue 25 §2 on the embedded runtime: facts about an association that become true in a chapter, read as they
 * stand at any chapter, across a series' volumes for a shared association.
 */
describe('facts that change as the story goes', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let story: Story;
  let sequel: Story;
  let chapters: string[];
  let sequelChapter: string;
  let boromir: string;

  const createStory = async (fields: Record<string, string>) =>
    (await (
      await author.fetch('/api/stories', { method: 'POST', body: multipartForm(fields) })
    ).json()) as Story;
  const addChapter = async (storyId: string, title: string, place: number) =>
    (
      (await (
        await author.sendJson('POST', `/api/stories/${storyId}/chapter`, { title, place })
      ).json()) as Chapter
    ).id;
  const factsPath = (storyId = story.story_id, associationId = boromir) =>
    `/api/stories/${storyId}/associations/${associationId}/facts`;
  const addFact = (label: string, value: string, chapterId: string, storyId = story.story_id) =>
    author.sendJson('POST', factsPath(storyId), { label, value, from_chapter_id: chapterId });
  const readAssociation = async (query = '', storyId = story.story_id) => {
    const response = await author.fetch(`/api/stories/${storyId}/associations/${boromir}${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Association;
  };
  const standing = async (chapterId: string, storyId = story.story_id) =>
    Object.fromEntries(
      (await readAssociation(`?as_of=${chapterId}`, storyId)).facts!.map((fact) => [fact.label, fact.value]),
    );

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'author@example.com', 'Tolkien');
    ({ story, sequel, chapters } = await createTwoVolumes(runtime, author, ['Rivendell', 'Amon Hen']));
    sequelChapter = sequel.chapters[0]!.id;
    const created = await author.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
      { association_name: 'Boromir', association_type: 'character' },
    ]);
    expect(created.status).toBe(201);
    const [thumb] = (await (
      await author.fetch(`/api/stories/${story.story_id}/associations/thumbs`)
    ).json()) as AssociationListItem[];
    boromir = thumb!.association_id;
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('answers each label’s latest value at or before the chapter asked, by the chapters’ places', async () => {
    // Written out of order: the chapter decides, not when the fact was written.
    for (const [label, value, place] of [
      ['Status', 'dead', 2],
      ['Status', 'alive', 0],
      ['Age', '40', 0],
      ['Age', '41', 1],
    ] as const) {
      expect((await addFact(label, value, chapters[place]!)).status).toBe(201);
    }

    expect(await standing(chapters[0]!)).toEqual({ Status: 'alive', Age: '40' });
    expect(await standing(chapters[1]!)).toEqual({ Status: 'alive', Age: '41' });
    expect(await standing(chapters[2]!)).toEqual({ Status: 'dead', Age: '41' });
    expect((await readAssociation()).facts!.map((fact) => `${fact.label} ${fact.value}`)).toEqual([
      'Status alive',
      'Age 40',
      'Age 41',
      'Status dead',
    ]);
  });

  it('changes a fact’s value or chapter, and deletes it', async () => {
    const fact = (await (await addFact('Sword', 'whole', chapters[0]!)).json()) as Fact;
    const path = `${factsPath()}/${fact.fact_id}`;

    const moved = await author.sendJson('PATCH', path, { value: 'broken', from_chapter_id: chapters[1]! });

    expect(moved.status).toBe(200);
    expect(await standing(chapters[0]!)).not.toHaveProperty('Sword');
    expect(await standing(chapters[1]!)).toMatchObject({ Sword: 'broken' });
    expect((await author.sendJson('DELETE', path)).status).toBe(204);
    expect(await standing(chapters[2]!)).not.toHaveProperty('Sword');
    expect((await author.sendJson('DELETE', path)).status).toBe(404);
  });

  it('refuses a blank label, a chapter of another story, an empty change and an as_of outside the story', async () => {
    const other = await createStory({ title: 'Elsewhere', description: 'Another story.' });
    await runtime.queue.drain();
    const fact = (await (await addFact('Horn', 'whole', chapters[0]!)).json()) as Fact;

    const answers = [
      await addFact('  ', 'x', chapters[0]!),
      await addFact('Horn', 'cloven', other.chapters[0]!.id),
      await author.sendJson('PATCH', `${factsPath()}/${fact.fact_id}`, {}),
      await author.fetch(
        `/api/stories/${story.story_id}/associations/${boromir}?as_of=${other.chapters[0]!.id}`,
      ),
    ];

    expect(answers.map((response) => response.status)).toEqual([400, 400, 400, 400]);
    const bodies = (await Promise.all(answers.map((response) => response.json()))) as { message: string }[];
    expect(bodies.map((body) => body.message)).toEqual([
      'A fact needs a label.',
      'That chapter is not in this story.',
      'Send the label, the value or the chapter to change.',
      'That chapter is not in this story.',
    ]);
  });

  it('holds at most the bound of facts per association and story', async () => {
    const stored = (await readAssociation()).facts!.length;
    // The count is the bound's only witness: fill it to one below without sending every fact.
    await runtime.ports.repositories.commit([
      runtime.ports.repositories.facts.countItem(
        story.story_id,
        boromir,
        MAX_FACTS_PER_ASSOCIATION - 1 - stored,
        MAX_FACTS_PER_ASSOCIATION,
      ),
    ]);

    expect((await addFact('Cloak', 'grey', chapters[0]!)).status).toBe(201);
    const refused = await addFact('Brooch', 'leaf', chapters[0]!);

    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'too_many_facts' });
  });

  it('carries a shared association’s facts into the later volumes of its series', async () => {
    const shared = await author.sendJson(
      'POST',
      `/api/stories/${story.story_id}/associations/${boromir}/share`,
    );
    expect(shared.status).toBeLessThan(300);

    expect(await standing(sequelChapter, sequel.story_id)).toMatchObject({ Status: 'dead', Age: '41' });
    expect((await addFact('Status', 'remembered', sequelChapter, sequel.story_id)).status).toBe(201);
    expect(await standing(sequelChapter, sequel.story_id)).toMatchObject({ Status: 'remembered' });
    expect(await standing(chapters[2]!)).toMatchObject({ Status: 'dead' });
  });

  it('answers every association’s facts for the story as they stand at a chapter, a shared one’s from every volume', async () => {
    const read = async (storyId: string, chapterId: string) => {
      const response = await author.fetch(`/api/stories/${storyId}/facts?as_of=${chapterId}`);
      expect(response.status).toBe(200);
      const { as_of, facts } = (await response.json()) as { as_of: string; facts: Fact[] };
      return {
        as_of,
        facts: facts.map((fact) => `${fact.association_id} ${fact.label} ${fact.value}`).sort(),
      };
    };

    expect(await read(story.story_id, chapters[0]!)).toEqual({
      as_of: chapters[0],
      facts: [
        `${boromir} Age 40`,
        `${boromir} Cloak grey`,
        `${boromir} Horn whole`,
        `${boromir} Status alive`,
      ],
    });
    expect((await read(sequel.story_id, sequelChapter)).facts).toContain(`${boromir} Status remembered`);
  });

  it('warns on a subscriber’s continuity check when Boromir acts after his death, and refuses the free plan', async () => {
    const chapterPath = `/api/stories/${story.story_id}/content?chapter=${chapters[2]!}`;
    const content = (await (await author.fetch(chapterPath)).json()) as {
      items: { key_id: { Value: string } }[];
    };
    const keyId = content.items[0]!.key_id.Value;
    const saved = await author.sendJson('PUT', `/api/stories/${story.story_id}`, {
      chapter_id: chapters[2],
      blocks: [
        { key_id: keyId, chunk: JSON.stringify(paragraph(run('“Follow me,” said Boromir.'))), place: '0' },
      ],
    });
    expect(saved.ok).toBe(true);
    const late = await addChapter(story.story_id, 'The Return', 4);
    await runtime.queue.drain();
    const lateContent = (await (
      await author.fetch(`/api/stories/${story.story_id}/content?chapter=${late}`)
    ).json()) as { items: { key_id: { Value: string } }[] };
    const lateKey = lateContent.items[0]!.key_id.Value;
    await author.sendJson('PUT', `/api/stories/${story.story_id}`, {
      chapter_id: late,
      blocks: [{ key_id: lateKey, chunk: JSON.stringify(paragraph(run('Boromir strode in.'))), place: '0' }],
    });

    const free = await author.fetch(`/api/stories/${story.story_id}/continuity`);
    expect(free.status).toBe(401);
    await grantSubscription(runtime, author.cookie(sessionCookieName(runtime.ports.config))!);
    const checked = await author.fetch(`/api/stories/${story.story_id}/continuity`);

    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual([
      {
        kind: 'after_death',
        message: 'Boromir is dead since “Amon Hen” but is named acting here.',
        chapter_id: late,
        key_id: lateKey,
        association_ids: [boromir],
      },
    ]);
  });

  it('deletes an association’s facts with it, in every volume', async () => {
    const deleted = await author.sendJson('DELETE', `/api/stories/${story.story_id}/associations`, [
      { association_id: boromir },
    ]);
    expect(deleted.status).toBe(204);

    const repositories = runtime.ports.repositories;
    expect(await repositories.facts.list(story.story_id, boromir)).toEqual([]);
    expect(await repositories.facts.list(sequel.story_id, boromir)).toEqual([]);
    expect((await addFact('Status', 'ghost', chapters[0]!)).status).toBe(404);
  });
});
