/** Stories with given stored text on the embedded runtime, for the integration tests of story-wide tools. */
import { expect } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Paragraph } from '../../shared/schemas/paragraph';
import type { Story } from '../../shared/schemas/story';
import type { TestBrowser } from './embedded-runtime';
import { multipartForm } from './images';

/** A story of the author's whose chapters hold the given paragraphs, key_ids `<chapter index>-<paragraph index>`. */
export async function createStoryWithText(
  runtime: EmbeddedRuntime,
  author: TestBrowser,
  chapters: Paragraph[][],
): Promise<{ storyId: string; chapterIds: string[] }> {
  const created = await author.fetch('/api/stories', {
    method: 'POST',
    body: multipartForm({ title: 'Pride and Prejudice', description: 'Five sisters.' }),
  });
  const story = (await created.json()) as Story;
  const chapterIds = [story.chapters![0]!.id];
  for (let place = 2; place <= chapters.length; place += 1) {
    const response = await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, {
      title: `Chapter ${place}`,
      place,
    });
    chapterIds.push(((await response.json()) as Chapter).id);
  }
  await runtime.queue.drain();
  for (const [chapterIndex, paragraphs] of chapters.entries()) {
    const saved = await author.sendJson('PUT', `/api/stories/${story.story_id}`, {
      story_id: story.story_id,
      chapter_id: chapterIds[chapterIndex],
      blocks: paragraphs.map((content, index) => ({
        key_id: `${chapterIndex}-${index}`,
        chunk: JSON.stringify(content),
        place: String(index),
      })),
    });
    expect(saved.status).toBe(204);
  }
  return { storyId: story.story_id, chapterIds };
}

/** A chapter's stored paragraphs by key_id, as its content call answers them. */
export async function storedParagraphs(
  browser: TestBrowser,
  storyId: string,
  chapterId: string,
): Promise<Map<string, Paragraph>> {
  const response = await browser.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
  const { items } = (await response.json()) as ChapterContent;
  return new Map(items.map((item) => [item.key_id.Value, JSON.parse(item.chunk.Value) as Paragraph]));
}

/**
 * 'The Fellowship' and its sequel 'The Towers', volumes one and two of the series 'The Ring', every chapter
 * ready: the first volume's first chapter, then one chapter per title after it.
 */
export async function createTwoVolumes(
  runtime: EmbeddedRuntime,
  author: TestBrowser,
  chapterTitles: readonly string[],
): Promise<{ story: Story; sequel: Story; chapters: string[] }> {
  const createStory = async (fields: Record<string, string>) =>
    (await (
      await author.fetch('/api/stories', { method: 'POST', body: multipartForm(fields) })
    ).json()) as Story;
  const story = await createStory({
    title: 'The Fellowship',
    description: 'Volume one.',
    series_title: 'The Ring',
  });
  const sequel = await createStory({
    title: 'The Towers',
    description: 'Volume two.',
    series_id: story.series_id!,
  });
  await runtime.queue.drain();
  const chapters = [story.chapters[0]!.id];
  for (const [index, title] of chapterTitles.entries()) {
    const response = await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, {
      title,
      place: index + 2,
    });
    chapters.push(((await response.json()) as Chapter).id);
  }
  await runtime.queue.drain();
  return { story, sequel, chapters };
}
