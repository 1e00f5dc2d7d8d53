/**
 * 'Keep offline' (issue 26 §1): a story kept whole on this device, every chapter downloaded rather than only the
 * chapters opened, and kept up to date while the app is open online. Each chapter is asked for by the stamp this
 * device holds, so one that has not changed costs a 204 (see `fetchChapterContent`).
 */
import { keptChapterStamp, keptStories, keptStoriesRefreshDue } from '../lib/offline/kept-reads';
import { getAssociations } from './associations';
import { fetchChapterContent } from './chapter-content';
import { getDocumentSettings } from './document-settings';
import { getStories, getStory } from './stories';

export interface KeepingProgress {
  done: number;
  total: number;
}

/** Downloads what opening the story offline needs: the story, its settings and associations, every chapter. */
export async function keepStoryOffline(
  storyId: string,
  onProgress: (progress: KeepingProgress) => void = () => undefined,
): Promise<void> {
  const story = await getStory(storyId, undefined, true);
  await Promise.all([getDocumentSettings(storyId, undefined, true), getAssociations(storyId)]);
  const total = story.chapters.length;
  onProgress({ done: 0, total });
  // One chapter at a time: a novel's download must not crowd out the author's own requests.
  for (const [index, chapter] of story.chapters.entries()) {
    const stamp = await keptChapterStamp(storyId, chapter.id);
    await fetchChapterContent(storyId, chapter.id, { background: true, unlessStamp: stamp });
    onProgress({ done: index + 1, total });
  }
}

/**
 * Brings every story kept whole up to date (the app's start, signed in and online; at most hourly). Never
 * rejects: what could not be downloaded stays as it was kept.
 */
export async function refreshKeptStories(): Promise<void> {
  try {
    if (!navigator.onLine || !(await keptStoriesRefreshDue())) return;
    const kept = await keptStories();
    const storyIds = kept.all
      ? (await getStories(undefined, true)).map((story) => story.story_id)
      : kept.storyIds;
    for (const storyId of storyIds) await keepStoryOffline(storyId);
  } catch (error) {
    console.warn('Keeping the stories kept offline up to date failed; they stay as they were.', error);
  }
}
